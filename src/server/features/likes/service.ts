import type {
  LikeType,
  TAutoLikeResponse,
  TLikeResponse,
  TLikesResponse,
} from '../../../shared/contract/likes.ts';
import { NOTIFICATION_KINDS } from '../../../shared/contract/notifications.ts';
import { RULES } from '../../../shared/rules.ts';
import type { Db } from '../../db/client.ts';
import { type CardContext, presentMemberCard, publicMediaUrl } from '../../kernel/member-card.ts';
import { accountExists, findMember } from '../../kernel/members.ts';
import type { PublishToMember } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import { createNotificationOnce } from '../notifications/index.ts';
import { localDay } from './local-day.ts';
import {
  bumpDailyCounter,
  deleteLike,
  findAutoLikeCandidates,
  findEventPair,
  findLikeSeeker,
  findLikesPage,
  insertLike,
  type LikesKey,
  likeExists,
  lockPair,
  markLikeSeen,
} from './queries.ts';

const notFound = () => new AppError(404, 'not_found', 'error.not_found');

/**
 * A like or match taken back and made again within this time notifies nobody again: a like toggled on
 * and off must not flood the other member with modals, pushes and mails.
 */
const RENOTIFY_AFTER_MS = 24 * 3_600_000;

/** What storing a like did: the answer, and the notifications it made (none when it existed already). */
export interface LikeOutcome extends TLikeResponse {
  notes: { id: number; userId: number }[];
}

/**
 * Stores a like and tells whether it made a match, in one transaction that holds the pair's lock, so of
 * two simultaneous mutual likes the second always sees the first. A new like notifies the liked member
 * (D-09); a match notifies both (D-04); neither again within RENOTIFY_AFTER_MS. Liking back has seen the
 * other's like. `beforeInsert` runs in the same transaction first (the swipe game's daily limit): throwing
 * there stores nothing.
 */
export async function recordLike(
  db: Db,
  likerId: number,
  likedId: number,
  beforeInsert?: (tx: Db) => Promise<void>,
): Promise<LikeOutcome> {
  return db.transaction(async (tx) => {
    await lockPair(tx, likerId, likedId);
    if (await likeExists(tx, likerId, likedId)) {
      return { liked: true, match: await likeExists(tx, likedId, likerId), notes: [] };
    }
    await beforeInsert?.(tx);
    await insertLike(tx, likerId, likedId);
    const since = new Date(Date.now() - RENOTIFY_AFTER_MS);
    const match = await likeExists(tx, likedId, likerId);
    if (match) {
      await markLikeSeen(tx, likedId, likerId);
      const notes = await createNotificationOnce(
        tx,
        since,
        { userId: likedId, kind: NOTIFICATION_KINDS.match, actorId: likerId },
        { userId: likerId, kind: NOTIFICATION_KINDS.match, actorId: likedId },
      );
      return { liked: true, match, notes };
    }
    const notes = await createNotificationOnce(tx, since, {
      userId: likedId,
      kind: NOTIFICATION_KINDS.like,
      actorId: likerId,
    });
    return { liked: true, match, notes };
  });
}

/**
 * Who a member may like: the member exists and others can find them; missing, deleted, banned, unlisted
 * members and members who blocked the viewer answer the same 404 as their profile page does. A member
 * the viewer blocked must be unblocked first.
 */
export async function checkLikeable(db: Db, viewerId: number, memberId: number): Promise<void> {
  if (memberId === viewerId) throw new AppError(400, 'like_self', 'likes.like_self');
  const member = await findMember(db, memberId, viewerId);
  if (!member?.profile.listed || member.blockedViewer) throw notFound();
  if (member.blockedByViewer) throw new AppError(409, 'blocked', 'likes.unblock_first');
}

type EventPair = Awaited<ReturnType<typeof findEventPair>>;

