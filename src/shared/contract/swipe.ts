import { z } from 'zod';
import { endpoints } from './endpoint.ts';
import { ZMemberCard, ZMemberIdParams } from './profiles.ts';

// Swipe game (D-07) and matchfinder (D-08).

/** A card of the swipe stack: the member card and the full-size main photo to preload. */
export const ZSwipeCard = ZMemberCard.extend({ photo_url: z.string().nullable() });
export type TSwipeCard = z.infer<typeof ZSwipeCard>;

export const SWIPE_STACK_SIZE = 20;

/** `likes_left`: the free likes left today; null for paid members, who have no limit. */
export const ZSwipeStackResponse = z.object({
  cards: z.array(ZSwipeCard),
  likes_left: z.number().int().nonnegative().nullable(),
});
export type TSwipeStackResponse = z.infer<typeof ZSwipeStackResponse>;

export const ZSwipeRequest = z.object({ action: z.enum(['like', 'pass']) });

export const ZSwipeResponse = z.object({
  liked: z.boolean(),
  match: z.boolean(),
  likes_left: z.number().int().nonnegative().nullable(),
});
export type TSwipeResponse = z.infer<typeof ZSwipeResponse>;

/** Undo of the last pass: the card comes back on top, or null when there is nothing to undo. */
export const ZUndoPassResponse = z.object({ card: ZSwipeCard.nullable() });
export type TUndoPassResponse = z.infer<typeof ZUndoPassResponse>;

const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const ZAge = z.coerce.number().int().min(18).max(120);

/** Matchfinder preferences; by default the member's own region and ages around their own. */
export const ZMatchFinderQuery = z
  .object({
    min_age: z.preprocess(blank, ZAge.optional()),
    max_age: z.preprocess(blank, ZAge.optional()),
    region: z.preprocess(blank, z.string().trim().toUpperCase().max(10).optional()),
  })
  .refine((q) => q.min_age === undefined || q.max_age === undefined || q.min_age <= q.max_age, {
    path: ['min_age'],
    message: 'discovery.age_range',
  });

/**
 * The matchfinder preferences a member keeps (D-08): an age range and a region of their own country to
 * rank first; null: any age at that end, or no region. Saved with PUT, used whenever the page asks
 * without preferences of its own.
 */
export const ZMatchFinderPrefs = z
  .object({
    min_age: ZAge.nullable(),
    max_age: ZAge.nullable(),
    region: z.string().trim().toUpperCase().min(1).max(10).nullable(),
  })
  .refine((q) => q.min_age === null || q.max_age === null || q.min_age <= q.max_age, {
    path: ['min_age'],
    message: 'discovery.age_range',
  });
export type TMatchFinderPrefs = z.infer<typeof ZMatchFinderPrefs>;

/** Why a suggestion was made: the card says so (D-08). `shared_interests` holds interest ids. */
export const ZMatchReasons = z.object({
  shared_interests: z.array(z.string()),
  same_region: z.boolean(),
  age_fits: z.boolean(),
  recently_active: z.boolean(),
});
export type TMatchReasons = z.infer<typeof ZMatchReasons>;

/** `preferences`: the ones the suggestions were ranked by (the saved ones, or the defaults). */
export const ZMatchFinderResponse = z.object({
  suggestions: z.array(z.object({ card: ZMemberCard, reasons: ZMatchReasons })),
  preferences: z.object({
    min_age: z.number().int().nullable(),
    max_age: z.number().int().nullable(),
    region: z.string().nullable(),
  }),
});
export type TMatchFinderResponse = z.infer<typeof ZMatchFinderResponse>;

export const MATCH_FINDER = {
  /** The most recently active fitting members the ranking looks at. */
  pool: 300,
  results: 24,
  /** Default age range: this many years on either side of the member's own age. */
  ageSpread: 7,
  /** "Recently active": within this many hours. */
  recentHours: 24,
  /** The oldest age an open-ended age range reaches. */
  maxAge: 120,
} as const;

/** Likes of the game count like other likes: conflicts add to the usual errors, no 422. */
const SWIPE_ERROR_STATUSES = [400, 403, 404, 409, 429] as const;

/** Swipe game (D-07) and matchfinder (D-08): members only, answers private to the member. */
export const SWIPE_API = /* @__PURE__ */ endpoints('discovery', {
  'GET /api/swipe': {
    summary: 'The next cards of the swipe game and the free likes left today (D-07)',
    answer: ZSwipeStackResponse,
    errors: SWIPE_ERROR_STATUSES,
  },
  'POST /api/swipe/:id': {
    summary: 'Like or pass a card of the swipe game; free members have 4 likes a day (D-07)',
    params: ZMemberIdParams,
    body: ZSwipeRequest,
    answer: ZSwipeResponse,
    errors: SWIPE_ERROR_STATUSES,
  },
  'DELETE /api/swipe/passes/last': {
    summary: 'Undo the last pass of the swipe game (D-07)',
    answer: ZUndoPassResponse,
    errors: SWIPE_ERROR_STATUSES,
  },
  'GET /api/match-finder': {
    summary: 'Suggestions ranked by shared interests, preferences and activity, with reasons (D-08)',
    query: ZMatchFinderQuery,
    answer: ZMatchFinderResponse,
    errors: SWIPE_ERROR_STATUSES,
  },
  'PUT /api/match-finder/preferences': {
    summary: 'Remember the matchfinder preferences: age range and a region of the own country (D-08)',
    body: ZMatchFinderPrefs,
    answer: ZMatchFinderPrefs,
    errors: SWIPE_ERROR_STATUSES,
  },
});
