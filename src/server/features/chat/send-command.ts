import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { CHAT, type TSendMessageResponse, ZSendMessageRequest } from '../../../shared/contract/chat.ts';
import { AppError, type FieldIssue } from '../../platform/errors.ts';
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

// ---------------------------------------------------------------- the one send limit

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Counts one chat send of the request's member and throws 429 past `CHAT.sendsPerMinute` a minute.
     * One count for every way of sending (text, gift and photo over HTTP, text over the socket), kept in
     * the app's rate-limit store: in Redis across instances when configured, else in this process.
     */
    countChatSend(req: FastifyRequest): Promise<void>;
  }
}

type Limiter = (req: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean }>;

/** Decorates `app.countChatSend`; call after @fastify/rate-limit is registered (it gives `createRateLimit`). */
export function registerChatSendLimit(app: FastifyInstance) {
  const create = (app as unknown as { createRateLimit: (options: object) => Limiter }).createRateLimit;
  const limiter = create({
    max: Math.ceil(CHAT.sendsPerMinute * app.config.rateLimitFactor),
    timeWindow: 60_000,
    keyGenerator: (req: FastifyRequest) => `chat-send:${req.user?.id ?? req.ip}`,
  });
  app.decorate('countChatSend', async (req: FastifyRequest) => {
    const result = await limiter(req);
    if (!result.isAllowed && result.isExceeded) throw new AppError(429, 'rate_limited', 'error.rate_limited');
  });
}
