import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { TUserResponse } from '../../shared/contract/accounts.ts';
import type {
  TChatListResponse,
  TChatMessagesResponse,
  TDeleteChatResponse,
  TGiftsResponse,
  TOpenChatResponse,
  TReadResponse,
  TSendGiftRequest,
  TSendMessageResponse,
} from '../../shared/contract/chat.ts';
import { CHAT_PHOTO_FIELDS } from '../../shared/contract/constants.ts';
import type { TCountsResponse } from '../../shared/contract/counts.ts';
import { PHOTO_UPLOAD } from '../../shared/contract/photo-upload.ts';
import { api } from './client.ts';
import { uploadForm } from './upload.ts';

// Query keys: everything of the chat lives under ['chats'], which the real-time bridge and the refresh
// loop invalidate (C-08); ['counts'] and ['likes'] belong to the likes feature.

export const chatListKey = ['chats', 'list'] as const;
export const chatKey = (id: number) => ['chats', 'thread', id] as const;

/** The conversation list, newest activity first, a page at a time (C-01). */
export function useChatList() {
  return useInfiniteQuery({
    queryKey: chatListKey,
    queryFn: ({ pageParam }) =>
      api<TChatListResponse>(`/api/chats${pageParam ? `?cursor=${encodeURIComponent(pageParam)}` : ''}`),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** Removes a conversation from the list at once, then on the server; a failure reloads the list (C-06). */
export function useRemoveChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<TDeleteChatResponse>(`/api/chats/${id}`, { method: 'DELETE' }),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: chatListKey });
      queryClient.setQueryData<InfiniteData<TChatListResponse>>(chatListKey, (old) =>
        old
          ? {
              ...old,
              pages: old.pages.map((p) => ({ ...p, chats: p.chats.filter((c) => c.conversation.id !== id) })),
            }
          : old,
      );
    },
    onSettled: (_data, error) => {
      void queryClient.invalidateQueries({ queryKey: ['counts'] });
      if (error) void queryClient.invalidateQueries({ queryKey: chatListKey });
    },
  });
}

/** The newest messages of one conversation with its state (C-02). */
export function useChat(id: number) {
  return useQuery({
    queryKey: chatKey(id),
    queryFn: () => api<TChatMessagesResponse>(`/api/chats/${id}/messages`),
    enabled: id > 0,
    staleTime: 0,
  });
}

export function fetchOlder(id: number, beforeSeq: number) {
  return api<TChatMessagesResponse>(`/api/chats/${id}/messages?before_seq=${beforeSeq}`);
}

export function fetchAfter(id: number, afterSeq: number) {
  return api<TChatMessagesResponse>(`/api/chats/${id}/messages?after_seq=${afterSeq}`);
}

/** Opens the conversation with a member, starting it when there is none (C-10). */
export function openChat(memberId: number) {
  return api<TOpenChatResponse>(`/api/members/${memberId}/chat`, { method: 'POST' });
}

/** Marks a conversation read up to seq (C-05); the badges follow. */
export function useMarkRead(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seq: number) =>
      api<TReadResponse>(`/api/chats/${id}/read`, { method: 'POST', json: { seq } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: chatListKey });
      void queryClient.invalidateQueries({ queryKey: ['counts'] });
    },
  });
}

export const giftsQuery = {
  queryKey: ['gifts'],
  queryFn: () => api<TGiftsResponse>('/api/gifts'),
  staleTime: 10 * 60_000,
} as const;

export function useGifts(enabled = true) {
  return useQuery({ ...giftsQuery, enabled });
}

/** A gift from the profile page (C-09): the server opens the conversation when needed. */
export function useSendGift(memberId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TSendGiftRequest) =>
      api<TSendMessageResponse>(`/api/members/${memberId}/gifts`, { method: 'POST', json: body }),
    onSuccess: (answer) => afterSend(queryClient, answer),
  });
}

/** A stored send changes the balance and the list order. */
export function afterSend(queryClient: QueryClient, answer: TSendMessageResponse) {
  queryClient.setQueryData<TUserResponse>(['user'], (old) =>
    old?.user ? { user: { ...old.user, credits: answer.credits } } : old,
  );
  // The header's credits pill (L-02) shows the new balance at once.
  queryClient.setQueryData<TCountsResponse>(['counts'], (old) =>
    old ? { ...old, credits: answer.credits } : old,
  );
  void queryClient.invalidateQueries({ queryKey: chatListKey });
}

/**
 * A photo message (M-04): multipart with its client id, through XMLHttpRequest for upload progress.
 * A retry with the same client id answers the stored message (C-12).
 */
export function uploadChatPhoto(
  conversationId: number,
  file: File,
  clientId: string,
  onProgress: (fraction: number) => void,
): Promise<TSendMessageResponse> {
  const form = new FormData();
  // The client id first: the server reads the fields before the file.
  form.append(CHAT_PHOTO_FIELDS.clientId, clientId);
  form.append(PHOTO_UPLOAD.field, file);
  return uploadForm<TSendMessageResponse>(`/api/chats/${conversationId}/photos`, form, { onProgress });
}
