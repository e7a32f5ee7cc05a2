import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { CLOSE_CODES, REALTIME, ZServerFrame } from '../../../shared/contract/realtime.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { api, connectSocket, listenOn, openChat, sendOverSocket, sendText } from '../../test/chat.ts';
import { buildMember, type TestMember } from '../../test/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const paid = (credits = 100) => buildMember(t.app.db, { paidUser: true, credits });

let base = '';
beforeAll(async () => {
  base = await listenOn(t.app);
});
const connect = (m: TestMember | null, headers: Record<string, string> = {}) =>
  connectSocket(base, m ? m.cookie : null, headers);

const frame = (socket: WebSocket, value: unknown) => socket.send(JSON.stringify(value));

describe('P-15 the real-time channel', () => {
  it('P-15 only a logged-in member from this site gets a socket; hello carries the protocol version', async () => {
    const a = await paid();
    await expect(connect(null)).rejects.toThrow(/403/);
    await expect(connect(a, { origin: 'https://evil.example' })).rejects.toThrow(/403/);
    const ok = await connect(a, { origin: base.replace(/^ws/, 'http') });
    const hello = await ok.next('hello');
    expect(ZServerFrame.parse(hello)).toMatchObject({ v: REALTIME.version, member_id: a.id });
    ok.socket.close();
  });

  it('P-15 C-08 a message reaches both members’ sockets; the recipient’s carries the unread total, the sender gets credits', async () => {
    const a = await paid(10);
    const b = await paid();
    const stranger = await paid();
    const [sa, sb, sx] = await Promise.all([connect(a), connect(b), connect(stranger)]);
    const id = await openChat(t.app, a, b);
    const sent = await sendText(t.app, a, id, 'Live!');
    expect(sent.statusCode).toBe(201);
    const atB = await sb.next('message');
    expect(ZServerFrame.parse(atB)).toMatchObject({
      conversation_id: id,
      message: { body: 'Live!', mine: false, client_id: null, seq: 1 },
      unread_messages: 1,
    });
    expect((await sa.next('message')).message).toMatchObject({
      mine: true,
      client_id: sent.json().message.client_id,
    });
    expect(await sa.next('credits')).toMatchObject({ credits: 9 });
    await Promise.all([sb.caughtUp(), sx.caughtUp()]);
    // The unread total came with the message: no counts event besides it.
    expect(sb.events.filter((e) => e.type === 'counts')).toEqual([]);
    expect(sx.events.filter((e) => e.type !== 'hello')).toEqual([]);
    for (const s of [sa, sb, sx]) s.socket.close();
  });

  it('P-15 D-03 D-04 a like reaches the liked member at once, a match both; nobody else hears of it', async () => {
    const a = await paid();
    const b = await paid();
    const stranger = await paid();
    const [sa, sb, sx] = await Promise.all([connect(a), connect(b), connect(stranger)]);
    const like = (from: TestMember, to: TestMember) => api(t.app, from, 'POST', `/api/members/${to.id}/like`);
    expect((await like(a, b)).json()).toMatchObject({ liked: true, match: false });
    expect(await sb.next('counts')).toEqual({ type: 'counts' });
    expect((await like(b, a)).json()).toMatchObject({ liked: true, match: true });
    expect(await sa.next('counts')).toEqual({ type: 'counts' });
    await sx.caughtUp();
    expect(sx.events.filter((e) => e.type !== 'hello')).toEqual([]);
    for (const s of [sa, sb, sx]) s.socket.close();
  });

  it('C-11 typing and read frames reach the other member; a stranger’s frames reach nobody', async () => {
    const a = await paid();
    const b = await paid();
    const stranger = await paid();
    const [sa, sb, sx] = await Promise.all([connect(a), connect(b), connect(stranger)]);
    const id = await openChat(t.app, a, b);
    await sendText(t.app, a, id, 'Hoi');
    frame(sa.socket, { type: 'typing', conversation_id: id, typing: true });
    expect(await sb.next('typing')).toMatchObject({ conversation_id: id, member_id: a.id, typing: true });
    frame(sb.socket, { type: 'read', conversation_id: id, seq: 1 });
    expect(await sa.next('read')).toMatchObject({ conversation_id: id, reader_id: b.id, read_seq: 1 });
    expect(await sb.next('counts', (e) => e.unread_messages === 0)).toBeTruthy();
    frame(sx.socket, { type: 'typing', conversation_id: id, typing: true });
    frame(sx.socket, { type: 'read', conversation_id: id, seq: 1 });
    frame(sx.socket, { type: 'sync', conversations: [{ conversation_id: id, after_seq: 0 }] });
    expect(await sx.next('sync')).toEqual({ type: 'sync', conversations: [] });
    // The stranger's frames are handled once its pong is back; then whatever they caused was sent.
    await sx.caughtUp();
    await Promise.all([sa.caughtUp(), sb.caughtUp()]);
    expect(
      sa.events.filter((e) => e.type === 'typing' || (e.type === 'read' && e.reader_id === stranger.id)),
    ).toEqual([]);
    expect(sb.events.filter((e) => e.type === 'typing' && e.member_id === stranger.id)).toEqual([]);
    for (const s of [sa, sb, sx]) s.socket.close();
  });

  it('C-11 typing is limited per member over all their tabs: excess frames are dropped', async () => {
    const a = await paid();
    const b = await paid();
    const id = await openChat(t.app, a, b);
    const [tab1, tab2, sb] = await Promise.all([connect(a), connect(a), connect(b)]);
    for (let i = 0; i < 15; i++) {
      frame(tab1.socket, { type: 'typing', conversation_id: id, typing: i % 2 === 0 });
      frame(tab2.socket, { type: 'typing', conversation_id: id, typing: i % 2 === 0 });
    }
    // Both tabs' frames handled, then every typing event they caused has reached b's socket.
    await Promise.all([tab1.caughtUp(), tab2.caughtUp()]);
    await sb.caughtUp();
    expect(sb.events.filter((e) => e.type === 'typing')).toHaveLength(REALTIME.typingPer10s);
    for (const s of [tab1, tab2, sb]) s.socket.close();
  });

  it('C-12 after a reconnect, sync answers exactly the messages after the sequence the client holds', async () => {
    const a = await paid(10);
    const b = await paid();
    const id = await openChat(t.app, a, b);
    await sendText(t.app, a, id, 'een');
    const first = await connect(b);
    first.socket.close();
    await sendText(t.app, a, id, 'twee');
    await sendText(t.app, a, id, 'drie');
    const again = await connect(b);
    frame(again.socket, { type: 'sync', conversations: [{ conversation_id: id, after_seq: 1 }] });
    const sync = await again.next('sync');
    expect(sync.conversations).toHaveLength(1);
    expect(sync.conversations[0]?.messages.map((m) => m.body)).toEqual(['twee', 'drie']);
    expect(sync.conversations[0]).toMatchObject({ more: false, last_seq: 3 });
    again.socket.close();
  });

  it('C-12 one sync answers many conversations at once: each its messages after its own sequence, a full page with more, a twin asked once, none of a stranger', async () => {
    const b = await paid();
    const [x, y, z] = await Promise.all([paid(500), paid(500), paid(500)]);
    if (!x || !y || !z) throw new Error('no members');
    const small = await openChat(t.app, x, b);
    const long = await openChat(t.app, y, b);
    const one = await openChat(t.app, z, b);
    for (const body of ['een', 'twee', 'drie']) await sendText(t.app, x, small, body);
    for (let i = 1; i <= REALTIME.maxSyncMessages + 2; i++) await sendText(t.app, y, long, `nr ${i}`);
    await sendText(t.app, z, one, 'hallo');
    const foreign = await openChat(t.app, await paid(), await paid());
    const sx = await connect(b);
    frame(sx.socket, {
      type: 'sync',
      conversations: [
        { conversation_id: small, after_seq: 1 },
        { conversation_id: long, after_seq: 0 },
        { conversation_id: foreign, after_seq: 0 },
        { conversation_id: one, after_seq: 0 },
        { conversation_id: small, after_seq: 0 },
      ],
    });
    const sync = await sx.next('sync');
    expect(sync.conversations.map((c) => c.conversation_id)).toEqual([small, long, one]);
    const [first, second, third] = sync.conversations;
    expect(first?.messages.map((m) => m.body)).toEqual(['twee', 'drie']);
    expect(first).toMatchObject({ more: false, last_seq: 3 });
    expect(second?.messages.map((m) => m.seq)).toEqual(
      Array.from({ length: REALTIME.maxSyncMessages }, (_, i) => i + 1),
    );
    expect(second).toMatchObject({ more: true, last_seq: REALTIME.maxSyncMessages + 2 });
    expect(third?.messages.map((m) => m.body)).toEqual(['hallo']);
    sx.socket.close();
  });

  it('P-15 malformed, binary, oversized and flooding frames close that socket with a code; the server lives on', async () => {
    const a = await paid();
    const cases: [(s: WebSocket) => void, number][] = [
      [(s) => s.send('not json'), CLOSE_CODES.malformed],
      [(s) => s.send(JSON.stringify({ type: 'launch', missiles: true })), CLOSE_CODES.malformed],
      [
        (s) => s.send(JSON.stringify({ type: 'typing', conversation_id: -1, typing: true })),
        CLOSE_CODES.malformed,
      ],
      [
        (s) => s.send(JSON.stringify({ type: 'read', conversation_id: 1, seq: 1, extra: 1 })),
        CLOSE_CODES.malformed,
      ],
      [(s) => s.send(Buffer.from([0, 1, 2])), CLOSE_CODES.malformed],
      [
        (s) => s.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(REALTIME.maxFrameBytes) })),
        CLOSE_CODES.tooBig,
      ],
      [
        (s) => {
          const limit = Math.ceil(REALTIME.framesPer10s * t.app.config.rateLimitFactor);
          for (let i = 0; i <= limit; i++) s.send(JSON.stringify({ type: 'ping' }));
        },
        CLOSE_CODES.rateLimited,
      ],
    ];
    for (const [act, code] of cases) {
      const s = await connect(a);
      act(s.socket);
      expect((await s.waitClose()).code).toBe(code);
    }
    const s = await connect(a);
    frame(s.socket, { type: 'ping' });
    expect(await s.next('pong')).toMatchObject({ type: 'pong' });
    expect((await api(t.app, a, 'GET', '/api/chats')).statusCode).toBe(200);
    s.socket.close();
  });

  it('P-15 frames above the socket cap (200 kB binary, 70 kB text) close only that socket with 1009; the member’s other socket still gets messages', async () => {
    const a = await paid();
    const b = await paid();
    const id = await openChat(t.app, a, b);
    const keep = await connect(b);
    for (const payload of [Buffer.alloc(200_000, 0x41), 'x'.repeat(70_000)]) {
      const s = await connect(b);
      s.socket.on('error', () => {});
      s.socket.send(payload);
      expect((await s.waitClose()).code).toBe(1009);
    }
    expect((await sendText(t.app, a, id, 'nog daar?')).statusCode).toBe(201);
    expect((await keep.next('message')).message.body).toBe('nog daar?');
    expect(keep.closed()).toBeNull();
    keep.socket.close();
  });

  it('P-15 logging out closes the sockets of that session with 4401', async () => {
    const a = await paid();
    const s = await connect(a);
    const out = await t.app.inject({ method: 'GET', url: '/api/logout.php', cookies: a.cookies });
    expect(out.statusCode).toBeLessThan(400);
    expect((await s.waitClose()).code).toBe(CLOSE_CODES.unauthenticated);
  });
});

