import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { testProviderPayments } from '../../db/schema.ts';
import type { CreatePaymentInput, PaymentProvider, ProviderStatus } from './provider.ts';

const STATUSES: readonly ProviderStatus[] = ['open', 'pending', 'paid', 'failed', 'canceled', 'expired'];

/**
 * The built-in provider for local use and tests: it keeps its payments in its own table and sends the
 * member to a checkout page served by Vonk (/test-checkout/:id) where the tester picks the outcome, like
 * Mollie's test mode. It never charges anyone.
 */
export function createTestProvider(db: Db): PaymentProvider & {
  find(id: string): Promise<typeof testProviderPayments.$inferSelect | undefined>;
  choose(id: string, status: ProviderStatus): Promise<string | null>;
} {
  return {
    name: 'test',
    async createPayment(input: CreatePaymentInput) {
      const id = `tst_${randomBytes(12).toString('hex')}`;
      await db.insert(testProviderPayments).values({
        id,
        amountCents: input.amountCents,
        currency: input.currency,
        description: input.description,
        method: input.method,
        redirectUrl: input.redirectUrl,
      });
      return { providerId: id, checkoutUrl: `/test-checkout/${id}` };
    },
    async getStatus(id) {
      const [row] = await db.select().from(testProviderPayments).where(eq(testProviderPayments.id, id));
      if (!row) return null;
      const status = STATUSES.includes(row.status as ProviderStatus)
        ? (row.status as ProviderStatus)
        : 'open';
      return { status, chargedBackCents: 0 };
    },
    async refund(id, amountCents) {
      const [row] = await db.select().from(testProviderPayments).where(eq(testProviderPayments.id, id));
      if (row?.status !== 'paid') throw new Error('test provider: only a paid payment can be refunded');
      await db
        .update(testProviderPayments)
        .set({ refundedCents: row.refundedCents + amountCents })
        .where(eq(testProviderPayments.id, id));
    },
    async cancel(id) {
      // Only an open payment (the member has not answered the bank yet) can be cancelled.
      const rows = await db
        .update(testProviderPayments)
        .set({ status: 'canceled' })
        .where(and(eq(testProviderPayments.id, id), eq(testProviderPayments.status, 'open')))
        .returning({ id: testProviderPayments.id });
      return rows.length === 1;
    },
    async find(id) {
      const [row] = await db.select().from(testProviderPayments).where(eq(testProviderPayments.id, id));
      return row;
    },
    /** The tester's choice on the checkout page; answers where to send the member, or null for an unknown id. */
    async choose(id, status) {
      const [row] = await db
        .update(testProviderPayments)
        .set({ status })
        .where(eq(testProviderPayments.id, id))
        .returning({ redirectUrl: testProviderPayments.redirectUrl });
      return row?.redirectUrl ?? null;
    },
  };
}
export type TestProvider = ReturnType<typeof createTestProvider>;
