import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DIRECT_DEBIT,
  PAYMENTS_PER_MINUTE,
  REFUND_REQUESTS_PER_MINUTE,
  WEBHOOKS_PER_MINUTE,
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
} from '../../../shared/contract/credits.ts';
import { errorResponses } from '../../../shared/contract/errors.ts';
import { AppError } from '../../platform/errors.ts';
import { createPaymentProviders } from '../../platform/payments/index.ts';
import type { PaymentProvider } from '../../platform/payments/provider.ts';
import { currentUser } from '../../platform/session.ts';
import type { SiteRow } from '../../platform/site.ts';
import { siteOrigin } from '../../platform/site.ts';
import { createSmsOutbox } from '../../platform/sms.ts';
import { confirmDirectDebit, startDirectDebit } from './direct-debit.ts';
import { getDiscount } from './discount-service.ts';
import { cancelOwnPayment, getPayment, handleWebhook, startPayment } from './payments.ts';
import { requestRefund } from './refund-requests.ts';
import {
  closeTimeBonusPopup,
  getMemberPricing,
  getPricing,
  getQuote,
  getRepeatOrder,
  getTimeBonus,
} from './service.ts';
import { chooseTestCheckout, getTestCheckout } from './test-checkout.ts';
import { getTransaction, listTransactions } from './transactions.ts';

const errors = errorResponses(400, 403, 404, 409, 410, 422, 429, 502, 503);
const Ok = z.object({ ok: z.literal(true) });

