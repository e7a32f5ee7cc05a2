import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZPaymentIdParams } from '../../../shared/contract/credits.ts';
import { ZErrorResponse } from '../../../shared/contract/errors.ts';
import { AppError } from '../../platform/errors.ts';
import { createPaymentProviders } from '../../platform/payments/index.ts';
import { refundPayment } from './refunds.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Development helpers of the credits domain, outside production only and only from this machine (the
 * TCP peer, not a forwarded address): the operator's refund until the back office exists (Pay-11).
 */
export const devCreditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { provider } = createPaymentProviders(app.config, app.db);
  app.addHook('onRequest', async (req) => {
    if (!LOOPBACK.has(req.socket.remoteAddress ?? ''))
      throw new AppError(404, 'not_found', 'error.not_found');
  });
  app.post(
    '/dev/payments/:id/refund',
    {
      schema: {
        hide: true,
        params: ZPaymentIdParams,
        response: {
          200: z.object({
            payment_id: z.string(),
            refunded_cents: z.number().int(),
            credits_removed: z.number().int(),
            balance: z.number().int(),
          }),
          404: ZErrorResponse,
          409: ZErrorResponse,
        },
      },
    },
    async (req) => {
      if (!provider) throw new AppError(404, 'not_found', 'error.not_found');
      return refundPayment(
        {
          db: app.db,
          provider,
          now: new Date(),
          receipts: { mailer: app.mailer, publicUrl: app.config.publicUrl },
        },
        req.params.id,
      );
    },
  );
};
