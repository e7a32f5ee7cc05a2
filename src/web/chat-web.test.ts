import { afterEach, describe, expect, it, vi } from 'vitest';
import { matchRoute, pathFor } from '../shared/routes.ts';
import { RealtimeClient } from './api/realtime.ts';
import { reconnectDelay } from './api/reconnect.ts';
import { dayLabelKind, groupByDay } from './features/chat/message-list.tsx';
import { Outbox } from './features/chat/outbox.ts';
import { lastSeq, mergeThread, type ThreadItem } from './features/chat/use-thread.ts';

const at = (h: number, day = 10) => new Date(2026, 10, day, h, 0, 0).toISOString();

describe('C-01 C-02 C-10 chat routes', () => {
  it('C-01 C-02 C-10 name /chats, /chats/:id and /members/:id/chat', () => {
    expect(matchRoute('/chats')).toBe('chats');
    expect(matchRoute('/chats/12')).toBe('chats-id');
    expect(matchRoute('/members/7/chat')).toBe('members-id-chat');
    expect(matchRoute('/members/7')).toBe('members-id');
    expect(pathFor('members-id-chat', { id: 7 })).toBe('/members/7/chat');
  });
});

describe('C-12 thread merge never shows a message twice', () => {
  const stored = (id: number, seq: number, client_id: string | null = null): ThreadItem => ({
    id,
    seq,
    client_id,
    created_at: at(seq),
  });

  it('C-12 an optimistic bubble becomes the stored message in place', () => {
    const pending: ThreadItem = { client_id: 'a', created_at: at(9) };
    const merged = mergeThread([stored(1, 1)], [pending], [stored(2, 2, 'a')]);
    expect(merged.map((m) => m.id)).toEqual([1, 2]);
  });

  it('C-12 a stored copy is never replaced by a late pending one', () => {
    const merged = mergeThread([stored(5, 3, 'x')], [{ client_id: 'x', created_at: at(1) }]);
    expect(merged).toEqual([stored(5, 3, 'x')]);
  });

  it('C-12 the same message from the page, the socket and a sync appears once, by sequence', () => {
    const merged = mergeThread(
      [stored(3, 3), stored(1, 1)],
      [stored(2, 2, 'k'), stored(3, 3)],
      [stored(2, 2, 'k'), stored(4, 4)],
    );
    expect(merged.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
  });

  it('C-12 a message known by id first and by client id later is one message', () => {
    const merged = mergeThread([stored(8, 1)], [stored(8, 1, 'late')]);
    expect(merged).toHaveLength(1);
  });

  it('C-12 pending messages follow every stored one in typing order', () => {
    const merged = mergeThread(
      [
        { client_id: 'p2', created_at: at(12) },
        { client_id: 'p1', created_at: at(11) },
      ],
      [stored(1, 1)],
    );
    expect(merged.map((m) => m.client_id ?? m.id)).toEqual([1, 'p1', 'p2']);
    expect(lastSeq(merged)).toBe(1);
  });
});

describe('C-02 day groups and reconnect delays', () => {
  it('C-02 groups consecutive messages by local day', () => {
    const items = [at(9, 1), at(22, 1), at(8, 2)].map((created_at) => ({ created_at }));
    expect(groupByDay(items).map((g) => g.items.length)).toEqual([2, 1]);
  });

  it('C-02 names today, yesterday, this week and older days', () => {
    const now = new Date(2026, 10, 10, 15);
    expect(dayLabelKind('2026-11-10', now)).toBe('today');
    expect(dayLabelKind('2026-11-09', now)).toBe('yesterday');
    expect(dayLabelKind('2026-11-05', now)).toBe('weekday');
    expect(dayLabelKind('2026-10-01', now)).toBe('date');
  });

  it('P-15 reconnects with exponential backoff, jitter and a 30 s ceiling', () => {
    expect(reconnectDelay(0, () => 0)).toBe(500);
    expect(reconnectDelay(0, () => 1)).toBe(1000);
    expect(reconnectDelay(3, () => 0.5)).toBe(6000);
    expect(reconnectDelay(50, () => 1)).toBe(30_000);
    expect(reconnectDelay(50, () => 0)).toBe(15_000);
  });
});

class MemoryStorage {
  private readonly map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

describe('C-12 outbox: never lost, never doubled', () => {
  const stored = (clientId: string, seq: number) => ({
    message: {
      id: seq,
      conversation_id: 4,
      seq,
      client_id: clientId,
      sender_id: 1,
      mine: true,
      kind: 'text',
      body: 'hoi',
      photo: null,
      gift: null,
      created_at: new Date().toISOString(),
    },
    credits: 3,
    duplicate: false,
    free_messages_left: null,
  });
  const entry = (clientId: string) => ({
    client_id: clientId,
    conversation_id: 4,
    request: { kind: 'text' as const, client_id: clientId, body: `bericht ${clientId}` },
    created_at: new Date().toISOString(),
  });
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('C-12 keeps a message through a failed network, resends it with the same client id, once', async () => {
    const storage = new MemoryStorage();
    const bodies: { client_id: string }[] = [];
    let online = false;
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      bodies.push(JSON.parse(String(init.body)));
      if (!online) throw new TypeError('Failed to fetch');
      return json(201, stored(bodies.at(-1)?.client_id ?? '', bodies.length));
    });
    const box = new Outbox('t', storage as unknown as Storage);
    const sent: string[] = [];
    box.onSent((e) => sent.push(e.client_id));
    box.add(entry('aaaaaaaa-1'));
    await vi.waitFor(() => expect(bodies).toHaveLength(1));
    // Still there, and still there for a new page load (persisted).
    expect(new Outbox('t', storage as unknown as Storage).pending(4).map((e) => e.client_id)).toEqual([
      'aaaaaaaa-1',
    ]);
    online = true;
    // A flush while the failed round is still ending does nothing; one after it resends.
    await vi.waitFor(async () => {
      await box.flush();
      expect(bodies).toHaveLength(2);
    });
    await box.flush();
    expect(bodies.map((b) => b.client_id)).toEqual(['aaaaaaaa-1', 'aaaaaaaa-1']);
    expect(sent).toEqual(['aaaaaaaa-1']);
    expect(box.pending(4)).toEqual([]);
    expect(storage.getItem('t')).toBeNull();
  });

  it('C-12 sends in typing order, one at a time', async () => {
    const order: string[] = [];
    const answering: (() => void)[] = [];
    vi.stubGlobal('fetch', async (_url: string, init: RequestInit) => {
      const { client_id } = JSON.parse(String(init.body));
      order.push(client_id);
      await new Promise<void>((r) => answering.push(r));
      return json(201, stored(client_id, order.length));
    });
    const box = new Outbox('u', new MemoryStorage() as unknown as Storage);
    box.add(entry('bbbbbbbb-1'));
    box.add(entry('bbbbbbbb-2'));
    box.add(entry('bbbbbbbb-3'));
    for (let i = 1; i <= 3; i++) {
      await vi.waitFor(() => expect(order).toHaveLength(i));
      // One at a time: the next is not sent while this one waits for its answer.
      expect(answering).toHaveLength(1);
      answering.shift()?.();
    }
    await vi.waitFor(() => expect(box.pending(4)).toEqual([]));
    expect(order).toEqual(['bbbbbbbb-1', 'bbbbbbbb-2', 'bbbbbbbb-3']);
  });

  it('C-03 a refusal (no credits) stays marked with its text until the chat page takes it back', async () => {
    vi.stubGlobal('fetch', async () =>
      json(402, { error: { code: 'insufficient_credits', message: 'Je hebt onvoldoende credits' } }),
    );
    const box = new Outbox('v', new MemoryStorage() as unknown as Storage);
    box.add(entry('cccccccc-1'));
    await vi.waitFor(() => expect(box.pending(4)[0]?.error?.code).toBe('insufficient_credits'));
    expect(box.pending(4)[0]?.request).toMatchObject({ body: 'bericht cccccccc-1' });
    await box.flush();
    expect(box.pending(4)).toHaveLength(1);
    box.discard('cccccccc-1');
    expect(box.pending(4)).toEqual([]);
  });
});

