import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { sendPrivateImage } from '../../platform/private-media.ts';
import { route } from '../../platform/route.ts';
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

const MODERATOR = ['moderator'] as const;

/** Photo moderation in the back office (M-09, O-03): the queue, approve, reject, a member's photos. */
export const adminPhotoRoutes: FastifyPluginAsync = async (app) => {
  const deps: PhotoDeps = { app, secret: staffMediaSecret(await getMediaSigningSecret(app.db)) };

  const moderator = staffOnly(MODERATOR);

  route(app, 'GET /api/admin/photos/queue', moderator, ({ req, reply, query }) => {
    reply.header('cache-control', 'private, no-store');
    return photoQueue(deps, req, query);
  });
  route(app, 'GET /api/admin/photos/waiting', moderator, ({ req, query }) =>
    waitingCount(deps, req, query.site),
  );
  route(app, 'POST /api/admin/photos/:id/approve', moderator, ({ req, params }) =>
    approvePhoto(deps, req, params.id),
  );
  route(app, 'POST /api/admin/photos/:id/reject', moderator, ({ req, params, body }) =>
    rejectPhoto(deps, req, params.id, body.reason),
  );
  route(app, 'GET /api/admin/photos/member/:id', moderator, ({ req, reply, params }) => {
    reply.header('cache-control', 'private, no-store');
    return memberPhotos(deps, req, params.id);
  });

  route(app, 'GET /api/admin/photos/file/:key', moderator, async ({ req, reply, params, query, now }) => {
    // A link signed for this staff member, still valid, of a member photo's file; else not found.
    if (!verifyStaffLink(deps, params.key, query, currentStaff(req).id))
      throw new AppError(404, 'not_found', 'admin.error.not_found');
    const data = await readPhotoFileForStaff(app.db, app.media, params.key);
    if (!data) throw new AppError(404, 'not_found', 'admin.error.not_found');
    const maxAgeSeconds = Math.max(0, Number(query.exp) - Math.floor(now.getTime() / 1000));
    return sendPrivateImage(reply, { data, maxAgeSeconds });
  });
};