/** One side of a like event: `about` as `to` sees them, with `to`'s own name and photo for the modal. */
function likeEvent(
  pair: EventPair,
  to: number,
  about: number,
  notificationId: number | undefined,
  now: Date,
) {
  const viewer = pair.find((r) => r.card.userId === to);
  const other = pair.find((r) => r.card.userId === about);
  if (!viewer || !other?.listed) return null;
  const ctx = { cdnPrefix: viewer.cdnPrefix, now };
  const card = presentMemberCard(other.card, ctx);
  return {
    member: {
      id: card.id,
      name: card.name,
      age: card.age,
      city: card.city,
      thumb_url: card.thumb_url,
      photo_url: other.photoFilename ? publicMediaUrl(ctx.cdnPrefix, other.photoFilename) : null,
      fictional: card.fictional,
    },
    me: {
      name: viewer.card.name,
      thumb_url: viewer.card.thumbFilename ? publicMediaUrl(ctx.cdnPrefix, viewer.card.thumbFilename) : null,
    },
    ...(notificationId === undefined ? {} : { notification_id: notificationId }),
  };
}

/**
 * Tells the open tabs of the liked member (and of both, for a match) at once, after the like is stored
 * (P-15, D-04): a `like` or `match` event with the other member's card, which opens the modal without a
 * round trip, and the `counts` hint that refreshes badges and lists. Nothing but the hint when the like
 * existed already, when either member blocked the other, or about a member others may not see. Events
 * are hints: a failure here never fails the like.
 */
export async function announceLike(
  db: Db,
  publish: PublishToMember,
  likerId: number,
  likedId: number,
  outcome: LikeOutcome,
  now = new Date(),
): Promise<void> {
  publish(likedId, { type: 'counts' });
  if (outcome.match) publish(likerId, { type: 'counts' });
  if (outcome.notes.length === 0) return;
  const pair = await findEventPair(db, likerId, likedId).catch(() => null);
  if (!pair || pair.some((r) => r.blocked)) return;
  const noteOf = (userId: number) => outcome.notes.find((n) => n.userId === userId)?.id;
  const type = outcome.match ? 'match' : 'like';
  const toLiked = likeEvent(pair, likedId, likerId, noteOf(likedId), now);
  if (toLiked) publish(likedId, { type, ...toLiked });
  if (!outcome.match) return;
  const toLiker = likeEvent(pair, likerId, likedId, noteOf(likerId), now);
  if (toLiker) publish(likerId, { type, ...toLiker });
}

/** The API answer of a like, without what only the server needs. */
export const likeAnswer = ({ liked, match }: LikeOutcome): TLikeResponse => ({ liked, match });

/** Likes a member (M-05). Liking twice changes nothing. */
export async function likeMember(
  db: Db,
  viewerId: number,
  memberId: number,
  publish: PublishToMember,
): Promise<TLikeResponse> {
  await checkLikeable(db, viewerId, memberId);
  const res = await recordLike(db, viewerId, memberId);
  await announceLike(db, publish, viewerId, memberId, res);
  return likeAnswer(res);
}

/** Takes a like back; doing it twice changes nothing. Unknown and deleted accounts answer 404. */
export async function unlikeMember(db: Db, viewerId: number, memberId: number): Promise<TLikeResponse> {
  if (memberId === viewerId) throw new AppError(400, 'like_self', 'likes.like_self');
  if (!(await accountExists(db, memberId))) throw notFound();
  await deleteLike(db, viewerId, memberId);
  return { liked: false, match: false };
}

// ---------------------------------------------------------------- likes pages (D-03)

function encodeKey(key: LikesKey): string {
  return Buffer.from(JSON.stringify([key.isNew ? 1 : 0, key.createdAt, key.memberId])).toString('base64url');
}

const badCursor = () => new AppError(400, 'bad_cursor', 'error.bad_request');

