import { z } from 'zod';
import { RULES } from '../rules.ts';

/**
 * The member's counts of spec §3 chat state (C-01, P-06, P-13): what the navigation badges and the page
 * title show. Counts stop at COUNTS_CAP: badges and the title read "99+" from 100, so counting further
 * would only cost time.
 */
export const ZCountsResponse = z.object({
  unread_messages: z.number().int().nonnegative(),
  new_likes: z.number().int().nonnegative(),
  unread_notifications: z.number().int().nonnegative(),
  credits: z.number().int().nonnegative(),
  paid_user: z.boolean(),
});
export type TCountsResponse = z.infer<typeof ZCountsResponse>;

export const COUNTS_CAP = RULES.badges.cap + 1;
