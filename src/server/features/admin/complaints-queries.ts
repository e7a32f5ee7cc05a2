import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ComplaintStatus, TComplaintListQuery } from '../../../shared/contract/admin-moderation.ts';
import type { Db } from '../../db/client.ts';
import { complaintReplies, complaints, profiles, sites, staff, staffRoles, users } from '../../db/schema.ts';

/** The database or a transaction on it. */
type Conn = Db | Parameters<Parameters<Db['transaction']>[0]>[0];

const assignee = alias(staff, 'assignee');
const member = alias(users, 'member');
const memberProfile = alias(profiles, 'member_profile');

const rowColumns = {
  complaint: complaints,
  siteName: sites.name,
  assigneeId: assignee.id,
  assigneeName: assignee.name,
  memberId: member.id,
  memberStatus: member.status,
  memberSiteId: member.siteId,
  memberName: memberProfile.name,
};

export type ComplaintListRow = {
  complaint: typeof complaints.$inferSelect;
  siteName: string;
  assigneeId: number | null;
  assigneeName: string | null;
  memberId: number | null;
  memberStatus: string | null;
  memberSiteId: number | null;
  memberName: string | null;
};

const base = (db: Conn) =>
  db
    .select({ ...rowColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(complaints)
    .innerJoin(sites, eq(sites.id, complaints.siteId))
    .leftJoin(assignee, eq(assignee.id, complaints.assignedTo))
    .leftJoin(member, eq(member.id, complaints.memberId))
    .leftJoin(memberProfile, eq(memberProfile.userId, complaints.memberId));

const SORTS: Record<TComplaintListQuery['sort'], SQL[]> = {
  created_at: [asc(complaints.createdAt), asc(complaints.id)],
  '-created_at': [desc(complaints.createdAt), desc(complaints.id)],
  updated_at: [asc(complaints.updatedAt), asc(complaints.id)],
  '-updated_at': [desc(complaints.updatedAt), desc(complaints.id)],
};

/** A page of complaints on the given sites (null: all), filtered, with the total before paging. */
export async function findComplaints(
  db: Conn,
  q: {
    siteIds: number[] | null;
    status?: ComplaintStatus | undefined;
    assigned?: number | 'none' | undefined;
    sort: TComplaintListQuery['sort'];
    offset: number;
    limit: number;
  },
) {
  const where = and(
    q.siteIds === null ? undefined : inArray(complaints.siteId, q.siteIds.length > 0 ? q.siteIds : [-1]),
    q.status ? eq(complaints.status, q.status) : undefined,
    q.assigned === 'none'
      ? isNull(complaints.assignedTo)
      : q.assigned !== undefined
        ? eq(complaints.assignedTo, q.assigned)
        : undefined,
  );
  const rows = await base(db)
    .where(where)
    .orderBy(...SORTS[q.sort])
    .limit(q.limit)
    .offset(q.offset);
  // A page past the end has no row to carry the window count: count on its own then.
  if (rows.length > 0 || q.offset === 0) return { rows, total: rows[0]?.total ?? 0 };
  const [counted] = await db.select({ n: count() }).from(complaints).where(where);
  return { rows, total: counted?.n ?? 0 };
}

export async function findComplaint(db: Conn, id: number): Promise<ComplaintListRow | undefined> {
  const [row] = await db
    .select(rowColumns)
    .from(complaints)
    .innerJoin(sites, eq(sites.id, complaints.siteId))
    .leftJoin(assignee, eq(assignee.id, complaints.assignedTo))
    .leftJoin(member, eq(member.id, complaints.memberId))
    .leftJoin(memberProfile, eq(memberProfile.userId, complaints.memberId))
    .where(eq(complaints.id, id))
    .limit(1);
  return row;
}

/** Locks a complaint until the transaction ends: two changes of one complaint run one after the other. */
export async function lockComplaint(tx: Conn, id: number) {
  const [row] = await tx.select().from(complaints).where(eq(complaints.id, id)).for('update');
  return row;
}

export async function updateComplaint(
  tx: Conn,
  id: number,
  values: { status?: ComplaintStatus; assignedTo?: number | null; updatedAt: Date },
) {
  await tx.update(complaints).set(values).where(eq(complaints.id, id));
}

export async function findReplies(db: Conn, complaintId: number) {
  return db
    .select({
      id: complaintReplies.id,
      body: complaintReplies.body,
      createdAt: complaintReplies.createdAt,
      staffId: staff.id,
      staffName: staff.name,
    })
    .from(complaintReplies)
    .leftJoin(staff, eq(staff.id, complaintReplies.staffId))
    .where(eq(complaintReplies.complaintId, complaintId))
    .orderBy(asc(complaintReplies.id));
}

export async function insertReply(tx: Conn, values: { complaintId: number; staffId: number; body: string }) {
  const [row] = await tx.insert(complaintReplies).values(values).returning({ id: complaintReplies.id });
  if (!row) throw new Error('reply not stored');
  return row.id;
}

/** Active staff who may handle a site's complaints: moderators (and admins) of that site or all sites. */
export async function findAssignable(db: Conn, siteId: number) {
  return db
    .selectDistinct({ id: staff.id, name: staff.name })
    .from(staff)
    .innerJoin(staffRoles, eq(staffRoles.staffId, staff.id))
    .where(
      and(
        eq(staff.status, 'active'),
        inArray(staffRoles.role, ['moderator', 'admin']),
        or(isNull(staffRoles.siteId), eq(staffRoles.siteId, siteId)),
      ),
    )
    .orderBy(asc(staff.name), asc(staff.id));
}

export async function findSite(db: Conn, siteId: number) {
  const [row] = await db.select().from(sites).where(eq(sites.id, siteId)).limit(1);
  return row;
}

/** The member a complaint is about, with their site and standing (for a ban). */
export async function findMemberStanding(db: Conn, memberId: number) {
  const [row] = await db
    .select({ id: users.id, siteId: users.siteId, status: users.status, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, memberId))
    .limit(1);
  return row;
}
