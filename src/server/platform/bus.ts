import { randomBytes } from 'node:crypto';
import type { Duplex } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import { CLOSE_CODES, REALTIME, type RealtimeEvent } from '../../shared/contract/realtime.ts';
import type { Locale } from '../../shared/i18n/locales.ts';
import type { SessionUser, Standing } from './session.ts';
import type { SiteRow } from './site.ts';

/**
 * The real-time bus (P-15, P-16): carries events for members to whichever process holds their sockets.
 * In-process by default; with Redis, through one pub/sub channel so events cross instances. Events are
 * hints, never the truth: a lost one costs nothing, because clients sync by sequence from the database.
 * Publishing never throws and never waits for Redis, so a dead Redis cannot break a send. Each instance's
 * socket hub (at the end) hands what arrives to the member's sockets there.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** The real-time bus: `app.bus.publishToMember(memberId, event)` from any feature. */
    bus: Bus;
  }
}

/**
 * Sends an event to every socket of a member, on any instance. What other features call. `except`: the id
 * of a socket that has the news already (it asked for it and gets the answer directly).
 */
export type PublishToMember = (memberId: number, event: RealtimeEvent, opts?: { except?: string }) => void;

/** A delivery on the bus: an event for a member's sockets, or a control order for them. */
export type BusMessage =
  | { memberId: number; event: RealtimeEvent; except?: string }
  /** A session ended (logout): close the sockets opened with it. */
  | { memberId: number; control: { kind: 'session_ended'; sessionId: number } }
  /**
   * The member's standing changed (ban, deletion, password or e-mail change): close their sockets, all
   * or all but one session's, with the ban's close code or the ended session's.
   */
  | {
      memberId: number;
      control: { kind: 'member_ended'; reason: 'banned' | 'ended'; exceptSessionId?: number };
    };

/**
 * Closes a member's sockets on every instance at once: after a ban, a deletion, or a password or e-mail
 * change that ended their other sessions (`exceptSessionId`: the session that made the change).
 */
export function endMemberSockets(
  bus: Pick<Bus, 'publish'>,
  memberId: number,
  reason: 'banned' | 'ended',
  exceptSessionId?: number,
) {
  bus.publish({
    memberId,
    control:
      exceptSessionId === undefined
        ? { kind: 'member_ended', reason }
        : { kind: 'member_ended', reason, exceptSessionId },
  });
}

/**
 * A notice for every instance itself, not for a member's sockets: what an instance keeps in memory
 * changed in the database (a site's settings, issue 23 item 5), so each drops its copy.
 */
export type BusNotice = { kind: 'sites_changed'; siteId: number | null };

export interface Bus {
  readonly kind: 'local' | 'redis';
  publishToMember: PublishToMember;
  publish(message: BusMessage): void;
  /** Receives every message published on any instance (own ones included); returns an unsubscribe. */
  subscribe(handler: (message: BusMessage) => void): () => void;
  /** Tells every instance (this one at once, the others through Redis when configured). Never throws. */
  notify(notice: BusNotice): void;
  /** Receives every notice of any instance (own ones included); returns an unsubscribe. */
  onNotice(handler: (notice: BusNotice) => void): () => void;
  close(): Promise<void>;
}

interface Logger {
  warn(obj: object, msg: string): void;
}

function toMember(memberId: number, event: RealtimeEvent, opts?: { except?: string }): BusMessage {
  return opts?.except ? { memberId, event, except: opts.except } : { memberId, event };
}

function localFanout<T = BusMessage>() {
  const handlers = new Set<(message: T) => void>();
  return {
    handlers,
    deliver(message: T, log?: Logger) {
      for (const handler of handlers) {
        try {
          handler(message);
        } catch (err) {
          log?.warn({ err }, 'realtime handler failed');
        }
      }
    },
  };
}

/** The bus of a single process. */
export function createLocalBus(log?: Logger): Bus {
  const fanout = localFanout();
  const notices = localFanout<BusNotice>();
  const publish = (message: BusMessage) => fanout.deliver(message, log);
  return {
    kind: 'local',
    publish,
    publishToMember: (memberId, event, opts) => publish(toMember(memberId, event, opts)),
    subscribe(handler) {
      fanout.handlers.add(handler);
      return () => fanout.handlers.delete(handler);
    },
    notify: (notice) => notices.deliver(notice, log),
    onNotice(handler) {
      notices.handlers.add(handler);
      return () => notices.handlers.delete(handler);
    },
    close: async () => {
      fanout.handlers.clear();
      notices.handlers.clear();
    },
  };
}

/** Redis commands of the bus give up after this long: a slow Redis must not pile up work. */
const REDIS_TIMEOUT_MS = 1_000;

/**
 * The bus over Redis pub/sub. Messages are delivered locally at once and published for the other
 * instances; each instance ignores its own echo. When Redis is down, local delivery goes on and other
 * instances' clients catch up by sequence sync when they next connect or sync.
 */
