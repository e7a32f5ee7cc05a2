import { ChevronDown, Search, SlidersHorizontal } from 'lucide-react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TUser } from '../../../shared/contract/accounts.ts';
import { GENDERS, SEARCH, SEARCH_FIELDS, SEARCH_SORTS } from '../../../shared/contract/constants.ts';
import type { TRegionsResponse } from '../../../shared/contract/site.ts';
import { DEFAULT_LOCALE, toLocale } from '../../../shared/i18n/locales.ts';
import { sortByName } from '../../../shared/i18n/sort-names.ts';
import { useRegions } from '../../api/site.ts';
import { useMediaQuery } from '../../components/use-media-query.ts';
import { regionLabelId, useCountryName } from '../../i18n/region-names.ts';
import { useSite } from '../../site-context.tsx';
import { AgeRange, Check, Select } from './search-fields.tsx';
import { orderAges, type SearchForm } from './search-query.ts';

/** At least Tailwind's lg breakpoint, where the filters are always open. */
const useWide = () => useMediaQuery('(min-width: 1024px)');

/** The filter form (D-01): gender, country, region labelled per country, ages; kept in the address. */
export function Filters(props: {
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
  const countries = sortByName(settings.countries, countryName, toLocale(intl.locale) ?? DEFAULT_LOCALE);
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
