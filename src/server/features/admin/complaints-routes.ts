import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/route.ts';
import { staffOnly } from '../../platform/staff.ts';
import {
  banFromComplaint,
  changeComplaint,
  complaintDetail,
  listComplaints,
  replyToComplaint,
} from './complaints-service.ts';

const MODERATOR = ['moderator'] as const;

/** Complaints in the back office (O-03, L-09): list, detail, status and assignment, reply, ban. */
export const adminComplaintRoutes: FastifyPluginAsync = async (app) => {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const moderator = staffOnly(MODERATOR);

  route(app, 'GET /api/admin/complaints', moderator, ({ req, query }) => listComplaints(app.db, req, query));
  route(app, 'GET /api/admin/complaints/:id', moderator, ({ req, params }) =>
    complaintDetail(app.db, req, params.id),
  );
  route(app, 'PATCH /api/admin/complaints/:id', moderator, ({ req, params, body }) =>
    changeComplaint(app.db, req, params.id, body),
  );
  route(app, 'POST /api/admin/complaints/:id/replies', moderator, ({ req, params, body }) =>
    replyToComplaint(app, req, params.id, body),
  );
  route(
    app,
    'POST /api/admin/complaints/:id/ban',
    staffOnly(MODERATOR, { stepUp: true }),
    ({ req, params, body }) => banFromComplaint(app, req, params.id, body.reason),
  );
};