function decodeKey(cursor: string): LikesKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badCursor();
  }
  if (!Array.isArray(parsed) || parsed.length !== 3) throw badCursor();
  const [isNew, createdAt, memberId] = parsed as unknown[];
  if (
    (isNew !== 0 && isNew !== 1) ||
    typeof createdAt !== 'string' ||
    !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/.test(createdAt) ||
    typeof memberId !== 'number' ||
    !Number.isInteger(memberId) ||
    memberId < 1 ||
    memberId > 2_147_483_647
  )
    throw badCursor();
  return { isNew: isNew === 1, createdAt, memberId };
}

/**
 * A page of one of the viewer's likes lists (D-03, spec §3): `profiles` and the `liked_by` items of the
 * members in it who liked the viewer. Only the viewer's own likes, by construction of the queries.
 */
export async function listLikes(
  db: Db,
  viewerId: number,
  query: { type: LikeType; cursor?: string | undefined; limit: number },
  ctx: CardContext,
): Promise<TLikesResponse> {
  const after = query.cursor ? decodeKey(query.cursor) : null;
  const rows = await findLikesPage(db, viewerId, query.type, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    type: query.type,
    profiles: page.map((r) => presentMemberCard(r.card, ctx)),
    liked_by: page.filter((r) => r.likesBack).map((r) => ({ id: r.card.userId, like_new: r.backIsNew })),
    liked: page.filter((r) => r.iLiked).map((r) => r.card.userId),
    next_cursor:
      rows.length > query.limit && last
        ? encodeKey({ isNew: last.isNew, createdAt: last.createdAt, memberId: last.card.userId })
        : null,
  };
}

// ---------------------------------------------------------------- auto-like (D-06)

const AUTO_LIKE_AGE_SPREAD = 10;
const AUTO_LIKE_CANDIDATES = 20;

/**
 * A fictional profile that fits the member likes them (D-06): at most RULES.autoLikesPerDay a day in the
 * member's local day, never one that liked them already, never a real member. Null when none fits or the
 * day's auto-likes are used up.
 */
export async function autoLike(
  db: Db,
  viewerId: number,
  ctx: CardContext & { random?: () => number },
  publish?: PublishToMember,
): Promise<TAutoLikeResponse> {
  const seeker = await findLikeSeeker(db, viewerId);
  if (!seeker?.country) return { profile: null };
  const year = Number(seeker.dateOfBirth.slice(0, 4));
  // 29 February has no year ten years off: the 28th bounds as well.
  const rest = seeker.dateOfBirth.slice(4) === '-02-29' ? '-02-28' : seeker.dateOfBirth.slice(4);
  const candidates = await findAutoLikeCandidates(
    db,
    viewerId,
    {
      country: seeker.country,
      seeker,
      bornAfter: `${year - AUTO_LIKE_AGE_SPREAD - 1}${rest}`,
      bornUpTo: `${year + AUTO_LIKE_AGE_SPREAD}${rest}`,
    },
    AUTO_LIKE_CANDIDATES,
  );
  if (candidates.length === 0) return { profile: null };
  const pick = candidates[Math.floor((ctx.random ?? Math.random)() * candidates.length)] ?? candidates[0];
  if (!pick) return { profile: null };
  const day = localDay(seeker.country, ctx.now);
  try {
    const res = await recordLike(db, pick.id, viewerId, async (tx) => {
      if ((await bumpDailyCounter(tx, viewerId, 'auto_like', day, RULES.autoLikesPerDay)) === null)
        throw new DailyLimit();
    });
    if (publish) await announceLike(db, publish, pick.id, viewerId, res, ctx.now);
  } catch (err) {
    if (err instanceof DailyLimit) return { profile: null };
    throw err;
  }
  return {
    profile: { id: pick.id, main_image: pick.filename ? publicMediaUrl(ctx.cdnPrefix, pick.filename) : null },
  };
}

/** Thrown inside a like's transaction when a daily limit is reached: rolls the like back. */
export class DailyLimit extends Error {}
