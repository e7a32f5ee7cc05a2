import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { payments, profiles, refundRequests, sites, staff, users } from '../../db/schema.ts';

export type RefundRequestRow = typeof refundRequests.$inferSelect;

/** The member's request for this payment, if any. */
export async function findRefundRequest(db: Db | Tx, paymentId: number) {
  const [row] = await db.select().from(refundRequests).where(eq(refundRequests.paymentId, paymentId));
  return row;
}

/** A new open request; none when the payment has one already (one per payment, the unique index). */
export async function insertRefundRequest(
  tx: Tx,
  paymentId: number,
  userId: number,
  reason: string,
  now: Date,
) {
  const [row] = await tx
    .insert(refundRequests)
    .values({ paymentId, userId, reason, createdAt: now })
    .onConflictDoNothing({ target: refundRequests.paymentId })
    .returning();
  return row;
}

/** An open request's decision, only while it is open (a second decision finds none). */
export async function decideRefundRequest(
  db: Db | Tx,
  where: { id: number } | { paymentId: number },
  decision: { status: 'approved' | 'refused'; staffId: number | null; note: string | null; now: Date },
) {
  const target =
    'id' in where ? eq(refundRequests.id, where.id) : eq(refundRequests.paymentId, where.paymentId);
  const [row] = await db
    .update(refundRequests)
    .set({
      status: decision.status,
      decidedBy: decision.staffId,
      decidedAt: decision.now,
      note: decision.note,
    })
    .where(and(target, eq(refundRequests.status, 'open')))
    .returning();
  return row;
}

const listColumns = {
  request: refundRequests,
  payment: {
    publicId: payments.publicId,
    status: payments.status,
    credits: payments.credits,
    amountCents: payments.amountCents,
    currency: payments.currency,
    method: payments.method,
    paidAt: payments.paidAt,
  },
  member: { id: users.id, email: users.email, siteId: users.siteId, credits: users.credits },
  name: profiles.name,
  refundDays: sites.refundDays,
  siteName: sites.name,
  decidedByName: staff.name,
};

/** Requests of these sites (null: all), open ones oldest first, decided ones newest first. */
export async function findRefundRequests(
  db: Db,
  q: { siteIds: number[] | null; status: 'open' | 'approved' | 'refused'; offset: number; limit: number },
) {
  if (q.siteIds?.length === 0) return { rows: [], total: 0 };
  const filters: SQL[] = [eq(refundRequests.status, q.status)];
  if (q.siteIds) filters.push(inArray(users.siteId, q.siteIds));
  const where = and(...filters);
  const base = () =>
    db
      .select(listColumns)
      .from(refundRequests)
      .innerJoin(payments, eq(payments.id, refundRequests.paymentId))
      .innerJoin(users, eq(users.id, refundRequests.userId))
      .innerJoin(sites, eq(sites.id, users.siteId))
      .leftJoin(profiles, eq(profiles.userId, users.id))
      .leftJoin(staff, eq(staff.id, refundRequests.decidedBy));
  const order =
    q.status === 'open'
      ? [asc(refundRequests.createdAt), asc(refundRequests.id)]
      : [desc(refundRequests.decidedAt), desc(refundRequests.id)];
  const [rows, [total]] = await Promise.all([
    base()
      .where(where)
      .orderBy(...order)
      .limit(q.limit)
      .offset(q.offset),
    db
      .select({ n: count() })
      .from(refundRequests)
      .innerJoin(users, eq(users.id, refundRequests.userId))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One request with its payment and member, for a decision. */
export async function findRefundRequestById(db: Db, id: number) {
  const [row] = await db
    .select(listColumns)
    .from(refundRequests)
    .innerJoin(payments, eq(payments.id, refundRequests.paymentId))
    .innerJoin(users, eq(users.id, refundRequests.userId))
    .innerJoin(sites, eq(sites.id, users.siteId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(staff, eq(staff.id, refundRequests.decidedBy))
    .where(eq(refundRequests.id, id));
  return row;
}

export type RefundRequestListRow = NonNullable<Awaited<ReturnType<typeof findRefundRequestById>>>;
