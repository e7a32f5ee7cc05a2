import { and, desc, eq, gt, isNull, lt, lte, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { likes, notifications, photos, profiles, users } from '../../db/schema.ts';
import { mainThumbJoin, memberCardColumns, notBlockedWith } from '../../kernel/members.ts';
import { unreadSumQuery } from '../chat/index.ts';

export interface NewNotification {
  userId: number;
  kind: string;
  actorId?: number | null;
  payload?: Record<string, unknown>;
}

/** Stores notifications and answers their ids with their owners. */
export async function insertNotifications(
  db: Db,
  rows: NewNotification[],
): Promise<{ id: number; userId: number }[]> {
  if (rows.length === 0) return [];
  return db
    .insert(notifications)
    .values(
      rows.map((r) => ({
        userId: r.userId,
        kind: r.kind,
        actorId: r.actorId ?? null,
        payload: r.payload ?? {},
      })),
    )
    .returning({ id: notifications.id, userId: notifications.userId });
}

/** Whether the member had a notification of this kind about this actor since `since`. */
export async function notifiedSince(db: Db, row: NewNotification, since: Date): Promise<boolean> {
  if (row.actorId == null) return false;
  const [hit] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.actorId, row.actorId),
        eq(notifications.userId, row.userId),
        eq(notifications.kind, row.kind),
        gt(notifications.createdAt, since),
      ),
    )
    .limit(1);
  return hit !== undefined;
}

/**
 * Whether the member the notification is about may be shown to its owner: listed and no block either way
 * (D-10, M-06). Notifications without a member always show.
 */
const actorVisible = (viewerId: number | SQL) =>
  sql`(${notifications.actorId} is null or (${profiles.listed} and ${notBlockedWith(viewerId, notifications.actorId)}))`;

/** A page of a member's notifications, newest first, keyset on id. */
export async function findNotificationsPage(db: Db, userId: number, beforeId: number | null, limit: number) {
  return db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      payload: notifications.payload,
      readAt: notifications.readAt,
      createdAt: notifications.createdAt,
      actorId: notifications.actorId,
      card: memberCardColumns,
    })
    .from(notifications)
    .leftJoin(profiles, eq(profiles.userId, notifications.actorId))
    .leftJoin(photos, mainThumbJoin)
    .where(
      and(
        eq(notifications.userId, userId),
        beforeId === null ? undefined : lt(notifications.id, beforeId),
        actorVisible(userId),
      ),
    )
    .orderBy(desc(notifications.id))
    .limit(limit);
}

export async function markNotificationsRead(db: Db, userId: number, upTo: number, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: now })
    .where(and(eq(notifications.userId, userId), lte(notifications.id, upTo), isNull(notifications.readAt)));
}

/** Unread notifications whose member may be shown (the partial index holds only unread rows). */
function unreadNotificationsQuery(db: Db, userId: number | SQL, cap: number) {
  return db
    .select({ one: sql`1` })
    .from(notifications)
    .leftJoin(profiles, eq(profiles.userId, notifications.actorId))
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt), actorVisible(userId)))
    .limit(cap);
}

/**
 * New likes of a member: likes still new whose liker may be shown (D-03, D-10). Walks
 * likes_received_idx, which has the new ones first.
 */
export function newLikesQuery(db: Db, userId: number | SQL, cap: number) {
  return db
    .select({ one: sql`1` })
    .from(likes)
    .innerJoin(profiles, eq(profiles.userId, likes.likerId))
    .where(
      and(
        eq(likes.likedId, userId),
        eq(likes.isNew, true),
        eq(profiles.listed, true),
        notBlockedWith(userId, likes.likerId),
      ),
    )
    .limit(cap);
}

/**
 * The member's wallet, unread messages, and their new likes and unread notifications, each counted up
 * to `cap`, in one statement: the navigation asks for it every minute on every open page.
 */
export function countsQuery(db: Db, userId: number | SQL, cap: number) {
  const count = (q: SQLWrapper) => sql<number>`(select count(*)::int from (${q}) as c)`;
  return db
    .select({
      credits: users.credits,
      paidUser: users.paidUser,
      unreadMessages: sql<number>`(${unreadSumQuery(db, userId)})`,
      newLikes: count(newLikesQuery(db, userId, cap)),
      unreadNotifications: count(unreadNotificationsQuery(db, userId, cap)),
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
}

function prepareCounts(db: Db, cap: number) {
  return countsQuery(db, sql`${sql.placeholder('userId')}::int`, cap).prepare(`vonk_counts:${cap}`);
}

/**
 * The counts as a prepared statement per database (one round trip, no parsing or planning once each
 * connection has it): every open page asks every minute, and at once after every own action.
 */
const countsStatements = new WeakMap<Db, Map<number, ReturnType<typeof prepareCounts>>>();

export async function findCounts(db: Db, userId: number, cap: number) {
  let byCap = countsStatements.get(db);
  if (!byCap) {
    byCap = new Map();
    countsStatements.set(db, byCap);
  }
  let statement = byCap.get(cap);
  if (!statement) {
    statement = prepareCounts(db, cap);
    byCap.set(cap, statement);
  }
  const [row] = await statement.execute({ userId });
  return row;
}

export async function findWallet(db: Db, userId: number) {
  const [row] = await db
    .select({ credits: users.credits, paidUser: users.paidUser })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The member's newest notification id, 0 for none. */
export async function findLatestNotificationId(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.id))
    .limit(1);
  return row?.id ?? 0;
}

/** The oldest like or match after `afterId` the modal has not shown, whose member may be shown (D-04). */
export async function findPendingPopup(db: Db, userId: number, afterId: number) {
  const [row] = await db
    .select({ id: notifications.id, kind: notifications.kind, card: memberCardColumns })
    .from(notifications)
    .innerJoin(profiles, eq(profiles.userId, notifications.actorId))
    .leftJoin(photos, mainThumbJoin)
    .where(
      and(
        eq(notifications.userId, userId),
        gt(notifications.id, afterId),
        isNull(notifications.popupSeenAt),
        isNull(notifications.readAt),
        sql`${notifications.kind} in ('like', 'match')`,
        actorVisible(userId),
      ),
    )
    .orderBy(notifications.id)
    .limit(1);
  return row;
}

/** The modal showed a like or match: never again, and it counts as read. */
export async function markPopupSeen(db: Db, userId: number, id: number, now: Date): Promise<void> {
  await db
    .update(notifications)
    .set({ popupSeenAt: now, readAt: sql`coalesce(${notifications.readAt}, ${now})` })
    .where(and(eq(notifications.userId, userId), eq(notifications.id, id)));
}

/** The viewer's own name and card photo, for the modal's pair of photos. */
export async function findOwnCard(db: Db, userId: number) {
  const [row] = await db
    .select({ name: profiles.name, thumbFilename: photos.thumbFilename })
    .from(profiles)
    .leftJoin(photos, mainThumbJoin)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row;
}