describe('C-12 sending over the socket', () => {
  const send = sendOverSocket;

  it('C-12 C-03 a send frame is stored once and acknowledged after the commit; a retry answers the stored message', async () => {
    const a = await paid(10);
    const b = await paid();
    const [sa, sb] = await Promise.all([connect(a), connect(b)]);
    const id = await openChat(t.app, a, b);
    send(sa.socket, id, 'ws-send-0001', '  Over de socket  ');
    const ack = await sa.next('ack');
    ZServerFrame.parse(ack);
    expect(ack).toMatchObject({
      client_id: 'ws-send-0001',
      response: { duplicate: false, message: { body: 'Over de socket', seq: 1, mine: true } },
    });
    // This socket's site (127.0.0.1) sets the price; it is booked once.
    const balance = ack.response.credits;
    expect(balance).toBeGreaterThanOrEqual(0);
    expect(balance).toBeLessThan(10);
    expect((await sb.next('message')).message).toMatchObject({ body: 'Over de socket', mine: false });
    // The same client id again (a resend after a lost ack): the stored message, nothing booked twice.
    send(sa.socket, id, 'ws-send-0001', 'Over de socket');
    await sa.caughtUp();
    const acks = sa.events.filter((e) => e.type === 'ack');
    expect(acks).toHaveLength(2);
    expect(acks[1]).toMatchObject({ response: { duplicate: true, credits: balance, message: { seq: 1 } } });
    // And over HTTP with the same id: still the one message.
    const again = await api(t.app, a, 'POST', `/api/chats/${id}/messages`, {
      kind: 'text',
      client_id: 'ws-send-0001',
      body: 'Over de socket',
    });
    expect(again.json()).toMatchObject({ duplicate: true, credits: balance });
    const list = await api(t.app, b, 'GET', `/api/chats/${id}/messages`);
    expect(list.json().messages).toHaveLength(1);
    for (const s of [sa, sb]) s.socket.close();
  });

  it('C-12 the sending socket gets the ack only; the member’s other tabs get the message and the new balance', async () => {
    const a = await paid(10);
    const b = await paid();
    const [tab1, tab2, sb] = await Promise.all([connect(a), connect(a), connect(b)]);
    const id = await openChat(t.app, a, b);
    send(tab1.socket, id, 'ws-tabs-0001', 'Vanaf tab 1');
    const ack = await tab1.next('ack');
    expect(await tab2.next('message')).toMatchObject({ message: { body: 'Vanaf tab 1', mine: true } });
    expect(await tab2.next('credits')).toMatchObject({ credits: ack.response.credits });
    expect(await sb.next('message')).toMatchObject({ message: { body: 'Vanaf tab 1', mine: false } });
    await tab1.caughtUp();
    expect(tab1.events.map((e) => e.type).filter((type) => type !== 'hello')).toEqual(['ack']);
    for (const s of [tab1, tab2, sb]) s.socket.close();
  });

  it('C-12 bad bodies, strangers and empty wallets get a nack with the HTTP error; the socket stays open', async () => {
    const a = await paid(0);
    const b = await paid();
    const stranger = await paid(50);
    const [sa, sx] = await Promise.all([connect(a), connect(stranger)]);
    const id = await openChat(t.app, b, a);
    const nackOf = async (s: Awaited<ReturnType<typeof connect>>, clientId: string) =>
      ZServerFrame.parse(await s.next('nack', (e) => e.client_id === clientId));
    for (const [clientId, body, field] of [
      ['ws-bad-empty', ' \u200b ', 'body'],
      ['ws-bad-bidi', 'hoi \u202e', 'body'],
      ['ws-bad-nul', 'a\u0000b', 'body'],
      ['no', 'Hoi', 'client_id'],
    ] as const) {
      send(sa.socket, id, clientId, body);
      expect(await nackOf(sa, clientId)).toMatchObject({
        status: 400,
        error: { code: 'validation', fields: { [field]: expect.any(String) } },
      });
    }
    send(sa.socket, id, 'ws-no-credits', 'Hallo');
    expect(await nackOf(sa, 'ws-no-credits')).toMatchObject({
      status: 402,
      error: { code: 'insufficient_credits', message: 'Je hebt onvoldoende credits' },
    });
    send(sx.socket, id, 'ws-stranger-1', 'Ik lees mee');
    expect(await nackOf(sx, 'ws-stranger-1')).toMatchObject({ status: 404 });
    // Nothing was stored, and the sockets still work.
    expect((await api(t.app, b, 'GET', `/api/chats/${id}/messages`)).json().messages).toHaveLength(0);
    frame(sa.socket, { type: 'ping' });
    expect(await sa.next('pong')).toMatchObject({ type: 'pong' });
    for (const s of [sa, sx]) s.socket.close();
  });
});
