import { z } from 'zod';

/** Likes a member may give in a minute: generous for a person, a wall for a script. */
export const LIKES_PER_MINUTE = 60;

/**
 * The answer to a like or an unlike (M-05, D-03). `match`: the other member likes the viewer too, so
 * the two matched with this like.
 */
export const ZLikeResponse = z.object({ liked: z.boolean(), match: z.boolean() });
export type TLikeResponse = z.infer<typeof ZLikeResponse>;