export function createRedisBus(redis: Redis, opts: { channel?: string; log?: Logger } = {}): Bus {
  const channel = opts.channel ?? 'vonk:realtime';
  const instance = randomBytes(8).toString('hex');
  const fanout = localFanout();
  const notices = localFanout<BusNotice>();
  // Own connections: a subscriber connection can do nothing else, and the publisher must fail fast
  // (no offline queue) instead of queueing while Redis is away.
  const pub = redis.duplicate({
    enableOfflineQueue: false,
    commandTimeout: REDIS_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    keyPrefix: '',
  });
  // The subscription waits for the connection (the shared client may refuse to queue while offline), and
  // ioredis subscribes again by itself after every reconnect.
  const sub = redis.duplicate({
    keyPrefix: '',
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    commandTimeout: REDIS_TIMEOUT_MS,
  });
  const quiet = (err: Error) => opts.log?.warn({ err: err.message }, 'realtime redis');
  pub.on('error', quiet);
  sub.on('error', quiet);
  sub.subscribe(channel).catch(quiet);
  sub.on('message', (ch: string, raw: string) => {
    if (ch !== channel) return;
    let parsed: { from: string; message?: BusMessage; notice?: BusNotice };
    try {
      parsed = JSON.parse(raw);
    } catch {
      return;
    }
    if (parsed.from === instance) return;
    if (parsed.message) fanout.deliver(parsed.message, opts.log);
    else if (parsed.notice) notices.deliver(parsed.notice, opts.log);
  });

  const send = (envelope: { message: BusMessage } | { notice: BusNotice }) => {
    if (pub.status !== 'ready') return;
    pub.publish(channel, JSON.stringify({ from: instance, ...envelope })).catch(quiet);
  };
  const publish = (message: BusMessage) => {
    fanout.deliver(message, opts.log);
    send({ message });
  };
  return {
    kind: 'redis',
    publish,
    publishToMember: (memberId, event, opts) => publish(toMember(memberId, event, opts)),
    subscribe(handler) {
      fanout.handlers.add(handler);
      return () => fanout.handlers.delete(handler);
    },
    notify(notice) {
      notices.deliver(notice, opts.log);
      send({ notice });
    },
    onNotice(handler) {
      notices.handlers.add(handler);
      return () => notices.handlers.delete(handler);
    },
    async close() {
      fanout.handlers.clear();
      notices.handlers.clear();
      pub.disconnect();
      sub.disconnect();
    },
  };
}

// ---------------------------------------------------------------- the sockets of this instance

/** A socket whose unsent bytes pass this is too slow to keep: it is dropped and syncs when it returns. */
const MAX_BUFFERED_BYTES = 1_048_576;

/**
 * One member's open socket as the features that read its frames see it. The hub keeps the sockets per
 * member and delivers the bus's events; what a frame means is the business of the feature that reads it.
 */
export interface SocketConn {
  /** Unique across instances: a bus message can leave out the socket that asked. */
  readonly id: string;
  readonly socket: WebSocket;
  /** The upgrade request: the member's identity for limits shared with HTTP. */
  readonly request: FastifyRequest;
  readonly user: SessionUser;
  readonly site: SiteRow;
  readonly locale: Locale;
  /** Sends one frame (corked with the others of this turn of the event loop). */
  send(event: RealtimeEvent): void;
  /**
   * Runs the work of a frame that acts, in the member's lane, once the member's standing allows it: a
   * banned member or an ended session gets the socket closed instead (and `refused` is told first).
   * Resolves false when the work did not run.
   */
  act(
    work: () => Promise<void>,
    refused?: (standing: Exclude<Standing, 'ok'>) => void,
    /** `standingChecked`: the work's own statement checks the session's standing (a chat send does). */
    opts?: { standingChecked?: boolean },
  ): Promise<boolean>;
}

/** The hub's own view of a socket: liveness and the frame window besides what features see. */
export interface HubConn extends SocketConn {
  alive: boolean;
  /** Frames of this socket in the current 10 s window. */
  frames: number;
  /** Settles once every frame received so far has been handled (a pong waits for it). */
  handled: Promise<unknown>;
}

/** Closes a socket whose member may no longer act: banned (4403) or session ended (4401). */
export function closeFor(conn: { socket: WebSocket }, standing: Exclude<Standing, 'ok'>) {
  if (standing === 'banned') conn.socket.close(CLOSE_CODES.banned, 'banned');
  else conn.socket.close(CLOSE_CODES.unauthenticated, 'session ended');
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

/** Sends serialised text to a socket; a socket that cannot keep up is dropped (it syncs on return). */
export function sendRaw(socket: WebSocket, data: string) {
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
    socket.terminate();
    return;
  }
  corkFor(socket);
  socket.send(data);
}

/** Sockets of this process by member. */
export class SocketHub {
  readonly byMember = new Map<number, Set<HubConn>>();

  /** Adds a socket; true when it is the member's first here. */
  add(conn: HubConn): boolean {
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
  remove(conn: HubConn): boolean {
    const set = this.byMember.get(conn.user.id);
    if (!set?.delete(conn)) return false;
    if (set.size > 0) return false;
    this.byMember.delete(conn.user.id);
    return true;
  }

  *all(): Generator<HubConn> {
    for (const set of this.byMember.values()) yield* set;
  }

  /** Whether the member (or this session) already has as many sockets here as allowed. */
  tooMany(user: SessionUser): boolean {
    const mine = this.byMember.get(user.id);
    if (!mine) return false;
    if (mine.size >= REALTIME.socketsPerMember) return true;
    let ofSession = 0;
    for (const other of mine) if (other.user.sessionId === user.sessionId) ofSession++;
    return ofSession >= REALTIME.socketsPerSession;
  }

  /**
   * Hands a bus message to the member's sockets here: an event is serialised once for all of them (but
   * the socket that asked to be left out); a control closes the sockets of the session or member it names.
   */
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
      sendRaw(conn.socket, data);
    }
  }
}
