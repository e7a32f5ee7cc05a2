/**
 * What the composer says about the balance (C-03): nothing special while it lasts, a gentle "nog 3
 * credits" notice when it runs low, and the way to buy before a send is refused when it no longer covers
 * the next message. Free members spend their free messages first, so only paid members get these.
 */
export type BalanceNotice = { kind: 'low'; messages: number } | { kind: 'out' } | null;

/** The notice starts when the balance covers this many messages or fewer. */
export const LOW_BALANCE_MESSAGES = 3;

export function balanceNotice(credits: number, cost: number, paid: boolean): BalanceNotice {
  if (!paid || cost <= 0) return null;
  if (credits < cost) return { kind: 'out' };
  const messages = Math.floor(credits / cost);
  return messages <= LOW_BALANCE_MESSAGES ? { kind: 'low', messages } : null;
}
