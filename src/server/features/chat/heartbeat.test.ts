import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { CLOSE_CODES, REALTIME } from '../../../shared/contract/realtime.ts';
import { sessions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { connectSocket, listenOn } from '../../test/chat.ts';
import { buildMember } from '../../test/members.ts';

// Only the server's intervals run on a fake clock, so the heartbeat can be stepped through; everything
// else (database, sockets, timeouts) runs for real.
let t: TestApp;
let base: string;
beforeAll(async () => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  t = await createTestApp();
  base = await listenOn(t.app);
});
afterAll(async () => {
  await t.close();
  vi.useRealTimers();
});

type Live = Awaited<ReturnType<typeof connectSocket>>;

/** One heartbeat; then each `live` socket has had the server's ping, and the server its pong. */
const beat = async (...live: Live[]) => {
  const pinged = live.map((s) => new Promise((ok) => s.socket.once('ping', ok)));
  vi.advanceTimersByTime(REALTIME.heartbeatMs);
  await Promise.all(pinged);
  // The client's automatic pong went out before this frame: once its answer is back, the server has it.
  await Promise.all(live.map((s) => s.caughtUp()));
};

describe('P-15 heartbeats', () => {
  it('P-15 a socket that answers pings stays; one that stopped answering is closed after a missed ping', async () => {
    const m = await buildMember(t.app.db);
    const alive = await connectSocket(base, m.cookie);
    const dead = new WebSocket(`${base}${REALTIME.path}`, { headers: { cookie: m.cookie }, autoPong: false });
    const deadClosed = new Promise<number>((ok) => dead.on('close', (code) => ok(code)));
    await new Promise((ok) => dead.once('open', ok));
    await beat(alive);
    await beat(alive);
    expect(await deadClosed).toBe(1006);
    expect(alive.closed()).toBeNull();
    alive.socket.close();
  });

  it('P-15 a socket whose session ended elsewhere (password change, expiry) is closed with 4401 at the next beat', async () => {
    const m = await buildMember(t.app.db);
    const s = await connectSocket(base, m.cookie);
    await t.app.db.delete(sessions).where(eq(sessions.userId, m.id));
    await beat();
    expect((await s.waitClose()).code).toBe(CLOSE_CODES.unauthenticated);
  });
});
