import { useInterests } from '../../api/site.ts';
import { useSite } from '../../site-context.tsx';
import { interestIcon } from '../accounts/steps/interest-icons.ts';

/** A member's interests as quiet chips with their icons; unknown ids are left out. */
export function InterestList({ ids, label }: { ids: readonly string[]; label: string }) {
  const { locale } = useSite();
  const interests = useInterests();
  if (ids.length === 0) return null;
  if (interests.isPending) {
    return (
      <div className="flex flex-wrap gap-2" aria-busy="true">
        {ids.slice(0, 8).map((id) => (
          <span key={id} className="h-9 w-24 animate-pulse rounded-full bg-surface" />
        ))}
      </div>
    );
  }
  const byId = new Map((interests.data ?? []).map((i) => [i.id, i]));
  const shown = ids.flatMap((id) => {
    const interest = byId.get(id);
    return interest ? [interest] : [];
  });
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {shown.map((interest) => {
        const Icon = interestIcon(interest.icon);
        return (
          <li
            key={interest.id}
            className="inline-flex min-h-9 items-center gap-1.5 rounded-full bg-primary-soft px-3 text-[15px] font-medium text-primary-strong"
          >
            <Icon aria-hidden size={16} />
            {interest.names[locale] ?? interest.id}
          </li>
        );
      })}
    </ul>
  );
}
