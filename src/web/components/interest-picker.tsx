import { useIntl } from 'react-intl';
import type { TInterest } from '../../shared/contract/site.ts';
import { useInterests } from '../api/site.ts';
import { interestIcon } from '../features/accounts/steps/interest-icons.ts';
import { useSite } from '../site-context.tsx';

/** Interests a member may choose at most (the contract's limit). */
export const MAX_INTEREST_CHOICES = 30;

/** One kind of interests (hobbies, or sexual ones) as large pills to tick, with their icons. */
function InterestGroup(props: {
  legend: string;
  interests: readonly TInterest[];
  chosen: readonly string[];
  onToggle(id: string): void;
}) {
  const { locale } = useSite();
  return (
    <fieldset>
      <legend className="font-semibold">{props.legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {props.interests.map((interest) => {
          const Icon = interestIcon(interest.icon);
          const on = props.chosen.includes(interest.id);
          return (
            <label
              key={interest.id}
              className="relative inline-flex min-h-11 cursor-pointer select-none items-center gap-2 rounded-full border border-line bg-white px-3.5 text-[15px] transition-colors hover:border-primary/60 has-[:checked]:border-primary has-[:checked]:bg-primary has-[:checked]:text-white has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60 has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary"
            >
              <input
                type="checkbox"
                className="absolute inset-0 size-full cursor-pointer appearance-none rounded-full outline-none disabled:cursor-not-allowed"
                checked={on}
                disabled={!on && props.chosen.length >= MAX_INTEREST_CHOICES}
                onChange={() => props.onToggle(interest.id)}
              />
              <Icon aria-hidden size={18} />
              {interest.names[locale] ?? interest.id}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/**
 * The interest chips of the signup's interests step and of /profile: hobbies, then sexual interests, each a
 * group of checkboxes; placeholders while the list loads.
 */
export function InterestPicker(props: { chosen: readonly string[]; onToggle(id: string): void }) {
  const intl = useIntl();
  const interests = useInterests();
  if (interests.isPending) {
    return (
      <div className="flex flex-wrap gap-2" aria-busy="true">
        {Array.from({ length: 12 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <span key={i} className="h-11 w-28 animate-pulse rounded-full bg-surface" />
        ))}
      </div>
    );
  }
  const list = interests.data ?? [];
  return (
    <div className="space-y-6">
      <InterestGroup
        legend={intl.formatMessage({ id: 'signup.interests_hobbies' })}
        interests={list.filter((i) => i.kind === 'hobby')}
        chosen={props.chosen}
        onToggle={props.onToggle}
      />
      <InterestGroup
        legend={intl.formatMessage({ id: 'signup.interests_sexual' })}
        interests={list.filter((i) => i.kind === 'sexual')}
        chosen={props.chosen}
        onToggle={props.onToggle}
      />
    </div>
  );
}
