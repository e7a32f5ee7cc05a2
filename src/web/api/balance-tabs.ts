import type { QueryClient } from '@tanstack/react-query';
import { applyNews } from './realtime-cache.ts';

// A purchase reaches the member's other tabs in this browser at once (issue 22): the server tells no
// socket about a payment, and the tab that saw it paid knows the balance from the payment's answer.

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
