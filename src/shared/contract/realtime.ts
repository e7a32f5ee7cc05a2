import { z } from 'zod';
import { ZChatMessage, ZSendMessageResponse } from './chat.ts';
import { endpoints } from './endpoint.ts';

/**
 * The real-time channel (P-15, C-08, C-11): one WebSocket per tab at REALTIME.path, authenticated by the
 * session cookie. Events are hints; the database is the truth. Every conversation has a monotonic
 * sequence, and a client that (re)connects sends a `sync` frame with the last sequence it holds per
 * conversation, so a lost event or a restart loses nothing (C-12).
 *
 * Versioning: the client connects with `?v=<REALTIME.version>`; the server's first frame is `hello`
 * carrying the version it speaks. Changes within a version are additive only (new event types, new
 * optional fields); a client ignores event types it does not know.
 */
export const REALTIME = {
  version: 1,
  path: '/api/realtime',
  /** The server pings every interval; a socket that missed one pong is closed (dead socket). */
  heartbeatMs: 25_000,
  /**
   * Largest client frame the server reads; bigger ones close the socket (CLOSE_CODES.tooBig). A `send`
   * frame that would be bigger goes over HTTP instead.
   */
  maxFrameBytes: 16_384,
  /** A send frame unanswered this long: the client sends it again over HTTP (same client id). */
  sendAckTimeoutMs: 5_000,
  /** Conversations one sync frame may ask about. */
  maxSyncConversations: 200,
  /** Messages the server sends per conversation in answer to a sync; more: fetch with after_seq. */
  maxSyncMessages: 100,
  /** Typing frames per member per 10 s; more are dropped, a flood closes the socket. */
  typingPer10s: 20,
  /** Frames of any kind per socket per 10 s before the socket is closed (CLOSE_CODES.rateLimited). */
  framesPer10s: 100,
  /**
   * Frames of any kind per member per 10 s over all their sockets (and instances, when Redis is
   * configured): past it, the socket that sent the frame is closed (CLOSE_CODES.rateLimited).
   */
  memberFramesPer10s: 200,
  /** Open sockets per session and per member on one server; more are closed (CLOSE_CODES.tooManySockets). */
  socketsPerSession: 8,
  socketsPerMember: 16,
  /** A typing indicator shows this long after the last typing frame (the client's timer). */
  typingShowMs: 5_000,
  /** Client reconnect backoff: start, cap (with jitter). */
  reconnectMinMs: 1_000,
  reconnectMaxMs: 30_000,
} as const;

/** WebSocket close codes the server uses (4000-4999 are the application's). */
export const CLOSE_CODES = {
  /** Server shutting down or restarting: reconnect with backoff. */
  goingAway: 1001,
  /** A frame was not JSON, not a known type, or had bad fields: a bug in the client; do not loop fast. */
  malformed: 4400,
  /** No session, or the session ended (logout, expiry, deleted account): do not reconnect until logged in. */
  unauthenticated: 4401,
  /** The member is banned: do not reconnect; the next API call answers 403 `banned`. */
  banned: 4403,
  /** The member or the session has too many sockets open: reconnect after a backoff. */
  tooManySockets: 4409,
  /** The client's protocol version is not supported: reload the app. */
  unsupportedVersion: 4426,
  /** Too many frames: reconnect after a backoff. */
  rateLimited: 4429,
  /** A frame bigger than REALTIME.maxFrameBytes. */
  tooBig: 4413,
} as const;

const ZId = z.number().int().positive().max(2_147_483_647);
const ZSeq = z.number().int().nonnegative().max(2_147_483_647);

// ---------------------------------------------------------------- server -> client

/**
 * A member as a like or match event shows them: the member card (URLs with the receiving member's site
 * CDN prefix). `age`, `city` and `photo_url` (the main photo) were added within version 1: optional.
 */
export const ZRealtimeMember = z.object({
  id: ZId,
  name: z.string(),
  age: z.number().int().optional(),
  city: z.string().nullable().optional(),
  thumb_url: z.string().nullable(),
  photo_url: z.string().nullable().optional(),
  fictional: z.boolean(),
});

/**
 * A like or match event (D-04): the other member, the receiving member's own name and photo for the
 * match modal's pair, and the notification it made, which the modal marks seen so it shows once.
 */
const ZLikeEvent = z.object({
  member: ZRealtimeMember,
  me: z.object({ name: z.string(), thumb_url: z.string().nullable() }).optional(),
  notification_id: ZId.optional(),
});

/**
 * The typed event map: event type -> payload. Server code publishes with these names
 * (`publishToMember(memberId, { type: 'credits', credits: 12 })`); the client switches on `type`.
 */
