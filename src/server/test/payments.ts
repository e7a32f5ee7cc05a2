import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { ZCreatePaymentResponse, ZPricing } from '../../shared/contract/credits.ts';
import { payments } from '../db/schema.ts';
import type { TestMember } from './members.ts';

/** A paid purchase of the member's first bundle by iDEAL through the test provider's checkout. */
export async function buyFirstBundle(app: FastifyInstance, m: TestMember) {
  const pricing = ZPricing.parse((await app.inject({ url: '/api/credits', cookies: m.cookies })).json());
  const bundle = pricing.bundles[0];
  const res = await app.inject({
    method: 'POST',
    url: '/api/payments',
    cookies: m.cookies,
    payload: { bundle_id: bundle?.id, method: 'ideal' },
  });
  const { payment_id } = ZCreatePaymentResponse.parse(res.json());
  const [row] = await app.db.select().from(payments).where(eq(payments.publicId, payment_id));
  await app.inject({
    method: 'POST',
    url: `/api/test-checkout/${row?.providerId}`,
    payload: { status: 'paid' },
  });
  return { id: payment_id, credits: bundle?.credits ?? 0, amountCents: row?.amountCents ?? 0 };
}

/** A filled-in direct-debit order (Pay-06) of a bundle: a Dutch account, an address, a mobile number. */
export const directDebitForm = (bundleId: number | undefined, overrides: Record<string, unknown> = {}) => ({
  bundle_id: bundleId,
  account_holder: 'J. de Vries',
  iban: 'NL91ABNA0417164300',
  street: 'Keizersgracht',
  house_number: '12a',
  zip: '1015 CJ',
  city: 'Amsterdam',
  phone: '06 1234 5678',
  authorise: true,
  ...overrides,
});
