import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TSearchResponse } from '../../shared/contract/discovery.ts';
import { api } from './client.ts';

/** Member search (GET /api/members): the query string as the page's address carries it. */
export function useMemberSearch(query: string, viewerId: number | null, opts: { enabled?: boolean } = {}) {
  return useQuery({
    // The viewer is part of the key: visitors see less, and members never see their blocks.
    queryKey: ['members', query, viewerId],
    queryFn: () => api<TSearchResponse>(`/api/members${query ? `?${query}` : ''}`),
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
  });
}
