import { and, asc, count, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  auditLog,
  creditBundles,
  creditLedger,
  type discountCodes,
  payments,
  profiles,
  sites,
  timeBonusDismissals,
  users,
} from '../../db/schema.ts';

export type BundleRow = typeof creditBundles.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type DiscountCodeRow = typeof discountCodes.$inferSelect;

export async function listBundles(db: Db, siteId: number, country: string): Promise<BundleRow[]> {
  return db
    .select()
    .from(creditBundles)
    .where(
      and(
        eq(creditBundles.siteId, siteId),
        eq(creditBundles.country, country),
        eq(creditBundles.active, true),
      ),
    )
    .orderBy(asc(creditBundles.position), asc(creditBundles.credits));
}

/** The countries a site has bundles for. */
export async function bundleCountries(db: Db, siteId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ country: creditBundles.country })
    .from(creditBundles)
    .where(and(eq(creditBundles.siteId, siteId), eq(creditBundles.active, true)));
  return rows.map((r) => r.country);
}

export async function findBundle(db: Db, id: number): Promise<BundleRow | undefined> {
  const [row] = await db.select().from(creditBundles).where(eq(creditBundles.id, id));
  return row;
}

/** What the credits pages need to know about the member: site, country, balance, premium. */
export async function findBuyer(db: Db | Tx, userId: number) {
  const [row] = await db
    .select({
      id: users.id,
      siteId: users.siteId,
      credits: users.credits,
      paidUser: users.paidUser,
      createdAt: users.createdAt,
      country: profiles.country,
      /** The delete dialog's "stay" offer the member accepted, a percentage; null: none. */
      retentionDiscount: users.retentionDiscount,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId));
  return row;
}
export type Buyer = NonNullable<Awaited<ReturnType<typeof findBuyer>>>;

export async function insertPayment(db: Db | Tx, values: typeof payments.$inferInsert): Promise<PaymentRow> {
  const [row] = await db.insert(payments).values(values).returning();
  if (!row) throw new Error('payment not stored');
  return row;
}

export async function setProviderId(db: Db, id: number, providerId: string) {
  await db.update(payments).set({ providerId }).where(eq(payments.id, id));
}

export async function findPaymentByPublicId(db: Db | Tx, publicId: string): Promise<PaymentRow | undefined> {
  const [row] = await db.select().from(payments).where(eq(payments.publicId, publicId));
  return row;
}

export async function findPaymentByProviderId(
  db: Db,
  provider: string,
  providerId: string,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerId, providerId)));
  return row;
}

export async function findPaymentsByPublicIds(db: Db, publicIds: string[]): Promise<PaymentRow[]> {
  if (publicIds.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.publicId, publicIds));
}

/**
 * Moves a payment forward, and only forward: the update applies only from the statuses that may precede
 * `to` (the database trigger refuses anything else as well). Returns the row when this call moved it.
 */
export async function advancePayment(
  db: Db | Tx,
  id: number,
  from: readonly PaymentRow['status'][],
  to: PaymentRow['status'],
  now: Date,
): Promise<PaymentRow | undefined> {
  const [row] = await db
    .update(payments)
    .set({
      status: to,
      ...(to === 'paid' ? { paidAt: now } : {}),
      ...(to === 'refunded' ? { refundedAt: now } : {}),
    })
    .where(and(eq(payments.id, id), inArray(payments.status, [...from])))
    .returning();
  return row;
}

/** Holds a paid direct debit's credits until `until`. */
export async function holdCredits(tx: Tx, id: number, until: Date): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ creditsHeldUntil: until })
    .where(eq(payments.id, id))
    .returning();
  return row;
}

/** Paid payments whose held credits are due by `now`. */
export async function paymentsHeldUntil(db: Db, now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.status, 'paid'), lte(payments.creditsHeldUntil, now)))
    .limit(500);
  return rows.map((r) => r.id);
}

/** Ends a hold, only once and only while the payment is still paid; answers the payment when this call did. */
export async function releaseHold(tx: Tx, id: number): Promise<PaymentRow | undefined> {
  const [row] = await tx
    .update(payments)
    .set({ creditsHeldUntil: null })
    .where(and(eq(payments.id, id), eq(payments.status, 'paid'), isNotNull(payments.creditsHeldUntil)))
    .returning();
  return row;
}

