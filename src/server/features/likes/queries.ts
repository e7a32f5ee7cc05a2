import { and, asc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { likes } from '../../db/schema.ts';

/** Records a like once; liking again changes nothing (not even its date). */
export async function insertLike(db: Db, likerId: number, likedId: number): Promise<void> {
  await db.insert(likes).values({ likerId, likedId }).onConflictDoNothing();
}

export async function deleteLike(db: Db, likerId: number, likedId: number): Promise<void> {
  await db.delete(likes).where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)));
}

/** The liked member has opened the liker's profile: the like is no longer new. */
export async function markLikeSeen(db: Db, likerId: number, likedId: number): Promise<void> {
  await db
    .update(likes)
    .set({ isNew: false })
    .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId), eq(likes.isNew, true)));
}

/** Forgets the likes between two members in both directions (a block ends whatever was between them). */
export async function deleteLikesBetween(db: Db, a: number, b: number): Promise<void> {
  await db
    .delete(likes)
    .where(
      or(and(eq(likes.likerId, a), eq(likes.likedId, b)), and(eq(likes.likerId, b), eq(likes.likedId, a))),
    );
}

/** A member's likes both ways, oldest first, for their data export: ids and dates only. */
export async function likesOf(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(likes)
    .where(or(eq(likes.likerId, userId), eq(likes.likedId, userId)))
    .orderBy(asc(likes.createdAt));
  return {
    given: rows.filter((r) => r.likerId === userId).map((r) => ({ member_id: r.likedId, date: r.createdAt })),
    received: rows
      .filter((r) => r.likedId === userId)
      .map((r) => ({ member_id: r.likerId, date: r.createdAt })),
  };
}
