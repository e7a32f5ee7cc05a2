import { REALTIME } from '../../shared/contract/realtime.ts';

/**
 * Reconnect delay for attempt n (0-based): exponential from REALTIME.reconnectMinMs, capped at reconnectMaxMs, with "equal jitter"
 * (half fixed, half random) so a restarted server is not hit by every tab at the same moment.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(REALTIME.reconnectMaxMs, REALTIME.reconnectMinMs * 2 ** Math.min(attempt, 10));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}
