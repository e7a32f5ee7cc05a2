import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCountsResponse } from '../../../shared/contract/counts.ts';
import { errorResponses } from '../../../shared/contract/errors.ts';
import {
  ZMarkReadRequest,
  ZNotificationIdParams,
  ZNotificationsQuery,
  ZNotificationsResponse,
  ZPopupQuery,
  ZPopupResponse,
} from '../../../shared/contract/notifications.ts';
import { cardContextFor } from '../../kernel/member-card.ts';
import { currentUser } from '../../platform/session.ts';
import { dismissPopup, getCounts, getPopup, listNotifications, readNotifications } from './inbox-service.ts';

const errors = errorResponses(400, 403, 429);
const ZOk = z.object({ ok: z.literal(true) });

/** Counts for the navigation (P-06, P-13) and the notifications page (D-09, N-01); all private. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onSend', async (_req, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const cardContext = (host: string) => cardContextFor(app, host);

  app.get(
    '/api/counts',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Unread messages, new likes, unread notifications and credits of the member (P-06)',
        response: { 200: ZCountsResponse, ...errors },
      },
    },
    async (req) => getCounts(app.db, currentUser(req).id),
  );

  app.get(
    '/api/notifications',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'The member’s notifications, newest first, cursor-paged (D-09, N-01)',
        querystring: ZNotificationsQuery,
        response: { 200: ZNotificationsResponse, ...errors },
      },
    },
    async (req) =>
      listNotifications(app.db, currentUser(req).id, req.query.cursor, await cardContext(req.host)),
  );

  app.post(
    '/api/notifications/read',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'Mark the member’s notifications read up to an id (N-01)',
        body: ZMarkReadRequest,
        response: { 200: ZOk, ...errors },
      },
    },
    async (req) => {
      await readNotifications(app.db, currentUser(req).id, req.body.up_to, new Date());
      return { ok: true as const };
    },
  );

  app.get(
    '/api/notifications/popup',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'The next like or match the full-screen modal has not shown (D-04)',
        querystring: ZPopupQuery,
        response: { 200: ZPopupResponse, ...errors },
      },
    },
    async (req) => getPopup(app.db, currentUser(req).id, req.query.after, await cardContext(req.host)),
  );

  app.post(
    '/api/notifications/:id/popup-seen',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['notifications'],
        summary: 'The modal showed this like or match: never show it again (D-04)',
        params: ZNotificationIdParams,
        response: { 200: ZOk, ...errors },
      },
    },
    async (req) => {
      await dismissPopup(app.db, currentUser(req).id, req.params.id, new Date());
      return { ok: true as const };
    },
  );
};