/** Credits, payments, discounts, time bonus and transactions (Pay-01..Pay-10). */
export const creditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config, db } = app;
  const { provider, testProvider } = createPaymentProviders(config, db);
  const requireProvider = (): PaymentProvider => {
    if (!provider) throw new AppError(503, 'payments_unavailable', 'credits.provider_unavailable');
    return provider;
  };
  const auth = { preHandler: app.requireUser };
  // Receipts (issue 26) go out from every path that can see a payment become paid.
  const receipts = { mailer: app.mailer, publicUrl: config.publicUrl };
  const limited = (max: number) => ({
    rateLimit: { max: Math.ceil(max * config.rateLimitFactor), timeWindow: '1 minute' },
  });

  const originFor = (req: FastifyRequest, site: SiteRow) => siteOrigin(req, site, config.publicUrl);

  // Providers post the webhook as a form (`id=tr_...`); only this plugin accepts that body type.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.get(
    '/api/pricing',
    {
      schema: {
        tags: ['credits'],
        summary: 'Bundles and message prices of a country (Pay-01)',
        querystring: ZPricingQuery,
        response: { 200: ZPricing, ...errors },
      },
    },
    async (req) => {
      const site = await app.sites(req.host);
      return getPricing(db, site, req.query.country ?? req.geoCountry(site));
    },
  );

  app.get(
    '/api/credits',
    {
      ...auth,
      schema: {
        tags: ['credits'],
        summary: "The member's bundles (Pay-01)",
        response: { 200: ZPricing, ...errors },
      },
    },
    async (req) => getMemberPricing(db, await app.sites(req.host), currentUser(req).id, new Date()),
  );

  app.get(
    '/api/credits/quote',
    {
      ...auth,
      config: limited(PAYMENTS_PER_MINUTE * 3),
      schema: {
        tags: ['credits'],
        summary: 'Price and payment methods of a bundle (Pay-03)',
        querystring: ZQuoteQuery,
        response: { 200: ZQuote, ...errors },
      },
    },
    async (req) => getQuote(db, await app.sites(req.host), currentUser(req).id, req.query, new Date()),
  );

  app.get(
    '/api/credits/repeat-order',
    {
      ...auth,
      schema: {
        tags: ['credits'],
        summary: 'The last paid bundle and method (Pay-05)',
        response: { 200: ZRepeatOrder, ...errors },
      },
    },
    async (req) => getRepeatOrder(db, await app.sites(req.host), currentUser(req).id),
  );

  app.get(
    '/api/discount-code',
    {
      ...auth,
      config: limited(PAYMENTS_PER_MINUTE),
      schema: {
        tags: ['credits'],
        summary: 'Check a discount code, or the welcome discount (Pay-07, Pay-08)',
        querystring: ZDiscountQuery,
        response: { 200: ZDiscount, ...errors },
      },
    },
    async (req) => getDiscount(db, await app.sites(req.host), currentUser(req).id, req.query, new Date()),
  );

  app.get(
    '/api/time-bonus',
    {
      ...auth,
      schema: {
        tags: ['credits'],
        summary: 'Time bonus remaining (Pay-09)',
        response: { 200: ZTimeBonus, ...errors },
      },
    },
    async (req) => getTimeBonus(db, currentUser(req).id, new Date()),
  );

  app.post(
    '/api/time-bonus/dismiss',
    {
      ...auth,
      schema: {
        tags: ['credits'],
        summary: 'Close the time-bonus popup for good (Pay-09)',
        response: { 200: Ok, ...errors },
      },
    },
    async (req) => closeTimeBonusPopup(db, currentUser(req).id, new Date()),
  );

  app.post(
    '/api/payments',
    {
      ...auth,
      config: limited(PAYMENTS_PER_MINUTE),
      schema: {
        tags: ['credits'],
        summary: 'Start a payment; the answer says where to pay (Pay-03, Pay-10)',
        body: ZCreatePayment,
        response: { 200: ZCreatePaymentResponse, ...errors },
      },
    },
    async (req) => {
      const site = await app.sites(req.host);
      const deps = {
        db,
        provider: requireProvider(),
        origin: originFor(req, site),
        now: new Date(),
        log: (err: unknown) => req.log.warn({ err }, 'payment provider failed'),
        receipts,
      };
      return startPayment(deps, site, currentUser(req).id, req.body);
    },
  );

  app.get(
    '/api/payments/:id',
    {
      ...auth,
      config: limited(PAYMENTS_PER_MINUTE * 6),
      schema: {
        tags: ['credits'],
        summary: 'A payment of the member, brought up to date (Pay-04)',
        params: ZPaymentIdParams,
        response: { 200: ZPayment, ...errors },
      },
    },
    async (req) =>
      getPayment(
        { db, provider: requireProvider(), now: new Date(), receipts },
        currentUser(req).id,
        req.params.id,
      ),
  );

  app.post(
    '/api/payments/:id/cancel',
    {
      ...auth,
      config: limited(PAYMENTS_PER_MINUTE),
      schema: {
        tags: ['credits'],
        summary: 'The member cancels their own open payment; its discount is free again (issue 26)',
        params: ZPaymentIdParams,
        response: { 200: ZPayment, ...errors },
      },
    },
    async (req) =>
      cancelOwnPayment(
        { db, provider: requireProvider(), now: new Date(), receipts },
        currentUser(req).id,
        req.params.id,
      ),
  );

  app.post(
    '/api/payments/webhook',
    {
      config: limited(WEBHOOKS_PER_MINUTE),
      schema: {
        tags: ['credits'],
        summary: 'Provider webhook: only an id; the status is fetched (Pay-10)',
        body: ZWebhookBody,
        response: { 200: Ok, ...errors },
      },
    },
    async (req) => handleWebhook({ db, provider: requireProvider(), now: new Date(), receipts }, req.body.id),
  );

  app.get(
    '/api/transactions',
    {
      ...auth,
      schema: {
        tags: ['credits'],
        summary: 'Purchases and credit use, newest first (Pay-05)',
        querystring: ZTransactionsQuery,
        response: { 200: ZTransactions, ...errors },
      },
    },
    async (req) => listTransactions(db, currentUser(req).id, req.query.page),
  );

  app.get(
    '/api/transactions/:id',
    {
      ...auth,
      schema: {
        tags: ['credits'],
        summary: 'One transaction of the member (Pay-05)',
        params: ZTransactionParams,
        response: { 200: ZTransaction, ...errors },
      },
    },
    async (req) =>
      getTransaction(db, currentUser(req).id, req.params.id, {
        provider: provider?.name ?? null,
        now: new Date(),
      }),
  );

  app.post(
    '/api/transactions/:id/refund-request',
    {
      ...auth,
      config: limited(REFUND_REQUESTS_PER_MINUTE),
      schema: {
        tags: ['credits'],
        summary: 'Ask for an unspent purchase to be refunded within the refund days (Pay-11)',
        params: ZTransactionParams,
        body: ZRefundRequest,
        response: { 200: ZTransaction, ...errors },
      },
    },
    async (req) => {
      const userId = currentUser(req).id;
      const ctx = { provider: provider?.name ?? null, now: new Date() };
      await requestRefund({ db, ...ctx }, userId, req.params.id, req.body.reason);
      return getTransaction(db, userId, req.params.id, ctx);
    },
  );

  const sms = createSmsOutbox(db);
  app.post(
    '/api/direct-debit',
    {
      ...auth,
      config: limited(DIRECT_DEBIT.startsPerMinute),
      schema: {
        tags: ['credits'],
        summary: 'Start a one-time direct debit; a code goes out by SMS (Pay-06)',
        body: ZDirectDebitStart,
        response: { 200: ZDirectDebitStarted, ...errors },
      },
    },
    async (req) =>
      startDirectDebit(
        { db, sms, now: new Date() },
        await app.sites(req.host),
        currentUser(req).id,
        req.body,
      ),
  );

  app.post(
    '/api/direct-debit/:id/confirm',
    {
      ...auth,
      config: limited(DIRECT_DEBIT.confirmsPerMinute),
      schema: {
        tags: ['credits'],
        summary: 'Confirm a direct debit with its SMS code; the answer says where to go (Pay-06)',
        params: ZDirectDebitParams,
        body: ZDirectDebitConfirm,
        response: { 200: ZCreatePaymentResponse, ...errors },
      },
    },
    async (req) => {
      const site = await app.sites(req.host);
      const deps = {
        db,
        provider: requireProvider(),
        origin: originFor(req, site),
        now: new Date(),
        receipts,
      };
      return confirmDirectDebit(deps, site, currentUser(req).id, req.params.id, req.body.otp);
    },
  );

  // The test provider's hosted checkout: only while it is the provider in use.
  if (testProvider) {
    app.get(
      '/api/test-checkout/:id',
      {
        schema: {
          tags: ['credits'],
          summary: "Test provider: a payment's checkout",
          params: ZPaymentIdParams,
          response: { 200: ZTestCheckout, ...errors },
        },
      },
      async (req) => getTestCheckout(testProvider, req.params.id),
    );
    app.post(
      '/api/test-checkout/:id',
      {
        config: limited(PAYMENTS_PER_MINUTE),
        schema: {
          tags: ['credits'],
          summary: 'Test provider: pick the outcome, then the webhook is called',
          params: ZPaymentIdParams,
          body: ZTestCheckoutChoice,
          response: { 200: ZRedirect, ...errors },
        },
      },
      async (req) =>
        chooseTestCheckout(
          { db, provider: testProvider, now: new Date(), receipts },
          req.params.id,
          req.body.status,
        ),
    );
  }
};
