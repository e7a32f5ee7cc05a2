import { type QueryClient, type QueryFunctionContext, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TUserResponse } from '../../shared/contract/accounts.ts';
import type { TCountsResponse } from '../../shared/contract/counts.ts';
import { balanceKey, countsKey, keepNewerWrites, type TBalance } from './cache-writes.ts';
import { countsQuery } from './counts.ts';
import { useLoggedIn } from './session.ts';

export type { TBalance };

/**
 * The balance (L-02, C-03, Pay-04) has one home, ['balance']: sends, the `credits` event, a purchase and
 * other tabs write it (realtime-cache.ts, balance-tabs.ts), and a fetch of the counts brings it when nothing else has.
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
