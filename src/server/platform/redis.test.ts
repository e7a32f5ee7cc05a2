import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { CHAT } from '../../shared/contract/chat.ts';
import { createTestApp } from '../test/app.ts';
import { connectSocket, listenOn, openChat, sendOverSocket, sendText } from '../test/chat.ts';
import { buildMember } from '../test/members.ts';

// Runs where a Redis server is given (`npm run test:pg` sets TEST_REDIS_URL; CI runs it).
const url = process.env.TEST_REDIS_URL;

describe.runIf(url)('with Redis', () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    for (const c of clients) await c.quit();
  });

  // A fresh key space per test and run, so earlier runs and other suites do not count.
  const redisSpace = () => {
    const ns = randomBytes(4).toString('hex');
    return () => {
      const c = new Redis(url ?? '', { keyPrefix: `t${ns}:`, maxRetriesPerRequest: 3 });
      clients.push(c);
      return c;
    };
  };

  it('P-16 two instances share the rate-limit counters of one address', async () => {
    const redis = redisSpace();
    const a = await createTestApp({ RATE_LIMIT_FACTOR: '1' }, { redis: redis() });
    const b = await createTestApp({ RATE_LIMIT_FACTOR: '1' }, { redis: redis() });
    try {
      const login = (app: typeof a, i: number) =>
        app.app.inject({
          method: 'POST',
          url: '/api/user.php',
          payload: { email: `r${i}@example.test`, password: 'x' },
          remoteAddress: '10.20.30.40',
        });
      // The login limit is 20 a minute per address: 10 on each instance use it up together.
      for (let i = 0; i < 10; i++) {
        expect((await login(a, i)).statusCode).toBe(401);
        expect((await login(b, i)).statusCode).toBe(401);
      }
      expect((await login(a, 99)).statusCode).toBe(429);
      expect((await login(b, 99)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('P-16 C-12 a member’s chat sends are counted once across instances, over HTTP on one and the socket on the other', async () => {
    const redis = redisSpace();
    const a = await createTestApp({ RATE_LIMIT_FACTOR: '1' }, { redis: redis() });
    const b = await createTestApp({ RATE_LIMIT_FACTOR: '1' }, { redis: redis() });
    try {
      // Both databases are seeded alike, so the member built next has the same id on both: one member.
      const senderA = await buildMember(a.app.db, { paidUser: true, credits: 500 });
      const otherA = await buildMember(a.app.db);
      const senderB = await buildMember(b.app.db, { paidUser: true, credits: 500 });
      const otherB = await buildMember(b.app.db);
      expect(senderB.id).toBe(senderA.id);
      const chatA = await openChat(a.app, senderA, otherA);
      const chatB = await openChat(b.app, senderB, otherB);
      const socket = await connectSocket(await listenOn(b.app), senderB.cookie);
      const half = CHAT.sendsPerMinute / 2;
      for (let i = 0; i < half; i++) {
        expect((await sendText(a.app, senderA, chatA, `http ${i}`)).statusCode).toBe(201);
        sendOverSocket(socket.socket, chatB, `p16-rate-${i}-00`, `ws ${i}`);
        await socket.next('ack', (e) => e.client_id === `p16-rate-${i}-00`);
      }
      expect((await sendText(a.app, senderA, chatA, 'te veel')).statusCode).toBe(429);
      sendOverSocket(socket.socket, chatB, 'p16-rate-over-00', 'te veel');
      expect(await socket.next('nack', (e) => e.client_id === 'p16-rate-over-00')).toMatchObject({
        status: 429,
      });
      socket.socket.close();
    } finally {
      await a.close();
      await b.close();
    }
  }, 60_000);

  it('N-02 P-16 a member with a socket on one instance is online for the others, and not after the last tab closes', async () => {
    const redis = redisSpace();
    const a = await createTestApp({}, { redis: redis() });
    const b = await createTestApp({}, { redis: redis() });
    try {
      const member = await buildMember(a.app.db);
      expect(await b.app.presence.isOnline(member.id)).toBe(false);
      const tab1 = await connectSocket(await listenOn(a.app), member.cookie);
      const base = `ws://${tab1.socket.url.split('/')[2]}`;
      const tab2 = await connectSocket(base, member.cookie);
      await vi.waitFor(async () => expect(await b.app.presence.isOnline(member.id)).toBe(true));
      tab1.socket.close();
      await tab1.waitClose();
      // Once instance a has seen the tab's connection close (it holds only the other tab's), one tab is
      // still open.
      const connections = () =>
        new Promise<number>((ok, fail) => a.app.server.getConnections((err, n) => (err ? fail(err) : ok(n))));
      await vi.waitFor(async () => expect(await connections()).toBe(1));
      expect(await b.app.presence.isOnline(member.id)).toBe(true);
      tab2.socket.close();
      await tab2.waitClose();
      await vi.waitFor(async () => expect(await b.app.presence.isOnline(member.id)).toBe(false));
    } finally {
      await a.close();
      await b.close();
    }
  });
});
