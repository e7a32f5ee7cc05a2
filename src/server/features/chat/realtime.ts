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
import type { SiteRow } from '../../platform/site.ts';
import type { ChatDeps } from './present.ts';
import { accountStatus, findCounterpart, type Standing, sessionStandings } from './queries.ts';
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
  /**
   * While a sync of this socket runs: the conversations later sync frames asked for (id -> the lowest
   * sequence asked), answered together once it ends. Null while no sync runs.
   */
  syncPending: Map<number, number> | null;
  /** Settles once every frame received so far has been handled (a pong waits for it). */
  handled: Promise<unknown>;
}

/** How long a session's standing (session alive, member not banned) is trusted before it is read again. */
const STANDING_TTL_MS = 1_000;
/** Frames of one member that use the database at the same time, over all their sockets on this server. */
const MEMBER_LANES = 2;

/**
 * Each member's socket work takes turns: at most MEMBER_LANES frames of one member run at once, the rest
 * wait in order. So one member's flood of frames holds at most that many places in the database's queue
 * (one connection for the embedded database), and every other member's requests pass between them.
 */
class MemberLanes {
  private readonly byMember = new Map<number, { active: number; waiting: (() => void)[] }>();

  async run<T>(memberId: number, fn: () => Promise<T>): Promise<T> {
    let lane = this.byMember.get(memberId);
    if (!lane) {
      lane = { active: 0, waiting: [] };
      this.byMember.set(memberId, lane);
    }
    if (lane.active >= MEMBER_LANES) await new Promise<void>((resolve) => lane?.waiting.push(resolve));
    else lane.active++;
    try {
      return await fn();
    } finally {
      const next = lane.waiting.shift();
      if (next) next();
      else if (--lane.active === 0) this.byMember.delete(memberId);
    }
  }
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

