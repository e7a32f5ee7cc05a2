import { Check, Clock, MapPin, SlidersHorizontal, Sparkles, UserRound } from 'lucide-react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TUser } from '../../../shared/contract/accounts.ts';
import type { TMatchFinderPrefs, TMatchReasons } from '../../../shared/contract/swipe.ts';
import { INTERESTS } from '../../../shared/data/interests.ts';
import { toLocale } from '../../../shared/i18n/locales.ts';
import { pathFor } from '../../../shared/routes.ts';
import { useRegions } from '../../api/site.ts';
import { useMatchFinder, useSaveMatchPrefs } from '../../api/swipe.ts';
import { ErrorAlert } from '../../components/form.tsx';
import { MemberCard, MemberCardSkeleton } from '../../components/member-card.tsx';
import { Link } from '../../components/route-link.tsx';
import { regionLabelId } from '../../i18n/region-names.ts';
import { OfflineOr } from '../../offline/offline-state.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { RequireLogin } from '../accounts/shared.tsx';
import { AgeSelect, Select } from '../discovery/search-fields.tsx';

/** The shown names of the first shared interests: "Koken, Wandelen, …" (D-08). */
function useInterestList() {
  const intl = useIntl();
  const locale = toLocale(intl.locale) ?? 'en';
  return (ids: string[]) => {
    const names = ids.map((id) => INTERESTS.find((i) => i.id === id)?.names[locale] ?? id);
    return names.length > 3 ? `${names.slice(0, 3).join(', ')}, …` : names.join(', ');
  };
}

/** Why a member was suggested: the strongest reason first. `regionName`: the preferred region's name. */
function Reasons({ reasons, regionName }: { reasons: TMatchReasons; regionName?: string | undefined }) {
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
    lines.push({
      icon: MapPin,
      text: regionName ? (
        <FormattedMessage id="matchfinder.in_region" values={{ region: regionName }} />
      ) : (
        <FormattedMessage id="matchfinder.same_region" />
      ),
    });
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

/** Keeps an age range the right way round: moving one end past the other moves the other along. */
function ordered(p: TMatchFinderPrefs, changed: 'min_age' | 'max_age'): TMatchFinderPrefs {
  if (p.min_age === null || p.max_age === null || p.min_age <= p.max_age) return p;
  return changed === 'min_age' ? { ...p, max_age: p.min_age } : { ...p, min_age: p.max_age };
}

/**
 * The preferences the suggestions are ranked by (D-08): an age range and a region of the member's
 * country. Each change is saved for the member at once and the suggestions reload.
 */
function Preferences({ user }: { user: TUser }) {
  const intl = useIntl();
  const headingId = useId();
  const q = useMatchFinder();
  const save = useSaveMatchPrefs();
  const country = user.profile.country ?? undefined;
  const regions = useRegions(country);
  const [draft, setDraft] = useState<TMatchFinderPrefs | null>(null);
  const shown = draft ?? q.data?.preferences;
  if (!shown) return null;
  const change = (patch: Partial<TMatchFinderPrefs>, changed?: 'min_age' | 'max_age') => {
    const next = changed ? ordered({ ...shown, ...patch }, changed) : { ...shown, ...patch };
    setDraft(next);
    save.mutate(next);
  };
  const age = (v: string) => (v ? Number(v) : null);
  return (
    <section
      aria-labelledby={headingId}
      className="mb-6 rounded-2xl border border-line bg-surface p-4 shadow-sm sm:p-5"
      data-testid="match-prefs"
    >
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-bold">
        <SlidersHorizontal aria-hidden size={18} className="text-primary" />
        <FormattedMessage id="matchfinder.prefs_title" />
      </h2>
      <p className="mt-0.5 text-sm text-muted">
        <FormattedMessage id="matchfinder.prefs_hint" />
      </p>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        <AgeSelect
          field="min_age"
          value={shown.min_age === null ? '' : String(shown.min_age)}
          onChange={(v) => change({ min_age: age(v) }, 'min_age')}
        />
        <AgeSelect
          field="max_age"
          value={shown.max_age === null ? '' : String(shown.max_age)}
          onChange={(v) => change({ max_age: age(v) }, 'max_age')}
        />
        <Select
          label={intl.formatMessage({ id: regionLabelId(regions.data?.label) })}
          name="region"
          value={shown.region ?? ''}
          onChange={(v) => change({ region: v || null })}
          disabled={!country}
          className="col-span-2 sm:col-span-1"
        >
          <option value="">{intl.formatMessage({ id: 'search.region_all' })}</option>
          {(regions.data?.regions ?? []).map((r) => (
            <option key={r.code} value={r.code}>
              {r.name}
            </option>
          ))}
        </Select>
      </div>
      <p role="status" className="mt-2 flex min-h-5 items-center gap-1 text-sm text-primary-strong">
        {save.isSuccess && !save.isPending && (
          <>
            <Check aria-hidden size={15} />
            <FormattedMessage id="matchfinder.prefs_saved" />
          </>
        )}
      </p>
      <ErrorAlert error={save.error} />
    </section>
  );
}

function Suggestions({ user }: { user: TUser }) {
  const q = useMatchFinder();
  const regions = useRegions(user.profile.country ?? undefined);
  const preferred = q.data?.preferences.region;
  const regionName = regions.data?.regions.find((r) => r.code === preferred)?.name;
  const profile = pathFor('profile');
  if (q.isPending)
    return (
      <OfflineOr>
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
          {[0, 1, 2, 3].map((i) => (
            <li key={i}>
              <MemberCardSkeleton />
            </li>
          ))}
        </ul>
      </OfflineOr>
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
          <Reasons reasons={s.reasons} regionName={regionName} />
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
      {(user) => (
        <div className="mx-auto max-w-6xl px-4 py-6 sm:py-10">
          <h1 className="text-3xl font-extrabold tracking-tight">
            <FormattedMessage id="matchfinder.title" />
          </h1>
          <p className="mb-6 mt-1 max-w-2xl text-muted">
            <FormattedMessage id="matchfinder.intro" />
          </p>
          <Preferences user={user} />
          <Suggestions user={user} />
        </div>
      )}
    </RequireLogin>
  );
}
