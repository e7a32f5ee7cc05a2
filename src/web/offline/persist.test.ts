import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setUser } from '../api/session.ts';
import { MEMBER_COPY_KEY } from './forget.ts';
import { keepOffline, restoreOffline } from './persist.ts';

// Issue 27 (P-12): what the app keeps for an offline start, and that no other member ever gets it.

function storage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, v),
    removeItem: (k: string) => void items.delete(k),
  };
}

const user = (id: number) => ({ user: { id, profile: { name: `Lid ${id}` } } });
const kept = () =>
  JSON.parse(localStorage.getItem(MEMBER_COPY_KEY) ?? 'null') as {
    member: number;
    state: { queries: { queryKey: unknown[]; state: { data: unknown; dataUpdatedAt: number } }[] };
  } | null;

function memberCache(id: number) {
  const qc = new QueryClient();
  qc.setQueryData(['settings'], { name: 'Vonk' });
  qc.setQueryData(['user'], user(id));
  qc.setQueryData(['counts'], { unread_messages: 2 });
  qc.setQueryData(['chats', 'list'], { pages: [{ chats: [1] }, { chats: [2] }], pageParams: ['', 'c2'] });
  qc.setQueryData(['chats', 'thread', 5], { messages: ['private'] });
  qc.setQueryData(['likes', 'received', 6], { pages: [{ profiles: [] }], pageParams: [''] });
  qc.setQueryData(['profile'], { about: 'not kept' });
  qc.setQueryData(['members', 'gender=female', null], { page: 'a visitor search' });
  for (const [n, q] of ['a=1', 'a=2', 'a=3', 'a=4'].entries()) {
    qc.setQueryData(['members', q, id], { page: q }, { updatedAt: 1_000 + n });
  }
  return qc;
}

describe('P-12 the offline copy (issue 27)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal('localStorage', storage());
    vi.stubGlobal('window', { addEventListener: vi.fn(), removeEventListener: vi.fn() });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("keeps the member's own chats list, likes, badges and newest three searches, first pages only", () => {
    const stop = keepOffline(memberCache(7));
    vi.advanceTimersByTime(1_000);
    stop();
    const copy = kept();
    expect(copy?.member).toBe(7);
    const keys = copy?.state.queries.map((q) => q.queryKey) ?? [];
    expect(keys).toEqual(
      expect.arrayContaining([
        ['user'],
        ['counts'],
        ['chats', 'list'],
        ['likes', 'received', 6],
        ['members', 'a=4', 7],
        ['members', 'a=3', 7],
        ['members', 'a=2', 7],
      ]),
    );
    expect(keys).toHaveLength(7);
    const chats = copy?.state.queries.find((q) => q.queryKey[1] === 'list');
    expect(chats?.state.data).toEqual({ pages: [{ chats: [1] }], pageParams: [''] });
    expect(JSON.parse(localStorage.getItem('vonk.offline.site') ?? '{}').queries[0].queryKey).toEqual([
      'settings',
    ]);
  });

  it('forgets the copy and drops the answers of the member before when another one (or none) is the session', () => {
    const qc = memberCache(7);
    const stop = keepOffline(qc);
    vi.advanceTimersByTime(1_000);
    expect(kept()?.member).toBe(7);
    qc.setQueryData(['user'], user(8));
    expect(kept()).toBeNull();
    expect(qc.getQueryData(['chats', 'list'])).toBeUndefined();
    expect(qc.getQueryData(['members', 'a=4', 7])).toBeUndefined();
    vi.advanceTimersByTime(1_000);
    expect(kept()?.member).toBe(8);
    // Logout (or a lost session) goes through setUser: the copy goes at once, loaded or not.
    setUser(qc, null);
    expect(kept()).toBeNull();
    stop();
  });

  it('a copy of another member than the page says is forgotten when keeping starts', () => {
    const first = keepOffline(memberCache(7));
    vi.advanceTimersByTime(1_000);
    first();
    const qc = new QueryClient();
    qc.setQueryData(['user'], { user: null });
    keepOffline(qc)();
    expect(kept()).toBeNull();
  });

  it('the shell offline starts from the copy, with its age; without one as a visitor', () => {
    const stop = keepOffline(memberCache(7));
    vi.advanceTimersByTime(1_000);
    stop();
    const qc = new QueryClient();
    restoreOffline(qc);
    expect(qc.getQueryData(['user'])).toEqual(user(7));
    expect(qc.getQueryData(['settings'])).toEqual({ name: 'Vonk' });
    expect(qc.getQueryState(['members', 'a=4', 7])?.dataUpdatedAt).toBe(1_003);
    expect(qc.getQueryData(['chats', 'thread', 5])).toBeUndefined();

    localStorage.removeItem(MEMBER_COPY_KEY);
    const visitor = new QueryClient();
    restoreOffline(visitor);
    expect(visitor.getQueryData(['user'])).toEqual({ user: null });
  });
});