  deliver(message: BusMessage, forget: (sessionId: number) => void) {
    const set = this.byMember.get(message.memberId);
    if (!set) return;
    if ('control' in message) {
      const control = message.control;
      for (const conn of set) {
        const { sessionId } = conn.user;
        if (
          control.kind === 'session_ended'
            ? sessionId !== control.sessionId
            : sessionId === control.exceptSessionId
        )
          continue;
        forget(sessionId);
        closeFor(conn, control.kind === 'member_ended' && control.reason === 'banned' ? 'banned' : 'ended');
      }
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

/** Closes a socket whose member may no longer act: banned (4403) or session ended (4401). */
function closeFor(conn: Connection, standing: Exclude<Standing, 'ok'>) {
  if (standing === 'banned') conn.socket.close(CLOSE_CODES.banned, 'banned');
  else conn.socket.close(CLOSE_CODES.unauthenticated, 'session ended');
}

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

type Limiter = (req: FastifyRequest) => Promise<{ isAllowed: boolean; isExceeded?: boolean }>;

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
  const lanes = new MemberLanes();
  /** Each session's standing as last read, shared by its sockets; a bus order about it drops it at once. */
  const standings = new Map<number, { at: number; standing: Promise<Standing> }>();
  const forget = (sessionId: number) => standings.delete(sessionId);
  const unsubscribe = app.bus.subscribe((message) => hub.deliver(message, forget));
  // One frame budget per member over all their sockets, kept in the rate-limit store shared with HTTP
  // (Redis across instances when configured, else this process).
  const memberFrames = (app as unknown as { createRateLimit: (options: object) => Limiter }).createRateLimit({
    max: Math.ceil(REALTIME.memberFramesPer10s * app.config.rateLimitFactor),
    timeWindow: 10_000,
    keyGenerator: (req: FastifyRequest) => `realtime-frames:${req.user?.id ?? req.ip}`,
  });

  function standingOf(sessionId: number): Promise<Standing> {
    const known = standings.get(sessionId);
    if (known && Date.now() - known.at < STANDING_TTL_MS) return known.standing;
    const standing = sessionStandings(app.db, [sessionId]).then((found) => found.get(sessionId) ?? 'ended');
    standings.set(sessionId, { at: Date.now(), standing });
    standing.catch(() => forget(sessionId));
    return standing;
  }

  /**
   * Runs the work of a frame that acts, in the member's lane, once the member's standing allows it: a
   * banned member or an ended session gets the socket closed instead (and `refused` is told first).
   */
  async function act(
    conn: Connection,
    work: () => Promise<void>,
    refused?: (standing: Exclude<Standing, 'ok'>) => void,
  ): Promise<boolean> {
    return lanes.run(conn.user.id, async () => {
      if (conn.socket.readyState !== conn.socket.OPEN) return false;
      const standing = await standingOf(conn.user.sessionId);
      if (standing !== 'ok') {
        refused?.(standing);
        closeFor(conn, standing);
        return false;
      }
      await work();
      return true;
    });
  }

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
    const now = Date.now();
    for (const [id, known] of standings) if (now - known.at >= STANDING_TTL_MS) standings.delete(id);
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
      const found = await sessionStandings(
        app.db,
        conns.map((c) => c.user.sessionId),
      );
      for (const conn of conns) {
        const standing = found.get(conn.user.sessionId) ?? 'ended';
        if (standing !== 'ok') closeFor(conn, standing);
      }
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
        syncPending: null,
        handled: Promise.resolve(),
      };
      const version = Number((req.query as { v?: string }).v ?? REALTIME.version);
      if (version !== REALTIME.version) {
        socket.close(CLOSE_CODES.unsupportedVersion, 'unsupported version');
        return;
      }
      if (tooMany(conn)) {
        socket.close(CLOSE_CODES.tooManySockets, 'too many sockets');
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

  /** Whether the member (or this session) already has as many sockets here as allowed. */
  function tooMany(conn: Connection): boolean {
    const mine = hub.byMember.get(conn.user.id);
    if (!mine) return false;
    if (mine.size >= REALTIME.socketsPerMember) return true;
    let ofSession = 0;
    for (const other of mine) if (other.user.sessionId === conn.user.sessionId) ofSession++;
    return ofSession >= REALTIME.socketsPerSession;
  }

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
    if (frame.type === 'ping') {
      // After every frame sent before it has been handled: a pong says all their answers are out.
      await before;
      send(conn, { type: 'pong', time: Date.now() });
      return;
    }
    const budget = await memberFrames(conn.request);
    if (!budget.isAllowed && budget.isExceeded) {
      conn.socket.close(CLOSE_CODES.rateLimited, 'too many frames');
      return;
    }
    switch (frame.type) {
      case 'typing': {
        // Per member, over all their tabs: excess typing frames are dropped, not answered.
        const typed = (typingByMember.get(conn.user.id) ?? 0) + 1;
        typingByMember.set(conn.user.id, typed);
        if (typed > REALTIME.typingPer10s) return;
        const { conversation_id: conversationId, typing } = frame;
        await act(conn, async () => {
          const other = await otherOf(conn, conversationId);
          if (other === undefined) return;
          // Typing shows where the member is seen: not across a block either way, and not from an
          // invisible (unlisted) member, whose online status shows to no one either.
          const seen = await findCounterpart(app.db, other, conn.user.id);
          if (!seen?.listed || seen.blockedMe || seen.blockedByMe) return;
          app.bus.publishToMember(other, {
            type: 'typing',
            conversation_id: conversationId,
            member_id: conn.user.id,
            typing,
          });
        });
        return;
      }
      case 'read': {
        const { conversation_id: conversationId, seq } = frame;
        await act(conn, async () => {
          if ((await otherOf(conn, conversationId)) === undefined) return;
          await readChat(depsOf(conn), conn.user.id, conversationId, seq);
        });
        return;
      }
      case 'sync':
        await syncFor(conn, frame.conversations);
        return;
      case 'send': {
        const refused = (standing: Exclude<Standing, 'ok'>) =>
          send(conn, {
            type: 'nack',
            client_id: frame.client_id,
            status: 403,
            ...appErrorBody(
              standing === 'banned'
                ? new AppError(403, 'banned', 'auth.banned')
                : new AppError(403, 'authentication_required', 'auth.required'),
              conn.locale,
              {},
            ),
          });
        await act(conn, () => onSend(conn, frame), refused);
        return;
      }
    }
  }

  /**
   * Answers sync frames (C-12), at most one at a time per socket: frames that arrive while one runs are
   * answered together once it ends, for every conversation they asked (each from the lowest sequence
   * asked), so a flood of syncs costs one more answer, not one each.
   */
  async function syncFor(conn: Connection, asked: { conversation_id: number; after_seq: number }[]) {
    if (conn.syncPending) {
      for (const { conversation_id: id, after_seq: seq } of asked)
        conn.syncPending.set(id, Math.min(seq, conn.syncPending.get(id) ?? seq));
      return;
    }
    conn.syncPending = new Map();
    try {
      let next = asked;
      while (next.length > 0) {
        const question = next;
        const answered = await act(conn, async () => {
          const answer = await syncConversations(depsOf(conn), conn.user.id, question);
          send(conn, { type: 'sync', ...answer });
        });
        if (!answered) return;
        next = [];
        for (const [id, seq] of conn.syncPending) {
          if (next.length === REALTIME.maxSyncConversations) break;
          next.push({ conversation_id: id, after_seq: seq });
          conn.syncPending.delete(id);
        }
      }
    } finally {
      conn.syncPending = null;
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
      // A member who confirmed their e-mail since the socket opened may send from now on.
      if (conn.user.status === 'not_confirmed' && (await accountStatus(app.db, conn.user.id)) === 'confirmed')
        conn.user = { ...conn.user, status: 'confirmed' };
      const response = await sendMessage(
        deps,
        { id: conn.user.id, paidUser: conn.user.paidUser, confirmed: conn.user.status === 'confirmed' },
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
