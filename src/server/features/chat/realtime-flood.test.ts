import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { CLOSE_CODES, REALTIME } from '../../../shared/contract/realtime.ts';
import { createSession, SESSION_COOKIE } from '../../platform/session.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { connectSocket, listen, listenOn, openChat, sendText } from '../../test/chat.ts';
import { buildMember } from '../../test/members.ts';

// One member's sockets and frames cannot crowd out everyone else (issue 21 item 2).

let t: TestApp;
let base = '';
beforeAll(async () => {
  t = await createTestApp();
  base = await listenOn(t.app);
});
afterAll(() => t.close());

/** A socket the server is expected to close right after the upgrade: its close code. */
async function refusedCode(cookie: string) {
  const socket = new WebSocket(`${base}${REALTIME.path}?v=${REALTIME.version}`, { headers: { cookie } });
  const listener = listen(socket);
  const { code } = await listener.waitClose();
  expect(listener.events.filter((e) => e.type === 'hello')).toEqual([]);
  return code;
}

const syncFrame = (ids: number[]) =>
  JSON.stringify({ type: 'sync', conversations: ids.map((id) => ({ conversation_id: id, after_seq: 0 })) });

describe('P-15 one member cannot stall the server', () => {
  it('P-15 a session keeps at most 8 sockets and a member 16; the next is closed with 4409', async () => {
    const m = await buildMember(t.app.db);
    const cookies = [m.cookie];
    for (let i = 0; i < 2; i++)
      cookies.push(`${SESSION_COOKIE}=${await createSession(t.app.db, m.id, `device ${i}`)}`);
    const open = [];
    for (let i = 0; i < REALTIME.socketsPerSession; i++) open.push(await connectSocket(base, m.cookie));
    expect(await refusedCode(m.cookie)).toBe(CLOSE_CODES.tooManySockets);
    for (let i = 0; i < REALTIME.socketsPerMember - REALTIME.socketsPerSession; i++)
      open.push(await connectSocket(base, cookies[1] ?? ''));
    expect(await refusedCode(cookies[2] ?? '')).toBe(CLOSE_CODES.tooManySockets);
    // Those within the caps are untouched, and one that closes makes room again.
    expect(open.every((s) => s.closed() === null)).toBe(true);
    open[0]?.socket.close();
    await open[0]?.waitClose();
    const again = await connectSocket(base, cookies[2] ?? '');
    again.socket.send(JSON.stringify({ type: 'ping' }));
    await again.next('pong');
    expect(again.closed()).toBeNull();
    for (const s of [...open, again]) s.socket.close();
  });

  it('C-12 P-15 at most one sync runs per socket: a flood of syncs is answered by a few answers that together cover every conversation asked', async () => {
    const a = await buildMember(t.app.db, { paidUser: true, credits: 10 });
    const b = await buildMember(t.app.db, { paidUser: true });
    const c = await buildMember(t.app.db, { paidUser: true });
    const first = await openChat(t.app, a, b);
    const second = await openChat(t.app, a, c);
    await sendText(t.app, a, first, 'een');
    await sendText(t.app, a, second, 'twee');
    const s = await connectSocket(base, a.cookie);
    for (let i = 0; i < 99; i++) s.socket.send(syncFrame([first]));
    s.socket.send(syncFrame([second]));
    // Frames are handled in order: the answer that covers the last frame's conversation is the last one.
    await s.next('sync', (e) => e.conversations.some((x) => x.conversation_id === second), 10_000);
    const answers = s.events.filter((e) => e.type === 'sync');
    expect(answers.length).toBeLessThan(10);
    const covered = new Set(answers.flatMap((e) => (e.type === 'sync' ? e.conversations : [])));
    expect([...covered].map((x) => x.conversation_id).sort()).toEqual(
      expect.arrayContaining([first, second].sort()),
    );
    for (const answer of answers)
      if (answer.type === 'sync')
        for (const conv of answer.conversations) expect(conv.messages).toHaveLength(1);
    s.socket.close();
  });
});

describe('P-15 one frame budget per member over all their sockets', () => {
  let strict: TestApp;
  let strictBase = '';
  beforeAll(async () => {
    strict = await createTestApp({ RATE_LIMIT_FACTOR: '1' });
    strictBase = await listenOn(strict.app);
  });
  afterAll(() => strict.close());

  it('P-15 three sockets of one member, each within its own limit, pass the member’s budget together: the socket that goes over is closed with 4429', async () => {
    const a = await buildMember(strict.app.db);
    const b = await buildMember(strict.app.db);
    const id = await openChat(strict.app, a, b);
    const sockets = await Promise.all([1, 2, 3].map(() => connectSocket(strictBase, a.cookie)));
    const perSocket = Math.floor((REALTIME.memberFramesPer10s + 30) / 3);
    expect(perSocket).toBeLessThan(REALTIME.framesPer10s);
    for (const s of sockets) for (let i = 0; i < perSocket; i++) s.socket.send(syncFrame([id]));
    const closed = await Promise.race(sockets.map((s) => s.waitClose(10_000)));
    expect(closed.code).toBe(CLOSE_CODES.rateLimited);
    // Another member is not affected.
    const other = await connectSocket(strictBase, b.cookie);
    other.socket.send(syncFrame([id]));
    expect((await other.next('sync')).conversations).toHaveLength(1);
    for (const s of [...sockets, other]) s.socket.close();
  });
});
