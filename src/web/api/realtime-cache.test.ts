import { type InfiniteData, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type {
  TChatListItem,
  TChatListResponse,
  TChatMessage,
  TChatMessagesResponse,
} from '../../shared/contract/chat.ts';
import type { TCountsResponse } from '../../shared/contract/counts.ts';
import { balanceFromCounts, balanceWrites } from './cache-writes.ts';
import {
  applyNews,
  balanceAfter,
  balanceKey,
  chatKey,
  chatListAfter,
  chatListKey,
  countsAfter,
  countsKey,
  keepNewerWrites,
  type TBalance,
  threadAfter,
} from './realtime-cache.ts';

const ME = 7;
const OTHER = 8;

const counts = (over: Partial<TCountsResponse> = {}): TCountsResponse => ({
  unread_messages: 2,
  new_likes: 1,
  unread_notifications: 0,
  credits: 40,
  paid_user: true,
  ...over,
});

const message = (conversation: number, seq: number, over: Partial<TChatMessage> = {}): TChatMessage => ({
  id: conversation * 1000 + seq,
  conversation_id: conversation,
  seq,
  client_id: null,
  sender_id: OTHER,
  mine: false,
  kind: 'text',
  body: `bericht ${seq}`,
  photo: null,
  gift: null,
  created_at: `2026-11-28T10:00:${String(seq).padStart(2, '0')}.000Z`,
  ...over,
});

const row = (conversation: number, lastSeq: number, unread = 0): TChatListItem => ({
  conversation: { id: conversation, last_seq: lastSeq, started_by_me: false },
  profile: {
    id: conversation + 100,
    name: `Lid ${conversation}`,
    age: 30,
    city: null,
    thumb_url: null,
    fictional: false,
    gender: 'female',
    online: false,
    available: true,
  },
  num_unread_messages: unread,
  last_message: null,
  last_activity_at: '2026-11-28T09:00:00.000Z',
});

const list = (...pages: TChatListItem[][]): InfiniteData<TChatListResponse> => ({
  pages: pages.map((chats) => ({ chats, next_cursor: null, total_unread: 2 })),
  pageParams: pages.map((_, i) => (i === 0 ? '' : `c${i}`)),
});

const ids = (l: InfiniteData<TChatListResponse> | undefined) =>
  l?.pages.map((p) => p.chats.map((c) => c.conversation.id));

const sent = (m: TChatMessage, credits: number) =>
  ({ type: 'sent', response: { message: m, credits, duplicate: false, free_messages_left: null } }) as const;

describe('C-01 P-13 the badges take the totals events carry', () => {
  it('C-01 a received message sets the unread total it carries', () => {
    const news = { type: 'message', conversation_id: 1, message: message(1, 5), unread_messages: 3 } as const;
    expect(countsAfter(counts(), news)).toEqual({ data: counts({ unread_messages: 3 }), stale: false });
  });

  it('C-01 a message without its total (an older server) marks the counts stale', () => {
    const before = counts();
    const out = countsAfter(before, { type: 'message', conversation_id: 1, message: message(1, 5) });
    expect(out.data).toBe(before);
    expect(out.stale).toBe(true);
  });

  it('C-01 the echo of the member’s own message changes nothing', () => {
    const before = counts();
    const news = { type: 'message', conversation_id: 1, message: message(1, 5, { mine: true }) } as const;
    expect(countsAfter(before, news)).toEqual({ data: before, stale: false });
  });

  it('C-05 the mark-read answer sets the total; a counts event only the fields it has', () => {
    const answer = { conversation: { id: 1 }, my_read_seq: 5, num_unread_messages: 0, total_unread: 0 };
    expect(countsAfter(counts(), { type: 'read_answer', answer }).data?.unread_messages).toBe(0);
    expect(countsAfter(counts(), { type: 'counts', new_likes: 4 }).data).toEqual(counts({ new_likes: 4 }));
  });

  it('D-03 the bare counts hint of a like marks the counts stale and keeps them', () => {
    const before = counts();
    expect(countsAfter(before, { type: 'counts' })).toEqual({ data: before, stale: true });
  });

  it('P-13 unchanged totals keep the same object (no re-render)', () => {
    const before = counts();
    expect(countsAfter(before, { type: 'counts', unread_messages: 2 }).data).toBe(before);
  });
});

describe('L-02 C-03 Pay-04 the balance has one home', () => {
  const balance: TBalance = { credits: 40, paid_user: true };

  it('C-03 a send answer and the credits event set the balance, keeping premium', () => {
    expect(balanceAfter(balance, sent(message(1, 6, { mine: true }), 38))).toEqual({
      credits: 38,
      paid_user: true,
    });
    expect(balanceAfter(balance, { type: 'credits', credits: 12 })).toEqual({ credits: 12, paid_user: true });
  });

  it('Pay-02 a purchase sets the balance and premium, even before any balance was known', () => {
    const free = { credits: 0, paid_user: false };
    expect(balanceAfter(free, { type: 'balance', credits: 15, paid_user: true })).toEqual({
      credits: 15,
      paid_user: true,
    });
    expect(balanceAfter(undefined, { type: 'balance', credits: 15, paid_user: true })).toEqual({
      credits: 15,
      paid_user: true,
    });
  });

  it('L-02 a credits event without a known balance leaves it to the first fetch', () => {
    expect(balanceAfter(undefined, { type: 'credits', credits: 3 })).toBeUndefined();
  });

  it('L-02 news about other things leaves the balance as it was', () => {
    expect(balanceAfter(balance, { type: 'counts', unread_messages: 1 })).toBe(balance);
  });
});

describe('C-01 C-05 C-06 the chat list keeps its rows from events', () => {
  it('C-01 a message moves its row to the top with its last line and one more unread', () => {
    const before = list([row(1, 3), row(2, 4)], [row(3, 9)]);
    const m = message(3, 10, { body: 'Hoi daar' });
    const out = chatListAfter(
      before,
      { type: 'message', conversation_id: 3, message: m, unread_messages: 5 },
      ME,
    );
    expect(out.stale).toBe(false);
    expect(ids(out.data)).toEqual([[3, 1, 2], []]);
    const top = out.data?.pages[0]?.chats[0];
    expect(top?.num_unread_messages).toBe(1);
    expect(top?.conversation.last_seq).toBe(10);
    expect(top?.last_message).toEqual({
      kind: 'text',
      preview: 'Hoi daar',
      mine: false,
      created_at: m.created_at,
    });
    expect(top?.last_activity_at).toBe(m.created_at);
    expect(out.data?.pages.map((p) => p.total_unread)).toEqual([5, 5]);
  });

  it('C-12 the same message twice (echo, event after a refetch) counts once', () => {
    const before = list([row(1, 10, 1)]);
    const news = { type: 'message', conversation_id: 1, message: message(1, 10) } as const;
    expect(chatListAfter(before, news, ME).data).toBe(before);
  });

  it('C-01 the member’s own send moves the row up without unread; photos and gifts have no preview', () => {
    const before = list([row(1, 3), row(2, 4)]);
    const out = chatListAfter(before, sent(message(2, 5, { mine: true, kind: 'gift', body: null }), 10), ME);
    expect(ids(out.data)).toEqual([[2, 1]]);
    expect(out.data?.pages[0]?.chats[0]?.num_unread_messages).toBe(0);
    expect(out.data?.pages[0]?.chats[0]?.last_message?.preview).toBeNull();
  });

  it('C-01 a long text is cut to the preview length the server uses', () => {
    const body = 'x'.repeat(200);
    const out = chatListAfter(list([row(1, 1)]), sent(message(1, 2, { mine: true, body }), 1), ME);
    expect(out.data?.pages[0]?.chats[0]?.last_message?.preview).toHaveLength(80);
  });

  it('C-01 a message of a conversation not in the list (a new one) marks the list stale', () => {
    const before = list([row(1, 3)]);
    const out = chatListAfter(before, { type: 'message', conversation_id: 9, message: message(9, 1) }, ME);
    expect(out.stale).toBe(true);
    expect(ids(out.data)).toEqual([[1]]);
  });

  it('C-05 the mark-read answer sets the row’s unread and the total', () => {
    const answer = { conversation: { id: 2 }, my_read_seq: 4, num_unread_messages: 0, total_unread: 1 };
    const out = chatListAfter(list([row(1, 3, 1), row(2, 4, 2)]), { type: 'read_answer', answer }, ME);
    expect(out.data?.pages[0]?.chats.map((c) => c.num_unread_messages)).toEqual([1, 0]);
    expect(out.data?.pages[0]?.total_unread).toBe(1);
  });

  it('C-05 a read in another tab up to the end clears the row; part of it marks the list stale', () => {
    const before = list([row(1, 6, 2)]);
    const all = chatListAfter(before, { type: 'read', conversation_id: 1, reader_id: ME, read_seq: 6 }, ME);
    expect(all.data?.pages[0]?.chats[0]?.num_unread_messages).toBe(0);
    const part = chatListAfter(before, { type: 'read', conversation_id: 1, reader_id: ME, read_seq: 5 }, ME);
    expect(part).toEqual({ data: before, stale: true });
  });

  it('C-11 the other member reading changes nothing in the list', () => {
    const before = list([row(1, 6, 2)]);
    const news = { type: 'read', conversation_id: 1, reader_id: OTHER, read_seq: 6 } as const;
    expect(chatListAfter(before, news, ME)).toEqual({ data: before, stale: false });
  });

  it('C-06 a removal in another tab drops the rows', () => {
    const out = chatListAfter(
      list([row(1, 3), row(2, 4)], [row(3, 1)]),
      { type: 'chat_removed', conversation_ids: [1, 3] },
      ME,
    );
    expect(ids(out.data)).toEqual([[2], []]);
  });

  it('C-01 no list held: nothing to write, nothing to fetch', () => {
    expect(
      chatListAfter(undefined, { type: 'message', conversation_id: 1, message: message(1, 1) }, ME),
    ).toEqual({
      data: undefined,
      stale: false,
    });
  });
});

describe('C-11 the open thread keeps the read positions', () => {
  const thread = (mine: number, other: number): TChatMessagesResponse => ({
    conversation: { id: 1, last_seq: 9, my_read_seq: mine, other_read_seq: other, started_by_me: true },
    profile: row(1, 9).profile,
    messages: [],
    has_more_before: false,
    has_more_after: false,
  });

  it('C-11 the other member’s read moves the receipt; the member’s own read their position', () => {
    const t = thread(3, 4);
    expect(
      threadAfter(t, { type: 'read', conversation_id: 1, reader_id: OTHER, read_seq: 8 }, ME)?.conversation,
    ).toMatchObject({ my_read_seq: 3, other_read_seq: 8 });
    expect(
      threadAfter(t, { type: 'read', conversation_id: 1, reader_id: ME, read_seq: 9 }, ME)?.conversation,
    ).toMatchObject({ my_read_seq: 9, other_read_seq: 4 });
  });

  it('C-11 positions never go back, and other conversations are left alone', () => {
    const t = thread(5, 6);
    expect(threadAfter(t, { type: 'read', conversation_id: 1, reader_id: OTHER, read_seq: 2 }, ME)).toBe(t);
    expect(threadAfter(t, { type: 'read', conversation_id: 2, reader_id: OTHER, read_seq: 9 }, ME)).toBe(t);
  });
});

describe('P-15 applyNews writes the cache and asks for nothing it was told', () => {
  const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

  it('C-08 P-15 one received message: counts, list row and read positions from the event alone', () => {
    const qc = client();
    qc.setQueryData(countsKey, counts());
    qc.setQueryData(chatListKey, list([row(1, 3), row(2, 4)]));
    applyNews(qc, { type: 'message', conversation_id: 2, message: message(2, 5), unread_messages: 3 }, ME);
    expect(qc.getQueryData<TCountsResponse>(countsKey)?.unread_messages).toBe(3);
    expect(ids(qc.getQueryData(chatListKey))).toEqual([[2, 1]]);
    expect(qc.getQueryState(countsKey)?.isInvalidated).toBe(false);
    expect(qc.getQueryState(chatListKey)?.isInvalidated).toBe(false);
  });

  it('L-02 a send answer writes the balance', () => {
    const qc = client();
    qc.setQueryData(balanceKey, { credits: 10, paid_user: true });
    applyNews(qc, sent(message(1, 2, { mine: true, sender_id: ME }), 9), ME);
    expect(qc.getQueryData(balanceKey)).toEqual({ credits: 9, paid_user: true });
  });

  it('C-05 the read answer writes the open thread’s own position', () => {
    const qc = client();
    qc.setQueryData(chatKey(1), {
      conversation: { id: 1, last_seq: 9, my_read_seq: 3, other_read_seq: 0, started_by_me: true },
      profile: row(1, 9).profile,
      messages: [],
      has_more_before: false,
      has_more_after: false,
    } satisfies TChatMessagesResponse);
    const answer = { conversation: { id: 1 }, my_read_seq: 9, num_unread_messages: 0, total_unread: 0 };
    applyNews(qc, { type: 'read_answer', answer }, ME);
    expect(qc.getQueryData<TChatMessagesResponse>(chatKey(1))?.conversation.my_read_seq).toBe(9);
  });

  it('L-02 a fetch that was on its way while news landed does not undo the news', async () => {
    const qc = client();
    qc.setQueryData(countsKey, counts());
    let answer: (c: TCountsResponse) => void = () => {};
    const fetching = keepNewerWrites(
      qc,
      countsKey,
      () =>
        new Promise<TCountsResponse>((r) => {
          answer = r;
        }),
    );
    applyNews(qc, { type: 'counts', unread_messages: 0 }, ME);
    answer(counts({ unread_messages: 2 }));
    expect((await fetching).unread_messages).toBe(0);
    // Without news meanwhile, the answer stands.
    expect(
      (await keepNewerWrites(qc, countsKey, async () => counts({ unread_messages: 4 }))).unread_messages,
    ).toBe(4);
  });

  it('L-02 the counts’ answer brings the balance, unless news or a logout landed while it was on its way', () => {
    const qc = client();
    qc.setQueryData(countsKey, counts());
    const before = balanceWrites(qc);
    balanceFromCounts(qc, counts({ credits: 12 }), before);
    expect(qc.getQueryData(balanceKey)).toEqual({ credits: 12, paid_user: true });

    const during = balanceWrites(qc);
    applyNews(qc, { type: 'credits', credits: 11 }, ME);
    balanceFromCounts(qc, counts({ credits: 12 }), during);
    expect(qc.getQueryData(balanceKey)).toEqual({ credits: 11, paid_user: true });

    qc.clear();
    balanceFromCounts(qc, counts({ credits: 99 }), balanceWrites(qc));
    expect(qc.getQueryData(balanceKey)).toBeUndefined();
  });
});
