import { useQuery } from '@tanstack/react-query';
import { call } from './client.ts';

export const settingsQuery = {
  queryKey: ['settings'],
  // The host is sent as the domain parameter, as spec §7 says, together with the page's own query.
  queryFn: () => {
    const search = new URLSearchParams(location.search);
    const page = Object.fromEntries([...search.keys()].map((name) => [name, search.getAll(name)]));
    return call('GET /api/settings', { query: { ...page, domain: location.hostname } });
  },
  staleTime: Number.POSITIVE_INFINITY,
} as const;

/** `quiet`: for the footer, below the first screen, whose wait shows no loading bar (P-11). */
export function useCompany(options: { quiet?: boolean } = {}) {
  return useQuery({
    queryKey: ['company'],
    queryFn: () => call('GET /api/company'),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { quiet: options.quiet === true },
  });
}

export function useInterests() {
  return useQuery({
    queryKey: ['interests'],
    queryFn: async () => (await call('GET /api/interests')).interests,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRegions(country: string | undefined) {
  return useQuery({
    queryKey: ['regions', country],
    queryFn: () => call('GET /api/regions', { query: { country: country ?? '' } }),
    enabled: Boolean(country),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
