import type { TTestCheckout } from '../../../shared/contract/credits.ts';
import type { Currency } from '../../../shared/data/payment-methods.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { ProviderStatus } from '../../platform/payments/provider.ts';
import type { TestProvider } from '../../platform/payments/test-provider.ts';
import { handleWebhook } from './payments.ts';
import type { ReceiptDeps } from './receipts.ts';

const notFound = () => new AppError(404, 'not_found', 'error.not_found');

/** The test provider's checkout page data: what it was asked to charge (Pay-10). */
export async function getTestCheckout(provider: TestProvider, id: string): Promise<TTestCheckout> {
  const row = await provider.find(id);
  if (!row) throw notFound();
  return {
    id: row.id,
    description: row.description,
    amount_cents: row.amountCents,
    currency: row.currency as Currency,
    method: row.method,
    status: row.status as TTestCheckout['status'],
  };
}

/**
 * The tester's pick on the checkout page. Like a real provider, the outcome is final once chosen (a
 * pending payment may still be decided later), and then the webhook is called with the id alone.
 */
export async function chooseTestCheckout(
  deps: { db: Db; provider: TestProvider; now: Date; receipts?: ReceiptDeps },
  id: string,
  status: ProviderStatus,
): Promise<{ redirect_url: string }> {
  const row = await deps.provider.find(id);
  if (!row) throw notFound();
  if (row.status !== 'open' && row.status !== 'pending') {
    throw new AppError(409, 'payment_final', 'credits.payment_final');
  }
  const redirect = await deps.provider.choose(id, status);
  if (!redirect) throw notFound();
  await handleWebhook(deps, id);
  return { redirect_url: redirect };
}
