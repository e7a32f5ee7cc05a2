import { and, asc, count, eq, isNull, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { photoReviews, photos, profiles, sites, users } from '../../db/schema.ts';

/** The database or a transaction on it. */
type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * The nav badge and the queue count at most this many (then "99+"): a count reads the queue index in its
 * own order and stops there, so it costs about as much as a page however many photos wait.
 */
export const WAITING_CAP = 99;

/** Photos of deleted or banned members are shown to nobody: they do not wait for a moderator either. */
const liveMember = and(isNull(users.deletedAt), ne(users.status, 'banned'));

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

const waitingWhere = (sitesParam: SQL | null) =>
  and(
    isNull(photos.reviewedAt),
    liveMember,
    sitesParam === null ? undefined : sql`${users.siteId} = any(${sitesParam})`,
  );

/**
 * The moderation queue (M-09) as one statement: the oldest waiting photos with their members, and how
 * many wait (up to WAITING_CAP + 1) as a subquery PostgreSQL runs once. Both walk
 * `photos_review_queue_idx` (created_at, id where reviewed_at is null) in its order and look each owner
 * up, so a page reads its rows and no more however many wait. Prepared once per database and shape (all
 * sites, or some), so a request costs no parsing or planning (decision 0012).
 */
function queueQuery(db: Db, sitesParam: SQL | null, limit: number | Placeholder) {
  const counted = db
    .select({ one: sql`1` })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .where(waitingWhere(sitesParam))
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .limit(WAITING_CAP + 1)
    .as('counted');
  const waiting = db.select({ n: sql<number>`count(*)::int` }).from(counted);
  return db
    .select({ photo: photos, ...memberColumns, waiting: sql<number>`(${waiting})`.mapWith(Number) })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(waitingWhere(sitesParam))
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .limit(limit);
}

function queueStatement(db: Db, bySite: boolean) {
  const sitesParam = bySite ? sql`${sql.placeholder('sites')}::int[]` : null;
  return queueQuery(db, sitesParam, sql.placeholder('limit')).prepare(
    bySite ? 'vonk_admin_photo_queue_sites' : 'vonk_admin_photo_queue',
  );
}

/** The queue's statement as SQL with its values, for the bench's query plan. */
export function queueSql(db: Db, siteIds: number[] | null, limit: number) {
  return queueQuery(db, siteIds === null ? null : sql`${sql.param(siteIds)}::int[]`, limit).toSQL();
}

const queueStatements = new WeakMap<Db, Record<'all' | 'sites', ReturnType<typeof queueStatement>>>();

/**
 * A page of the queue on the given sites (null: all), oldest first, and how many wait there (counted up
 * to WAITING_CAP + 1). An empty page means nothing waits: the count has the page's own conditions.
 */
export async function findQueue(db: Db, siteIds: number[] | null, limit: number) {
  let statements = queueStatements.get(db);
  if (!statements) {
    statements = { all: queueStatement(db, false), sites: queueStatement(db, true) };
    queueStatements.set(db, statements);
  }
  const rows =
    siteIds === null
      ? await statements.all.execute({ limit })
      : await statements.sites.execute({ limit, sites: siteIds });
  return { rows, waiting: rows[0]?.waiting ?? 0 };
}

/** How many photos wait on the given sites, counted up to WAITING_CAP + 1 (the nav badge). */
export async function countWaiting(db: Conn, siteIds: number[] | null): Promise<number> {
  const counted = db
    .select({ one: sql`1` })
    .from(photos)
    .innerJoin(users, eq(users.id, photos.userId))
    .where(waitingWhere(siteIds === null ? null : sql`${sql.param(siteIds)}::int[]`))
    // The queue's order: PostgreSQL walks photos_review_queue_idx and looks each owner up, never
    // hashing every member first to count a few.
    .orderBy(asc(photos.createdAt), asc(photos.id))
    .limit(WAITING_CAP + 1)
    .as('waiting');
  const [row] = await db.select({ n: count() }).from(counted);
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
