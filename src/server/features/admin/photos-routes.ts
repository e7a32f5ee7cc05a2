import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminMediaQuery,
  ZAdminSiteQuery,
  ZMemberPhotos,
  ZPhotoDecision,
  ZPhotoQueue,
  ZPhotoQueueQuery,
  ZPhotoRejectRequest,
  ZWaitingCount,
} from '../../../shared/contract/admin-moderation.ts';
import { errorResponses, ZErrorResponse } from '../../../shared/contract/errors.ts';
import { ZIdParam } from '../../../shared/contract/ids.ts';
import { ZMediaParams } from '../../../shared/contract/photos.ts';
import { AppError } from '../../platform/errors.ts';
import { sendPrivateImage } from '../../platform/private-media.ts';
import { getMediaSigningSecret } from '../../platform/signed-urls.ts';
import { currentStaff, staffOnly } from '../../platform/staff.ts';
import { readPhotoFileForStaff } from '../photos/index.ts';
import {
  approvePhoto,
  memberPhotos,
  type PhotoDeps,
  photoQueue,
  rejectPhoto,
  staffMediaSecret,
  verifyStaffLink,
  waitingCount,
} from './photos-service.ts';

const errors = errorResponses(400, 401, 403, 404);
const ZIdParams = z.object({ id: ZIdParam });
const MODERATOR = ['moderator'] as const;

/** Photo moderation in the back office (M-09, O-03): the queue, approve, reject, a member's photos. */
export const adminPhotoRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: PhotoDeps = { app, secret: staffMediaSecret(await getMediaSigningSecret(app.db)) };

  app.get(
    '/api/admin/photos/queue',
    {
      ...staffOnly(MODERATOR),
      schema: {
        tags: ['admin'],
        summary: 'Photos waiting for review, oldest first, with their members (M-09)',
        querystring: ZPhotoQueueQuery,
        response: { 200: ZPhotoQueue, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return photoQueue(deps, req, req.query);
    },
  );

  app.get(
    '/api/admin/photos/waiting',
    {
      ...staffOnly(MODERATOR),
      schema: {
        tags: ['admin'],
        summary: 'How many photos wait for review (the navigation badge; counted up to 100)',
        querystring: ZAdminSiteQuery,
        response: { 200: ZWaitingCount, ...errors },
      },
    },
    async (req) => waitingCount(deps, req, req.query.site),
  );

  app.post(
    '/api/admin/photos/:id/approve',
    {
      ...staffOnly(MODERATOR),
      schema: {
        tags: ['admin'],
        summary: 'Approve a waiting photo: a pending one becomes visible (M-09)',
        params: ZIdParams,
        response: { 200: ZPhotoDecision, ...errors, 409: ZErrorResponse },
      },
    },
    async (req) => approvePhoto(deps, req, req.params.id),
  );

  app.post(
    '/api/admin/photos/:id/reject',
    {
      ...staffOnly(MODERATOR),
      schema: {
        tags: ['admin'],
        summary: 'Reject a photo with a reason: removed, and the member is told (M-09, O-03)',
        params: ZIdParams,
        body: ZPhotoRejectRequest,
        response: { 200: ZPhotoDecision, ...errors },
      },
    },
    async (req) => rejectPhoto(deps, req, req.params.id, req.body.reason),
  );

  app.get(
    '/api/admin/photos/member/:id',
    {
      ...staffOnly(MODERATOR),
      schema: {
        tags: ['admin'],
        summary: "A member's photos, for acting on a complaint about them (O-03)",
        params: ZIdParams,
        response: { 200: ZMemberPhotos, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'private, no-store');
      return memberPhotos(deps, req, req.params.id);
    },
  );

  app.get(
    '/api/admin/photos/file/:key',
    {
      ...staffOnly(MODERATOR),
      schema: { hide: true, params: ZMediaParams, querystring: ZAdminMediaQuery },
    },
    async (req, reply) => {
      // A link signed for this staff member, still valid, of a member photo's file; else not found.
      if (!verifyStaffLink(deps, req.params.key, req.query, currentStaff(req).id))
        throw new AppError(404, 'not_found', 'admin.error.not_found');
      const data = await readPhotoFileForStaff(app.db, app.media, req.params.key);
      if (!data) throw new AppError(404, 'not_found', 'admin.error.not_found');
      const maxAgeSeconds = Math.max(0, Number(req.query.exp) - Math.floor(Date.now() / 1000));
      return sendPrivateImage(reply, { data, maxAgeSeconds });
    },
  );
};
