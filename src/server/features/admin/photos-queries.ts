import { and, asc, count, eq, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { photoReviews, photos, profiles, sites, users } from '../../db/schema.ts';

/** The database or a transaction on it. */
type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/** The nav badge and the queue count at most this many (then "999+"): a count never scans a flood. */
export const WAITING_CAP = 999;

/** Photos of deleted or banned members are shown to nobody: they do not wait for a moderator either. */
const liveMember = and(isNull(users.deletedAt), ne(users.status, 'banned'));

const siteFilter = (siteIds: number[] | null): SQL | undefined =>
  siteIds === null ? undefined : inArray(users.siteId, siteIds.length > 0 ? siteIds : [-1]);

const memberColumns = {
  memberId: users.id,
  email: users.email,
  language: users.language,
  memberStatus: users.status,
  siteId: users.siteId,
  signupDate: users.createdAt,
  name: profiles.name,
  mainPhotoId: profiles.mainPhotoId,
  siteName: sites.name,
  photoCount: sql<number>`(select count(*) from ${photos} own where own.user_id = ${users.id})`.mapWith(
    Number,
  ),
};

export type MemberRow = {
  memberId: number;
  email: string;
  language: string;
  memberStatus: string;
  siteId: number;
  signupDate: Date;
  name: string | null;
  mainPhotoId: number | null;
  siteName: string;
  photoCount: number;
};

/**
 * The moderation queue (M-09): photos nobody reviewed yet, oldest first, on the given sites (null: all).
 * `photos_review_queue_idx` (created_at, id where reviewed_at is null) gives the order, so a page reads
 * its rows and no more, however many wait.
 */
export async function findQueue(db: Conn, siteIds: number[] | null, limit: number) {
  return db
    .select({ photo: photos, ...memberColumns })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(isNull(photos.reviewedAt), liveMember, siteFilter(siteIds)))
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .limit(limit);
}

/** How many photos wait on the given sites, counted up to WAITING_CAP + 1. */
export async function countWaiting(db: Conn, siteIds: number[] | null): Promise<number> {
  const waiting = db
    .select({ one: sql`1` })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .where(and(isNull(photos.reviewedAt), liveMember, siteFilter(siteIds)))
    .limit(WAITING_CAP + 1)
    .as('waiting');
  const [row] = await db.select({ n: count() }).from(waiting);
  return row?.n ?? 0;
}

/** A photo with its owner's site, whoever owns it. */
export async function findPhotoWithSite(db: Conn, id: number) {
  const [row] = await db
    .select({ photo: photos, siteId: users.siteId })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .where(eq(photos.id, id))
    .limit(1);
  return row;
}

/** A member as the moderation screens show them, with site name and photo count. */
export async function findMember(db: Conn, memberId: number): Promise<MemberRow | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(and(eq(users.id, memberId), isNull(users.deletedAt)))
    .limit(1);
  return row;
}

export async function listMemberPhotos(db: Conn, memberId: number) {
  return db
    .select()
    .from(photos)
    .where(eq(photos.userId, memberId))
    .orderBy(asc(photos.position), asc(photos.id));
}

/** Who a rejection mail goes to, in which language, from which site. */
export async function findRecipient(db: Conn, memberId: number) {
  const [row] = await db
    .select({ email: users.email, language: users.language, name: profiles.name, site: sites })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, memberId))
    .limit(1);
  return row;
}

/** The one review of a photo (approved or rejected, by whom, why); a later decision replaces it. */
export async function saveReview(
  db: Conn,
  values: {
    photoId: number;
    userId: number;
    staffId: number;
    decision: 'approved' | 'rejected';
    reason: string | null;
    now: Date;
  },
) {
  const row = {
    photoId: values.photoId,
    userId: values.userId,
    staffId: values.staffId,
    decision: values.decision,
    reason: values.reason,
    createdAt: values.now,
  };
  await db
    .insert(photoReviews)
    .values(row)
    .onConflictDoUpdate({
      target: photoReviews.photoId,
      set: { staffId: row.staffId, decision: row.decision, reason: row.reason, createdAt: row.createdAt },
    });
}
