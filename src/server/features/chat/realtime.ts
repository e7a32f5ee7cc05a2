import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WebSocket } from 'ws';
import { ZClientId, ZMessageBody } from '../../../shared/contract/chat.ts';
import {
  CLOSE_CODES,
  REALTIME,
  type RealtimeEvent,
  type TClientFrame,
  ZClientFrame,
} from '../../../shared/contract/realtime.ts';
import { isConnectionLoss } from '../../db/errors.ts';
import type { BusMessage } from '../../platform/bus.ts';
import { AppError, appErrorBody, unavailableBody } from '../../platform/errors.ts';
import { t } from '../../platform/i18n.ts';
import { currentUser, SESSION_COOKIE, type SessionUser } from '../../platform/session.ts';
import { getMediaSigningSecret } from '../../platform/signed-urls.ts';
import type { SiteRow } from '../site/queries.ts';
import type { ChatDeps } from './present.ts';
import { liveSessionIds } from './queries.ts';
import { sendMessage } from './send.ts';
import { otherMemberOf, readChat, syncConversations } from './service.ts';

/** A socket whose unsent bytes pass this is too slow to keep: it is dropped and syncs when it returns. */
const MAX_BUFFERED_BYTES = 1_048_576;

interface Connection {
  /** Unique across instances: a bus message can leave out the socket that asked. */
  id: string;
  socket: WebSocket;
  /** The upgrade request: the member's identity for limits shared with HTTP. */
  request: FastifyRequest;
  user: SessionUser;
  site: SiteRow;
  locale: ChatDeps['locale'];
  alive: boolean;
  /** Frames of this socket in the current 10 s window. */
  frames: number;
  /** Conversations this socket may talk about: id -> the other member. */
  conversations: Map<number, number>;
  /** Settles once every frame received so far has been handled (a pong waits for it). */
  handled: Promise<unknown>;
}

const PROCESS_ID = randomBytes(6).toString('hex');
let connections = 0;

/** Sockets of this process by member. */
class Hub {
  readonly byMember = new Map<number, Set<Connection>>();

  /** Adds a socket; true when it is the member's first here. */
  add(conn: Connection): boolean {
    let set = this.byMember.get(conn.user.id);
    const first = !set;
    if (!set) {
      set = new Set();
      this.byMember.set(conn.user.id, set);
    }
    set.add(conn);
    return first;
  }

  /** Removes a socket; true when it was the member's last here. */
  remove(conn: Connection): boolean {
    const set = this.byMember.get(conn.user.id);
    if (!set?.delete(conn)) return false;
    if (set.size > 0) return false;
    this.byMember.delete(conn.user.id);
    return true;
  }

  *all(): Generator<Connection> {
    for (const set of this.byMember.values()) yield* set;
  }

  deliver(message: BusMessage) {
    const set = this.byMember.get(message.memberId);
    if (!set) return;
    if ('control' in message) {
      for (const conn of set)
        if (conn.user.sessionId === message.control.sessionId)
          conn.socket.close(CLOSE_CODES.unauthenticated, 'session ended');
      return;
    }
    let data: string | undefined;
    for (const conn of set) {
      if (conn.id === message.except) continue;
      data ??= JSON.stringify(message.event);
      sendRaw(conn, data);
    }
  }
}

/**
 * Frames for one socket in the same turn of the event loop leave in one write: a stored message gives its
 * sender an echo, the new balance and the ack, and its recipient the message and the unread count. The
 * TCP socket is corked at the first frame and uncorked once this turn's work is done (`setImmediate`).
 */
const corked = new Set<Duplex>();
let uncorkScheduled = false;
function uncorkAll() {
  uncorkScheduled = false;
  for (const raw of corked) raw.uncork();
  corked.clear();
}
function corkFor(socket: WebSocket) {
  // ws keeps its TCP socket in `_socket` (stable since ws 1; used by many servers for exactly this).
  const raw = (socket as unknown as { _socket?: Duplex })._socket;
  if (!raw || corked.has(raw)) return;
  raw.cork();
  corked.add(raw);
  if (!uncorkScheduled) {
    uncorkScheduled = true;
    setImmediate(uncorkAll);
  }
}

function sendRaw(conn: Connection, data: string) {
  if (conn.socket.readyState !== conn.socket.OPEN) return;
  if (conn.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    conn.socket.terminate();
    return;
  }
  corkFor(conn.socket);
  conn.socket.send(data);
}

const send = (conn: Connection, event: RealtimeEvent) => sendRaw(conn, JSON.stringify(event));

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

/** A browser's WebSocket always carries Origin: refuse other sites (cross-site WebSocket hijacking). */
function assertSameOrigin(req: FastifyRequest) {
  const origin = req.headers.origin;
  if (!origin) return;
  let host: string | null = null;
  try {
    host = new URL(origin).host;
  } catch {
    host = null;
  }
  if (host !== req.host) throw new AppError(403, 'cross_origin', 'error.cross_origin');
}

