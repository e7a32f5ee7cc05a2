/** What Vonk needs from a payment provider (Pay-10); the built-in test provider and Mollie implement it. */

/** Statuses as providers report them, mapped onto ours. */
export type ProviderStatus = 'open' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired';

export interface CreatePaymentInput {
  amountCents: number;
  currency: string;
  description: string;
  /** The provider's method id (`ideal`, `creditcard`, ...). */
  method: string;
  /** Where the member comes back to after the checkout. */
  redirectUrl: string;
  /** Where the provider posts `id=<provider id>` when the status changes. */
  webhookUrl: string;
  /** Our own reference, shown in the provider's dashboard. */
  reference: string;
}

export interface CreatedPayment {
  providerId: string;
  checkoutUrl: string;
}

export interface PaymentProvider {
  readonly name: 'test' | 'mollie';
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** The provider's current status of a payment; null when the provider does not know the id. */
  getStatus(providerId: string): Promise<ProviderStatus | null>;
  refund(providerId: string, amountCents: number, currency: string): Promise<void>;
}

/** Formats integer cents the way providers want amounts: "12.34" (two decimals, no float maths). */
export function centsToDecimal(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new Error('amount must be non-negative integer cents');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
