import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { RealtimeEvent } from '../../shared/contract/realtime.ts';

/**
 * The real-time bus (P-15, P-16): carries events for members to whichever process holds their sockets.
 * In-process by default; with Redis, through one pub/sub channel so events cross instances. Events are
 * hints, never the truth: a lost one costs nothing, because clients sync by sequence from the database.
 * Publishing never throws and never waits for Redis, so a dead Redis cannot break a send.
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
