import type { FastifyPluginAsync } from 'fastify';
import { createPaymentProviders } from '../../platform/payments/index.ts';
import { route } from '../../platform/route.ts';
import { staffOnly } from '../../platform/staff.ts';
import { MEMBER_ROLES, memberAuditOf } from './members-service.ts';
import { approveRefundRequest, listRefundRequests, refuseRefund } from './refunds-service.ts';

const FINANCE = MEMBER_ROLES.refund;

/** Members' refund requests (issue 26, Pay-11): the list for finance staff, approve and refuse. */
export const adminRefundRoutes: FastifyPluginAsync = async (app) => {
  const { provider } = createPaymentProviders(app.config, app.db);
  const receipts = { mailer: app.mailer, publicUrl: app.config.publicUrl };
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  route(app, 'GET /api/admin/refund-requests', staffOnly(FINANCE), ({ req, query, now }) =>
    listRefundRequests(app.db, req, query, now),
  );

  route(app, 'GET /api/admin/refund-requests/waiting', staffOnly(FINANCE), async ({ req, now }) => {
    const open = await listRefundRequests(app.db, req, { status: 'open', page: 1, page_size: 5 }, now);
    return { count: open.total };
  });

  route(
    app,
    'POST /api/admin/refund-requests/:id/approve',
    staffOnly(FINANCE, { stepUp: true }),
    ({ req, params, now }) =>
      approveRefundRequest(
        { db: app.db, provider, audit: memberAuditOf(req), now, receipts },
        req,
        params.id,
      ),
  );

  route(app, 'POST /api/admin/refund-requests/:id/refuse', staffOnly(FINANCE), ({ req, params, body, now }) =>
    refuseRefund({ db: app.db, audit: memberAuditOf(req), now }, req, params.id, body.note),
  );
};