/** A stand-in for the browser's WebSocket: records frames, lets the test open, speak and close. */
class FakeSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    if (this.readyState === FakeSocket.CLOSED) return;
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
}

describe('P-15 C-12 real-time client', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    FakeSocket.all = [];
  });
  const setup = () => {
    vi.useFakeTimers();
    vi.stubGlobal('WebSocket', FakeSocket);
    vi.stubGlobal('addEventListener', () => undefined);
    vi.stubGlobal('removeEventListener', () => undefined);
    return new RealtimeClient(() => 'ws://localhost/api/realtime?v=1');
  };

  it('P-15 C-12 asks for everything after the held sequence on connect and again after a reconnect', () => {
    const rt = setup();
    let held = 4;
    rt.start();
    rt.watch(9, () => held);
    FakeSocket.all[0]?.open();
    expect(FakeSocket.all[0]?.sent).toEqual([
      { type: 'sync', conversations: [{ conversation_id: 9, after_seq: 4 }] },
    ]);
    held = 7;
    FakeSocket.all[0]?.close(1006);
    expect(rt.status).toBe('down');
    vi.advanceTimersByTime(1000); // first retry within the first backoff step
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]?.open();
    expect(FakeSocket.all[1]?.sent).toEqual([
      { type: 'sync', conversations: [{ conversation_id: 9, after_seq: 7 }] },
    ]);
    rt.stop();
  });

  it('P-15 hands typed events to listeners and ignores frames it does not know', () => {
    const rt = setup();
    const seen: unknown[] = [];
    rt.on('typing', (e) => seen.push(e));
    rt.start();
    FakeSocket.all[0]?.open();
    FakeSocket.all[0]?.receive({ type: 'typing', conversation_id: 3, member_id: 5, typing: true });
    FakeSocket.all[0]?.receive({ type: 'something_new', x: 1 });
    FakeSocket.all[0]?.receive({ type: 'typing', conversation_id: 'drie' });
    expect(seen).toEqual([{ type: 'typing', conversation_id: 3, member_id: 5, typing: true }]);
    rt.stop();
  });

  it('A-10 O-02 a ban or an ended session tells the app at once; a dropped connection does not', () => {
    const rt = setup();
    const ended: number[] = [];
    rt.onEnded((code) => ended.push(code));
    rt.start();
    FakeSocket.all[0]?.open();
    FakeSocket.all[0]?.close(1006);
    expect(ended).toEqual([]);
    vi.advanceTimersByTime(1000);
    FakeSocket.all[1]?.open();
    FakeSocket.all[1]?.close(4403);
    expect(ended).toEqual([4403]);
    rt.stop();
  });

  it('P-15 stops reconnecting when the server says the session is gone', () => {
    const rt = setup();
    rt.start();
    FakeSocket.all[0]?.open();
    FakeSocket.all[0]?.close(4401);
    vi.advanceTimersByTime(120_000);
    expect(FakeSocket.all).toHaveLength(1);
    rt.stop();
  });
});
