import { type QueryClient, type QueryFunctionContext, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { TCountsResponse } from '../../shared/contract/counts.ts';
import { RULES } from '../../shared/rules.ts';
import { setTitleCount } from '../use-page-title.ts';
import { balanceFromCounts, balanceWrites, countsKey, keepNewerWrites } from './cache-writes.ts';
import { call } from './client.ts';
import { useLoggedIn } from './session.ts';

/**
 * GET /api/counts. Its answer also carries the balance, which goes to the balance's own key; the
 * counts' `credits` and `paid_user` are not read from here (realtime-cache.ts).
 */
export const countsQuery = {
  queryKey: countsKey,
  queryFn: ({ client }: QueryFunctionContext) =>
    keepNewerWrites(client, countsKey, async () => {
      const balanceBefore = balanceWrites(client);
      const counts = await call('GET /api/counts');
      balanceFromCounts(client, counts, balanceBefore);
      return counts;
    }),
  staleTime: 5_000,
  // A failed refresh keeps the last counts: the loop tries again later (P-06).
  retry: false,
};

/**
 * The member's counts (P-06): badges of the navigation and the title. The real-time channel writes what
 * its events carry (realtime-cache.ts); the refresh loop and the member's own actions read them again.
 */
export function useCounts(): TCountsResponse | undefined {
  const loggedIn = useLoggedIn();
  return useQuery({ ...countsQuery, enabled: loggedIn }).data;
}

/** What a refresh reloads (P-06: user, chats, likes) and what depends on it. */
export const REFRESHED_KEYS = [
  ['counts'],
  ['balance'],
  ['user'],
  ['likes'],
  ['chats'],
  ['notifications'],
] as const;

/** After the member's own action (a like, a swipe, reading): the counts at once, not at the next tick. */
export function refreshAfterAction(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: ['counts'] });
  void queryClient.invalidateQueries({ queryKey: ['likes'] });
}

/**
 * Test and development knob: `localStorage['vonk.refresh_ms']` shortens the loop (e2e tests wait
 * seconds, not minutes). Without it the product timings of spec §9 hold.
 */
function knob(): number | null {
  try {
    const v = Number(localStorage.getItem('vonk.refresh_ms'));
    return Number.isFinite(v) && v >= 200 ? v : null;
  } catch {
    return null;
  }
}

async function pushSubscribed(): Promise<boolean> {
  try {
    const reg = await navigator.serviceWorker?.getRegistration();
    return Boolean(await reg?.pushManager?.getSubscription());
  } catch {
    return false;
  }
}

/**
 * The refresh loop of spec §7 (P-06): first 5 s after start, then every 60 s, or 300 s when this
 * browser gets pushes. Failures are ignored; the next tick tries again.
 */
export function useRefreshLoop(queryClient: QueryClient, enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const fast = knob();
    const tick = async (first: boolean) => {
      if (!first) for (const queryKey of REFRESHED_KEYS) void queryClient.invalidateQueries({ queryKey });
      const interval =
        fast ?? ((await pushSubscribed()) ? RULES.refresh.pushIntervalMs : RULES.refresh.intervalMs);
      if (!stopped)
        timer = setTimeout(() => void tick(false), first ? (fast ?? RULES.refresh.startDelayMs) : interval);
    };
    void tick(true);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [queryClient, enabled]);
}

/** P-13: the title reads "(n) …" and the app badge shows n, n = unread messages + new likes. */
export function useTitleAndBadge(counts: TCountsResponse | undefined): void {
  const n = counts ? counts.unread_messages + counts.new_likes : 0;
  useEffect(() => {
    setTitleCount(n);
    const nav = navigator as Navigator & {
      setAppBadge?: (n: number) => Promise<void>;
      clearAppBadge?: () => Promise<void>;
    };
    // Badge failures are ignored (spec §8).
    try {
      const done = n > 0 ? nav.setAppBadge?.(n) : nav.clearAppBadge?.();
      done?.catch(() => {});
    } catch {}
  }, [n]);
  useEffect(() => () => setTitleCount(0), []);
}
