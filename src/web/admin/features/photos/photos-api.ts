import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PhotoRejectReason, TPhotoQueue } from '../../../../shared/contract/admin-moderation.ts';
import { adminCall } from '../../api.ts';

/** The nav badge's query (routes.tsx names its endpoint): refreshed after every decision. */
const WAITING = 'GET /api/admin/photos/waiting';
const queueKey = (site: string | null) => ['admin', 'photos', 'queue', site ?? 'all'] as const;
const memberKey = (id: number) => ['admin', 'photos', 'member', id] as const;

export function usePhotoQueue(site: string | null) {
  return useQuery({
    queryKey: queueKey(site),
    queryFn: () =>
      adminCall('GET /api/admin/photos/queue', {
        query: { limit: 12, ...(site ? { site } : {}) },
      }),
    // New uploads arrive while a moderator works: look again now and then.
    refetchInterval: 60_000,
  });
}

export function useMemberPhotos(memberId: number | null) {
  return useQuery({
    queryKey: memberKey(memberId ?? 0),
    queryFn: () => adminCall('GET /api/admin/photos/member/:id', { params: { id: Number(memberId) } }),
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
        ? adminCall('POST /api/admin/photos/:id/approve', { params: { id: d.id } })
        : adminCall('POST /api/admin/photos/:id/reject', {
            params: { id: d.id },
            body: { reason: d.reason },
          }),
    onMutate: (d) => {
      client.setQueriesData<TPhotoQueue>({ queryKey: ['admin', 'photos', 'queue'] }, (old) =>
        old ? { items: old.items.filter((i) => i.id !== d.id), waiting: Math.max(0, old.waiting - 1) } : old,
      );
    },
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['admin', 'photos'] });
      void client.invalidateQueries({ queryKey: ['admin', 'badge', WAITING] });
    },
  });
}