/** Drops a hold whose credits will never be booked (the payment was refunded or charged back). */
export async function clearHold(tx: Tx, id: number) {
  await tx.update(payments).set({ creditsHeldUntil: null }).where(eq(payments.id, id));
}

export async function setRefundedCredits(db: Db | Tx, id: number, credits: number) {
  await db.update(payments).set({ refundedCredits: credits }).where(eq(payments.id, id));
}

/**
 * Ends premium unless another payment of the member still stands (paid or refunded, as for
 * countPaidPayments); answers whether it ended.
 */
export async function endPremiumUnlessPaid(tx: Tx, userId: number): Promise<boolean> {
  const [other] = await tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), inArray(payments.status, ['paid', 'refunded'])))
    .limit(1);
  if (other) return false;
  const ended = await tx
    .update(users)
    .set({ paidUser: false })
    .where(and(eq(users.id, userId), eq(users.paidUser, true)))
    .returning({ id: users.id });
  return ended.length > 0;
}

export async function markPaidUser(db: Db | Tx, userId: number) {
  await db.update(users).set({ paidUser: true }).where(eq(users.id, userId));
}

/** The member's balance now. */
export async function balanceOf(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row?.credits ?? 0;
}

/** Whether the member paid by card before: a failed card payment is then a failed repeat payment. */
export async function hasPaidCardPayment(db: Db, userId: number, cardMethods: string[]): Promise<boolean> {
  const [row] = await db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        inArray(payments.status, ['paid', 'refunded']),
        inArray(payments.method, cardMethods),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function lastPaidPayment(db: Db, userId: number): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.status, 'paid')))
    .orderBy(desc(payments.id))
    .limit(1);
  return row;
}

export async function countPaidPayments(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(and(eq(payments.userId, userId), inArray(payments.status, ['paid', 'refunded'])));
  return row?.n ?? 0;
}

// Time bonus

export async function isTimeBonusDismissed(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ at: timeBonusDismissals.dismissedAt })
    .from(timeBonusDismissals)
    .where(eq(timeBonusDismissals.userId, userId));
  return Boolean(row);
}

export async function dismissTimeBonus(db: Db, userId: number, now: Date) {
  await db
    .insert(timeBonusDismissals)
    .values({ userId, dismissedAt: now })
    .onConflictDoUpdate({ target: timeBonusDismissals.userId, set: { dismissedAt: now } });
}

// Transactions: the ledger, newest first

export async function ledgerPage(db: Db, userId: number, limit: number, offset: number) {
  const rows = await db
    .select()
    .from(creditLedger)
    .where(eq(creditLedger.userId, userId))
    .orderBy(desc(creditLedger.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count() }).from(creditLedger).where(eq(creditLedger.userId, userId));
  return { rows, total: total?.n ?? 0 };
}

export async function ledgerEntry(db: Db, userId: number, id: number) {
  const [row] = await db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.id, id), eq(creditLedger.userId, userId)));
  return row;
}

/**
 * What staff wrote for their credit adjustments of a member (O-02), by the booking's reference: the
 * reason of the audit line written with the booking (the audit log is append-only, so the text the
 * member sees is the one the staff member gave, unchanged).
 */
export async function staffAdjustmentNotes(
  db: Db,
  userId: number,
  action: string,
  references: string[],
): Promise<Map<string, string>> {
  if (references.length === 0) return new Map();
  const reference = sql<string>`${auditLog.after} ->> 'reference'`;
  const rows = await db
    .select({ reference, reason: auditLog.reason })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.objectType, 'member'),
        eq(auditLog.objectId, String(userId)),
        eq(auditLog.action, action),
        inArray(reference, references),
      ),
    );
  return new Map(rows.map((r) => [r.reference, r.reason ?? '']));
}

/** The refund window of the member's site, in days (Pay-11). */
export async function refundDaysOf(db: Db | Tx, userId: number): Promise<number> {
  const [row] = await db
    .select({ days: sites.refundDays })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(eq(users.id, userId));
  return row?.days ?? 0;
}

/** Locks the member's balance for the rest of the transaction, so a spend waits until a refund is booked. */
export async function lockBalance(tx: Tx, userId: number): Promise<number> {
  const [row] = await tx
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row?.credits ?? 0;
}
