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

/** A payment as the provider reports it. */
export interface ProviderPayment {
  status: ProviderStatus;
  /** What the payer's bank took back after the payment was paid (a card chargeback), in cents. */
  chargedBackCents: number;
}

export interface PaymentProvider {
  readonly name: 'test' | 'mollie';
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** The provider's current state of a payment; null when the provider does not know the id. */
  getStatus(providerId: string): Promise<ProviderPayment | null>;
  refund(providerId: string, amountCents: number, currency: string): Promise<void>;
  /**
   * Cancels an open payment so it can no longer be paid; answers whether the provider says it is cancelled
   * now (false: it cannot be, e.g. a method whose payments are not cancellable, or already paid).
   */
  cancel(providerId: string): Promise<boolean>;
}

/** Reads a provider's amount ("12.34") as integer cents, without float maths; 0 for none. */
export function decimalToCents(value: string | undefined): number {
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(value ?? '');
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0')) : 0;
}

/** Formats integer cents the way providers want amounts: "12.34" (two decimals, no float maths). */
export function centsToDecimal(cents: number): string {
  if (!Number.isInteger(cents) || cents < 0) throw new Error('amount must be non-negative integer cents');
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
