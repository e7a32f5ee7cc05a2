import { randomBytes } from 'node:crypto';
import fastifyWebsocket from '@fastify/websocket';
import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { CLOSE_CODES, REALTIME } from '../../shared/contract/realtime.ts';
import { closeFor, type HubConn, type SocketConn, SocketHub, sendRaw } from './bus.ts';
import { AppError } from './errors.ts';
import { socketRoute } from './route.ts';
import { currentUser, SESSION_COOKIE, type Standing, sessionStandings } from './session.ts';

/**
 * What a feature makes of the frames a member's socket sends: the hub reads, limits and parses the
 * frames, answers `ping` itself and hands every other frame to the `handle` of the reader that parsed it.
 */
export interface FrameReader<F extends { type: string }> {
  /** The frame this JSON value is, or undefined: another reader's, else the socket is closed as malformed. */
  parse(value: unknown): F | undefined;
  handle(conn: SocketConn, frame: F): Promise<void>;
  /** The 10 s windows of the frame limits restart (a feature's own per-window counts restart with them). */
  onWindow?(): void;
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

/** How long a session's standing (session alive, member not banned) is trusted before it is read again. */
const STANDING_TTL_MS = 1_000;

const PROCESS_ID = randomBytes(6).toString('hex');
let connections = 0;

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
 * The real-time channel (P-15): `GET /api/realtime` (REALTIME_API) upgraded to a WebSocket for a logged-in member. The
 * hub keeps each member's sockets, delivers the bus's events to them, pings them (heartbeat), closes
 * them when the session ends or the member is banned, and reads their frames within the limits: what a
 * frame means is the business of `frames`, the features' readers (chat's, given by app.ts). Any malformed frame closes that
 * socket with a code, never the process.
 */
export const realtimeRoutes: FastifyPluginAsync<{
  frames: readonly FrameReader<{ type: string }>[];
}> = async (app, { frames }) => {
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
  const hub = new SocketHub();
  // Frames per socket and 10 s; scaled like every other limit (RATE_LIMIT_FACTOR: tests, benches).
  const frameLimit = Math.ceil(REALTIME.framesPer10s * app.config.rateLimitFactor);
  app.presence.attach((memberId) => hub.byMember.has(memberId));
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

  function act(
    conn: HubConn,
    work: () => Promise<void>,
    refused?: (standing: Exclude<Standing, 'ok'>) => void,
    opts?: { standingChecked?: boolean },
  ): Promise<boolean> {
    return lanes.run(conn.user.id, async () => {
      if (conn.socket.readyState !== conn.socket.OPEN) return false;
      const standing = opts?.standingChecked ? 'ok' : await standingOf(conn.user.sessionId);
      if (standing !== 'ok') {
        refused?.(standing);
        closeFor(conn, standing);
        return false;
      }
      await work();
      return true;
    });
  }

  // Heartbeat: ping every socket; one that did not answer the last ping is dead. Windows of the frame
  // limits restart, and sockets whose session ended elsewhere (logout, password change) are closed.
  const heartbeat = setInterval(() => void beat(), REALTIME.heartbeatMs);
  heartbeat.unref();
  const resetWindows = setInterval(() => {
    for (const conn of hub.all()) conn.frames = 0;
    for (const reader of frames) reader.onWindow?.();
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

  socketRoute(
    app,
    'GET /api/realtime',
    { preHandler: [async (req) => assertSameOrigin(req), app.requireUser] },
    async (socket, req) => {
      const site = await app.sites(req.host);
      const conn: HubConn = {
        id: `${PROCESS_ID}.${++connections}`,
        socket,
        request: req,
        user: currentUser(req),
        site,
        locale: req.locale(site),
        alive: true,
        frames: 0,
        handled: Promise.resolve(),
        send: (event) => sendRaw(socket, JSON.stringify(event)),
        act: (work, refused, opts) => act(conn, work, refused, opts),
      };
      const version = Number((req.query as { v?: string }).v ?? REALTIME.version);
      if (version !== REALTIME.version) {
        socket.close(CLOSE_CODES.unsupportedVersion, 'unsupported version');
        return;
      }
      if (hub.tooMany(conn.user)) {
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
      conn.send({
        type: 'hello',
        v: REALTIME.version,
        member_id: conn.user.id,
        heartbeat_ms: REALTIME.heartbeatMs,
      });
    },
  );

  /** The frame a JSON value is, and the reader it is for; undefined when no reader knows it. */
  function readFrame(value: unknown) {
    for (const reader of frames) {
      const frame = reader.parse(value);
      if (frame) return { frame, reader };
    }
    return undefined;
  }

  /** `before` settles once the frames received before this one have been handled. */
  async function onFrame(conn: HubConn, data: Buffer, isBinary: boolean, before: Promise<unknown>) {
    conn.alive = true;
    if (++conn.frames > frameLimit) {
      conn.socket.close(CLOSE_CODES.rateLimited, 'too many frames');
      return;
    }
    if (data.length > REALTIME.maxFrameBytes) {
      conn.socket.close(CLOSE_CODES.tooBig, 'frame too big');
      return;
    }
    let found: { frame: { type: string }; reader: FrameReader<{ type: string }> } | undefined;
    try {
      if (!isBinary) found = readFrame(JSON.parse(data.toString('utf8')));
    } catch {
      found = undefined;
    }
    if (!found) {
      conn.socket.close(CLOSE_CODES.malformed, 'malformed frame');
      return;
    }
    const { frame, reader } = found;
    if (frame.type === 'ping') {
      // After every frame sent before it has been handled: a pong says all their answers are out.
      await before;
      conn.send({ type: 'pong', time: Date.now() });
      return;
    }
    const budget = await memberFrames(conn.request);
    if (!budget.isAllowed && budget.isExceeded) {
      conn.socket.close(CLOSE_CODES.rateLimited, 'too many frames');
      return;
    }
    await reader.handle(conn, frame);
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
