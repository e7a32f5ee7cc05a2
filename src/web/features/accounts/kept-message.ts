import type { QueryClient } from '@tanstack/react-query';
import { CHAT_ERRORS } from '../../../shared/contract/constants.ts';
import { afterSend, openChat, sendToChat } from '../../api/chat.ts';
import { ApiError } from '../../api/client.ts';
import { forgetSignupReason, keepAsDraft, readSignupReason } from './signup-reason.ts';

export type KeptMessageResult =
  | { kind: 'sent'; memberId: number; name: string; conversationId: number }
  /** Refused for good (the member is gone, hidden or blocked; no credits): it waits as a chat draft. */
  | { kind: 'refused'; memberId: number; name: string; message: string; code: string };

/** Answers that another try would get again: the member is unavailable, blocked, or credits run out. */
const REFUSED_FOR_GOOD = new Set([400, 402, 403, 404, 409]);

let inFlight: Promise<KeptMessageResult | null> | null = null;

/**
 * Sends the message a visitor wrote before having an account (issue 27), once the account is active:
 * opens the conversation (C-10) and sends the text with the client id made when it was written, so a
 * retry, a second tab or a reload sends it once (C-12). The server refuses a member who is hidden, gone or
 * blocked either way, and a sender whose address is still unconfirmed (then it waits for the next try).
 * Null: nothing to send, or not now (offline, not yet active).
 */
export function sendKeptMessage(queryClient: QueryClient): Promise<KeptMessageResult | null> {
  inFlight ??= send(queryClient).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function send(queryClient: QueryClient): Promise<KeptMessageResult | null> {
  const reason = readSignupReason();
  if (!reason?.send || reason.draft.trim() === '') return null;
  const { memberId, draft } = reason;
  const { name, clientId } = reason.send;
  try {
    const { conversation } = await openChat(memberId);
    const answer = await sendToChat(conversation.id, {
      kind: 'text',
      client_id: clientId,
      body: draft.trim(),
    });
    forgetSignupReason(memberId);
    afterSend(queryClient, answer);
    return { kind: 'sent', memberId, name, conversationId: conversation.id };
  } catch (err) {
    // Not yet active, logged out, too many tries, offline or a server error: it stays for the next try.
    if (
      !(err instanceof ApiError) ||
      !REFUSED_FOR_GOOD.has(err.status) ||
      err.authenticationRequired ||
      err.code === CHAT_ERRORS.senderUnconfirmed
    )
      return null;
    keepAsDraft(memberId);
    return { kind: 'refused', memberId, name, message: err.message, code: err.code };
  }
}
