import { MapPin, UserRound } from 'lucide-react';
import { memo, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TMemberCard } from '../../shared/contract/profiles.ts';
import { pathFor } from '../../shared/routes.ts';
import { FictionalBadge } from './fictional-icon.tsx';
import { RouteLink } from './route-link.tsx';
import { useHydratingMount } from './use-media-query.ts';

/** Thumbnails are 360x480 WebP (3:4); width and height keep the box from jumping while they load. */
const THUMB = { width: 360, height: 480 } as const;

/** The green dot of a member who is online now; its words are for screen readers. */
export function OnlineDot({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex shrink-0 items-center ${className}`}>
      <span aria-hidden className="size-2.5 rounded-full bg-emerald-400 ring-2 ring-white" />
      <span className="sr-only">
        <FormattedMessage id="member.online" />
      </span>
    </span>
  );
}

/**
 * A member as every list shows them: a 3:4 photo with name, age and city over a soft gradient, the
 * online dot and the fictional icon (UX "photo first"). The whole card links to the profile page.
 * Memoised: a grid re-rendered by its next three cards keeps the cards it already drew instead of drawing
 * every one again (issue 24).
 */
export const MemberCard = memo(function MemberCard({
  member,
  eager = false,
}: {
  member: TMemberCard;
  eager?: boolean;
}) {
  const intl = useIntl();
  const to = pathFor('members-id', { id: member.id }) ?? '#';
  return (
    <RouteLink
      href={to}
      className="group relative block aspect-[3/4] overflow-hidden rounded-2xl bg-surface shadow-sm ring-1 ring-black/5 transition-shadow hover:shadow-lg"
      data-testid="member-card"
    >
      {member.thumb_url ? (
        <img
          src={member.thumb_url}
          alt={intl.formatMessage({ id: 'profile.photo_of' }, { name: member.name })}
          loading={eager ? 'eager' : 'lazy'}
          // The first cards are the page's largest paint: fetched before anything else the page loads.
          fetchPriority={eager ? 'high' : 'auto'}
          decoding="async"
          width={THUMB.width}
          height={THUMB.height}
          className="absolute inset-0 size-full object-cover transition-transform duration-300 group-hover:scale-[1.03]"
        />
      ) : (
        <span className="absolute inset-0 flex items-center justify-center bg-gradient-to-br from-primary-soft to-surface">
          <UserRound aria-hidden size={56} className="text-primary/50" />
        </span>
      )}
      {member.fictional && <FictionalBadge />}
      <span className="absolute inset-x-0 bottom-0 block bg-gradient-to-t from-black/80 via-black/40 to-transparent px-3 pb-3 pt-12 text-white">
        <span className="flex items-center gap-1.5 text-base font-bold leading-tight">
          {member.online && <OnlineDot />}
          <span className="truncate">
            {member.name}, {member.age}
          </span>
        </span>
        {(member.city || member.distance) && (
          <span className="mt-0.5 flex items-center gap-1 text-sm text-white/90">
            <MapPin aria-hidden size={13} className="shrink-0" />
            {member.city && <span className="truncate">{member.city}</span>}
            {member.distance && <CardDistance distance={member.distance} dot={Boolean(member.city)} />}
          </span>
        )}
      </span>
    </RouteLink>
  );
});

/** "8 km" or "< 5 km" after the city (issue 27): rounded by the server, never coordinates. */
function CardDistance({ distance, dot }: { distance: NonNullable<TMemberCard['distance']>; dot: boolean }) {
  const intl = useIntl();
  const values = { km: distance.km, less: String(distance.less_than) };
  return (
    <span className="shrink-0 whitespace-nowrap" data-testid="card-distance">
      {dot && <span aria-hidden>· </span>}
      <span aria-hidden>
        {intl.formatMessage({ id: distance.less_than ? 'member.distance_less' : 'member.distance' }, values)}
      </span>
      <span className="sr-only">{intl.formatMessage({ id: 'member.distance_away' }, values)}</span>
    </span>
  );
}

/** A grey 3:4 placeholder with the card's shape, for lists that are still loading. */
export function MemberCardSkeleton() {
  return (
    <div className="relative aspect-[3/4] animate-pulse overflow-hidden rounded-2xl bg-surface">
      <div className="absolute inset-x-3 bottom-3 space-y-2">
        <div className="h-4 w-2/3 rounded-full bg-line" />
        <div className="h-3 w-1/3 rounded-full bg-line" />
      </div>
    </div>
  );
}

/** Two to six columns: 24 and 12 results (a member's and a visitor's page) fill every row. */
export const MEMBER_GRID = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 xl:grid-cols-6';

/** Cards in the responsive grid of search and related lists; skeletons while `loading`. */
export function MemberGrid(props: {
  members: readonly TMemberCard[];
  loading?: boolean;
  skeletons?: number;
  label?: string;
  eagerCount?: number;
}) {
  if (props.loading) {
    return (
      <ul className={MEMBER_GRID} aria-busy="true" aria-label={props.label}>
        {Array.from({ length: props.skeletons ?? 12 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <li key={i}>
            <MemberCardSkeleton />
          </li>
        ))}
      </ul>
    );
  }
  return <FilledGrid members={props.members} label={props.label} eagerCount={props.eagerCount ?? 0} />;
}

/** Cards drawn with the grid's first render; the rest follow one task later in their reserved places. */
const FIRST_CARDS = 6;
/** Cards drawn per task after the first screen's: short tasks even on a slow, busy phone (P-01). */
const CARDS_PER_TASK = 3;

function FilledGrid(props: { members: readonly TMemberCard[]; label?: string; eagerCount: number }) {
  // A first screen holds at most six cards (one row of the widest grid, three rows on a phone): the rest
  // are placeholders of the same size at first, drawn three to a task after it, so no task is long and
  // nothing moves (P-01).
  const count = props.members.length;
  // A phone's first screen shows four cards at most (two rows of two).
  // The server's render draws every card (a search engine, a page without JavaScript); hydration over it
  // must draw the same.
  const hydrating = useHydratingMount();
  const [shown, setShown] = useState(() =>
    hydrating ? count : Math.min(count, window.matchMedia('(max-width: 575px)').matches ? 4 : FIRST_CARDS),
  );
  useEffect(() => {
    if (shown >= count) return;
    const timer = window.setTimeout(() => setShown((n) => Math.min(count, n + CARDS_PER_TASK)));
    return () => clearTimeout(timer);
  }, [shown, count]);
  return (
    <ul className={MEMBER_GRID} aria-label={props.label}>
      {props.members.map((m, i) => (
        // Cards after the first screen's are skipped by the browser until scrolled near (.cv-auto).
        <li key={m.id} className={i < FIRST_CARDS ? undefined : 'cv-auto [--cv-size:250px]'}>
          {i < shown ? (
            <MemberCard member={m} eager={i < props.eagerCount} />
          ) : (
            // A box of the card's size, for a task or two: one element, not a whole skeleton.
            <div className="aspect-[3/4] rounded-2xl bg-surface" />
          )}
        </li>
      ))}
    </ul>
  );
}
