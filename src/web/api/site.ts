import { useQuery } from '@tanstack/react-query';
import type { TCompany, TInterest, TRegionsResponse, TSettings } from '../../shared/contract/site.ts';
import { api } from './client.ts';

export const settingsQuery = {
  queryKey: ['settings'],
  // The host is sent as the domain parameter, as spec §7 says, together with the page's own query.
  queryFn: () => {
    const params = new URLSearchParams(location.search);
    params.set('domain', location.hostname);
    return api<TSettings>(`/api/settings?${params}`);
  },
  staleTime: Number.POSITIVE_INFINITY,
} as const;

/** `quiet`: for the footer, below the first screen, whose wait shows no loading bar (P-11). */
export function useCompany(options: { quiet?: boolean } = {}) {
  return useQuery({
    queryKey: ['company'],
    queryFn: () => api<TCompany>('/api/company'),
    staleTime: Number.POSITIVE_INFINITY,
    meta: { quiet: options.quiet === true },
  });
}

export function useInterests() {
  return useQuery({
    queryKey: ['interests'],
    queryFn: async () => (await api<{ interests: TInterest[] }>('/api/interests')).interests,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useRegions(country: string | undefined) {
  return useQuery({
    queryKey: ['regions', country],
    queryFn: () => api<TRegionsResponse>(`/api/regions?country=${encodeURIComponent(country ?? '')}`),
    enabled: Boolean(country),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
