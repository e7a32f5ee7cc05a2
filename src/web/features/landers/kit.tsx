import { useQuery } from '@tanstack/react-query';
import { MessageCircleHeart } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { TCountedLander, TLanderMember, TLanderPage } from '../../../shared/contract/landers.ts';
import { pathFor } from '../../../shared/routes.ts';
import { call } from '../../api/client.ts';
import { FictionalBadge } from '../../components/fictional-icon.tsx';
import { OnlineDot } from '../../components/member-card.tsx';
import { useSite } from '../../site-context.tsx';
import { countLanderEvent, rememberLander } from '../../tracking.ts';
import { signupAllowed } from '../accounts/shared.tsx';
import { prefillSignupDraft } from '../accounts/steps/signup-draft.ts';

export type LanderName = TLanderPage['lander'];

/** One lander's page: its members, figures and the way into the signup. */
export type Design = (props: { page: TLanderPage; lander: LanderName }) => ReactNode;

/** The headline of every design. */
export const heading = 'text-3xl font-extrabold tracking-tight sm:text-4xl';
type Gender = 'male' | 'female';

export function landerQuery(name: LanderName) {
  return {
    queryKey: ['lander', name],
    queryFn: () => call('GET /api/landers/:name', { params: { name } }),
    staleTime: 60_000,
  } as const;
}

/** Remembers the lander for the signup's count and counts its view, once per tab (P-08). */
export function useLanderVisit(lander: TCountedLander) {
  useEffect(() => {
    rememberLander(lander);
    countLanderEvent(lander, 'view');
  }, [lander]);
}

export function useLander(name: LanderName) {
  return useQuery(landerQuery(name));
}

/**
 * The one tap from a lander to the signup (L-07): counted as a start for the lander, with what the lander
 * asked (whom the visitor looks for) as the signup's first answers.
 */
export function useStartSignup(lander: LanderName) {
  const navigate = useNavigate();
  return (answers: { lookingFor?: Gender } = {}) => {
    if (answers.lookingFor) prefillSignupDraft({ looking_for: [answers.lookingFor] });
    countLanderEvent(lander, 'start');
    navigate(pathFor('signup') ?? '/');
  };
}

/** The big button; absent where the site takes no signups from this visitor. */
export function LanderCta(props: {
  lander: LanderName;
  lookingFor?: Gender;
  label?: ReactNode;
  className?: string;
  testId?: string;
}) {
  const { settings } = useSite();
  const start = useStartSignup(props.lander);
  if (!signupAllowed(settings)) return null;
  return (
    <div className={props.className}>
      <button
        type="button"
        onClick={() => start({ lookingFor: props.lookingFor })}
        className="btn btn-secondary w-full px-8 text-lg sm:w-auto"
        data-testid={props.testId ?? 'lander-cta'}
      >
        <MessageCircleHeart aria-hidden size={22} />
        {props.label ?? <FormattedMessage id="lander.cta" />}
      </button>
      <p className="mt-2 text-sm opacity-80">
        <FormattedMessage id="landing.free_signup" />
      </p>
    </div>
  );
}

/** Whom a niche's visitors came for (decision 0029): women on she, bbw, gilf and milf, men on gay. */
const NICHE_SEEKS: Partial<Record<number, Gender>> = {
  2: 'female',
  4: 'female',
  5: 'female',
  6: 'female',
  7: 'male',
};

/** The niche's audience above a lander's headline ("Vrouwen van 35 en ouder"); nothing on a general site. */
export function NicheLine({ niche, className = 'opacity-80' }: { niche: number; className?: string }) {
  if (niche <= 1 || niche > 7) return null;
  return (
    <p
      className={`mb-2 text-sm font-semibold uppercase tracking-wide ${className}`}
      data-testid="lander-niche"
    >
      <FormattedMessage id={`lander.niche.${niche}`} />
    </p>
  );
}

/**
 * "Ik zoek een vrouw / een man": the lander's question, answered by going on to the signup. A niche
 * that already says whom it is for asks nothing: its button carries that answer.
 */
export function SeekQuestion(props: {
  lander: LanderName;
  niche: number;
  className?: string;
  dark?: boolean;
}) {
  const { settings } = useSite();
  const start = useStartSignup(props.lander);
  if (!signupAllowed(settings)) return null;
  const seeks = NICHE_SEEKS[props.niche];
  if (seeks) return <LanderCta lander={props.lander} lookingFor={seeks} className={props.className} />;
  const choice = (gender: Gender, id: string) => (
    <button
      type="button"
      onClick={() => start({ lookingFor: gender })}
      className={`btn min-w-36 flex-1 px-6 text-lg ${props.dark ? 'bg-white text-ink hover:bg-white/90' : 'btn-secondary'}`}
      data-testid={`lander-seek-${gender}`}
    >
      <FormattedMessage id={id} />
    </button>
  );
  return (
    <fieldset className={props.className}>
      <legend className="mb-3 text-lg font-semibold">
        <FormattedMessage id="lander.seek_question" />
      </legend>
      <div className="flex flex-wrap gap-3">
        {choice('female', 'lander.seek_female')}
        {choice('male', 'lander.seek_male')}
      </div>
      <p className="mt-2 text-sm opacity-80">
        <FormattedMessage id="landing.free_signup" />
      </p>
    </fieldset>
  );
}

/** "1.234 leden, 56 nu online": the lander's real figures. */
export function Figures({ page, className = '' }: { page: TLanderPage; className?: string }) {
  return (
    <p className={`inline-flex items-center gap-2 text-sm font-medium ${className}`}>
      <OnlineDot />
      <FormattedMessage id="lander.figures" values={{ members: page.total, online: page.online }} />
    </p>
  );
}

/** A member's photo tile: name, age and city on the photo; the fictional marker where it applies. */
export function PhotoTile(props: {
  member: TLanderMember;
  className?: string;
  eager?: boolean;
  large?: boolean;
}) {
  const intl = useIntl();
  const { member } = props;
  return (
    <figure className={`relative overflow-hidden rounded-2xl bg-surface ${props.className ?? ''}`}>
      <img
        src={props.large ? member.photo_url : member.thumb_url}
        alt={intl.formatMessage({ id: 'landing.photo_alt' }, { name: member.name })}
        loading={props.eager ? 'eager' : 'lazy'}
        fetchPriority={props.eager ? 'high' : undefined}
        decoding="async"
        className="absolute inset-0 size-full object-cover"
      />
      <figcaption className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent px-3 pb-2 pt-8 text-white">
        <span className="flex items-center gap-1.5 text-sm font-semibold sm:text-base">
          {member.online && <OnlineDot />}
          {member.name}, {member.age}
        </span>
        {member.city && (
          <span className="block truncate text-xs text-white/85 sm:text-sm">{member.city}</span>
        )}
      </figcaption>
      {member.fictional && <FictionalBadge />}
    </figure>
  );
}

/** The lander without members to show (a new site, or a niche nobody fits yet): still a way in. */
export function EmptyLander({ lander }: { lander: LanderName }) {
  return (
    <section className="mx-auto max-w-xl py-10 text-center" data-testid="lander-empty">
      <h1 className="text-3xl font-extrabold tracking-tight">
        <FormattedMessage id="lander.empty_title" />
      </h1>
      <p className="mt-2 text-muted">
        <FormattedMessage id="lander.empty_intro" />
      </p>
      <LanderCta lander={lander} className="mt-6" />
    </section>
  );
}
