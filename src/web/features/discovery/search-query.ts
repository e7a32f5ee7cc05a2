import type { TTracking } from '../../../shared/contract/accounts.ts';
import { SEARCH, SEARCH_SORTS } from '../../../shared/contract/constants.ts';
import type { TSettings } from '../../../shared/contract/site.ts';
import { hasTrafficSource } from '../../tracking.ts';

/** The search state of spec §3 as the page's address carries it: every value a string, '' when unset. */
export interface SearchForm {
  gender: string;
  country: string;
  countryregion: string;
  min_age: string;
  max_age: string;
  /** 'near' or 'active' (issue 27); '' is the server's default. */
  sort: string;
  /** One of SEARCH.distancesKm, or '' for any distance. */
  max_km: string;
  /** '1' when on. */
  online: string;
  photo: string;
}

export const EMPTY_SEARCH: SearchForm = {
  gender: '',
  country: '',
  countryregion: '',
  min_age: '',
  max_age: '',
  sort: '',
  max_km: '',
  online: '',
  photo: '',
};
const FIELDS = Object.keys(EMPTY_SEARCH) as (keyof SearchForm)[];

const AGE = /^\d{2,3}$/;

function ageParam(value: string | null): string {
  if (!value || !AGE.test(value)) return '';
  const n = Number(value);
  return n >= SEARCH.minAge && n <= SEARCH.maxAge ? String(n) : '';
}

const flagParam = (value: string | null) => (value === '1' || value === 'true' ? '1' : '');

/** Reads the filters and page of /members?...; values that cannot be right are dropped, not sent. */
export function searchFromParams(params: URLSearchParams): { form: SearchForm; page: number } {
  const page = Number(params.get('page'));
  return {
    form: {
      gender: params.get('gender')?.trim().toLowerCase() ?? '',
      country: params.get('country')?.trim().toUpperCase() ?? '',
      countryregion: (params.get('countryregion') ?? params.get('region') ?? '').trim().toUpperCase(),
      min_age: ageParam(params.get('min_age')),
      max_age: ageParam(params.get('max_age')),
      sort: (SEARCH_SORTS as readonly string[]).includes(params.get('sort') ?? '')
        ? (params.get('sort') ?? '')
        : '',
      max_km: (SEARCH.distancesKm as readonly number[]).includes(Number(params.get('max_km')))
        ? String(Number(params.get('max_km')))
        : '',
      online: flagParam(params.get('online')),
      photo: flagParam(params.get('photo')),
    },
    page: Number.isInteger(page) && page >= 1 && page <= SEARCH.maxPage ? page : 1,
  };
}

/** The address query of a search: only the fields that are set, page only after the first. */
export function paramsFromSearch(form: SearchForm, page = 1): URLSearchParams {
  const params = new URLSearchParams();
  for (const field of FIELDS) if (form[field]) params.set(field, form[field]);
  // A region only means something inside its country.
  if (!form.country) params.delete('countryregion');
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The API query: the address query, plus a visitor's traffic source, which may open search to them (D-02). */
export function apiQuery(form: SearchForm, page: number, tracking: TTracking | null): string {
  const params = paramsFromSearch(form, page);
  if (tracking?.network) params.set('network', tracking.network);
  if (tracking?.ref) params.set('ref', tracking.ref);
  return params.toString();
}

/**
 * Whether the search may be asked: members always; visitors only where the site allows it (D-02), the
 * first page only. The server decides; this spares a refused call.
 */
export function maySearch(
  settings: Pick<TSettings, 'logged_out_search' | 'logged_out_search_trafficsource'>,
  loggedIn: boolean,
  tracking: TTracking | null,
  page: number,
): boolean {
  const visitorMay =
    settings.logged_out_search || (settings.logged_out_search_trafficsource && hasTrafficSource(tracking));
  return loggedIn || (visitorMay && page === 1);
}

/** Keeps an age range the right way round: moving one end past the other moves the other along. */
export function orderAges(form: SearchForm, changed: 'min_age' | 'max_age'): SearchForm {
  const min = Number(form.min_age);
  const max = Number(form.max_age);
  if (!form.min_age || !form.max_age || min <= max) return form;
  return changed === 'min_age' ? { ...form, max_age: form.min_age } : { ...form, min_age: form.max_age };
}

/** The number of pages of a result count (at least one). */
export function pageCount(numResults: number, pageSize: number): number {
  return Math.max(1, Math.min(SEARCH.maxPage, Math.ceil(numResults / pageSize)));
}
