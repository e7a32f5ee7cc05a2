import { z } from 'zod';
import { endpoints } from './endpoint.ts';
import { ZMemberCard, ZMemberIdParams } from './profiles.ts';

/** Likes a member may give in a minute: generous for a person, a wall for a script. */
export const LIKES_PER_MINUTE = 60;

/**
 * The answer to a like or an unlike (M-05, D-03). `match`: the other member likes the viewer too, so
 * the two matched with this like.
 */
export const ZLikeResponse = z.object({ liked: z.boolean(), match: z.boolean() });
export type TLikeResponse = z.infer<typeof ZLikeResponse>;

/** The three lists of the likes pages (D-03): likes received, given, and mutual ones (matches). */
export const LIKE_TYPES = ['received', 'given', 'mutual'] as const;
export type LikeType = (typeof LIKE_TYPES)[number];

/** Likes lists, paged by cursor: a page holds this many. */
export const LIKES_PAGE_SIZE = 24;

/** An opaque keyset cursor: printable ASCII only, short. */
export const ZCursor = z
  .string()
  .max(200)
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'error.bad_request' });

export const ZLikesQuery = z.object({
  type: z.enum(LIKE_TYPES).default('received'),
  cursor: ZCursor.optional(),
  limit: z.coerce.number().int().min(1).max(LIKES_PAGE_SIZE).default(LIKES_PAGE_SIZE),
});
export type TLikesQuery = z.input<typeof ZLikesQuery>;

/** Liked-by item of spec §3: who liked the member, and whether that like is new to them. */
export const ZLikedBy = z.object({ id: z.number().int().positive(), like_new: z.boolean() });

/**
 * GET /api/likes (spec §3): the cards of a page in `profiles`, and for every member in it who liked the
 * viewer a `liked_by` item. New likes first, then newest. `next_cursor` is null on the last page.
 */
export const ZLikesResponse = z.object({
  type: z.enum(LIKE_TYPES),
  profiles: z.array(ZMemberCard),
  liked_by: z.array(ZLikedBy),
  /** Ids of this page's members the viewer liked (so a received like shows "like back" or "match"). */
  liked: z.array(z.number().int().positive()),
  next_cursor: z.string().nullable(),
});
export type TLikesResponse = z.infer<typeof ZLikesResponse>;

/** D-06: the fictional profile that just liked the member, with its main image under the CDN prefix. */
export const ZAutoLikeResponse = z.object({
  profile: z.object({ id: z.number().int().positive(), main_image: z.string().nullable() }).nullable(),
});
export type TAutoLikeResponse = z.infer<typeof ZAutoLikeResponse>;

/** Likes add conflicts to the usual errors; no 422. */
const LIKE_ERROR_STATUSES = [400, 403, 404, 409, 429] as const;

/** Like and unlike from a profile page (M-05), the likes pages (D-03) and the automatic likes (D-06). */
export const LIKES_API = /* @__PURE__ */ endpoints('likes', {
  'POST /api/members/:id/like': {
    summary: 'Like a member; `match` when they like you too (M-05)',
    params: ZMemberIdParams,
    answer: ZLikeResponse,
    errors: LIKE_ERROR_STATUSES,
  },
  'DELETE /api/members/:id/like': {
    summary: 'Take a like back (M-05)',
    params: ZMemberIdParams,
    answer: ZLikeResponse,
    errors: LIKE_ERROR_STATUSES,
  },
  'GET /api/likes': {
    summary: 'A page of the likes received, given or mutual: profiles and liked_by (D-03, spec §3)',
    query: ZLikesQuery,
    answer: ZLikesResponse,
    errors: LIKE_ERROR_STATUSES,
  },
  'POST /api/likes/auto': {
    summary: 'A fitting fictional profile likes the member, a few a day at most (D-06, spec §7)',
    answer: ZAutoLikeResponse,
    errors: LIKE_ERROR_STATUSES,
  },
});
