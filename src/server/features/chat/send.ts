import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  CHAT,
  type MessageKind,
  type TSendMessageResponse,
  ZSendMessageRequest,
} from '../../../shared/contract/chat.ts';
import { type RealtimeEventMap, type TClientFrame, ZClientFrame } from '../../../shared/contract/realtime.ts';
import { type Locale, toLocale } from '../../../shared/i18n/locales.ts';
import { closeFor, type SocketConn } from '../../platform/bus.ts';
import { AppError, type FieldIssue, validationBody, wireError } from '../../platform/errors.ts';
import type { FrameReader } from '../../platform/realtime.ts';
import { assertConfirmedSender } from './access.ts';
import {
  type ChatDeps,
  type ChatDepsOf,
  type ChatViewer,
  chatDepsOf,
  presentContext,
  presentMessage,
  viewerOf,
} from './present.ts';
import { accountStatus, type MessageRow } from './queries.ts';
import { CHAT_REFUSALS, refuse } from './refusals.ts';
import { type BatchError, submitSend } from './send-batch.ts';

/**
 * The one send of a text or a gift (C-03, C-12), whichever transport carried it: the body of POST
 * /api/chats/:id/messages (routes.ts) or the socket's `send` frame (`sendFrames` below) is parsed by one
 * schema, counted against the member's one send limit, stored with its booking in one transaction
 * (send-batch.ts, `chat_send`), presented to each side and announced after the commit. Errors are
 * AppErrors; each transport puts them on the wire through `wireError`.
 */

// ---------------------------------------------------------------- the command

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
  /** A socket's send: its session, checked with the write (a banned member or ended session stores nothing). */
  sessionId?: number;
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
  return sendMessage(caller.deps, caller.viewer, conversationId, draft, { sessionId: caller.sessionId });
}

// ---------------------------------------------------------------- storing and announcing

/** A message to store: its kind and content; photos arrive as stored files. */
export type Draft = { clientId: string } & (
  | { kind: 'text'; body: string }
  | { kind: 'gift'; giftCode: string }
  | { kind: 'photo'; photo: { filename: string; thumbFilename: string; width: number; height: number } }
);

function costOf(kind: MessageKind, site: ChatDeps['site']): { credits: number; reason: string } {
  if (kind === 'photo') return { credits: site.photoCredits, reason: 'chat_photo' };
  if (kind === 'gift') return { credits: site.giftCredits, reason: 'chat_gift' };
  return { credits: site.messageCredits, reason: 'chat_message' };
}

export function sameContent(row: MessageRow, conversationId: number, draft: Draft): boolean {
  if (row.conversationId !== conversationId || row.kind !== draft.kind) return false;
  if (draft.kind === 'text') return row.body === draft.body;
  if (draft.kind === 'gift') return row.giftCode === draft.giftCode;
  return true;
}

/** The answer to a send the database refused: its refusal in the one table of chat refusals. */
export function refusal(outcome: { error: BatchError; required?: number }): AppError {
  return refuse(outcome.error, outcome.required);
}

/**
 * Stores a message and books what it costs in one transaction (C-03, C-12): no message without its
 * booking, no booking without its message. The database function `chat_send` does the checks
 * and writes, and sends that arrive together share its transaction (send-batch.ts, decision 0013).
 * A retry with the same client id answers the stored message. Events go out only after the commit.
 * Free members spend their free text messages first; photos are for premium members.
 */
export async function sendMessage(
  deps: ChatDeps,
  viewer: ChatViewer,
  conversationId: number,
  draft: Draft,
  opts: { sentBy?: 'member' | 'operator'; sessionId?: number } = {},
): Promise<TSendMessageResponse> {
  const sentBy = opts.sentBy ?? 'member';
  assertConfirmedSender(viewer);
  if (draft.kind === 'text' && draft.body.length > deps.site.messageLength) {
    throw new AppError(400, 'validation', 'error.validation', {
      details: { fieldIds: { body: 'chat.message_long' } },
    });
  }
  const cost = sentBy === 'operator' ? { credits: 0, reason: '' } : costOf(draft.kind, deps.site);
  const outcome = await submitSend(deps.db, {
    sender: viewer.id,
    conv: conversationId,
    client_id: draft.clientId,
    kind: draft.kind,
    body: draft.kind === 'text' ? draft.body : null,
    gift_code: draft.kind === 'gift' ? draft.giftCode : null,
    photo_filename: draft.kind === 'photo' ? draft.photo.filename : null,
    photo_thumb_filename: draft.kind === 'photo' ? draft.photo.thumbFilename : null,
    photo_width: draft.kind === 'photo' ? draft.photo.width : null,
    photo_height: draft.kind === 'photo' ? draft.photo.height : null,
    sent_by: sentBy,
    cost: cost.credits,
    reason: cost.reason,
    gift_default: deps.site.giftCredits,
    free_limit: deps.site.freeMessages,
    created_at: deps.now.toISOString(),
    session_id: opts.sessionId ?? null,
  });
  if (outcome.status === 'error') throw refusal(outcome);
  if (outcome.status === 'duplicate' && !sameContent(outcome.row, conversationId, draft))
    throw refuse('client_id_reused');
  if (outcome.status === 'ok' && outcome.recipient) {
    announce(deps, viewer.id, outcome.recipient, outcome.row, outcome.spent > 0 ? outcome.credits : null);
  }
  return {
    message: presentMessage(outcome.row, viewer.id, presentContext(deps)),
    credits: outcome.credits,
    duplicate: outcome.status === 'duplicate',
    free_messages_left: outcome.freeLeft,
  };
}

