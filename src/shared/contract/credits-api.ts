import { z } from 'zod';
import {
  ZCreatePayment,
  ZCreatePaymentResponse,
  ZDirectDebitConfirm,
  ZDirectDebitParams,
  ZDirectDebitStart,
  ZDirectDebitStarted,
  ZDiscount,
  ZDiscountQuery,
  ZPayment,
  ZPaymentIdParams,
  ZPricing,
  ZPricingQuery,
  ZQuote,
  ZQuoteQuery,
  ZRedirect,
  ZRefundRequest,
  ZRepeatOrder,
  ZTestCheckout,
  ZTestCheckoutChoice,
  ZTimeBonus,
  ZTransaction,
  ZTransactionParams,
  ZTransactions,
  ZTransactionsQuery,
  ZWebhookBody,
} from './credits.ts';
import { endpoints } from './endpoint.ts';

/** Done, nothing else to say (dismissing the time bonus, a webhook taken in). */
const ZDone = z.object({ ok: z.literal(true) });

/** Payment failures and conflicts add to the usual errors: 409, 410, 502 and 503 (no provider). */
const CREDIT_ERROR_STATUSES = [400, 403, 404, 409, 410, 422, 429, 502, 503] as const;

/** Credits, payments, discounts, time bonus and transactions (Pay-01..Pay-11). */
export const CREDITS_API = /* @__PURE__ */ endpoints('credits', {
  'GET /api/pricing': {
    summary: 'Bundles and message prices of a country (Pay-01)',
    query: ZPricingQuery,
    answer: ZPricing,
    errors: CREDIT_ERROR_STATUSES,
  },
  'GET /api/credits': {
    summary: "The member's bundles (Pay-01)",
    answer: ZPricing,
    errors: CREDIT_ERROR_STATUSES,
  },
  'GET /api/credits/quote': {
    summary: 'Price and payment methods of a bundle (Pay-03)',
    query: ZQuoteQuery,
    answer: ZQuote,
    errors: CREDIT_ERROR_STATUSES,
  },
  'GET /api/credits/repeat-order': {
    summary: 'The last paid bundle and method (Pay-05)',
    answer: ZRepeatOrder,
    errors: CREDIT_ERROR_STATUSES,
  },
  'GET /api/discount-code': {
    summary: 'Check a discount code, or the welcome discount (Pay-07, Pay-08)',
    query: ZDiscountQuery,
    answer: ZDiscount,
    errors: CREDIT_ERROR_STATUSES,
  },
  'GET /api/time-bonus': {
    summary: 'Time bonus remaining (Pay-09)',
    answer: ZTimeBonus,
    errors: CREDIT_ERROR_STATUSES,
  },
  'POST /api/time-bonus/dismiss': {
    summary: 'Close the time-bonus popup for good (Pay-09)',
    answer: ZDone,
    errors: CREDIT_ERROR_STATUSES,
  },
  'POST /api/payments': {
    summary: 'Start a payment; the answer says where to pay (Pay-03, Pay-10)',
    body: ZCreatePayment,
    answer: ZCreatePaymentResponse,
    errors: CREDIT_ERROR_STATUSES,
  },
  'GET /api/payments/:id': {
    summary: 'A payment of the member, brought up to date (Pay-04)',
    params: ZPaymentIdParams,
    answer: ZPayment,
    errors: CREDIT_ERROR_STATUSES,
  },
  'POST /api/payments/:id/cancel': {
    summary: 'The member cancels their own open payment; its discount is free again (issue 26)',
    params: ZPaymentIdParams,
    answer: ZPayment,
    errors: CREDIT_ERROR_STATUSES,
  },
  'POST /api/payments/webhook': {
    summary: 'Provider webhook: only an id; the status is fetched (Pay-10)',
    body: ZWebhookBody,
    answer: ZDone,
    errors: CREDIT_ERROR_STATUSES,
  },
  'GET /api/transactions': {
    summary: 'Purchases and credit use, newest first (Pay-05)',
    query: ZTransactionsQuery,
    answer: ZTransactions,
    errors: CREDIT_ERROR_STATUSES,
  },
  'GET /api/transactions/:id': {
    summary: 'One transaction of the member (Pay-05)',
    params: ZTransactionParams,
    answer: ZTransaction,
    errors: CREDIT_ERROR_STATUSES,
  },
  'POST /api/transactions/:id/refund-request': {
    summary: 'Ask for an unspent purchase to be refunded within the refund days (Pay-11)',
    params: ZTransactionParams,
    body: ZRefundRequest,
    answer: ZTransaction,
    errors: CREDIT_ERROR_STATUSES,
  },
  'POST /api/direct-debit': {
    summary: 'Start a one-time direct debit; a code goes out by SMS (Pay-06)',
    body: ZDirectDebitStart,
    answer: ZDirectDebitStarted,
    errors: CREDIT_ERROR_STATUSES,
  },
  'POST /api/direct-debit/:id/confirm': {
    summary: 'Confirm a direct debit with its SMS code; the answer says where to go (Pay-06)',
    params: ZDirectDebitParams,
    body: ZDirectDebitConfirm,
    answer: ZCreatePaymentResponse,
    errors: CREDIT_ERROR_STATUSES,
  },
  // The test provider's hosted checkout: registered only while it is the provider in use.
  'GET /api/test-checkout/:id': {
    summary: "Test provider: a payment's checkout",
    params: ZPaymentIdParams,
    answer: ZTestCheckout,
    errors: CREDIT_ERROR_STATUSES,
  },
  'POST /api/test-checkout/:id': {
    summary: 'Test provider: pick the outcome, then the webhook is called',
    params: ZPaymentIdParams,
    body: ZTestCheckoutChoice,
    answer: ZRedirect,
    errors: CREDIT_ERROR_STATUSES,
  },
});
