import { isServer, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LikeType } from '../../shared/contract/likes.ts';
import type { TMemberResponse } from '../../shared/contract/profiles.ts';
import { call } from './client.ts';
import { refreshAfterAction } from './counts.ts';

/**
 * Like or unlike a member (M-05). The profile page shows the new state at once and goes back to the old
 * one when the server refuses.
 */
export function useLike(id: number) {
  const queryClient = useQueryClient();
  const setLiked = (liked: boolean) =>
    queryClient.setQueriesData<TMemberResponse>({ queryKey: ['member', id] }, (old) =>
      old ? { ...old, profile: { ...old.profile, liked_by_me: liked } } : old,
    );
  return useMutation({
    mutationFn: (liked: boolean) =>
      call(liked ? 'POST /api/members/:id/like' : 'DELETE /api/members/:id/like', { params: { id } }),
    onMutate: async (liked) => {
      await queryClient.cancelQueries({ queryKey: ['member', id] });
      setLiked(liked);
    },
    onError: (_err, liked) => setLiked(!liked),
    onSuccess: (res) => {
      setLiked(res.liked);
      refreshAfterAction(queryClient);
    },
  });
}

/** A likes list, page by page (D-03). */
export function useLikesList(type: LikeType, pageSize?: number) {
  return useInfiniteQuery({
    queryKey: ['likes', type, pageSize ?? null],
    queryFn: ({ pageParam }) =>
      call('GET /api/likes', {
        query: { type, limit: pageSize || undefined, cursor: pageParam || undefined },
      }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** Like a member from a list (like back): the lists and counts reload after. */
export function useLikeMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('POST /api/members/:id/like', { params: { id } }),
    onSuccess: () => refreshAfterAction(queryClient),
  });
}

/** D-06: a fitting fictional profile likes the member; the likes reload 500 ms later (spec §7). */
export function useAutoLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call('POST /api/likes/auto'),
    onSuccess: () => {
      setTimeout(() => refreshAfterAction(queryClient), 500);
    },
  });
}

/**
 * D-04: the next like or match for the full-screen modal, of those that arrived since this page
 * loaded (`after` the newest notification at that moment). Asked again whenever the counts change, so
 * the refresh loop, an own action or a real-time event all bring it.
 */
export function usePopup(enabled: boolean, countsVersion: number) {
  const baseline = useQuery({
    queryKey: ['popup-baseline'],
    queryFn: () => call('GET /api/notifications/popup'),
    // Asked by the browser once the page is there, never by the server's render of it: what arrives
    // after the newest notification of that moment cannot be there yet, so the render's answer would
    // always be "none", at three database reads per member's page (issue 24).
    enabled: enabled && !isServer,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  }).data?.latest_id;
  return useQuery({
    queryKey: ['notifications', 'popup', baseline, countsVersion],
    queryFn: () => call('GET /api/notifications/popup', { query: { after: baseline } }),
    enabled: enabled && baseline !== undefined,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  }).data?.popup;
}

export function useDismissPopup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('POST /api/notifications/:id/popup-seen', { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: ['counts'] }),
  });
}

/** The notifications page (D-09, N-01), page by page. */
export function useNotifications() {
  return useInfiniteQuery({
    queryKey: ['notifications', 'list'],
    queryFn: ({ pageParam }) => call('GET /api/notifications', { query: { cursor: pageParam || undefined } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (upTo: number) => call('POST /api/notifications/read', { body: { up_to: upTo } }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['counts'] }),
  });
}
