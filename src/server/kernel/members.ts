// What many features ask about other members: the columns of a member card, and whether a member may
// be seen by or reach another (blocks both ways, deleted accounts). Kernel: imports db and shared only,
// never a feature (decision 0025).
import { type AnyColumn, and, desc, eq, exists, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { blocks, likes, photos, profiles, users } from '../db/schema.ts';

/** Columns of a member card (search, related, likes); with `mainThumbJoin` on photos. */
export const memberCardColumns = {
  userId: profiles.userId,
  name: profiles.name,
  dateOfBirth: profiles.dateOfBirth,
  city: profiles.city,
  country: profiles.country,
  fictional: profiles.fictional,
  lastActiveAt: profiles.lastActiveAt,
  thumbFilename: photos.thumbFilename,
};
export interface MemberCardRow {
  userId: number;
  name: string;
  dateOfBirth: string;
  city: string | null;
  country: string | null;
  fictional: boolean;
  lastActiveAt: Date;
  thumbFilename: string | null;
}

/** The main photo a card may show to anyone: public and approved (M-09), else no photo. */
/**
 * Whom a public page for visitors (the showcase, a landing, a lander) may show: fictional profiles, or
 * members of this same site whose photo a moderator has approved (issue 27): a brand's public pages never
 * show another brand's members, nor anyone's photo minutes after signup. Needs `photos` joined by
 * `mainThumbJoin` and `users` joined.
 */
export const publicFaceOn = (siteId: number) =>
  sql`(${profiles.fictional} or (${users.siteId} = ${siteId} and ${photos.reviewedAt} is not null))`;

export const mainThumbJoin = and(
  eq(photos.id, profiles.mainPhotoId),
  eq(photos.userId, profiles.userId),
  eq(photos.isPrivate, false),
  eq(photos.status, 'active'),
);

/**
 * Neither member blocked the other (M-06). Two NOT EXISTS on the blocks primary key, so PostgreSQL
 * plans anti-joins against the viewer's few block rows (primary key and blocks_blocked_idx). `member`
 * is the other member's id column (profiles.user_id unless a subquery's).
 */
export function notBlockedWith(
  viewerId: number | SQL,
  member: SQL.Aliased | AnyColumn = profiles.userId,
): SQL {
  const byViewer = sql`select 1 from ${blocks} where ${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${member}`;
  const ofViewer = sql`select 1 from ${blocks} where ${blocks.blockerId} = ${member} and ${blocks.blockedId} = ${viewerId}`;
  return sql`not exists (${byViewer}) and not exists (${ofViewer})`;
}

/**
 * Newest activity first, in the order of the search indexes (DESC NULLS LAST), so they give it for free.
 * A function: Drizzle may rewrite the chunks of an order-by it is given, so none is shared.
 */
export const byLastActive = () => [sql`${profiles.lastActiveAt} desc nulls last`, desc(profiles.userId)];

/** A member as a profile page needs them, with the block state between them and the viewer. */
export async function findMember(db: Db, memberId: number, viewerId: number | null) {
  const blockedViewer =
    viewerId === null
      ? sql<boolean>`false`
      : exists(
          db
            .select({ one: sql`1` })
            .from(blocks)
            .where(and(eq(blocks.blockerId, memberId), eq(blocks.blockedId, viewerId))),
        );
  const blockedByViewer =
    viewerId === null
      ? sql<boolean>`false`
      : exists(
          db
            .select({ one: sql`1` })
            .from(blocks)
            .where(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, memberId))),
        );
  const likedBy = (likerId: number, likedId: number) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(likes)
        .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId))),
    );
  const [row] = await db
    .select({
      profile: profiles,
      showDistance: sql<boolean>`coalesce((${users.locationOptions} ->> 'show_distance')::boolean, true)`,
      blockedViewer: sql<boolean>`${blockedViewer}`,
      blockedByViewer: sql<boolean>`${blockedByViewer}`,
      likedByViewer: viewerId === null ? sql<boolean>`false` : sql<boolean>`${likedBy(viewerId, memberId)}`,
      likesViewer: viewerId === null ? sql<boolean>`false` : sql<boolean>`${likedBy(memberId, viewerId)}`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.userId, memberId), isNull(users.deletedAt), ne(users.status, 'banned')))
    .limit(1);
  return row;
}

/** Whether an account exists and is not deleted (a banned one can still be blocked). */
export async function accountExists(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return row !== undefined;
}