export const REALTIME_EVENTS = {
  /** First frame after the upgrade. */
  hello: z.object({ v: z.number().int(), member_id: ZId, heartbeat_ms: z.number().int() }),
  /**
   * A new message in one of the member's conversations, sent by them (other tab) or to them. The
   * recipient's copy carries their unread total after it (`unread_messages`, added within version 1:
   * optional), so no separate `counts` event follows a message.
   */
  message: z.object({
    conversation_id: ZId,
    message: ZChatMessage,
    unread_messages: z.number().int().nonnegative().optional(),
  }),
  /** The other member (or the member in another tab) read a conversation up to read_seq. */
  read: z.object({ conversation_id: ZId, reader_id: ZId, read_seq: ZSeq }),
  /** The other member is typing (true) or stopped (false). */
  typing: z.object({ conversation_id: ZId, member_id: ZId, typing: z.boolean() }),
  /** Someone liked the member (likes feature). */
  like: ZLikeEvent,
  /** A like made a match (likes feature); both members get one, each about the other. */
  match: ZLikeEvent,
  /** Badge totals changed; absent fields did not change. */
  counts: z.object({
    unread_messages: z.number().int().nonnegative().optional(),
    new_likes: z.number().int().nonnegative().optional(),
  }),
  /** The member's balance after a spend or a grant. */
  credits: z.object({ credits: z.number().int().nonnegative() }),
  /** A conversation was removed by the member (in another tab): drop it from the list. */
  chat_removed: z.object({ conversation_ids: z.array(ZId) }),
  /**
   * The answer to a client `sync`: for each asked conversation the messages after the asked sequence
   * (oldest first, at most REALTIME.maxSyncMessages; `more` when there are more: fetch them with after_seq),
   * and the other member's read position. Conversations the member may not see are left out.
   */
  sync: z.object({
    conversations: z.array(
      z.object({
        conversation_id: ZId,
        messages: z.array(ZChatMessage),
        more: z.boolean(),
        last_seq: ZSeq,
        other_read_seq: ZSeq,
      }),
    ),
  }),
  /** The answer to a client ping, with the server's clock (ms since 1970). */
  pong: z.object({ time: z.number() }),
  /** A `send` frame's message is stored (sent after the commit): the same answer as POST .../messages. */
  ack: z.object({ client_id: z.string(), response: ZSendMessageResponse }),
  /**
   * A `send` frame was refused: the HTTP status and error body POST .../messages would have answered
   * (`{ error: { code, message, fields? } }`). Nothing was stored or booked.
   */
  nack: z.object({
    client_id: z.string(),
    status: z.number().int(),
    error: z.object({ code: z.string(), message: z.string() }).passthrough(),
  }),
} as const;

export type RealtimeEventMap = { [K in keyof typeof REALTIME_EVENTS]: z.infer<(typeof REALTIME_EVENTS)[K]> };
export type RealtimeEventType = keyof RealtimeEventMap;
/** One frame from the server: `{ type, ...payload }`. */
export type RealtimeEvent<K extends RealtimeEventType = RealtimeEventType> = {
  [P in K]: { type: P } & RealtimeEventMap[P];
}[K];

function frameOf<K extends RealtimeEventType>(type: K) {
  return REALTIME_EVENTS[type].extend({ type: z.literal(type) });
}

/** Parses any server frame (the client validates what it receives). */
export const ZServerFrame = z.discriminatedUnion('type', [
  frameOf('hello'),
  frameOf('message'),
  frameOf('read'),
  frameOf('typing'),
  frameOf('like'),
  frameOf('match'),
  frameOf('counts'),
  frameOf('credits'),
  frameOf('chat_removed'),
  frameOf('sync'),
  frameOf('pong'),
  frameOf('ack'),
  frameOf('nack'),
]);

// ---------------------------------------------------------------- client -> server

/**
 * Frames the client may send. Anything else (not JSON, unknown type, bad fields, too big) closes that
 * socket with CLOSE_CODES.malformed or CLOSE_CODES.tooBig. Conversations the member is not in are ignored
 * silently (no answer tells a stranger whether a conversation exists).
 */
export const ZClientFrame = z.discriminatedUnion('type', [
  /** The member is typing in a conversation (send true at most every few seconds, false on stop). */
  z.object({ type: z.literal('typing'), conversation_id: ZId, typing: z.boolean() }).strict(),
  /** The member read a conversation up to seq (the chat is open and visible). */
  z.object({ type: z.literal('read'), conversation_id: ZId, seq: ZSeq }).strict(),
  /** Everything after these sequences, please (after connecting and reconnecting). */
  z
    .object({
      type: z.literal('sync'),
      conversations: z
        .array(z.object({ conversation_id: ZId, after_seq: ZSeq }).strict())
        .max(REALTIME.maxSyncConversations),
    })
    .strict(),
  /**
   * Keeps proxies from closing an idle socket and lets the client notice a dead one (answer: pong, once
   * the frames sent before the ping have been handled, so everything they caused was sent before it).
   */
  z.object({ type: z.literal('ping') }).strict(),
  /**
   * A text message, as POST /api/chats/:id/messages sends it (C-12: same client id, same rules, same
   * limits). Answered by `ack` after the commit or `nack`; the body is checked like the HTTP body, and a
   * bad body is a `nack` with its field message, not a closed socket.
   */
  z
    .object({
      type: z.literal('send'),
      conversation_id: ZId,
      client_id: z.string().max(64),
      body: z.string(),
    })
    .strict(),
]);
export type TClientFrame = z.infer<typeof ZClientFrame>;

/** The channel's endpoint: an upgrade to a WebSocket, so no JSON answer (`REALTIME.path`). */
export const REALTIME_API = /* @__PURE__ */ endpoints('realtime', {
  'GET /api/realtime': {
    summary: 'The real-time channel: a WebSocket for a logged-in member, `?v=` the protocol version (P-15)',
    answer: null,
    errors: [403],
  },
});
