import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZWaitingCount } from '../../../shared/contract/admin-moderation.ts';
import {
  ZRefundRefusal,
  ZRefundRequestList,
  ZRefundRequestListQuery,
  ZRefundRequestRow,
} from '../../../shared/contract/admin-refunds.ts';
import { errorResponses } from '../../../shared/contract/errors.ts';
import { ZIdParam } from '../../../shared/contract/ids.ts';
import { createPaymentProviders } from '../../platform/payments/index.ts';
import { staffOnly } from '../../platform/staff.ts';
import { MEMBER_ROLES, memberAuditOf } from './members-service.ts';
import { approveRefundRequest, listRefundRequests, refuseRefund } from './refunds-service.ts';

const errors = errorResponses(400, 401, 403, 404, 409);
const ZIdParams = z.object({ id: ZIdParam });
const FINANCE = MEMBER_ROLES.refund;

/** Members' refund requests (issue 26, Pay-11): the list for finance staff, approve and refuse. */
export const adminRefundRoutes: FastifyPluginAsyncZod = async (app) => {
  const { provider } = createPaymentProviders(app.config, app.db);
  const receipts = { mailer: app.mailer, publicUrl: app.config.publicUrl };
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/api/admin/refund-requests',
    {
      ...staffOnly(FINANCE),
      schema: {
        tags: ['admin'],
        summary: "Members' refund requests by status: open ones oldest first (Pay-11)",
        querystring: ZRefundRequestListQuery,
        response: { 200: ZRefundRequestList, ...errors },
      },
    },
    async (req) => listRefundRequests(app.db, req, req.query, new Date()),
  );

  app.get(
    '/api/admin/refund-requests/waiting',
    {
      ...staffOnly(FINANCE),
      schema: {
        tags: ['admin'],
        summary: 'How many refund requests wait for a decision (the navigation badge)',
        response: { 200: ZWaitingCount, ...errors },
      },
    },
    async (req) => {
      const open = await listRefundRequests(
        app.db,
        req,
        { status: 'open', page: 1, page_size: 5 },
        new Date(),
      );
      return { count: open.total };
    },
  );

  app.post(
    '/api/admin/refund-requests/:id/approve',
    {
      ...staffOnly(FINANCE, { stepUp: true }),
      schema: {
        tags: ['admin'],
        summary: "Approve a member's refund request: the payment is refunded (Pay-11)",
        params: ZIdParams,
        body: z.object({}).optional(),
        response: { 200: ZRefundRequestRow, ...errors },
      },
    },
    async (req) =>
      approveRefundRequest(
        { db: app.db, provider, audit: memberAuditOf(req), now: new Date(), receipts },
        req,
        req.params.id,
      ),
  );

  app.post(
    '/api/admin/refund-requests/:id/refuse',
    {
      ...staffOnly(FINANCE),
      schema: {
        tags: ['admin'],
        summary: "Refuse a member's refund request with an answer the member reads (Pay-11)",
        params: ZIdParams,
        body: ZRefundRefusal,
        response: { 200: ZRefundRequestRow, ...errors },
      },
    },
    async (req) =>
      refuseRefund(
        { db: app.db, audit: memberAuditOf(req), now: new Date() },
        req,
        req.params.id,
        req.body.note,
      ),
  );
};
