import { Clock, MapPin, Sparkles, UserRound } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { TMatchReasons } from '../../../shared/contract/swipe.ts';
import { INTERESTS } from '../../../shared/data/interests.ts';
import { toLocale } from '../../../shared/i18n/locales.ts';
import { pathFor } from '../../../shared/routes.ts';
import { useMatchFinder } from '../../api/swipe.ts';
import { MemberCard, MemberCardSkeleton } from '../../components/member-card.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { RequireLogin } from '../accounts/shared.tsx';

/** The shown names of the first shared interests: "Koken, Wandelen, …" (D-08). */
function useInterestList() {
  const intl = useIntl();
  const locale = toLocale(intl.locale) ?? 'en';
  return (ids: string[]) => {
    const names = ids.map((id) => INTERESTS.find((i) => i.id === id)?.names[locale] ?? id);
    return names.length > 3 ? `${names.slice(0, 3).join(', ')}, …` : names.join(', ');
  };
}

/** Why a member was suggested: the strongest reason first. */
function Reasons({ reasons }: { reasons: TMatchReasons }) {
  const list = useInterestList();
  const lines: { icon: typeof Sparkles; text: React.ReactNode }[] = [];
  const n = reasons.shared_interests.length;
  if (n > 0)
    lines.push({
      icon: Sparkles,
      text: (
        <FormattedMessage
          id="matchfinder.shared"
          values={{ count: n, list: list(reasons.shared_interests) }}
        />
      ),
    });
  if (reasons.same_region)
    lines.push({ icon: MapPin, text: <FormattedMessage id="matchfinder.same_region" /> });
  if (reasons.age_fits) lines.push({ icon: UserRound, text: <FormattedMessage id="matchfinder.age_fits" /> });
  if (reasons.recently_active)
    lines.push({ icon: Clock, text: <FormattedMessage id="matchfinder.recent" /> });
  return (
    <ul className="mt-2 space-y-1 text-sm text-ink" data-testid="match-reasons">
      {lines.slice(0, 2).map((l, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed order of reasons
        <li key={i} className="flex items-start gap-1.5">
          <l.icon aria-hidden size={15} className="mt-0.5 shrink-0 text-primary" />
          <span>{l.text}</span>
        </li>
      ))}
    </ul>
  );
}

function Suggestions() {
  const q = useMatchFinder();
  const profile = pathFor('profile');
  if (q.isPending)
    return (
      <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <li key={i}>
            <MemberCardSkeleton />
          </li>
        ))}
      </ul>
    );
  if (q.isError) return null;
  if (q.data.suggestions.length === 0)
    return (
      <div className="rounded-2xl border border-dashed border-line bg-surface/60 px-5 py-8 text-center">
        <Sparkles aria-hidden size={36} className="mx-auto text-primary" />
        <p className="mx-auto mt-3 max-w-md text-muted">
          <FormattedMessage id="matchfinder.empty" />
        </p>
        {profile && (
          <Link to={profile} className="btn btn-primary mt-4 min-h-11 px-4">
            <FormattedMessage id="matchfinder.edit_profile" />
          </Link>
        )}
      </div>
    );
  return (
    <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
      {q.data.suggestions.map((s, i) => (
        <li key={s.card.id} data-testid="match-suggestion">
          <MemberCard member={s.card} eager={i < 4} />
          <Reasons reasons={s.reasons} />
        </li>
      ))}
    </ul>
  );
}

/** /match-finder (D-08): suggestions ranked by shared interests, preferences and activity. */
export function MatchFinderPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'matchfinder.title' }));
  return (
    <RequireLogin>
      {() => (
        <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
          <h1 className="text-3xl font-extrabold tracking-tight">
            <FormattedMessage id="matchfinder.title" />
          </h1>
          <p className="mb-6 mt-1 max-w-2xl text-muted">
            <FormattedMessage id="matchfinder.intro" />
          </p>
          <Suggestions />
        </div>
      )}
    </RequireLogin>
  );
}
