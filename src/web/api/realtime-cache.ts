import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type {
  TChatListItem,
  TChatListResponse,
  TChatMessage,
  TChatMessagesResponse,
  TReadResponse,
  TSendMessageResponse,
} from '../../shared/contract/chat.ts';
// The value from the zod-free module: this file is part of the first page's code (issue 11).
import { CHAT } from '../../shared/contract/constants.ts';
import type { TCountsResponse } from '../../shared/contract/counts.ts';
import type { RealtimeEvent } from '../../shared/contract/realtime.ts';
import { balanceKey, chatKey, chatListKey, countsKey, noteWrite, type TBalance } from './cache-writes.ts';

export {
  balanceKey,
  chatKey,
  chatListKey,
  countsKey,
  keepNewerWrites,
  type TBalance,
} from './cache-writes.ts';

// Issue 22 (4): the browser keeps what the server tells it. Socket events and the answers to the
// member's own sends and reads carry the new totals, balance, list row and read position; they are
// written into the query cache here, in one place, instead of marking the data stale and asking the API
// again. The reducers are pure (news + cached data -> cached data); `applyNews` puts them to work.

/** What the cache learns: a socket event, the answer to the member's own send or read, or a balance. */
export type CacheNews =
  | RealtimeEvent<'message' | 'read' | 'counts' | 'credits' | 'chat_removed'>
  | { type: 'sent'; response: TSendMessageResponse }
  | { type: 'read_answer'; answer: TReadResponse }
  /** A purchase (this tab's payment page or another tab's): the balance now, premium from then on. */
  | { type: 'balance'; credits: number; paid_user?: boolean };

type ChatList = InfiniteData<TChatListResponse>;

// ---------------------------------------------------------------- reducers

/** The badges' totals after the news; `stale` when the news says they changed but not to what. */
export function countsAfter(
  counts: TCountsResponse | undefined,
  news: CacheNews,
): { data: TCountsResponse | undefined; stale: boolean } {
  let unread: number | undefined;
  let newLikes: number | undefined;
  let stale = false;
  if (news.type === 'message') {
    unread = news.unread_messages;
    // A message to the member without its total (an older server): the next fetch says.
    if (unread === undefined && !news.message.mine) stale = true;
  } else if (news.type === 'read_answer') {
    unread = news.answer.total_unread;
  } else if (news.type === 'counts') {
    unread = news.unread_messages;
    newLikes = news.new_likes;
    // The bare hint (a like): something changed that the event does not carry.
    if (unread === undefined && newLikes === undefined) stale = true;
  }
  if (!counts || (unread === undefined && newLikes === undefined)) return { data: counts, stale };
  const next = {
    ...counts,
    ...(unread === undefined ? {} : { unread_messages: unread }),
    ...(newLikes === undefined ? {} : { new_likes: newLikes }),
  };
  const same = next.unread_messages === counts.unread_messages && next.new_likes === counts.new_likes;
  return { data: same ? counts : next, stale };
}

/** The balance after the news; unknown stays unknown (the first fetch brings it). */
export function balanceAfter(balance: TBalance | undefined, news: CacheNews): TBalance | undefined {
  let credits: number | undefined;
  let paid: boolean | undefined;
  if (news.type === 'credits') credits = news.credits;
  else if (news.type === 'sent') credits = news.response.credits;
  else if (news.type === 'balance') {
    credits = news.credits;
    paid = news.paid_user;
  }
  if (credits === undefined) return balance;
  if (!balance) return paid === undefined ? undefined : { credits, paid_user: paid };
  const next = { credits, paid_user: paid ?? balance.paid_user };
  return next.credits === balance.credits && next.paid_user === balance.paid_user ? balance : next;
}

/** The list's line for a message: what the server's list would answer after it. */
function lastMessageOf(m: TChatMessage): TChatListItem['last_message'] {
  return {
    kind: m.kind,
    preview:
      m.kind === 'text'
        ? Array.from(m.body ?? '')
            .slice(0, CHAT.previewLength)
            .join('')
        : null,
    mine: m.mine,
    created_at: m.created_at,
  };
}

function findRow(list: ChatList, conversationId: number): TChatListItem | undefined {
  for (const page of list.pages) {
    const row = page.chats.find((c) => c.conversation.id === conversationId);
    if (row) return row;
  }
  return undefined;
}

function withRow(list: ChatList, conversationId: number, row: TChatListItem, toTop: boolean): ChatList {
  const pages = list.pages.map((page) => {
    const at = page.chats.findIndex((c) => c.conversation.id === conversationId);
    if (at < 0) return page;
    const chats = [...page.chats];
    if (toTop) chats.splice(at, 1);
    else chats[at] = row;
    return { ...page, chats };
  });
  if (toTop && pages[0]) pages[0] = { ...pages[0], chats: [row, ...pages[0].chats] };
  return { ...list, pages };
}

function withTotal(list: ChatList, total: number | undefined): ChatList {
  if (total === undefined || list.pages.every((p) => p.total_unread === total)) return list;
  return { ...list, pages: list.pages.map((p) => ({ ...p, total_unread: total })) };
}