/**
 * The real-time channel (P-15, C-08, C-11): `GET /api/realtime` upgraded to a WebSocket for a logged-in
 * member. Delivers bus events to the member's sockets; reads typing, read and sync frames. Any malformed
 * frame closes that socket with a code, never the process.
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyWebsocket, {
    options: { maxPayload: 65_536 },
    errorHandler: (err, socket, req) => {
      req.log.warn({ err: err.message }, 'realtime socket error');
      socket.terminate();
    },
    preClose(done) {
      for (const conn of hub.all()) conn.socket.close(CLOSE_CODES.goingAway, 'server shutting down');
      done();
    },
  });
  const hub = new Hub();
  // Frames per socket and 10 s; scaled like every other limit (RATE_LIMIT_FACTOR: tests, benches).
  const frameLimit = Math.ceil(REALTIME.framesPer10s * app.config.rateLimitFactor);
  app.presence.attach((memberId) => hub.byMember.has(memberId));
  const typingByMember = new Map<number, number>();
  const secret = await getMediaSigningSecret(app.db);
  const unsubscribe = app.bus.subscribe((message) => hub.deliver(message));

  const depsOf = (conn: Connection): ChatDeps => ({
    db: app.db,
    publish: app.bus.publishToMember,
    site: conn.site,
    mediaSecret: secret,
    locale: conn.locale,
    now: new Date(),
  });

  // Heartbeat: ping every socket; one that did not answer the last ping is dead. Windows of the frame
  // limits restart, and sockets whose session ended elsewhere (logout, password change) are closed.
  const heartbeat = setInterval(() => void beat(), REALTIME.heartbeatMs);
  heartbeat.unref();
  const resetWindows = setInterval(() => {
    for (const conn of hub.all()) conn.frames = 0;
    typingByMember.clear();
  }, 10_000);
  resetWindows.unref();

  async function beat() {
    const conns = [...hub.all()];
    for (const conn of conns) {
      if (!conn.alive) {
        conn.socket.terminate();
        continue;
      }
      conn.alive = false;
      conn.socket.ping();
    }
    if (conns.length === 0) return;
    app.presence.refresh(hub.byMember.keys());
    try {
      const live = await liveSessionIds(
        app.db,
        conns.map((c) => c.user.sessionId),
      );
      for (const conn of conns)
        if (!live.has(conn.user.sessionId)) conn.socket.close(CLOSE_CODES.unauthenticated, 'session ended');
    } catch (err) {
      app.log.warn({ err }, 'realtime session check failed');
    }
  }

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    clearInterval(resetWindows);
    unsubscribe();
  });

  app.get(
    REALTIME.path,
    {
      websocket: true,
      preHandler: [async (req) => assertSameOrigin(req), app.requireUser],
    },
    async (socket, req) => {
      const site = await app.sites(req.host);
      const conn: Connection = {
        id: `${PROCESS_ID}.${++connections}`,
        socket,
        request: req,
        user: currentUser(req),
        site,
        locale: req.locale(site),
        alive: true,
        frames: 0,
        conversations: new Map(),
        handled: Promise.resolve(),
      };
      const version = Number((req.query as { v?: string }).v ?? REALTIME.version);
      if (version !== REALTIME.version) {
        socket.close(CLOSE_CODES.unsupportedVersion, 'unsupported version');
        return;
      }
      if (hub.add(conn)) app.presence.arrived(conn.user.id);
      socket.on('pong', () => {
        conn.alive = true;
      });
      socket.on('close', () => {
        if (hub.remove(conn)) app.presence.left(conn.user.id);
      });
      socket.on('message', (data: Buffer, isBinary: boolean) => {
        const before = conn.handled;
        const handled = onFrame(conn, data, isBinary, before).catch((err) => {
          req.log.warn({ err }, 'realtime frame failed');
        });
        conn.handled = Promise.all([before, handled]);
      });
      send(conn, {
        type: 'hello',
        v: REALTIME.version,
        member_id: conn.user.id,
        heartbeat_ms: REALTIME.heartbeatMs,
      });
    },
  );

  /** `before` settles once the frames received before this one have been handled. */
  async function onFrame(conn: Connection, data: Buffer, isBinary: boolean, before: Promise<unknown>) {
    conn.alive = true;
    if (++conn.frames > frameLimit) {
      conn.socket.close(CLOSE_CODES.rateLimited, 'too many frames');
      return;
    }
    if (data.length > REALTIME.maxFrameBytes) {
      conn.socket.close(CLOSE_CODES.tooBig, 'frame too big');
      return;
    }
    let frame: TClientFrame;
    try {
      if (isBinary) throw new Error('binary');
      const value: unknown = JSON.parse(data.toString('utf8'));
      const quick = plainSendFrame(value);
      if (quick) frame = quick;
      else {
        const parsed = ZClientFrame.safeParse(value);
        if (!parsed.success) throw new Error('invalid');
        frame = parsed.data;
      }
    } catch {
      conn.socket.close(CLOSE_CODES.malformed, 'malformed frame');
      return;
    }
    switch (frame.type) {
      case 'ping':
        // After every frame sent before it has been handled: a pong says all their answers are out.
        await before;
        send(conn, { type: 'pong', time: Date.now() });
        return;
      case 'typing': {
        // Per member, over all their tabs: excess typing frames are dropped, not answered.
        const typed = (typingByMember.get(conn.user.id) ?? 0) + 1;
        typingByMember.set(conn.user.id, typed);
        if (typed > REALTIME.typingPer10s) return;
        const other = await otherOf(conn, frame.conversation_id);
        if (other === undefined) return;
        app.bus.publishToMember(other, {
          type: 'typing',
          conversation_id: frame.conversation_id,
          member_id: conn.user.id,
          typing: frame.typing,
        });
        return;
      }
      case 'read': {
        if ((await otherOf(conn, frame.conversation_id)) === undefined) return;
        await readChat(depsOf(conn), conn.user.id, frame.conversation_id, frame.seq);
        return;
      }
      case 'sync': {
        const answer = await syncConversations(depsOf(conn), conn.user.id, frame.conversations);
        send(conn, { type: 'sync', ...answer });
        return;
      }
      case 'send':
        await onSend(conn, frame);
        return;
    }
  }

  /**
   * A text message over the socket (C-12): the same checks, limits and storage as the HTTP send, answered
   * with `ack` after the commit or `nack` with the error the HTTP send would have given.
   */
  async function onSend(conn: Connection, frame: Extract<TClientFrame, { type: 'send' }>) {
    const nack = (status: number, body: ReturnType<typeof appErrorBody>) =>
      send(conn, { type: 'nack', client_id: frame.client_id, status, ...body });
    const refuse = (err: AppError) =>
      nack(err.status, appErrorBody(err, conn.locale, { min_age: conn.site.minAge }));
    // Counted with the HTTP sends, in the same store (Redis across instances when configured).
    try {
      await app.countChatSend(conn.request);
    } catch (err) {
      if (err instanceof AppError) return refuse(err);
      throw err;
    }
    const clientId = ZClientId.safeParse(frame.client_id);
    const body = ZMessageBody.safeParse(frame.body);
    if (!clientId.success || !body.success) {
      const fields: Record<string, string> = {};
      if (!clientId.success) fields.client_id = t(conn.locale, clientId.error.issues[0]?.message ?? '');
      if (!body.success) fields.body = t(conn.locale, body.error.issues[0]?.message ?? '');
      return nack(400, {
        error: { code: 'validation', message: t(conn.locale, 'error.validation'), fields },
      });
    }
    try {
      // The echo and the new balance go to the member's other sockets; this one has them in the ack.
      const deps: ChatDeps = {
        ...depsOf(conn),
        publish: (memberId, event) =>
          app.bus.publishToMember(
            memberId,
            event,
            memberId === conn.user.id ? { except: conn.id } : undefined,
          ),
      };
      const response = await sendMessage(
        deps,
        { id: conn.user.id, paidUser: conn.user.paidUser },
        frame.conversation_id,
        { kind: 'text', clientId: clientId.data, body: body.data },
      );
      send(conn, { type: 'ack', client_id: frame.client_id, response });
    } catch (err) {
      if (err instanceof AppError) return refuse(err);
      if (isConnectionLoss(err)) return nack(503, unavailableBody(conn.locale));
      app.log.error({ err }, 'realtime send failed');
      nack(500, { error: { code: 'internal', message: t(conn.locale, 'error.general') } });
    }
  }

  /** The other member of a conversation this socket's member is in (cached per socket), else undefined. */
  async function otherOf(conn: Connection, conversationId: number): Promise<number | undefined> {
    const cached = conn.conversations.get(conversationId);
    if (cached !== undefined) return cached;
    const other = await otherMemberOf(app.db, conversationId, conn.user.id);
    if (other !== undefined) conn.conversations.set(conversationId, other);
    return other;
  }
};

/**
 * Closes the sockets of a session as soon as it ends (logout, account deletion): any answer that clears
 * the session cookie of a logged-in request tells the bus, so every instance closes them.
 */
export function closeSocketsOnLogout(app: FastifyInstance) {
  app.addHook('onResponse', async (req, reply) => {
    if (!req.user) return;
    const cookies = reply.getHeader('set-cookie');
    const list = Array.isArray(cookies) ? cookies : cookies ? [String(cookies)] : [];
    if (list.some((c) => c.startsWith(`${SESSION_COOKIE}=;`))) {
      app.bus.publish({
        memberId: req.user.id,
        control: { kind: 'session_ended', sessionId: req.user.sessionId },
      });
    }
  });
}
