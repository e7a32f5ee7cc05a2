import { ageOn } from '../../../shared/contract/accounts.ts';
import {
  MATCH_FINDER,
  SWIPE_STACK_SIZE,
  type TMatchFinderPrefs,
  type TMatchFinderResponse,
  type TSwipeCard,
  type TSwipeResponse,
  type TSwipeStackResponse,
  type TUndoPassResponse,
} from '../../../shared/contract/swipe.ts';
import { REGIONS } from '../../../shared/data/regions.ts';
import { RULES } from '../../../shared/rules.ts';
import type { Db } from '../../db/client.ts';
import { type CardContext, presentMemberCard, publicMediaUrl } from '../../kernel/member-card.ts';
import type { MemberCardRow } from '../../kernel/members.ts';
import type { PublishToMember } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import { yearsBefore } from '../discovery/index.ts';
import { findWallet } from '../notifications/index.ts';
import { localDay } from './local-day.ts';
import { bumpDailyCounter, readDailyCounter, saveMatchFinderPrefs } from './queries.ts';
import { announceLike, checkLikeable, DailyLimit, likeAnswer, recordLike } from './service.ts';
import {
  deleteLastPass,
  findMatchSuggestions,
  findSwipeCard,
  findSwipeCards,
  findSwiper,
  insertPass,
} from './swipe-queries.ts';

const SWIPE_LIKES = 'swipe_like';

const presentSwipeCard = (
  row: MemberCardRow & { filename: string | null },
  ctx: CardContext,
): TSwipeCard => ({
  ...presentMemberCard(row, ctx),
  photo_url: row.filename ? publicMediaUrl(ctx.cdnPrefix, row.filename) : null,
});

/** Free likes left today for a free member; null for paid members (D-07). */
async function likesLeft(db: Db, userId: number, country: string | null, now: Date) {
  const wallet = await findWallet(db, userId);
  if (wallet?.paidUser) return null;
  const used = await readDailyCounter(db, userId, SWIPE_LIKES, localDay(country, now));
  return Math.max(0, RULES.swipe.freeLikesPerDay - used);
}

export async function getSwipeStack(db: Db, userId: number, ctx: CardContext): Promise<TSwipeStackResponse> {
  const me = await findSwiper(db, userId);
  if (!me?.country) return { cards: [], likes_left: await likesLeft(db, userId, null, ctx.now) };
  const [rows, left] = await Promise.all([
    findSwipeCards(db, userId, { country: me.country, seeker: me }, SWIPE_STACK_SIZE),
    likesLeft(db, userId, me.country, ctx.now),
  ]);
  return { cards: rows.map((r) => presentSwipeCard(r, ctx)), likes_left: left };
}

/**
 * A swipe (D-07). A like from a free member takes one of the day's free likes in the member's local
 * day, inside the like's transaction: of parallel likes exactly as many as are left get stored, the
 * rest are refused with the limit message. A pass is remembered, so the card does not come back.
 */
export async function swipe(
  db: Db,
  userId: number,
  memberId: number,
  action: 'like' | 'pass',
  now: Date,
  publish: PublishToMember,
): Promise<TSwipeResponse> {
  await checkLikeable(db, userId, memberId);
  const [me, wallet] = await Promise.all([findSwiper(db, userId), findWallet(db, userId)]);
  const country = me?.country ?? null;
  if (action === 'pass') {
    await insertPass(db, userId, memberId);
    return { liked: false, match: false, likes_left: await likesLeft(db, userId, country, now) };
  }
  const day = localDay(country, now);
  let used: number | null = null;
  try {
    const res = await recordLike(db, userId, memberId, async (tx) => {
      if (wallet?.paidUser) return;
      used = await bumpDailyCounter(tx, userId, SWIPE_LIKES, day, RULES.swipe.freeLikesPerDay);
      if (used === null) throw new DailyLimit();
    });
    await announceLike(db, publish, userId, memberId, res, now);
    const left = wallet?.paidUser ? null : await likesLeft(db, userId, country, now);
    return { ...likeAnswer(res), likes_left: left };
  } catch (err) {
    if (err instanceof DailyLimit)
      throw new AppError(403, 'swipe_limit', 'swipe.limit_reached', {
        values: { count: RULES.swipe.freeLikesPerDay },
      });
    throw err;
  }
}

/** Undo of the last pass: the member comes back on top of the stack, if they may still be shown. */
export async function undoLastPass(db: Db, userId: number, ctx: CardContext): Promise<TUndoPassResponse> {
  const memberId = await deleteLastPass(db, userId);
  if (memberId === null) return { card: null };
  const row = await findSwipeCard(db, userId, memberId);
  return { card: row ? presentSwipeCard(row, ctx) : null };
}

/**
 * Matchfinder (D-08): suggestions with the reasons they were chosen, ranked by the preferences the page
 * asks with, else the member's saved ones, else ages around their own and their own region.
 */
export async function findMatches(
  db: Db,
  userId: number,
  query: { min_age?: number | undefined; max_age?: number | undefined; region?: string | undefined },
  ctx: CardContext,
): Promise<TMatchFinderResponse> {
  const me = await findSwiper(db, userId);
  const age = me ? (ageOn(me.dateOfBirth, ctx.now) ?? 30) : 30;
  const asked = query.min_age !== undefined || query.max_age !== undefined || query.region !== undefined;
  let prefs: TMatchFinderPrefs =
    !asked && me?.matchFinderPrefs
      ? me.matchFinderPrefs
      : {
          min_age: query.min_age ?? Math.max(18, age - MATCH_FINDER.ageSpread),
          max_age: query.max_age ?? age + MATCH_FINDER.ageSpread,
          region: query.region ?? me?.region ?? null,
        };
  if (!me?.country) return { suggestions: [], preferences: prefs };
  // A region saved before the member moved to another country means nothing here.
  if (prefs.region !== null && !isRegionOf(me.country, prefs.region)) prefs = { ...prefs, region: null };
  const rows = await findMatchSuggestions(
    db,
    userId,
    {
      country: me.country,
      seeker: me,
      region: prefs.region,
      interests: me.interests,
      bornAfter: yearsBefore(ctx.now, (prefs.max_age ?? MATCH_FINDER.maxAge) + 1),
      bornUpTo: yearsBefore(ctx.now, prefs.min_age ?? 18),
      activeSince: new Date(ctx.now.getTime() - MATCH_FINDER.recentHours * 3_600_000),
    },
    MATCH_FINDER.pool,
    MATCH_FINDER.results,
  );
  return {
    suggestions: rows.map((r) => ({
      card: presentMemberCard(r.card, ctx),
      reasons: {
        shared_interests: r.shared,
        same_region: r.sameRegion,
        age_fits: r.ageFits,
        recently_active: r.recent,
      },
    })),
    preferences: prefs,
  };
}

const isRegionOf = (country: string, region: string) =>
  REGIONS[country]?.regions.some((r) => r.code === region) ?? false;

/**
 * Remembers the member's matchfinder preferences (D-08). The region must be one of their own country's:
 * the matchfinder only suggests members of that country.
 */
export async function saveMatchPrefs(
  db: Db,
  userId: number,
  prefs: TMatchFinderPrefs,
): Promise<TMatchFinderPrefs> {
  if (prefs.region !== null) {
    const me = await findSwiper(db, userId);
    if (!me?.country || !isRegionOf(me.country, prefs.region))
      throw new AppError(400, 'unknown_region', 'matchfinder.region_unknown');
  }
  await saveMatchFinderPrefs(db, userId, prefs);
  return prefs;
}
