import { z } from 'zod';
import { endpoints } from './endpoint.ts';
import { ZMemberCard } from './profiles.ts';

/** The list of members I blocked (M-06). */
export const BLOCKS = {
  /**
   * The list is capped, not paged: it shows the newest blocks, and few members ever block this many.
   * Unblocking one brings the next older block into the list; `total` says how many there are in all.
   */
  listMax: 200,
} as const;

/**
 * A member I blocked, as a member card. Members who hid or lost their profile (invisible, banned, not
 * activated) stay in the list so they can be unblocked, but without photo and online dot, and
 * `profile_available` is false: their profile page answers 404, so the list shows no link to it.
 * Deleted accounts are left out.
 */
export const ZBlockedMember = ZMemberCard.extend({ profile_available: z.boolean() });
export type TBlockedMember = z.infer<typeof ZBlockedMember>;

/** GET /api/blocks: newest block first, at most BLOCKS.listMax. */
export const ZBlockListResponse = z.object({
  members: z.array(ZBlockedMember),
  /** All my blocks of existing accounts; more than members.length when the list is capped. */
  total: z.number().int().nonnegative(),
});
export type TBlockListResponse = z.infer<typeof ZBlockListResponse>;

export const BLOCKS_API = /* @__PURE__ */ endpoints('profiles', {
  'GET /api/blocks': {
    summary: 'Members I blocked, newest first, at most 200 (M-06)',
    answer: ZBlockListResponse,
    errors: [403, 429],
  },
});