/**
 * Tells both members' sockets about a committed message and the spend. The recipient's copy carries
 * their new unread total: one event, not a message and a counts event.
 */
function announce(
  deps: ChatDeps,
  senderId: number,
  recipient: { id: number; language: string; unread: number },
  row: MessageRow,
  credits: number | null,
) {
  const recipientLocale = toLocale(recipient.language) ?? deps.locale;
  const ctx = presentContext(deps);
  const event = (viewerId: number, locale: Locale): RealtimeEventMap['message'] & { type: 'message' } => ({
    type: 'message',
    conversation_id: row.conversationId,
    message: presentMessage(row, viewerId, { ...ctx, locale }),
  });
  deps.publish(senderId, event(senderId, deps.locale));
  deps.publish(recipient.id, { ...event(recipient.id, recipientLocale), unread_messages: recipient.unread });
  if (credits !== null) deps.publish(senderId, { type: 'credits', credits });
}

// ---------------------------------------------------------------- the socket's send frame

type SendFrame = Extract<TClientFrame, { type: 'send' }>;

/**
 * A send frame checked by hand: the frame of every message, so it skips the schema's generic walk. It
 * accepts only what `ZClientFrame` accepts (exactly these four keys, an id of 1..2^31-1, a client id of at
 * most 64 characters, a string body); anything else goes through the schema and its answer.
 */
export function plainSendFrame(value: unknown): SendFrame | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const f = value as Record<string, unknown>;
  if (f.type !== 'send') return undefined;
  let keys = 0;
  for (const key in f) if (Object.hasOwn(f, key)) keys++;
  const { conversation_id: id, client_id: clientId, body } = f;
  if (
    keys === 4 &&
    typeof id === 'number' &&
    Number.isInteger(id) &&
    id > 0 &&
    id <= 2_147_483_647 &&
    typeof clientId === 'string' &&
    clientId.length <= 64 &&
    typeof body === 'string'
  )
    return { type: 'send', conversation_id: id, client_id: clientId, body };
  return undefined;
}

/** A `send` frame, checked by hand or else by the schema; any other frame is another reader's. */
function parseSendFrame(value: unknown): SendFrame | undefined {
  const quick = plainSendFrame(value);
  if (quick) return quick;
  if ((value as { type?: unknown } | null)?.type !== 'send') return undefined;
  const parsed = ZClientFrame.safeParse(value);
  return parsed.success && parsed.data.type === 'send' ? parsed.data : undefined;
}

/**
 * The socket's text messages (C-12): the command of the HTTP send, parsed by the same schema, answered
 * with `ack` after the commit or `nack` with the error the HTTP send would have given.
 */
export async function sendFrames(app: FastifyInstance): Promise<FrameReader<SendFrame>> {
  const depsOf: ChatDepsOf = await chatDepsOf(app);
  /** Sockets whose member confirmed their e-mail since the socket opened: they may send from now on. */
  const confirmedSince = new WeakSet<SocketConn>();

  async function send(conn: SocketConn, frame: SendFrame) {
    const values = { min_age: conn.site.minAge };
    const nack = (err: unknown) => {
      const wire = wireError(err, conn.locale, values);
      if (wire.log === 'error') app.log.error({ err }, 'realtime send failed');
      conn.send({ type: 'nack', client_id: frame.client_id, status: wire.status, ...wire.body });
    };
    const refused = (standing: 'banned' | 'ended') =>
      nack(
        standing === 'banned'
          ? new AppError(403, 'banned', 'auth.banned')
          : new AppError(403, 'authentication_required', 'auth.required'),
      );
    await conn.act(
      async () => {
        const parsed = parseSend({ kind: 'text', client_id: frame.client_id, body: frame.body });
        if ('issues' in parsed) {
          conn.send({
            type: 'nack',
            client_id: frame.client_id,
            status: 400,
            ...validationBody(conn.locale, parsed.issues, values),
          });
          return;
        }
        try {
          let confirmed = conn.user.status === 'confirmed' || confirmedSince.has(conn);
          if (!confirmed && (await accountStatus(app.db, conn.user.id)) === 'confirmed') {
            confirmedSince.add(conn);
            confirmed = true;
          }
          // The echo and the new balance go to the member's other sockets; this one has them in the ack.
          const deps = depsOf(conn.site, conn.locale, (memberId, event) =>
            app.bus.publishToMember(
              memberId,
              event,
              memberId === conn.user.id ? { except: conn.id } : undefined,
            ),
          );
          const viewer = { ...viewerOf(conn.user), confirmed };
          const response = await runSend(
            { app, request: conn.request, deps, viewer, sessionId: conn.user.sessionId },
            frame.conversation_id,
            parsed.input,
          );
          conn.send({ type: 'ack', client_id: frame.client_id, response });
        } catch (err) {
          // The session's standing, checked by chat_send() with the write: answered and closed as the
          // socket's own check would have.
          const standing = standingRefused(err);
          if (standing) {
            refused(standing);
            closeFor(conn, standing);
          } else nack(err);
        }
        // The send's own statement checks the session (chat_send(), session_standing()): no read before it.
      },
      refused,
      { standingChecked: true },
    );
  }

  return { parse: parseSendFrame, handle: send };
}

/** A send refused for its session's standing (chat_send()'s `banned` and `session_ended`), else null. */
function standingRefused(err: unknown): 'banned' | 'ended' | null {
  if (!(err instanceof AppError)) return null;
  if (err.code === CHAT_REFUSALS.banned.code) return 'banned';
  if (err.code === CHAT_REFUSALS.session_ended.code) return 'ended';
  return null;
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
