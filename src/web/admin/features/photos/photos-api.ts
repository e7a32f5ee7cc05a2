import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  PhotoRejectReason,
  TMemberPhotos,
  TPhotoQueue,
} from '../../../../shared/contract/admin-moderation.ts';
import { adminFetch } from '../../api.ts';

/** The nav badge's query (routes.tsx names its path): refreshed after every decision. */
export const WAITING_PATH = '/photos/waiting';
export const badgeKey = (path: string) => ['admin', 'badge', path] as const;
const queueKey = (site: string | null) => ['admin', 'photos', 'queue', site ?? 'all'] as const;
const memberKey = (id: number) => ['admin', 'photos', 'member', id] as const;

export function usePhotoQueue(site: string | null) {
  return useQuery({
    queryKey: queueKey(site),
    queryFn: () => adminFetch<TPhotoQueue>(`/photos/queue?limit=12${site ? `&site=${site}` : ''}`),
    // New uploads arrive while a moderator works: look again now and then.
    refetchInterval: 60_000,
  });
}

export function useMemberPhotos(memberId: number | null) {
  return useQuery({
    queryKey: memberKey(memberId ?? 0),
    queryFn: () => adminFetch<TMemberPhotos>(`/photos/member/${memberId}`),
    enabled: memberId !== null,
  });
}

export type Decision =
  | { id: number; approve: true }
  | { id: number; approve: false; reason: PhotoRejectReason };

/**
 * Approve or reject a photo. The photo leaves every cached queue at once (the next one shows without
 * waiting for the server), and the queue, the member's photos and the badge are asked again after.
 */
export function useDecide() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (d: Decision) =>
      d.approve
        ? adminFetch(`/photos/${d.id}/approve`, { method: 'POST', json: {} })
        : adminFetch(`/photos/${d.id}/reject`, { method: 'POST', json: { reason: d.reason } }),
    onMutate: (d) => {
      client.setQueriesData<TPhotoQueue>({ queryKey: ['admin', 'photos', 'queue'] }, (old) =>
        old ? { items: old.items.filter((i) => i.id !== d.id), waiting: Math.max(0, old.waiting - 1) } : old,
      );
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'photos'] });
      void client.invalidateQueries({ queryKey: badgeKey(WAITING_PATH) });
    },
  });
}
