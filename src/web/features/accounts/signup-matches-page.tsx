import { ArrowRight, HeartHandshake, UserRound } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TSignupMatch } from '../../../shared/contract/accounts-api.ts';
import { pathFor } from '../../../shared/routes.ts';
import { useSignupMatches } from '../../api/accounts.ts';
import { Link } from '../../components/route-link.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { RequireLogin } from './shared.tsx';

function MatchCard({ profile }: { profile: TSignupMatch }) {
  const intl = useIntl();
  const to = pathFor('members-id', { id: profile.id });
  const body = (
    <>
      {profile.thumb_url ? (
        <img
          src={profile.thumb_url}
          alt={intl.formatMessage({ id: 'profile.photo_of' }, { name: profile.name })}
          loading="lazy"
          className="absolute inset-0 size-full object-cover"
        />
      ) : (
        <UserRound aria-hidden size={64} className="absolute inset-0 m-auto text-muted/60" />
      )}
      <div className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/75 via-black/35 to-transparent p-3 pt-10 text-white">
        <p className="truncate text-base font-bold">
          {profile.age === null ? profile.name : `${profile.name}, ${profile.age}`}
        </p>
        {(profile.city || profile.distance) && (
          <p className="truncate text-sm text-white">
            {[
              profile.city,
              profile.distance &&
                intl.formatMessage(
                  { id: profile.distance.less_than ? 'member.distance_less' : 'member.distance' },
                  { km: profile.distance.km },
                ),
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        )}
      </div>
    </>
  );
  const box = 'relative block aspect-[3/4] overflow-hidden rounded-2xl bg-surface shadow-sm';
  return (
    <li>
      {to ? (
        <Link to={to} className={`${box} transition-transform hover:-translate-y-0.5`}>
          {body}
        </Link>
      ) : (
        <div className={box}>{body}</div>
      )}
    </li>
  );
}

function Matches() {
  const matches = useSignupMatches(true);
  const next = pathFor('members') ?? '/';
  return (
    <div className="mx-auto max-w-4xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">
        <FormattedMessage id="matches.nearby_title" />
      </h1>
      <p className="mt-2 text-muted">
        <FormattedMessage id="matches.nearby_intro" />
      </p>
      {matches.isPending ? (
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
            <li key={i} className="aspect-[3/4] animate-pulse rounded-2xl bg-surface" />
          ))}
        </ul>
      ) : matches.data && matches.data.length > 0 ? (
        <ul className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-3 md:grid-cols-4">
          {matches.data.map((p) => (
            <MatchCard key={p.id} profile={p} />
          ))}
        </ul>
      ) : (
        <div className="mt-6 flex flex-col items-center gap-3 rounded-3xl bg-surface px-6 py-12 text-center">
          <HeartHandshake aria-hidden size={44} className="text-primary" />
          <p className="text-lg font-semibold">
            <FormattedMessage id="matches.empty_title" />
          </p>
          <p className="max-w-md text-muted">
            <FormattedMessage id="matches.empty_body" />
          </p>
        </div>
      )}
      <div className="mt-8 flex justify-center">
        <Link to={next} className="btn btn-primary px-8">
          <FormattedMessage id="matches.continue" />
          <ArrowRight aria-hidden size={18} />
        </Link>
      </div>
    </div>
  );
}

/** /signup-matches: "Leden bij jou in de buurt" after signing up, nearest first (A-11, issue 11). */
export function SignupMatchesPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'matches.nearby_title' }));
  return <RequireLogin>{() => <Matches />}</RequireLogin>;
}
