import { electronicFormatIBAN, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { CURRENCIES } from '../data/payment-methods.ts';
import { ZIdParam } from './ids.ts';
import { zMultiline } from './text.ts';

/** Payment calls a member may make in a minute: a person never needs more, a script hits the wall. */
export const PAYMENTS_PER_MINUTE = 20;
/** Webhook calls per minute from one address (providers retry; floods are refused). */
export const WEBHOOKS_PER_MINUTE = 120;

export const ZCurrency = z.enum(CURRENCIES);

export const ZBundle = z.object({
  id: z.number().int(),
  credits: z.number().int().positive(),
  amount_cents: z.number().int().nonnegative(),
  currency: ZCurrency,
  /** The lowest price per credit of the list (Pay-01). */
  best_value: z.boolean(),
  /** While a discount of the member runs: the price they pay (the card strikes `amount_cents` through). */
  discounted_cents: z.number().int().nonnegative().nullable(),
});
export type TBundle = z.infer<typeof ZBundle>;

/** Where a discount comes from: the welcome discount (time bonus), the retention offer or a typed code. */
export const ZDiscountSource = z.enum(['welcome', 'retention', 'code']);

export const ZPricing = z.object({
  country: z.string(),
  currency: ZCurrency,
  bundles: z.array(ZBundle),
  message_credits: z.number().int(),
  photo_credits: z.number().int(),
  gift_credits: z.number().int(),
  /** The lowest a message costs in this country, in cents of its currency (settings.minimum_message_costs). */
  minimum_message_cost: z.object({ costs: z.number().int(), currency: z.string() }).nullable(),
  refund_days: z.number().int(),
  /** The best discount the member may use now without typing a code (welcome, retention); null otherwise. */
  discount: z
    .object({ code: z.string(), value_percentage: z.number().int(), source: ZDiscountSource })
    .nullable(),
});
export type TPricing = z.infer<typeof ZPricing>;

export const ZPricingQuery = z.object({
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
});

/** A discount code object (spec §3), also the shape of the time-bonus discount. */
export const ZDiscount = z.object({
  code: z.string(),
  value_percentage: z.number().int(),
  minimum_order_value: z.number().int(),
  currency: ZCurrency,
  country: z.string().nullable(),
  user_id: z.number().int().nullable(),
  expires: z.string().nullable(),
  expired: z.boolean(),
  status: z.enum(['active', 'used', 'expired']),
  validity: z.enum(['once_per_user', 'unlimited']),
  paymentmethods: z.array(z.string()),
});
export type TDiscount = z.infer<typeof ZDiscount>;

const ZCode = z
  .string()
  .trim()
  .min(1, 'discount.not_found')
  .max(40, 'discount.not_found')
  .regex(/^[A-Za-z0-9_-]+$/, 'discount.not_found')
  .transform((s) => s.toUpperCase());

export const ZDiscountQuery = z.object({
  code: ZCode.optional(),
  welcome: z.enum(['true', '1']).optional(),
  bundle_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
});

export const ZLogo = z.object({ bg: z.string(), fg: z.string(), text: z.string() });

export const ZMethod = z.object({ id: z.string(), name: z.string(), logo: ZLogo, card: z.boolean() });
export type TMethod = z.infer<typeof ZMethod>;

export const ZQuoteQuery = z.object({
  bundle_id: z.coerce.number().int().positive().max(2_147_483_647),
  discount_code: ZCode.optional(),
});

/** What the method page shows: the one price the member will be charged (Pay-03). */
export const ZQuote = z.object({
  bundle: ZBundle,
  methods: z.array(ZMethod),
  discount: ZDiscount.nullable(),
  /** Which kind the applied discount is, said on the page (issue 26). */
  discount_source: ZDiscountSource.nullable(),
  /** A typed code that gives less than the discount applied: it does not replace it, and the page says so. */
  passed_over: z.object({ code: z.string(), value_percentage: z.number().int() }).nullable(),
  amount_cents: z.number().int().nonnegative(),
});
export type TQuote = z.infer<typeof ZQuote>;

export const ZCreatePayment = z.object({
  bundle_id: z.number().int().positive().max(2_147_483_647),
  method: z.string().max(40),
  discount_code: ZCode.optional(),
});
export type TCreatePayment = z.infer<typeof ZCreatePayment>;

export const ZCreatePaymentResponse = z.object({
  payment_id: z.string(),
  checkout_url: z.string(),
  amount_cents: z.number().int(),
  currency: ZCurrency,
});
export type TCreatePaymentResponse = z.infer<typeof ZCreatePaymentResponse>;

export const PAYMENT_STATUSES = [
  'open',
  'pending',
  'paid',
  'failed',
  'canceled',
  'expired',
  'refunded',
  'charged_back',
] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ZPaymentIdParams = z.object({ id: z.string().regex(/^[a-z]{2,4}_[A-Za-z0-9]{8,40}$/) });

export const ZPayment = z.object({
  id: z.string(),
  status: z.enum(PAYMENT_STATUSES),
  bundle_id: z.number().int(),
  credits: z.number().int(),
  amount_cents: z.number().int(),
  currency: ZCurrency,
  method: z.string(),
  discount_code: z.string().nullable(),
  discount_percentage: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** A paid direct debit's credits are held until then (then booked); null otherwise. */
  credits_available_at: z.string().nullable(),
  /** The member's balance now, for the completed page. */
  balance: z.number().int(),
  /** A failed card payment after an earlier paid one: offer retry or PayPal (Pay-04). */
  recurring_card: z.boolean(),
});
export type TPayment = z.infer<typeof ZPayment>;

export const ZWebhookBody = z.object({ id: z.string().max(64) });

export const TEST_CHECKOUT_CHOICES = ['paid', 'failed', 'canceled', 'expired', 'pending'] as const;

export const ZTestCheckout = z.object({
  id: z.string(),
  description: z.string(),
  amount_cents: z.number().int(),
  currency: ZCurrency,
  method: z.string(),
  status: z.enum(PAYMENT_STATUSES),
});
export type TTestCheckout = z.infer<typeof ZTestCheckout>;

export const ZTestCheckoutChoice = z.object({ status: z.enum(TEST_CHECKOUT_CHOICES) });

export const ZRedirect = z.object({ redirect_url: z.string() });

export const ZTimeBonus = z.object({
  active: z.boolean(),
  code: z.string(),
  percentage: z.number().int(),
  remaining_seconds: z.number().int().nonnegative(),
  /** 0 credits and no stored dismissal: the popup may open after 40 s in the members area (Pay-09). */
  popup: z.boolean(),
});
export type TTimeBonus = z.infer<typeof ZTimeBonus>;

export const ZRepeatOrder = z.object({
  bundle: ZBundle,
  method: ZMethod,
});
export type TRepeatOrder = z.infer<typeof ZRepeatOrder>;

/** What a purchase's refund can be (see ZTransaction.refund). */
export const REFUND_STATES = ['available', 'spent', 'over', 'open', 'approved', 'refused'] as const;
export type RefundState = (typeof REFUND_STATES)[number];
/** The longest reason a member may give with a refund request, and how often one may ask. */
export const REFUND_REASON_MAX = 500;
export const REFUND_REQUESTS_PER_MINUTE = 10;

export const ZTransaction = z.object({
  id: z.number().int(),
  /** The ledger reason: purchase, refund, message, photo, gift, signup, ... */
  reason: z.string(),
  credits: z.number().int(),
  balance_after: z.number().int(),
  created_at: z.string(),
  payment: ZPayment.omit({ balance: true, recurring_card: true }).nullable(),
  /** A staff adjustment's reason as the staff member wrote it (O-02); null for every other booking. */
  note: z.string().nullable(),
  /** What the member can do about refunding this purchase (issue 26); only on one transaction's page. */
  refund: z
    .object({
      /**
       * available: may be asked until `until`; spent: the purchase's credits are no longer all there;
       * over: the refund days ended at `until`; open, approved, refused: the member's request.
       */
      status: z.enum(REFUND_STATES),
      until: z.string().nullable(),
      requested_at: z.string().nullable(),
      /** Staff's answer on a refusal. */
      note: z.string().nullable(),
    })
    .nullable(),
});
export type TTransaction = z.infer<typeof ZTransaction>;

/** A member's request to refund an unspent purchase, from the transaction's page (Pay-11, issue 26). */
export const ZRefundRequest = z.object({
  reason: zMultiline(REFUND_REASON_MAX).default(''),
});
export type TRefundRequest = z.infer<typeof ZRefundRequest>;

export const ZTransactionsQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
export const ZTransactionParams = z.object({ id: ZIdParam });

export const ZTransactions = z.object({
  items: z.array(ZTransaction),
  page: z.number().int(),
  pages: z.number().int(),
});
export type TTransactions = z.infer<typeof ZTransactions>;

/** Direct debit (Pay-06): limits of the SMS code and of orders per member. */
export const DIRECT_DEBIT = {
  codeDigits: 6,
  codeTtlMinutes: 10,
  maxAttempts: 5,
  /** Orders a member may start in 24 hours: the "limit reached" error of spec §8. */
  maxOrdersPerDay: 3,
  /** Failed direct debits after which the account may no longer pay this way: "account blocked". */
  blockAfterFailed: 2,
  /** Hours after a direct debit is paid until its credits can be spent (a stolen IBAN gets nothing at once). */
  creditHoldHours: 24,
  startsPerMinute: 5,
  confirmsPerMinute: 10,
} as const;

const trimmed = (max: number) =>
  z
    .string()
    .trim()
    .min(1, 'directdebit.required')
    .max(max, 'error.invalid_field')
    // No control characters, no bidi overrides: these end up on a bank mandate.
    .regex(/^[^\p{Cc}\p{Cf}]+$/u, 'error.invalid_field');

export const ZDirectDebitStart = z.object({
  bundle_id: z.number().int().positive().max(2_147_483_647),
  discount_code: ZCode.optional(),
  account_holder: trimmed(70),
  // Checked with the other fields (issue 27): a wrong IBAN is named at once, not after every other field.
  iban: z
    .string()
    .trim()
    .min(5, 'directdebit.iban_invalid')
    .max(42, 'directdebit.iban_invalid')
    .refine((v) => isValidIBAN(electronicFormatIBAN(v) ?? ''), 'directdebit.iban_invalid'),
  street: trimmed(100),
  house_number: trimmed(10),
  zip: trimmed(12),
  city: trimmed(60),
  phone: z.string().trim().min(6, 'directdebit.phone_invalid').max(20, 'directdebit.phone_invalid'),
  authorise: z.literal(true, { error: 'directdebit.authorise_required' }),
});
export type TDirectDebitStart = z.infer<typeof ZDirectDebitStart>;

export const ZDirectDebitStarted = z.object({
  request_id: z.string(),
  phone_masked: z.string(),
  iban_masked: z.string(),
  expires_in_seconds: z.number().int(),
});
export type TDirectDebitStarted = z.infer<typeof ZDirectDebitStarted>;

export const ZDirectDebitParams = z.object({ id: z.string().regex(/^dd_[a-f0-9]{24}$/) });
export const ZDirectDebitConfirm = z.object({
  otp: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'directdebit.code_invalid'),
});
