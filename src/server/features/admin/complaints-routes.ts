import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZBanRequest,
  ZComplaintDetail,
  ZComplaintList,
  ZComplaintListQuery,
  ZComplaintReplyRequest,
  ZComplaintUpdate,
} from '../../../shared/contract/admin-moderation.ts';
import { errorResponses, ZErrorResponse } from '../../../shared/contract/errors.ts';
import { ZIdParam } from '../../../shared/contract/ids.ts';
import { staffOnly } from '../../platform/staff.ts';
import {
  banFromComplaint,
  changeComplaint,
  complaintDetail,
  listComplaints,
  replyToComplaint,
} from './complaints-service.ts';

const errors = errorResponses(400, 401, 403, 404);
const ZIdParams = z.object({ id: ZIdParam });
const MODERATOR = ['moderator'] as const;

/** Complaints in the back office (O-03, L-09): list, detail, status and assignment, reply, ban. */
export const adminComplaintRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/api/admin/complaints',
    {
      ...staffOnly(MODERATOR),
      schema: {
        tags: ['admin'],
        summary: 'Complaints, newest first, by status, site and who handles them (O-03)',
        querystring: ZComplaintListQuery,
        response: { 200: ZComplaintList, ...errors },
      },
    },
    async (req) => listComplaints(app.db, req, req.query),
  );

  app.get(
    '/api/admin/complaints/:id',
    {
      ...staffOnly(MODERATOR),
      schema: {
        tags: ['admin'],
        summary: 'One complaint with its message, sender, member, replies and who can take it (O-03)',
        params: ZIdParams,
        response: { 200: ZComplaintDetail, ...errors },
      },
    },
    async (req) => complaintDetail(app.db, req, req.params.id),
  );

  app.patch(
    '/api/admin/complaints/:id',
    {
      ...staffOnly(MODERATOR),
      schema: {
        tags: ['admin'],
        summary: "Change a complaint's status or who handles it (O-03)",
        params: ZIdParams,
        body: ZComplaintUpdate,
        response: { 200: ZComplaintDetail, ...errors },
      },
    },
    async (req) => changeComplaint(app.db, req, req.params.id, req.body),
  );

  app.post(
    '/api/admin/complaints/:id/replies',
    {
      ...staffOnly(MODERATOR),
      schema: {
        tags: ['admin'],
        summary: "Answer the sender by mail from the site's address, in their language (O-03)",
        params: ZIdParams,
        body: ZComplaintReplyRequest,
        response: { 200: ZComplaintDetail, ...errors },
      },
    },
    async (req) => replyToComplaint(app, req, req.params.id, req.body),
  );

  app.post(
    '/api/admin/complaints/:id/ban',
    {
      ...staffOnly(MODERATOR, { stepUp: true }),
      schema: {
        tags: ['admin'],
        summary: 'Ban the member a complaint is about, with a reason (A-10, O-03; second factor again)',
        params: ZIdParams,
        body: ZBanRequest,
        response: { 200: ZComplaintDetail, ...errors, 409: ZErrorResponse },
      },
    },
    async (req) => banFromComplaint(app, req, req.params.id, req.body.reason),
  );
};
