import type { TSendMessageResponse } from '../../../shared/contract/chat.ts';
import type { MediaStorage } from '../../platform/storage.ts';
import { membershipOf, notFound } from './access.ts';
import { sendPhoto } from './photo-messages.ts';
import type { ChatDeps } from './present.ts';
import { isFictional } from './queries.ts';
import { sendMessage } from './send.ts';
import { readChat } from './service.ts';

/** What an operator answers with: a text, a gift from the catalogue, or a photo's bytes. */
export type FictionalDraft = { clientId: string } & (
  | { kind: 'text'; body: string }
  | { kind: 'gift'; giftCode: string }
  | { kind: 'photo'; data: Buffer }
);

/**
 * An answer for a fictional profile (O-05, the chat desk): the one send path of every message, as the
 * fictional profile, stored with `sent_by = 'operator'` and free for the profile. The profile's side is
 * marked read first, so the member gets the read receipt a real member's reading gives; the message then
 * reaches the member over the bus exactly like any other (unread count, notifications, push).
 */
export async function answerAsFictional(
  deps: ChatDeps,
  storage: MediaStorage,
  fictionalId: number,
  conversationId: number,
  draft: FictionalDraft,
): Promise<TSendMessageResponse> {
  if (!(await isFictional(deps.db, fictionalId))) throw notFound();
  const membership = await membershipOf(deps.db, conversationId, fictionalId);
  if (membership.readSeq < membership.lastSeq) await readChat(deps, fictionalId, conversationId);
  const viewer = { id: fictionalId, paidUser: true };
  if (draft.kind === 'photo') {
    return sendPhoto(
      deps,
      storage,
      viewer,
      conversationId,
      { clientId: draft.clientId, data: draft.data },
      { sentBy: 'operator' },
    );
  }
  return sendMessage(deps, viewer, conversationId, draft, { sentBy: 'operator' });
}

/** An operator's answer for a fictional profile: free, stored as sent by an operator. */
export async function sendAsOperator(
  deps: ChatDeps,
  fictionalId: number,
  conversationId: number,
  input: { clientId: string; body: string },
): Promise<TSendMessageResponse> {
  if (!(await isFictional(deps.db, fictionalId))) throw notFound();
  return sendMessage(
    deps,
    { id: fictionalId, paidUser: true },
    conversationId,
    { kind: 'text', ...input },
    { sentBy: 'operator' },
  );
}
