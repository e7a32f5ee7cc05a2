// Direct-debit orders: stored within the member's limit, verified, linked to their payment.
import { and, count, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { directDebitRequests, payments, users } from '../../db/schema.ts';

export type DirectDebitRow = typeof directDebitRequests.$inferSelect;

/**
 * Stores a direct-debit order unless the member already has `max` since `since`: the count and the insert
 * run under a lock on the member's row, so parallel starts queue and the limit holds. Undefined at the limit.
 */
export async function insertDirectDebitWithinLimit(
  db: Db,
  values: typeof directDebitRequests.$inferInsert,
  since: Date,
  max: number,
) {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, values.userId)).for('update');
    const [done] = await tx
      .select({ n: count() })
      .from(directDebitRequests)
      .where(and(eq(directDebitRequests.userId, values.userId), gte(directDebitRequests.createdAt, since)));
    if ((done?.n ?? 0) >= max) return undefined;
    const [row] = await tx.insert(directDebitRequests).values(values).returning();
    if (!row) throw new Error('direct debit not stored');
    return row;
  });
}

export async function findDirectDebit(db: Db, publicId: string): Promise<DirectDebitRow | undefined> {
  const [row] = await db.select().from(directDebitRequests).where(eq(directDebitRequests.publicId, publicId));
  return row;
}

/** Counts one try of the code, only while tries are left; answers the row when this try may be checked. */
export async function countDirectDebitAttempt(db: Db, id: number, max: number) {
  const [row] = await db
    .update(directDebitRequests)
    .set({ attempts: sql`${directDebitRequests.attempts} + 1` })
    .where(
      and(
        eq(directDebitRequests.id, id),
        lt(directDebitRequests.attempts, max),
        isNull(directDebitRequests.verifiedAt),
      ),
    )
    .returning();
  return row;
}

/** Marks the code used; only the first of two racing confirmations gets the row back. */
export async function verifyDirectDebit(db: Db, id: number, now: Date) {
  const [row] = await db
    .update(directDebitRequests)
    .set({ verifiedAt: now })
    .where(and(eq(directDebitRequests.id, id), isNull(directDebitRequests.verifiedAt)))
    .returning();
  return row;
}

export async function linkDirectDebitPayment(db: Db, id: number, paymentId: number) {
  await db.update(directDebitRequests).set({ paymentId }).where(eq(directDebitRequests.id, id));
}

export async function countDirectDebitsSince(db: Db, userId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(directDebitRequests)
    .where(and(eq(directDebitRequests.userId, userId), gte(directDebitRequests.createdAt, since)));
  return row?.n ?? 0;
}

export async function countFailedDirectDebits(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(payments)
    .where(
      and(eq(payments.userId, userId), eq(payments.method, 'directdebit'), eq(payments.status, 'failed')),
    );
  return row?.n ?? 0;
}
