import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TBlockListResponse } from '../../shared/contract/blocks.ts';
import { call } from './client.ts';

export const blocksQuery = {
  queryKey: ['blocks'],
  queryFn: () => call('GET /api/blocks'),
} as const;

/**
 * The members I blocked (M-06). Fetched fresh on each visit: blocks are made on profile pages, which do
 * not know this list.
 */
export function useMyBlocks() {
  return useQuery({ ...blocksQuery, staleTime: 0, refetchOnMount: 'always' });
}

/** Unblocks from the list: the member leaves it at once, and search and their page show them again. */
export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /api/members/:id/block', { params: { id } }),
    onSuccess: (_res, id) => {
      queryClient.setQueryData<TBlockListResponse>(['blocks'], (old) =>
        old ? { members: old.members.filter((m) => m.id !== id), total: Math.max(0, old.total - 1) } : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['blocks'] });
      void queryClient.invalidateQueries({ queryKey: ['members'] });
      void queryClient.invalidateQueries({ queryKey: ['member', id] });
    },
  });
}
