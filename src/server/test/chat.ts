import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { type WebSocket, WebSocket as WebSocketClient } from 'ws';
import { REALTIME, type RealtimeEvent } from '../../shared/contract/realtime.ts';
import { users } from '../db/schema.ts';
import { createTestApp, type TestApp } from './app.ts';
import type { TestMember } from './members.ts';

// Helpers shared by the chat test files (API, sockets, PostgreSQL races).

export const clientId = () => randomUUID();

export type Method = 'GET' | 'POST' | 'DELETE';

export function api(
  app: FastifyInstance,
  m: TestMember | null,
  method: Method,
  url: string,
  payload?: object,
) {
  return app.inject({ method, url, ...(m ? { cookies: m.cookies } : {}), ...(payload ? { payload } : {}) });
}

export async function openChat(app: FastifyInstance, a: TestMember, b: TestMember): Promise<number> {
  const res = await api(app, a, 'POST', `/api/members/${b.id}/chat`);
  if (res.statusCode !== 200) throw new Error(`open chat: ${res.statusCode} ${res.body}`);
  return res.json().conversation.id;
}

export function sendText(
  app: FastifyInstance,
  m: TestMember,
  conversationId: number,
  body: string,
  id = clientId(),
) {
  return api(app, m, 'POST', `/api/chats/${conversationId}/messages`, { kind: 'text', client_id: id, body });
}

export async function creditsOf(app: FastifyInstance, memberId: number): Promise<number> {
  const [row] = await app.db.select({ credits: users.credits }).from(users).where(eq(users.id, memberId));
  return row?.credits ?? -1;
}

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body built by hand, exactly as a browser would send it. */
export function multipart(parts: Part[]) {
  const boundary = `----vonk${randomUUID().replaceAll('-', '')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename
      ? `form-data; name="${p.name}"; filename="${p.filename}"`
      : `form-data; name="${p.name}"`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`;
    chunks.push(
      Buffer.from(head),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Collects a socket's events and waits for the ones a test expects. */
export function listen(socket: WebSocket) {
  const events: RealtimeEvent[] = [];
  const waiters: { match: (e: RealtimeEvent) => boolean; resolve: (e: RealtimeEvent) => void }[] = [];
  let closed: { code: number } | null = null;
  socket.on('message', (data: Buffer) => {
    const event = JSON.parse(data.toString()) as RealtimeEvent;
    events.push(event);
    for (const w of [...waiters])
      if (w.match(event)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(event);
      }
  });
  const closedPromise = new Promise<{ code: number }>((resolve) =>
    socket.on('close', (code: number) => {
      closed = { code };
      resolve({ code });
    }),
  );
  return {
    events,
    closed: () => closed,
    /**
     * The sentinel for "nothing else arrived": a ping, answered once the frames sent before it are
     * handled, and its pong. Whatever the server sent this socket before that is in `events` then
     * (the sentinel's own pong is not).
     */
    caughtUp(ms = 3000): Promise<void> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no pong within ${ms} ms`)), ms);
        waiters.push({
          match: (e) => e.type === 'pong',
          resolve: (e) => {
            events.splice(events.lastIndexOf(e), 1);
            clearTimeout(timer);
            resolve();
          },
        });
        socket.send(JSON.stringify({ type: 'ping' }));
      });
    },
    waitClose: (ms = 3000) =>
      Promise.race([
        closedPromise,
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no close')), ms)),
      ]),
    next<K extends RealtimeEvent['type']>(
      type: K,
      where: (e: Extract<RealtimeEvent, { type: K }>) => boolean = () => true,
      ms = 3000,
    ): Promise<Extract<RealtimeEvent, { type: K }>> {
      const match = (e: RealtimeEvent) => e.type === type && where(e as Extract<RealtimeEvent, { type: K }>);
      const seen = events.find(match);
      if (seen) return Promise.resolve(seen as Extract<RealtimeEvent, { type: K }>);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${type} event within ${ms} ms`)), ms);
        waiters.push({
          match,
          resolve: (e) => {
            clearTimeout(timer);
            resolve(e as Extract<RealtimeEvent, { type: K }>);
          },
        });
      });
    },
  };
}

/** The base URL of a listening app (port chosen by the system). */
export async function listenOn(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

/** A real WebSocket client for a member, listening from its first frame; resolves after hello. */
export async function connectSocket(
  base: string,
  cookie: string | null,
  headers: Record<string, string> = {},
) {
  const socket = new WebSocketClient(`${base}${REALTIME.path}?v=${REALTIME.version}`, {
    headers: { ...(cookie ? { cookie } : {}), ...headers },
  });
  const listener = listen(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  await listener.next('hello');
  return { socket, ...listener };
}

/**
 * Waits until what `app` publishes on its bus reaches a member's socket, on this or another instance (a
 * Redis bus subscribes and connects in the background): publishes a `counts` hint until one arrives.
 */
export async function waitForBus(
  app: FastifyInstance,
  memberId: number,
  socket: Awaited<ReturnType<typeof connectSocket>>,
  ms = 30_000,
) {
  const deadline = Date.now() + ms;
  for (;;) {
    app.bus.publishToMember(memberId, { type: 'counts' });
    try {
      await socket.next('counts', () => true, 250);
      return;
    } catch (err) {
      if (Date.now() > deadline) throw err;
    }
  }
}

/** A text `send` frame over a member's socket (C-12), as the web app sends when its socket is open. */
export function sendOverSocket(socket: WebSocket, conversationId: number, clientId: string, body: string) {
  socket.send(JSON.stringify({ type: 'send', conversation_id: conversationId, client_id: clientId, body }));
}

/**
 * The file's test app, listening on a port (for sockets): made before the file's tests, closed after them.
 * Read `server.t` and `server.base` inside tests and hooks.
 */
export function listeningTestApp(): { t: TestApp; base: string } {
  const server = { t: undefined as unknown as TestApp, base: '' };
  beforeAll(async () => {
    server.t = await createTestApp();
    server.base = await listenOn(server.t.app);
  });
  afterAll(() => server.t.close());
  return server;
}
