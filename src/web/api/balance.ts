import { type QueryClient, type QueryFunctionContext, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TUserResponse } from '../../shared/contract/accounts.ts';
import type { TCountsResponse } from '../../shared/contract/counts.ts';
import { countsQuery } from './counts.ts';
import { applyNews, balanceKey, countsKey, keepNewerWrites, type TBalance } from './realtime-cache.ts';
import { useLoggedIn } from './session.ts';

export type { TBalance };

/**
 * The balance (L-02, C-03, Pay-04) has one home, ['balance']: sends, the `credits` event, a purchase and
 * other tabs write it (realtime-cache.ts), and a fetch of the counts brings it when nothing else has.
 */
const balanceQuery = {
  queryKey: balanceKey,
  queryFn: ({ client }: QueryFunctionContext): Promise<TBalance> =>
    keepNewerWrites(client, balanceKey, async () => {
      // The counts' own fetch when one is on its way, else a fresh one: never an older answer.
      const counts = await client.fetchQuery({ ...countsQuery, staleTime: 0 });
      return { credits: counts.credits, paid_user: counts.paid_user };
    }),
  staleTime: 30_000,
};

/** Where the first balance comes from before any fetch: the counts or the session already held. */
function held(client: QueryClient): { data: TBalance; at: number } | undefined {
  const counts = client.getQueryState<TCountsResponse>(countsKey);
  if (counts?.data) {
    return {
      data: { credits: counts.data.credits, paid_user: counts.data.paid_user },
      at: counts.dataUpdatedAt,
    };
  }
  const user = client.getQueryState<TUserResponse>(['user']);
  const u = user?.data?.user;
  return u ? { data: { credits: u.credits, paid_user: u.paid_user }, at: user.dataUpdatedAt } : undefined;
}

/** The member's balance and premium state; undefined for visitors. */
export function useBalance(): TBalance | undefined {
  const client = useQueryClient();
  const loggedIn = useLoggedIn();
  return useQuery({
    ...balanceQuery,
    enabled: loggedIn,
    initialData: () => held(client)?.data,
    initialDataUpdatedAt: () => held(client)?.at,
  }).data;
}

// ---------------------------------------------------------------- other tabs

interface TabMessage {
  member_id: number;
  credits: number;
  paid_user: boolean;
}

let channel: BroadcastChannel | null | undefined;
/**
 * The tab's one channel to the member's other tabs. One object for sending and listening: a channel does
 * not hear its own messages, so a tab is not told what it said itself.
 */
function tabs(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('vonk.balance');
  }
  return channel;
}

/**
 * A purchase seen in this tab: the balance now and premium from then on, written here and told to the
 * member's other tabs in this browser, which show it without a reload.
 */
export function settlePurchase(client: QueryClient, memberId: number, credits: number): void {
  applyNews(client, { type: 'balance', credits, paid_user: true }, memberId);
  tabs()?.postMessage({ member_id: memberId, credits, paid_user: true } satisfies TabMessage);
}

/** Listens for other tabs' purchases of this member; returns the function that stops listening. */
export function followOtherTabs(client: QueryClient, memberId: number, onPurchase: () => void): () => void {
  const ch = tabs();
  if (!ch) return () => {};
  const listener = (e: MessageEvent<TabMessage>) => {
    const m = e.data;
    if (m?.member_id !== memberId || !Number.isInteger(m.credits)) return;
    applyNews(client, { type: 'balance', credits: m.credits, paid_user: m.paid_user }, memberId);
    onPurchase();
  };
  ch.addEventListener('message', listener);
  return () => ch.removeEventListener('message', listener);
}
