import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  TMatchFinderPrefs,
  TMatchFinderResponse,
  TSwipeResponse,
  TSwipeStackResponse,
  TUndoPassResponse,
} from '../../shared/contract/swipe.ts';
import { api } from './client.ts';
import { refreshAfterAction } from './counts.ts';

/** The swipe game's next cards and the free likes left today (D-07). */
export function useSwipeStack(enabled = true) {
  return useQuery({
    queryKey: ['swipe'],
    queryFn: () => api<TSwipeStackResponse>('/api/swipe'),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}

export function useSwipe() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: number; action: 'like' | 'pass' }) =>
      api<TSwipeResponse>(`/api/swipe/${v.id}`, { method: 'POST', json: { action: v.action } }),
    onSuccess: (_res, v) => {
      if (v.action === 'like') refreshAfterAction(queryClient);
    },
  });
}

export function useUndoPass() {
  return useMutation({
    mutationFn: () => api<TUndoPassResponse>('/api/swipe/passes/last', { method: 'DELETE' }),
  });
}

/** Matchfinder suggestions, ranked by the member's saved preferences (D-08). */
export function useMatchFinder() {
  return useQuery({
    queryKey: ['match-finder'],
    queryFn: () => api<TMatchFinderResponse>('/api/match-finder'),
  });
}

/** Saves the matchfinder preferences; the suggestions reload ranked by them. */
export function useSaveMatchPrefs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prefs: TMatchFinderPrefs) =>
      api<TMatchFinderPrefs>('/api/match-finder/preferences', { method: 'PUT', json: prefs }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['match-finder'] }),
  });
}
