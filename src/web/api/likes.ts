import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TLikeResponse } from '../../shared/contract/likes.ts';
import type { TMemberResponse } from '../../shared/contract/profiles.ts';
import { api } from './client.ts';

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
      api<TLikeResponse>(`/api/members/${id}/like`, { method: liked ? 'POST' : 'DELETE' }),
    onMutate: async (liked) => {
      await queryClient.cancelQueries({ queryKey: ['member', id] });
      setLiked(liked);
    },
    onError: (_err, liked) => setLiked(!liked),
    onSuccess: (res) => setLiked(res.liked),
  });
}
