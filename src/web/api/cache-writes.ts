import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { TCountsResponse } from '../../shared/contract/counts.ts';

// The keys the real-time cache writes (realtime-cache.ts) and the bookkeeping of those writes: the small
// part the first page needs (the counts and the balance), apart from the reducers, which load with the
// real-time bridge.

export const countsKey = ['counts'] as const;
/** The balance's one home: the navigation, the composer and the credits page all read it from here. */
export const balanceKey = ['balance'] as const;
export const chatListKey = ['chats', 'list'] as const;
export const chatKey = (id: number) => ['chats', 'thread', id] as const;

/** What the member can spend, and whether they are premium (both change together with a purchase). */
export interface TBalance {
  credits: number;
  paid_user: boolean;
}

/**
 * Writes per key and client. A fetch that was on its way while a write landed answers what the server
 * knew before that write: `keepNewerWrites` drops such an answer and keeps the written data, so a late
 * refresh never undoes a fresher event (the next refresh reads the truth again).
 */
const writes = new WeakMap<QueryClient, Map<string, number>>();

function writeCount(client: QueryClient, key: QueryKey): number {
  return writes.get(client)?.get(JSON.stringify(key)) ?? 0;
}

export function noteWrite(client: QueryClient, key: QueryKey) {
  let map = writes.get(client);
  if (!map) {
    map = new Map();
    writes.set(client, map);
  }
  const k = JSON.stringify(key);
  map.set(k, (map.get(k) ?? 0) + 1);
}

/** Fetches for `key`; when the cache was written meanwhile, the written data wins over the answer. */
export async function keepNewerWrites<T>(
  client: QueryClient,
  key: QueryKey,
  fetch: () => Promise<T>,
): Promise<T> {
  const before = writeCount(client, key);
  const answer = await fetch();
  if (writeCount(client, key) === before) return answer;
  return client.getQueryData<T>(key) ?? answer;
}

/** The balance after a fetch of the counts: written unless fresher news landed while it was on its way. */
export function balanceFromCounts(client: QueryClient, counts: TCountsResponse, writesBefore: number) {
  // Or the session ended meanwhile (the cache was cleared): the answer is about someone who left.
  if (writeCount(client, balanceKey) !== writesBefore || !client.getQueryState(countsKey)) return;
  const old = client.getQueryData<TBalance>(balanceKey);
  if (old?.credits === counts.credits && old.paid_user === counts.paid_user) return;
  client.setQueryData<TBalance>(balanceKey, { credits: counts.credits, paid_user: counts.paid_user });
}

export const balanceWrites = (client: QueryClient) => writeCount(client, balanceKey);
