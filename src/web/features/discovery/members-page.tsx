import {
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  LockKeyhole,
  RotateCcw,
  Search,
  SearchX,
  SlidersHorizontal,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import type { TUser } from '../../../shared/contract/accounts.ts';
import { GENDERS, SEARCH, SEARCH_FIELDS, SEARCH_SORTS } from '../../../shared/contract/constants.ts';
import type { TSearchResponse } from '../../../shared/contract/discovery.ts';
import type { TMemberCard } from '../../../shared/contract/profiles.ts';
import type { TRegionsResponse } from '../../../shared/contract/site.ts';
import { ApiError } from '../../api/client.ts';
import { useMemberSearch, useMoreSimilar } from '../../api/discovery.ts';
import { useUser } from '../../api/session.ts';
import { useRegions } from '../../api/site.ts';
import { ErrorAlert, errorAria, FieldError, inputClass } from '../../components/form.tsx';
import { JoinCta } from '../../components/join-cta.tsx';
import { MemberGrid } from '../../components/member-card.tsx';
import { Link } from '../../components/route-link.tsx';
import { useMediaQuery } from '../../components/use-media-query.ts';
import { regionLabelId, useCountryName } from '../../i18n/region-names.ts';
import { LastUpdated, OfflineOr } from '../../offline/offline-state.tsx';
import { useSite } from '../../site-context.tsx';
import { readTracking } from '../../tracking.ts';
import { usePageTitle } from '../../use-page-title.ts';
import {
  apiQuery,
  EMPTY_SEARCH,
  maySearch,
  orderAges,
  pageCount,
  paramsFromSearch,
  type SearchForm,
  searchFromParams,
} from './search-query.ts';

const AGES = Array.from({ length: 99 - SEARCH.minAge + 1 }, (_, i) => String(SEARCH.minAge + i));

/** The filters the server used, defaults filled in, as form values. */
function usedFilters(data: TSearchResponse | undefined): SearchForm {
  if (!data) return EMPTY_SEARCH;
  const f = data.filters;
  return {
    gender: f.gender ?? '',
    country: f.country,
    countryregion: f.region ?? '',
    min_age: f.min_age === null ? '' : String(f.min_age),
    max_age: f.max_age === null ? '' : String(f.max_age),
    sort: f.sort,
    max_km: f.max_km === null ? '' : String(f.max_km),
    online: f.online ? '1' : '',
    photo: f.photo ? '1' : '',
  };
}

export function Select(props: {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  children: ReactNode;
  disabled?: boolean;
  error?: string;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={props.className}>
      <label htmlFor={id} className="block text-sm font-semibold">
        {props.label}
      </label>
      <select
        id={id}
        name={props.name}
        value={props.value}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.value)}
        {...errorAria(props.error, `${id}-error`)}
        className={`${inputClass} mt-1 min-h-11`}
      >
        {props.children}
      </select>
      <FieldError id={`${id}-error`} error={props.error} />
    </div>
  );
}

/** The lowest or the highest age of the filters: any, or one of SEARCH.minAge..99. */
export function AgeSelect(props: {
  field: 'min_age' | 'max_age';
  value: string;
  onChange(value: string): void;
  error?: string;
}) {
  const intl = useIntl();
  return (
    <Select
      label={intl.formatMessage({ id: `search.${props.field}` })}
      name={props.field}
      value={props.value}
      onChange={props.onChange}
      error={props.error}
    >
      <option value="">{intl.formatMessage({ id: 'search.age_any' })}</option>
      {AGES.map((a) => (
        <option key={a} value={a}>
          {a}
        </option>
      ))}
    </Select>
  );
}