/**
 * The conversation list after the news: a message moves its row to the top with its new last line and
 * unread count, a read sets the count, a removal drops rows. `stale` when the row is not in the list (a
 * new conversation: its card comes from the server) or the news does not say enough.
 */
export function chatListAfter(
  list: ChatList | undefined,
  news: CacheNews,
  me: number,
): { data: ChatList | undefined; stale: boolean } {
  if (!list) return { data: list, stale: false };
  const message =
    news.type === 'message' ? news.message : news.type === 'sent' ? news.response.message : null;
  if (message) {
    const total = news.type === 'message' ? news.unread_messages : undefined;
    const row = findRow(list, message.conversation_id);
    if (!row) return { data: withTotal(list, total), stale: true };
    // Already in (the echo of a send this tab made, or an event after the refetch that had it).
    if (row.conversation.last_seq >= message.seq) return { data: withTotal(list, total), stale: false };
    const next: TChatListItem = {
      ...row,
      conversation: { ...row.conversation, last_seq: message.seq },
      last_message: lastMessageOf(message),
      last_activity_at: message.created_at,
      num_unread_messages: row.num_unread_messages + (message.mine ? 0 : 1),
    };
    return { data: withTotal(withRow(list, message.conversation_id, next, true), total), stale: false };
  }
  if (news.type === 'read_answer') {
    const { answer } = news;
    const row = findRow(list, answer.conversation.id);
    const read =
      row && row.num_unread_messages !== answer.num_unread_messages
        ? withRow(
            list,
            row.conversation.id,
            { ...row, num_unread_messages: answer.num_unread_messages },
            false,
          )
        : list;
    return { data: withTotal(read, answer.total_unread), stale: false };
  }
  if (news.type === 'read') {
    if (news.reader_id !== me) return { data: list, stale: false };
    const row = findRow(list, news.conversation_id);
    if (!row || row.num_unread_messages === 0) return { data: list, stale: false };
    // Read only part of it (another tab): how many are left, the server counts.
    if (news.read_seq < row.conversation.last_seq) return { data: list, stale: true };
    return {
      data: withRow(list, row.conversation.id, { ...row, num_unread_messages: 0 }, false),
      stale: false,
    };
  }
  if (news.type === 'counts') return { data: withTotal(list, news.unread_messages), stale: false };
  if (news.type === 'chat_removed') {
    const gone = new Set(news.conversation_ids);
    if (!list.pages.some((p) => p.chats.some((c) => gone.has(c.conversation.id)))) {
      return { data: list, stale: false };
    }
    const pages = list.pages.map((p) => ({
      ...p,
      chats: p.chats.filter((c) => !gone.has(c.conversation.id)),
    }));
    return { data: { ...list, pages }, stale: false };
  }
  return { data: list, stale: false };
}

/** One open conversation's read positions after the news (its messages are the thread's own business). */
export function threadAfter(
  thread: TChatMessagesResponse | undefined,
  news: CacheNews,
  me: number,
): TChatMessagesResponse | undefined {
  if (!thread) return thread;
  const conv = thread.conversation;
  let mine = conv.my_read_seq;
  let other = conv.other_read_seq;
  if (news.type === 'read' && news.conversation_id === conv.id) {
    if (news.reader_id === me) mine = Math.max(mine, news.read_seq);
    else other = Math.max(other, news.read_seq);
  } else if (news.type === 'read_answer' && news.answer.conversation.id === conv.id) {
    mine = Math.max(mine, news.answer.my_read_seq);
  }
  if (mine === conv.my_read_seq && other === conv.other_read_seq) return thread;
  return { ...thread, conversation: { ...conv, my_read_seq: mine, other_read_seq: other } };
}

/** The conversation whose thread the news is about, if any. */
function threadOf(news: CacheNews): number | null {
  if (news.type === 'read') return news.conversation_id;
  if (news.type === 'read_answer') return news.answer.conversation.id;
  return null;
}

// ---------------------------------------------------------------- writing

function write<T>(client: QueryClient, key: QueryKey, next: T | undefined, old: T | undefined) {
  if (next === undefined || next === old) return;
  noteWrite(client, key);
  client.setQueryData<T>(key, next);
}

/**
 * Puts the news into the cache: counts, balance, the chat list and the open thread's read positions.
 * What the news cannot settle is marked stale (fetched again only where it is on screen).
 */
export function applyNews(client: QueryClient, news: CacheNews, me: number): void {
  const counts = client.getQueryData<TCountsResponse>(countsKey);
  const nextCounts = countsAfter(counts, news);
  write(client, countsKey, nextCounts.data, counts);
  if (nextCounts.stale) void client.invalidateQueries({ queryKey: countsKey });

  const balance = client.getQueryData<TBalance>(balanceKey);
  write(client, balanceKey, balanceAfter(balance, news), balance);

  const list = client.getQueryData<ChatList>(chatListKey);
  const nextList = chatListAfter(list, news, me);
  write(client, chatListKey, nextList.data, list);
  if (nextList.stale) void client.invalidateQueries({ queryKey: chatListKey });

  const id = threadOf(news);
  if (id !== null) {
    const thread = client.getQueryData<TChatMessagesResponse>(chatKey(id));
    write(client, chatKey(id), threadAfter(thread, news, me), thread);
  }
}
