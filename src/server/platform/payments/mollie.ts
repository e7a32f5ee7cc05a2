import { createMollieClient, type MollieClient, PaymentMethod, PaymentStatus } from '@mollie/api-client';
import {
  type CreatePaymentInput,
  centsToDecimal,
  decimalToCents,
  type PaymentProvider,
  type ProviderStatus,
} from './provider.ts';

const STATUS: Record<string, ProviderStatus> = {
  [PaymentStatus.open]: 'open',
  [PaymentStatus.pending]: 'pending',
  [PaymentStatus.authorized]: 'pending',
  [PaymentStatus.paid]: 'paid',
  [PaymentStatus.failed]: 'failed',
  [PaymentStatus.canceled]: 'canceled',
  [PaymentStatus.expired]: 'expired',
};

/** Mollie's methods by our provider-method id; anything Mollie does not know goes to its own method choice. */
const KNOWN = new Set<string>(Object.values(PaymentMethod));

/** Mollie (Pay-10) through its official client; `apiEndpoint` lets tests point it at a local fake. */
export function createMollieProvider(
  apiKey: string,
  opts: { apiEndpoint?: string | undefined } = {},
): PaymentProvider {
  const client: MollieClient = createMollieClient({
    apiKey,
    ...(opts.apiEndpoint ? { apiEndpoint: opts.apiEndpoint } : {}),
  });
  return {
    name: 'mollie',
    async createPayment(input: CreatePaymentInput) {
      const payment = await client.payments.create({
        amount: { currency: input.currency, value: centsToDecimal(input.amountCents) },
        description: input.description,
        redirectUrl: input.redirectUrl,
        webhookUrl: input.webhookUrl,
        metadata: { reference: input.reference },
        ...(KNOWN.has(input.method) ? { method: input.method as PaymentMethod } : {}),
      });
      const checkoutUrl = payment.getCheckoutUrl();
      if (!checkoutUrl) throw new Error('Mollie gave no checkout URL');
      return { providerId: payment.id, checkoutUrl };
    },
    async getStatus(providerId) {
      try {
        const payment = await client.payments.get(providerId);
        return {
          status: STATUS[payment.status] ?? 'open',
          chargedBackCents: decimalToCents(payment.amountChargedBack?.value),
        };
      } catch (err) {
        if ((err as { statusCode?: number }).statusCode === 404) return null;
        throw err;
      }
    },
    async cancel(providerId) {
      try {
        const payment = await client.payments.cancel(providerId);
        return STATUS[payment.status] === 'canceled';
      } catch {
        // Not cancellable (Mollie answers 422 for most methods once started) or unknown.
        return false;
      }
    },
    async refund(providerId, amountCents, currency) {
      await client.paymentRefunds.create({
        paymentId: providerId,
        amount: { currency, value: centsToDecimal(amountCents) },
      });
    },
  };
}
