import { and, asc, count, eq, inArray, isNull, max, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { photos, profiles, sites, users } from '../../db/schema.ts';

export type PhotoRow = typeof photos.$inferSelect;
export type NewPhotoRow = typeof photos.$inferInsert;
export type { Tx };
/** The database or a transaction on it: every query here runs in either. */
export type Conn = Db | Tx;

/**
 * Locks the member's row until the transaction ends, so photo changes of one member run one at a time
 * (two uploads at once cannot both see room under the limit). Undefined when there is no such member.
 */
export async function lockMember(
  tx: Tx,
  userId: number,
): Promise<{ paidUser: boolean; photoModeration: 'pre' | 'post' } | undefined> {
  const [row] = await tx
    .select({ paidUser: users.paidUser, photoModeration: sites.photoModeration })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, userId))
    .for('update', { of: users });
  return row;
}

export async function countPhotos(db: Conn, userId: number): Promise<number> {
  const [row] = await db.select({ n: count() }).from(photos).where(eq(photos.userId, userId));
  return row?.n ?? 0;
}

export async function nextPosition(db: Conn, userId: number): Promise<number> {
  const [row] = await db
    .select({ top: max(photos.position) })
    .from(photos)
    .where(eq(photos.userId, userId));
  return row?.top === null || row?.top === undefined ? 0 : row.top + 1;
}

export async function listPhotos(db: Conn, userId: number): Promise<PhotoRow[]> {
  return db
    .select()
    .from(photos)
    .where(eq(photos.userId, userId))
    .orderBy(asc(photos.position), asc(photos.id));
}

export async function findPhoto(db: Conn, userId: number, id: number): Promise<PhotoRow | undefined> {
  const [row] = await db
    .select()
    .from(photos)
    .where(and(eq(photos.id, id), eq(photos.userId, userId)))
    .limit(1);
  return row;
}

export async function insertPhoto(db: Conn, values: NewPhotoRow): Promise<PhotoRow> {
  const [row] = await db.insert(photos).values(values).returning();
  if (!row) throw new Error('photo not inserted');
  return row;
}

/** Changes a photo's visibility together with its file names. */
export async function updatePrivacy(
  db: Conn,
  userId: number,
  id: number,
  change: { isPrivate: boolean; filename: string; thumbFilename: string },
): Promise<PhotoRow | undefined> {
  const [row] = await db
    .update(photos)
    .set(change)
    .where(and(eq(photos.id, id), eq(photos.userId, userId)))
    .returning();
  return row;
}

/** Gives the listed photos positions 0..n-1 in list order; photos of other members are untouched. */
export async function setPositions(db: Conn, userId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const cases = sql.join(
    ids.map((id, i) => sql`when ${id}::int then ${i}::int`),
    sql` `,
  );
  await db
    .update(photos)
    .set({ position: sql`case ${photos.id} ${cases} else ${photos.position} end` })
    .where(and(eq(photos.userId, userId), inArray(photos.id, ids)));
}

export async function deletePhoto(db: Conn, userId: number, id: number): Promise<PhotoRow | undefined> {
  const [row] = await db
    .delete(photos)
    .where(and(eq(photos.id, id), eq(photos.userId, userId)))
    .returning();
  return row;
}

export async function deletePhotosOf(db: Conn, userId: number): Promise<PhotoRow[]> {
  return db.delete(photos).where(eq(photos.userId, userId)).returning();
}

export async function getMainPhotoId(db: Conn, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: profiles.mainPhotoId })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row?.id ?? null;
}

export async function setMainPhotoId(db: Conn, userId: number, id: number | null): Promise<void> {
  await db
    .update(profiles)
    .set({ mainPhotoId: id, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}

/** The main photo row of a member, when the profile points at one that still exists. */
export async function findMainPhoto(db: Conn, userId: number): Promise<PhotoRow | undefined> {
  const [row] = await db
    .select({ photo: photos })
    .from(profiles)
    .innerJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.userId, profiles.userId)))
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row?.photo;
}

export interface ServableFile {
  userId: number;
  isPrivate: boolean;
  status: PhotoRow['status'];
}

/**
 * The photo a media key belongs to (its full image or its thumbnail), with what serving it depends on.
 * Photos of banned or deleted members are never served.
 */
export async function findFileOwner(db: Conn, key: string): Promise<ServableFile | undefined> {
  const [row] = await db
    .select({ userId: photos.userId, isPrivate: photos.isPrivate, status: photos.status })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .where(
      and(
        or(eq(photos.filename, key), eq(photos.thumbFilename, key)),
        ne(users.status, 'banned'),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

/** The first public, not rejected photo of a member by position: the main image when none is chosen. */
export async function firstMainCandidate(db: Conn, userId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(and(eq(photos.userId, userId), eq(photos.isPrivate, false), ne(photos.status, 'rejected')))
    .orderBy(asc(photos.position), asc(photos.id))
    .limit(1);
  return row?.id ?? null;
}

/** A photo by id, whoever owns it (the back office's moderation). */
export async function findPhotoById(db: Conn, id: number): Promise<PhotoRow | undefined> {
  const [row] = await db.select().from(photos).where(eq(photos.id, id)).limit(1);
  return row;
}

/** Locks one photo row of a member until the transaction ends (two moderators, one decision). */
export async function lockPhoto(tx: Tx, userId: number, id: number): Promise<PhotoRow | undefined> {
  const [row] = await tx
    .select()
    .from(photos)
    .where(and(eq(photos.id, id), eq(photos.userId, userId)))
    .for('update');
  return row;
}

/** A moderator approved a photo (M-09): reviewed, and shown to others when it was waiting for that. */
export async function markApproved(tx: Tx, id: number, now: Date): Promise<PhotoRow | undefined> {
  const [row] = await tx
    .update(photos)
    .set({
      reviewedAt: now,
      status: sql`case when ${photos.status} = 'pending' then 'active' else ${photos.status} end`,
    })
    .where(eq(photos.id, id))
    .returning();
  return row;
}

/** Whether a media key is a member photo's file (full image or thumbnail), whoever owns it. */
export async function isPhotoFile(db: Conn, key: string): Promise<boolean> {
  const [row] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(or(eq(photos.filename, key), eq(photos.thumbFilename, key)))
    .limit(1);
  return row !== undefined;
}