/** The filter form (D-01): gender, country, region labelled per country, ages; kept in the address. */
function Filters(props: {
  /** The address query: going back or forward drops unsent changes. */
  address: string;
  url: SearchForm;
  used: SearchForm;
  user: TUser | null;
  errors: Record<string, string>;
  onSearch(form: SearchForm): void;
  /** The result count, short ("25 leden"), shown in the folded filters on a phone. */
  count?: string;
}) {
  const intl = useIntl();
  const { settings } = useSite();
  const countryName = useCountryName();
  const [draft, setDraft] = useState<Partial<SearchForm>>({});
  const [address, setAddress] = useState(props.address);
  if (address !== props.address) {
    setAddress(props.address);
    setDraft({});
  }
  const offered = new Set<string>(settings.search_fields.length > 0 ? settings.search_fields : SEARCH_FIELDS);
  // What the form shows: the member's changes, else the address, else what the server filled in.
  const value = (field: keyof SearchForm) => draft[field] ?? (props.url[field] || props.used[field]);
  const form: SearchForm = {
    gender: value('gender'),
    country: value('country'),
    countryregion: value('countryregion'),
    min_age: value('min_age'),
    max_age: value('max_age'),
    sort: value('sort'),
    max_km: value('max_km'),
    online: value('online'),
    photo: value('photo'),
  };
  const set = (patch: Partial<SearchForm>, changed?: 'min_age' | 'max_age') =>
    setDraft((d) => {
      const next = { ...form, ...d, ...patch };
      const ordered = changed ? orderAges(next, changed) : next;
      return { ...d, ...patch, min_age: ordered.min_age, max_age: ordered.max_age };
    });
  const lookingFor = props.user?.profile.looking_for;
  // Small screens fold the filters into one summary line, so the results come first.
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  // A field the server refused must be visible.
  const expanded = open || Object.keys(props.errors).length > 0;
  const wide = useWide();
  // The country's regions: for the fields once they show, and for the summary when a region is chosen.
  const regions = useRegions(expanded || wide || form.countryregion ? form.country || undefined : undefined);
  const regionName = regions.data?.regions.find((r) => r.code === form.countryregion)?.name;
  const ages =
    form.min_age || form.max_age
      ? intl.formatMessage(
          { id: 'search.summary_ages' },
          { min: form.min_age || String(SEARCH.minAge), max: form.max_age || '99+' },
        )
      : null;
  const summary = [
    form.gender ? intl.formatMessage({ id: `looking_for.${form.gender}` }) : null,
    regionName ?? (form.country ? countryName(form.country) : null),
    ages,
    form.max_km ? intl.formatMessage({ id: 'search.distance_km' }, { km: form.max_km }) : null,
    form.online ? intl.formatMessage({ id: 'search.online' }) : null,
    form.photo ? intl.formatMessage({ id: 'search.photo' }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  const fieldProps = {
    form,
    set,
    errors: props.errors,
    offered,
    regions: regions.data,
    lookingFor,
    member: props.user !== null,
  };

  return (
    <search aria-label={intl.formatMessage({ id: 'search.filters' })}>
      <form
        className="rounded-3xl border border-line bg-white px-4 py-1.5 shadow-sm sm:p-5"
        onSubmit={(e) => {
          e.preventDefault();
          setDraft({});
          setOpen(false);
          props.onSearch(form);
        }}
      >
        <button
          type="button"
          className="flex min-h-11 w-full items-center gap-3 text-left lg:hidden"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontal aria-hidden size={20} className="shrink-0 text-primary" />
          <span className="min-w-0 flex-1">
            <span className="block font-semibold">
              <FormattedMessage id="search.filters" />
            </span>
            {summary && <span className="block truncate text-sm text-muted">{summary}</span>}
          </span>
          {props.count && (
            // The count's own line is for screen readers on a phone; here it is seen (issue 27).
            <span
              aria-hidden
              className="shrink-0 text-sm font-semibold text-muted sm:hidden"
              data-testid="num-results-short"
            >
              {props.count}
            </span>
          )}
          <ChevronDown
            aria-hidden
            size={20}
            className={`shrink-0 text-muted transition-transform ${expanded ? 'rotate-180' : ''}`}
          />
        </button>
        <div
          id={bodyId}
          className={`${expanded ? 'mt-3 grid' : 'hidden'} grid-cols-2 gap-3 lg:mt-0 lg:grid lg:grid-cols-4 lg:items-start`}
        >
          {/* Folded on a phone: the fields (long lists of ages and countries) are drawn when it opens (P-01). */}
          {(expanded || wide) && <FilterFields {...fieldProps} />}
        </div>
      </form>
    </search>
  );
}

/** The search fields; on a phone they sit folded under the summary line until it is opened. */
function FilterFields(props: {
  form: SearchForm;
  set(patch: Partial<SearchForm>, changed?: 'min_age' | 'max_age'): void;
  errors: Record<string, string>;
  offered: Set<string>;
  regions: TRegionsResponse | undefined;
  lookingFor: string | null | undefined;
  /** Members have a place: distance and sort are theirs. */
  member: boolean;
}) {
  const intl = useIntl();
  const { settings } = useSite();
  const countryName = useCountryName();
  const { form, set, offered, regions, lookingFor } = props;
  const collator = new Intl.Collator(intl.locale);
  const countries = [...settings.countries].sort((a, b) => collator.compare(countryName(a), countryName(b)));
  return (
    <>
      {offered.has('gender') && (
        <Select
          label={intl.formatMessage({ id: 'search.gender' })}
          name="gender"
          value={form.gender}
          onChange={(gender) => set({ gender })}
          error={props.errors.gender}
          className="col-span-2 lg:col-span-1"
        >
          {!lookingFor && <option value="">{intl.formatMessage({ id: 'search.gender_any' })}</option>}
          {GENDERS.map((g) => (
            <option key={g} value={g}>
              {intl.formatMessage({ id: `looking_for.${g}` })}
            </option>
          ))}
        </Select>
      )}
      {offered.has('country') && (
        <Select
          label={intl.formatMessage({ id: 'myprofile.country' })}
          name="country"
          value={form.country}
          onChange={(country) => set({ country, countryregion: '' })}
          error={props.errors.country}
        >
          {!form.country && <option value="">{intl.formatMessage({ id: 'myprofile.choose' })}</option>}
          {countries.map((c) => (
            <option key={c} value={c}>
              {countryName(c)}
            </option>
          ))}
        </Select>
      )}
      {offered.has('countryregion') && (
        <Select
          label={intl.formatMessage({ id: regionLabelId(regions?.label) })}
          name="countryregion"
          value={form.countryregion}
          onChange={(countryregion) => set({ countryregion })}
          disabled={!form.country}
          error={props.errors.region ?? props.errors.countryregion}
        >
          <option value="">{intl.formatMessage({ id: 'search.region_all' })}</option>
          {form.countryregion && !regions?.regions.some((r) => r.code === form.countryregion) && (
            <option value={form.countryregion}>{form.countryregion}</option>
          )}
          {(regions?.regions ?? []).map((r) => (
            <option key={r.code} value={r.code}>
              {r.name}
            </option>
          ))}
        </Select>
      )}
      {(offered.has('min_age') || offered.has('max_age')) && (
        <AgeRange
          min={offered.has('min_age') ? form.min_age : null}
          max={offered.has('max_age') ? form.max_age : null}
          onChange={(patch, changed) => set(patch, changed)}
          error={props.errors.min_age ?? props.errors.max_age}
        />
      )}
      {props.member && (
        <Select
          label={intl.formatMessage({ id: 'search.distance' })}
          name="max_km"
          value={form.max_km}
          onChange={(max_km) => set({ max_km })}
          error={props.errors.max_km}
        >
          <option value="">{intl.formatMessage({ id: 'search.distance_any' })}</option>
          {SEARCH.distancesKm.map((km) => (
            <option key={km} value={String(km)}>
              {intl.formatMessage({ id: 'search.distance_km' }, { km })}
            </option>
          ))}
        </Select>
      )}
      {props.member && (
        <Select
          label={intl.formatMessage({ id: 'search.sort' })}
          name="sort"
          value={form.sort || 'near'}
          onChange={(sort) => set({ sort })}
          error={props.errors.sort}
        >
          {SEARCH_SORTS.map((sort) => (
            <option key={sort} value={sort}>
              {intl.formatMessage({ id: `search.sort_${sort}` })}
            </option>
          ))}
        </Select>
      )}
      <div className="col-span-2 flex flex-wrap items-center gap-x-5 gap-y-1 lg:col-span-1 lg:mt-6">
        <Check name="online" label={intl.formatMessage({ id: 'search.online' })} form={form} set={set} />
        <Check name="photo" label={intl.formatMessage({ id: 'search.photo' })} form={form} set={set} />
      </div>
      <button type="submit" className="btn btn-primary col-span-2 mt-1 lg:col-span-1 lg:mt-6 lg:self-start">
        <Search aria-hidden size={18} />
        <FormattedMessage id="search.submit" />
      </button>
    </>
  );
}

/** A filter that is on or off ("Nu online", "Met foto"), a real checkbox with a 44 px target. */
function Check(props: {
  name: 'online' | 'photo';
  label: string;
  form: SearchForm;
  set(patch: Partial<SearchForm>): void;
}) {
  return (
    <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 font-medium">
      <input
        type="checkbox"
        name={props.name}
        value="1"
        checked={props.form[props.name] === '1'}
        onChange={(e) => props.set({ [props.name]: e.target.checked ? '1' : '' })}
        className="size-5 accent-primary"
      />
      {props.label}
    </label>
  );
}

/** The oldest age the range shows; at it the range is open ("99+"). */
const AGE_TOP = 99;

/**
 * The age filter as one range with two thumbs (issue 27): each thumb a native range input, so keys,
 * touch and screen readers work as they do on any slider. An end at its limit means "any".
 */
export function AgeRange(props: {
  min: string | null;
  max: string | null;
  onChange(patch: Partial<SearchForm>, changed: 'min_age' | 'max_age'): void;
  error?: string;
}) {
  const intl = useIntl();
  const id = useId();
  const lo = props.min ? Number(props.min) : SEARCH.minAge;
  const hi = props.max ? Number(props.max) : AGE_TOP;
  const span = AGE_TOP - SEARCH.minAge;
  const pct = (n: number) => `${((n - SEARCH.minAge) / span) * 100}%`;
  const years = (n: number) => (n >= AGE_TOP ? `${AGE_TOP}+` : String(n));
  const thumb =
    'pointer-events-none absolute inset-0 h-11 w-full appearance-none bg-transparent [&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-6 [&::-moz-range-thumb]:cursor-pointer [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-white [&::-moz-range-thumb]:bg-primary [&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-6 [&::-webkit-slider-thumb]:cursor-pointer [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-white [&::-webkit-slider-thumb]:bg-primary [&::-webkit-slider-thumb]:shadow focus-visible:outline-none [&:focus-visible::-webkit-slider-thumb]:ring-4 [&:focus-visible::-webkit-slider-thumb]:ring-primary/30';
  return (
    <fieldset
      className="col-span-2 min-w-0 lg:col-span-1"
      aria-describedby={props.error ? `${id}-error` : undefined}
    >
      <legend className="flex w-full justify-between text-sm font-semibold">
        <span>{intl.formatMessage({ id: 'search.ages' })}</span>
        <span className="font-medium text-muted" data-testid="age-range-value">
          {intl.formatMessage({ id: 'search.ages_value' }, { min: lo, max: years(hi) })}
        </span>
      </legend>
      <div className="relative mt-1 h-11">
        <span
          aria-hidden
          className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-line"
        />
        <span
          aria-hidden
          className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-primary"
          style={{ left: pct(lo), right: `calc(100% - ${pct(hi)})` }}
        />
        {props.min !== null && (
          <input
            type="range"
            name="min_age"
            min={SEARCH.minAge}
            max={AGE_TOP}
            value={lo}
            aria-label={intl.formatMessage({ id: 'search.min_age' })}
            aria-valuetext={intl.formatMessage({ id: 'search.ages_value' }, { min: lo, max: years(hi) })}
            onChange={(e) => {
              const n = Math.min(Number(e.target.value), hi);
              props.onChange({ min_age: n <= SEARCH.minAge ? '' : String(n) }, 'min_age');
            }}
            className={thumb}
          />
        )}
        {props.max !== null && (
          <input
            type="range"
            name="max_age"
            min={SEARCH.minAge}
            max={AGE_TOP}
            value={hi}
            aria-label={intl.formatMessage({ id: 'search.max_age' })}
            aria-valuetext={intl.formatMessage({ id: 'search.ages_value' }, { min: lo, max: years(hi) })}
            onChange={(e) => {
              const n = Math.max(Number(e.target.value), lo);
              props.onChange({ max_age: n >= AGE_TOP ? '' : String(n) }, 'max_age');
            }}
            className={thumb}
          />
        )}
      </div>
      <FieldError id={`${id}-error`} error={props.error} />
    </fieldset>
  );
}

/** At least Tailwind's lg breakpoint, where the filters are always open. */
const useWide = () => useMediaQuery('(min-width: 1024px)');

/** A step to the previous or next page; without a page there, an invisible stand-in of the same size. */
function PageStep(props: { to: string | null; rel: 'prev' | 'next'; children: ReactNode }) {
  const link = 'btn btn-ghost min-w-11 px-4';
  return props.to ? (
    <Link to={props.to} className={link} rel={props.rel}>
      {props.children}
    </Link>
  ) : (
    // Keeps the page number in the middle; invisible to everyone, so nothing to read or reach.
    <span className={`${link} invisible`}>{props.children}</span>
  );
}

function Pagination(props: { page: number; pages: number; href(page: number): string }) {
  const intl = useIntl();
  if (props.pages <= 1) return null;
  return (
    <nav
      aria-label={intl.formatMessage({ id: 'search.pages' })}
      className="mt-8 flex items-center justify-center gap-3"
    >
      <PageStep to={props.page > 1 ? props.href(props.page - 1) : null} rel="prev">
        <ChevronLeft aria-hidden size={18} />
        <FormattedMessage id="search.previous" />
      </PageStep>
      <span className="whitespace-nowrap text-[15px] font-medium text-muted" aria-current="page">
        <FormattedMessage id="search.page_of" values={{ page: props.page, pages: props.pages }} />
      </span>
      <PageStep to={props.page < props.pages ? props.href(props.page + 1) : null} rel="next">
        <FormattedMessage id="search.next" />
        <ChevronRight aria-hidden size={18} />
      </PageStep>
    </nav>
  );
}

/**
 * The similar results, and for members "Meer vergelijkbare leden": the ones beyond the first page, a page
 * at a time, added to the same list (issue 11). Focus stays on the button, which goes when all are shown.
 */
function SimilarGrid(props: { query: string; viewerId: number | null; first: TMemberCard[]; total: number }) {
  const intl = useIntl();
  const [asked, setAsked] = useState(false);
  const more = useMoreSimilar(props.query, props.viewerId, props.total, asked);
  const extra = more.data?.pages.flatMap((p) => p.similar?.results ?? []) ?? [];
  const members = [...props.first, ...extra.filter((m) => !props.first.some((f) => f.id === m.id))];
  const hasMore =
    props.viewerId !== null &&
    (asked ? more.isPending || more.hasNextPage : props.first.length < props.total);
  return (
    <>
      <div className="mt-4">
        <MemberGrid members={members} label={intl.formatMessage({ id: 'search.similar_title' })} />
      </div>
      {more.isError && (
        <div className="mt-4">
          <ErrorAlert error={more.error} />
        </div>
      )}
      {hasMore && (
        <div className="mt-6 flex justify-center">
          <button
            type="button"
            className="btn btn-ghost"
            // Not `disabled`: that would drop the keyboard focus while a page loads.
            aria-disabled={more.isFetching}
            onClick={() => {
              if (more.isFetching) return;
              if (asked) void more.fetchNextPage();
              else setAsked(true);
            }}
            data-testid="similar-more"
          >
            <FormattedMessage id="search.similar_more" />
          </button>
        </div>
      )}
    </>
  );
}

function EmptyState(props: { onWiden: (() => void) | null; country: string }) {
  const countryName = useCountryName();
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-3xl bg-surface px-6 py-12 text-center"
      data-testid="search-empty"
    >
      <SearchX aria-hidden size={44} className="text-primary" />
      <h2 className="text-xl font-bold">
        <FormattedMessage id="search.empty_title" />
      </h2>
      <p className="max-w-md text-muted">
        <FormattedMessage id="search.empty_body" />
      </p>
      {props.onWiden && (
        <button type="button" className="btn btn-primary mt-2" onClick={props.onWiden}>
          <RotateCcw aria-hidden size={18} />
          <FormattedMessage id="search.widen" values={{ country: countryName(props.country) }} />
        </button>
      )}
    </div>
  );
}

function LoginPrompt({ message }: { message?: string }) {
  return (
    <div className="mx-auto max-w-2xl" data-testid="search-login">
      <div className="mb-6 flex flex-col items-center gap-3 text-center">
        <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-primary-soft text-primary">
          <LockKeyhole aria-hidden size={28} />
        </span>
        {message && <p className="text-muted">{message}</p>}
      </div>
      <JoinCta
        title={<FormattedMessage id="search.visitor_title" />}
        body={<FormattedMessage id="search.visitor_body" />}
      />
    </div>
  );
}

/** /members (D-01, D-02, D-10): the member search, its filters kept in the address. */
export function MembersPage() {
  const intl = useIntl();
  const { settings } = useSite();
  const { user, isPending: userPending } = useUser();
  const [params, setParams] = useSearchParams();
  const { form: url, page } = searchFromParams(params);
  // From the router's address, which the server's render knows too.
  const tracking = user ? null : readTracking(`?${params}`);
  const mayAsk = !userPending && maySearch(settings, Boolean(user), tracking, page);
  const query = apiQuery(url, page, tracking);
  const search = useMemberSearch(query, user?.id ?? null, { enabled: mayAsk });
  usePageTitle(intl.formatMessage({ id: 'search.title' }));

  const data = search.data;
  const used = usedFilters(data);
  const loginNeeded =
    (!userPending && !user && !maySearch(settings, false, tracking, page)) ||
    (search.error instanceof ApiError && search.error.status === 403);
  const fieldErrors =
    search.error instanceof ApiError && search.error.status === 400 ? search.error.fields : {};
  const href = (n: number) => {
    const next = paramsFromSearch(url, n).toString();
    return next ? `?${next}` : '?';
  };
  const go = (form: SearchForm) => setParams(paramsFromSearch(form));
  const pages = data ? pageCount(data.numResults, data.pageSize) : 1;
  const results = data?.page.results ?? [];
  const similar = data?.similar;
  const loading = userPending || (search.isPending && mayAsk);
  const refreshing = search.isPlaceholderData;
  const canWiden = Boolean(
    used.countryregion || used.min_age || used.max_age || used.max_km || used.online || used.photo,
  );

  return (
    <div className="mx-auto max-w-6xl px-4 pt-3 pb-6 sm:py-10">
      {/* On a phone the tab bar names the page: the first result comes first (issue 27). */}
      <h1 className="mb-5 text-3xl font-extrabold tracking-tight max-sm:sr-only">
        <FormattedMessage id="search.title" />
      </h1>
      {loginNeeded ? (
        <LoginPrompt
          message={
            search.error instanceof ApiError && search.error.status === 403 ? search.error.message : undefined
          }
        />
      ) : (
        <>
          <Filters
            address={params.toString()}
            url={url}
            used={used}
            user={user}
            errors={fieldErrors}
            onSearch={go}
            count={
              data && !loading
                ? intl.formatMessage(
                    { id: data.numResultsCapped ? 'search.count_short_capped' : 'search.count_short' },
                    { count: data.numResults },
                  )
                : undefined
            }
          />
          <div className="mt-3 sm:mt-6" aria-busy={loading || refreshing}>
            {search.isError && search.error instanceof ApiError && search.error.status === 400 ? (
              <ErrorAlert error={search.error} />
            ) : search.isError ? (
              <div className="space-y-3">
                <ErrorAlert error={search.error} />
                <button type="button" className="btn btn-ghost" onClick={() => void search.refetch()}>
                  <RotateCcw aria-hidden size={18} />
                  <FormattedMessage id="search.retry" />
                </button>
              </div>
            ) : (
              <>
                <p
                  role="status"
                  className="mb-4 min-h-6 font-semibold max-sm:sr-only"
                  data-testid="num-results"
                >
                  {data &&
                    !loading &&
                    (data.numResultsCapped ? (
                      <FormattedMessage id="search.results_capped" values={{ count: data.numResults }} />
                    ) : (
                      <FormattedMessage id="search.results" values={{ count: data.numResults }} />
                    ))}
                </p>
                <LastUpdated queryKey={['members']} />
                {loading ? (
                  <OfflineOr>
                    <MemberGrid members={[]} loading skeletons={10} />
                  </OfflineOr>
                ) : results.length > 0 ? (
                  <div className={refreshing ? 'opacity-60 transition-opacity' : undefined}>
                    <MemberGrid
                      members={results}
                      eagerCount={4}
                      label={intl.formatMessage({ id: 'search.results_label' })}
                    />
                  </div>
                ) : (
                  !similar?.results.length && (
                    <EmptyState
                      country={used.country}
                      onWiden={
                        canWiden
                          ? () =>
                              go({
                                ...used,
                                countryregion: '',
                                min_age: '',
                                max_age: '',
                                max_km: '',
                                online: '',
                                photo: '',
                              })
                          : null
                      }
                    />
                  )
                )}
                {user ? (
                  <Pagination page={data?.page.pageNumber ?? page} pages={pages} href={href} />
                ) : (
                  data &&
                  data.numResults > results.length && (
                    <div className="mt-8">
                      <JoinCta
                        testId="visitor-cta"
                        title={
                          <FormattedMessage
                            id="search.visitor_more_title"
                            values={{ count: data.numResults }}
                          />
                        }
                        body={<FormattedMessage id="search.visitor_body" />}
                      />
                    </div>
                  )
                )}
                {similar && similar.results.length > 0 && (
                  <section aria-labelledby="similar-title" className="mt-12" data-testid="similar">
                    <h2 id="similar-title" className="text-xl font-bold">
                      <FormattedMessage id="search.similar_title" />{' '}
                      <span className="font-medium text-muted">
                        <FormattedMessage id="search.similar_count" values={{ count: similar.numResults }} />
                      </span>
                    </h2>
                    <p className="mt-1 text-muted">
                      <FormattedMessage
                        id={results.length === 0 ? 'search.similar_intro_none' : 'search.similar_intro'}
                      />
                    </p>
                    <SimilarGrid
                      key={query}
                      query={query}
                      viewerId={user?.id ?? null}
                      first={similar.results}
                      total={similar.numResults}
                    />
                  </section>
                )}
              </>
            )}
          </div>
        </>
      )}
    </div>
  );
}
