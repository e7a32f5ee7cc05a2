import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { type TSendMessageResponse, ZSendMessageRequest } from '../../../shared/contract/chat.ts';
import type { FieldIssue } from '../../platform/errors.ts';
import type { ChatDeps, ChatViewer } from './present.ts';
import { sendMessage } from './send.ts';

/**
 * One send of a text or a gift, whichever transport carried it (C-03, C-12): POST /api/chats/:id/messages
 * and the socket's `send` frame both parse it with this schema (the route as its body schema, the socket
 * through `parseSend`), then call `runSend`, which counts it against the member's one send limit and
 * stores it. Errors are AppErrors; each transport puts them on the wire through `wireError`.
 */
export const ZSend = ZSendMessageRequest;
export type SendInput = z.output<typeof ZSend>;

/** Parses a send the way the HTTP route's body schema does: the input, or the issues of each field. */
export function parseSend(value: unknown): { input: SendInput } | { issues: FieldIssue[] } {
  const parsed = ZSend.safeParse(value);
  if (parsed.success) return { input: parsed.data };
  return { issues: parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) };
}

/** Who sends, with what: the request is the member's (the upgrade request for a socket), the limit's key. */
export interface SendCaller {
  app: FastifyInstance;
  request: FastifyRequest;
  deps: ChatDeps;
  viewer: ChatViewer;
}

export async function runSend(
  caller: SendCaller,
  conversationId: number,
  input: SendInput,
): Promise<TSendMessageResponse> {
  // Counted with every other way of sending, in the same store (Redis across instances when configured).
  await caller.app.countChatSend(caller.request);
  const draft =
    input.kind === 'text'
      ? { kind: 'text' as const, clientId: input.client_id, body: input.body }
      : { kind: 'gift' as const, clientId: input.client_id, giftCode: input.gift_code };
  return sendMessage(caller.deps, caller.viewer, conversationId, draft);
}
