import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComplaintStatus, TComplaintDetail } from '../../../../shared/contract/admin-moderation.ts';
import { type AdminQuery, adminCall } from '../../api.ts';

const detailKey = (id: number) => ['admin', 'complaints', 'detail', id] as const;

/** A page of complaints for the filters in the address (as the API takes them; the server checks them). */
export function useComplaints(search: Record<string, string>) {
  return useQuery({
    queryKey: ['admin', 'complaints', 'list', search],
    queryFn: () =>
      adminCall('GET /api/admin/complaints', { query: search as AdminQuery<'GET /api/admin/complaints'> }),
    placeholderData: keepPreviousData,
  });
}

export function useComplaint(id: number) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: () => adminCall('GET /api/admin/complaints/:id', { params: { id } }),
  });
}

/** Every change answers the complaint as it is now: the detail takes it, lists are asked again. */
function useComplaintChange<T>(id: number, send: (input: T) => Promise<TComplaintDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (detail) => {
      client.setQueryData(detailKey(id), detail);
      void client.invalidateQueries({ queryKey: ['admin', 'complaints', 'list'] });
    },
  });
}

export const useUpdateComplaint = (id: number) =>
  useComplaintChange(id, (input: { status?: ComplaintStatus; assigned_to?: number | null }) =>
    adminCall('PATCH /api/admin/complaints/:id', { params: { id }, body: input }),
  );

export const useReply = (id: number) =>
  useComplaintChange(id, (input: { body: string; status?: ComplaintStatus }) =>
    adminCall('POST /api/admin/complaints/:id/replies', { params: { id }, body: input }),
  );

export const useBan = (id: number) =>
  useComplaintChange(id, (input: { reason: string }) =>
    adminCall('POST /api/admin/complaints/:id/ban', { params: { id }, body: input }),
  );
