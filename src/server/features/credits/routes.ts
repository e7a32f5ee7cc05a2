import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import {
  DIRECT_DEBIT,
  PAYMENTS_PER_MINUTE,
  REFUND_REQUESTS_PER_MINUTE,
  WEBHOOKS_PER_MINUTE,
} from '../../../shared/contract/credits.ts';
import { AppError } from '../../platform/errors.ts';
import { createPaymentProviders } from '../../platform/payments/index.ts';
import type { PaymentProvider } from '../../platform/payments/provider.ts';
import { route } from '../../platform/route.ts';
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

/** Credits, payments, discounts, time bonus and transactions (Pay-01..Pay-10). */
export const creditRoutes: FastifyPluginAsync = async (app) => {
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

  route(app, 'GET /api/pricing', {}, ({ req, site, query }) =>
    getPricing(db, site, query.country ?? req.geoCountry(site)),
  );
  route(app, 'GET /api/credits', auth, ({ req, site, now }) =>
    getMemberPricing(db, site, currentUser(req).id, now),
  );
  route(
    app,
    'GET /api/credits/quote',
    { ...auth, config: limited(PAYMENTS_PER_MINUTE * 3) },
    ({ req, site, query, now }) => getQuote(db, site, currentUser(req).id, query, now),
  );
  route(app, 'GET /api/credits/repeat-order', auth, ({ req, site }) =>
    getRepeatOrder(db, site, currentUser(req).id),
  );
  route(
    app,
    'GET /api/discount-code',
    { ...auth, config: limited(PAYMENTS_PER_MINUTE) },
    ({ req, site, query, now }) => getDiscount(db, site, currentUser(req).id, query, now),
  );
  route(app, 'GET /api/time-bonus', { ...auth, inPage: true }, ({ req, now }) =>
    getTimeBonus(db, currentUser(req).id, now),
  );
  route(app, 'POST /api/time-bonus/dismiss', auth, ({ req, now }) =>
    closeTimeBonusPopup(db, currentUser(req).id, now),
  );

  route(
    app,
    'POST /api/payments',
    { ...auth, config: limited(PAYMENTS_PER_MINUTE) },
    ({ req, site, body, now }) => {
      const deps = {
        db,
        provider: requireProvider(),
        origin: originFor(req, site),
        now,
        log: (err: unknown) => req.log.warn({ err }, 'payment provider failed'),
        receipts,
      };
      return startPayment(deps, site, currentUser(req).id, body);
    },
  );
  route(
    app,
    'GET /api/payments/:id',
    { ...auth, config: limited(PAYMENTS_PER_MINUTE * 6) },
    ({ req, params, now }) =>
      getPayment({ db, provider: requireProvider(), now, receipts }, currentUser(req).id, params.id),
  );
  route(
    app,
    'POST /api/payments/:id/cancel',
    { ...auth, config: limited(PAYMENTS_PER_MINUTE) },
    ({ req, params, now }) =>
      cancelOwnPayment({ db, provider: requireProvider(), now, receipts }, currentUser(req).id, params.id),
  );
  route(app, 'POST /api/payments/webhook', { config: limited(WEBHOOKS_PER_MINUTE) }, ({ body, now }) =>
    handleWebhook({ db, provider: requireProvider(), now, receipts }, body.id),
  );

  route(app, 'GET /api/transactions', auth, ({ req, query }) =>
    listTransactions(db, currentUser(req).id, query.page),
  );
  route(app, 'GET /api/transactions/:id', auth, ({ req, params, now }) =>
    getTransaction(db, currentUser(req).id, params.id, { provider: provider?.name ?? null, now }),
  );
  route(
    app,
    'POST /api/transactions/:id/refund-request',
    { ...auth, config: limited(REFUND_REQUESTS_PER_MINUTE) },
    async ({ req, params, body, now }) => {
      const userId = currentUser(req).id;
      const ctx = { provider: provider?.name ?? null, now };
      await requestRefund({ db, ...ctx }, userId, params.id, body.reason);
      return getTransaction(db, userId, params.id, ctx);
    },
  );

  const sms = createSmsOutbox(db);
  route(
    app,
    'POST /api/direct-debit',
    { ...auth, config: limited(DIRECT_DEBIT.startsPerMinute) },
    ({ req, site, body, now }) => startDirectDebit({ db, sms, now }, site, currentUser(req).id, body),
  );
  route(
    app,
    'POST /api/direct-debit/:id/confirm',
    { ...auth, config: limited(DIRECT_DEBIT.confirmsPerMinute) },
    ({ req, site, params, body, now }) => {
      const deps = { db, provider: requireProvider(), origin: originFor(req, site), now, receipts };
      return confirmDirectDebit(deps, site, currentUser(req).id, params.id, body.otp);
    },
  );

  // The test provider's hosted checkout: only while it is the provider in use.
  if (testProvider) {
    route(app, 'GET /api/test-checkout/:id', {}, ({ params }) => getTestCheckout(testProvider, params.id));
    route(
      app,
      'POST /api/test-checkout/:id',
      { config: limited(PAYMENTS_PER_MINUTE) },
      ({ params, body, now }) =>
        chooseTestCheckout({ db, provider: testProvider, now, receipts }, params.id, body.status),
    );
  }
};
