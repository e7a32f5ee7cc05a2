import type { Duplex } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { CLOSE_CODES, REALTIME, type RealtimeEvent } from '../../shared/contract/realtime.ts';
import type { Locale } from '../../shared/i18n/locales.ts';
import type { BusMessage } from './bus.ts';
import type { SessionUser, Standing } from './session.ts';
import type { SiteRow } from './site.ts';

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
  act(work: () => Promise<void>, refused?: (standing: Exclude<Standing, 'ok'>) => void): Promise<boolean>;
}

/** The hub's own view of a socket: liveness and the frame window besides what features see. */
export interface HubConn extends SocketConn {
  alive: boolean;
  /** Frames of this socket in the current 10 s window. */
  frames: number;
  /** Settles once every frame received so far has been handled (a pong waits for it). */
  handled: Promise<unknown>;
}

/** Frames of one member that use the database at the same time, over all their sockets on this server. */
const MEMBER_LANES = 2;

/**
 * Each member's socket work takes turns: at most MEMBER_LANES frames of one member run at once, the rest
 * wait in order. So one member's flood of frames holds at most that many places in the database's queue
 * (one connection for the embedded database), and every other member's requests pass between them.
 */
export class MemberLanes {
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
