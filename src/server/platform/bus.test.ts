import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { connectSocket, listenOn, openChat, sendText } from '../test/chat.ts';
import { buildMember } from '../test/members.ts';
import { type BusMessage, createLocalBus, createRedisBus } from './bus.ts';

describe('P-15 the real-time bus', () => {
  it('P-15 the in-process bus hands every message to every subscriber until it unsubscribes', () => {
    const bus = createLocalBus();
    const seen: BusMessage[] = [];
    const stop = bus.subscribe((m) => seen.push(m));
    bus.subscribe(() => {
      throw new Error('a failing subscriber does not stop the others');
    });
    bus.publishToMember(7, { type: 'credits', credits: 3 });
    stop();
    bus.publishToMember(7, { type: 'credits', credits: 4 });
    expect(seen).toEqual([{ memberId: 7, event: { type: 'credits', credits: 3 } }]);
  });
});

describe('P-16 a dead Redis does not break sends', () => {
  let t: TestApp;
  let dead: Redis;
  beforeAll(async () => {
    // Nothing listens on port 1: every connection attempt fails at once.
    dead = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    t = await createTestApp({}, { bus: createRedisBus(dead) });
  });
  afterAll(async () => {
    await t.close();
    dead.disconnect();
  });

  it('P-16 with Redis down a message is stored, acknowledged and still delivered to sockets of this instance', async () => {
    const a = await buildMember(t.app.db, { paidUser: true, credits: 5 });
    const b = await buildMember(t.app.db, { paidUser: true });
    const base = await listenOn(t.app);
    const socket = await connectSocket(base, b.cookie);
    const id = await openChat(t.app, a, b);
    const res = await sendText(t.app, a, id, 'Redis ligt eruit');
    expect(res.statusCode).toBe(201);
    expect((await socket.next('message')).message.body).toBe('Redis ligt eruit');
    socket.socket.close();
  });
});
