import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TMatchFinderPrefs } from '../../shared/contract/swipe.ts';
import { call } from './client.ts';
import { refreshAfterAction } from './counts.ts';

/** The swipe game's next cards and the free likes left today (D-07). */
export function useSwipeStack(enabled = true) {
  return useQuery({
    queryKey: ['swipe'],
    queryFn: () => call('GET /api/swipe'),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

export function useSwipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; action: 'like' | 'pass' }) =>
      call('POST /api/swipe/:id', { params: { id: v.id }, body: { action: v.action } }),
    onSuccess: (_res, v) => {
      if (v.action === 'like') refreshAfterAction(queryClient);
    },
  });
}

export function useUndoPass() {
  return useMutation({
    mutationFn: () => call('DELETE /api/swipe/passes/last'),
  });
}

/** Matchfinder suggestions, ranked by the member's saved preferences (D-08). */
export function useMatchFinder() {
  return useQuery({
    queryKey: ['match-finder'],
    queryFn: () => call('GET /api/match-finder'),
  });
}

/** Saves the matchfinder preferences; the suggestions reload ranked by them. */
export function useSaveMatchPrefs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: TMatchFinderPrefs) => call('PUT /api/match-finder/preferences', { body: prefs }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['match-finder'] }),
  });
}
