import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { queryFields as fieldsOf } from '../../shared/query-fields.ts';
import { call } from './client.ts';

/** Member search (GET /api/members): the query string as the page's address carries it. */
/** A search's answer; the /members route starts it beside the page's code (router.tsx, P-01). */
export function memberSearchQuery(query: string, viewerId: number | null) {
  return {
    // The viewer is part of the key: visitors see less, and members never see their blocks.
    queryKey: ['members', query, viewerId],
    queryFn: () => call('GET /api/members', { query: fieldsOf(new URLSearchParams(query)) }),
  };
}

export function useMemberSearch(query: string, viewerId: number | null, opts: { enabled?: boolean } = {}) {
  return useQuery({
    ...memberSearchQuery(query, viewerId),
    placeholderData: keepPreviousData,
    enabled: opts.enabled ?? true,
  });
}

/**
 * Further pages of a search's similar results (issue 11: "Vergelijkbare leden (120)" shows more than the
 * first 24), fetched from page 2 once the member asks for them.
 */
export function useMoreSimilar(query: string, viewerId: number | null, total: number, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['members', query, viewerId, 'similar'],
    initialPageParam: 2,
    queryFn: ({ pageParam }) => {
      const params = new URLSearchParams(query);
      params.set('similar_page', String(pageParam));
      return call('GET /api/members', { query: fieldsOf(params) });
    },
    getNextPageParam: (last, pages, lastParam) =>
      last.similar && last.similar.results.length > 0 && (pages.length + 1) * last.pageSize < total
        ? lastParam + 1
        : undefined,
    enabled,
  });
}
