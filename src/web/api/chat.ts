import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type {
  TChatListResponse,
  TSendGiftRequest,
  TSendMessageRequest,
  TSendMessageResponse,
} from '../../shared/contract/chat.ts';
import { CHAT_PHOTO_FIELDS } from '../../shared/contract/constants.ts';
import { methodAndPath } from '../../shared/contract/endpoint.ts';
import { PHOTO_UPLOAD } from '../../shared/contract/photo-upload.ts';
import { call, endpointUrl } from './client.ts';
import { applyNews, chatKey, chatListKey } from './realtime-cache.ts';
import { uploadForm } from './upload.ts';

// Query keys: everything of the chat lives under ['chats'] (realtime-cache.ts), which the real-time
// bridge writes and the refresh loop reads again (C-08); ['counts'] and ['likes'] belong to the likes
// feature.

export { chatKey, chatListKey };

/** The conversation list, newest activity first, a page at a time (C-01). */
export function useChatList() {
  return useInfiniteQuery({
    queryKey: chatListKey,
    queryFn: ({ pageParam }) => call('GET /api/chats', { query: { cursor: pageParam || undefined } }),
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor ?? undefined,
  });
}

/** Removes a conversation from the list at once, then on the server; a failure reloads the list (C-06). */
export function useRemoveChat() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call('DELETE /api/chats/:id', { params: { id } }),
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
    queryFn: () => call('GET /api/chats/:id/messages', { params: { id } }),
    enabled: id > 0,
    staleTime: 0,
  });
}

export function fetchOlder(id: number, beforeSeq: number) {
  return call('GET /api/chats/:id/messages', { params: { id }, query: { before_seq: beforeSeq } });
}

export function fetchAfter(id: number, afterSeq: number) {
  return call('GET /api/chats/:id/messages', { params: { id }, query: { after_seq: afterSeq } });
}

/** Opens the conversation with a member, starting it when there is none (C-10). */
export function openChat(memberId: number) {
  return call('POST /api/members/:id/chat', { params: { id: memberId } });
}

/** Marks a conversation read up to seq (C-05); the badges and the list take the answer's totals. */
export function useMarkRead(id: number, me: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (seq: number) => call('POST /api/chats/:id/read', { params: { id }, body: { seq } }),
    onSuccess: (answer) => applyNews(queryClient, { type: 'read_answer', answer }, me),
  });
}

export const giftsQuery = {
  queryKey: ['gifts'],
  queryFn: () => call('GET /api/gifts'),
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
      call('POST /api/members/:id/gifts', { params: { id: memberId }, body }),
    onSuccess: (answer) => afterSend(queryClient, answer),
  });
}

/** Sends a text or a gift to a conversation; a retry with the same client id answers the stored message. */
export function sendToChat(id: number, body: TSendMessageRequest): Promise<TSendMessageResponse> {
  return call('POST /api/chats/:id/messages', { params: { id }, body });
}

/**
 * A stored send changes the balance and the list order: the header's credits (L-02) and the list row
 * show them at once, from the answer.
 */
export function afterSend(queryClient: QueryClient, answer: TSendMessageResponse) {
  // The member is the message's sender.
  applyNews(queryClient, { type: 'sent', response: answer }, answer.message.sender_id);
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
  const url = endpointUrl(methodAndPath('POST /api/chats/:id/photos').path, { id: conversationId });
  return uploadForm<TSendMessageResponse>(url, form, { onProgress });
}
