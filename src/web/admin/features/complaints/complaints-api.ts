import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ComplaintStatus,
  TComplaintDetail,
  TComplaintList,
} from '../../../../shared/contract/admin-moderation.ts';
import { adminFetch } from '../../api.ts';

const detailKey = (id: number) => ['admin', 'complaints', 'detail', id] as const;

/** A page of complaints for the filters in the address (its search string, as the API takes it). */
export function useComplaints(search: string) {
  return useQuery({
    queryKey: ['admin', 'complaints', 'list', search],
    queryFn: () => adminFetch<TComplaintList>(`/complaints${search ? `?${search}` : ''}`),
    placeholderData: keepPreviousData,
  });
}

export function useComplaint(id: number) {
  return useQuery({
    queryKey: detailKey(id),
    queryFn: () => adminFetch<TComplaintDetail>(`/complaints/${id}`),
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
    adminFetch<TComplaintDetail>(`/complaints/${id}`, { method: 'PATCH', json: input }),
  );

export const useReply = (id: number) =>
  useComplaintChange(id, (input: { body: string; status?: ComplaintStatus }) =>
    adminFetch<TComplaintDetail>(`/complaints/${id}/replies`, { method: 'POST', json: input }),
  );

export const useBan = (id: number) =>
  useComplaintChange(id, (input: { reason: string }) =>
    adminFetch<TComplaintDetail>(`/complaints/${id}/ban`, { method: 'POST', json: input }),
  );
