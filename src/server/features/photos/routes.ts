import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PHOTO_UPLOAD, ZMediaParams, ZSignedMediaQuery } from '../../../shared/contract/photos.ts';
import { AppError } from '../../platform/errors.ts';
import { mediaViewerOf, sendPrivateImage } from '../../platform/private-media.ts';
import { route } from '../../platform/route.ts';
import { currentUser } from '../../platform/session.ts';
import { getMediaSigningSecret } from '../../platform/signed-urls.ts';
import type { SiteRow } from '../../platform/site.ts';
import { createDiskStorage } from '../../platform/storage.ts';
import { uploadWork } from './image-work.ts';
import {
  listOwnPhotos,
  type MediaContext,
  type Member,
  readPublicMedia,
  readSignedMedia,
  removePhoto,
  reorderPhotos,
  setMainPhoto,
  setPhotoPrivacy,
  tooLarge,
  uploadPhoto,
} from './service.ts';

const TRUE = new Set(['1', 'true', 'on', 'yes']);
const FALSE = new Set(['', '0', 'false', 'off', 'no']);

/** Multipart failures as the one error shape, with our messages. */
function uploadError(err: unknown): unknown {
  if (err instanceof AppError) return err;
  switch ((err as { code?: string }).code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
      return new AppError(400, 'photo_one_file', 'photos.one_file');
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(400, 'photo_missing', 'photos.missing');
    default:
      // Limits on fields and parts, malformed or cut-off bodies.
      return new AppError(400, 'bad_request', 'error.bad_request');
  }
}

/** Reads the `photo` file and the optional `is_private` field of a multipart upload. */
async function readUpload(req: FastifyRequest): Promise<{ data: Buffer; isPrivate: boolean }> {
  if (!req.isMultipart()) throw new AppError(400, 'photo_missing', 'photos.missing');
  let data: Buffer | null = null;
  let isPrivate = false;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === PHOTO_UPLOAD.field && data === null) data = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === PHOTO_UPLOAD.privateField) {
        const value = String(part.value).trim().toLowerCase();
        if (!TRUE.has(value) && !FALSE.has(value))
          throw new AppError(400, 'validation', 'error.validation', {
            details: { fieldIds: { [PHOTO_UPLOAD.privateField]: 'error.invalid_field' } },
          });
        isPrivate = TRUE.has(value);
      }
    }
  } catch (err) {
    throw uploadError(err);
  }
  if (data === null) throw new AppError(400, 'photo_missing', 'photos.missing');
  return { data, isPrivate };
}

/** Member photos (M-03, M-04, signup step 1) and the media files behind them. */
export const photoRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: PHOTO_UPLOAD.maxBytes, files: 1, fields: 5, parts: 10 },
  });
  if (!app.hasDecorator('media')) app.decorate('media', createDiskStorage(join(app.config.dataDir, 'media')));
  const secret = await getMediaSigningSecret(app.db);

  const member = (req: FastifyRequest): Member => {
    const user = currentUser(req);
    return { id: user.id, paidUser: user.paidUser };
  };
  const mediaContext = (ctx: { req: FastifyRequest; site: SiteRow; now: Date }): MediaContext => ({
    cdnPrefix: ctx.site.cdnPrefix,
    secret,
    viewerId: currentUser(ctx.req).id,
    now: ctx.now,
  });

  // Answers carry signed links for one viewer: never stored by shared caches.
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'private, no-store');
  });

  const auth = { preHandler: app.requireUser };

  route(app, 'GET /api/photos', auth, (ctx) => listOwnPhotos(app.db, member(ctx.req), mediaContext(ctx)));

  route(
    app,
    'POST /api/photos',
    {
      ...auth,
      config: {
        rateLimit: {
          // Counted per member after the session is read (preHandler), so many addresses do not help.
          hook: 'preHandler',
          keyGenerator: (req: FastifyRequest) => `photo-upload:${req.user?.id ?? req.ip}`,
          max: Math.ceil(PHOTO_UPLOAD.perMemberPerHour * app.config.rateLimitFactor),
          timeWindow: '1 hour',
        },
      },
    },
    (ctx) =>
      // Bodies wait in their sockets until an upload slot is free (image-work.ts).
      uploadWork.run(async () =>
        uploadPhoto(app.db, app.media, member(ctx.req), await readUpload(ctx.req), mediaContext(ctx)),
      ),
  );

  route(app, 'PUT /api/photos/main', auth, (ctx) =>
    setMainPhoto(app.db, member(ctx.req), ctx.body.id, mediaContext(ctx)),
  );

  route(app, 'PUT /api/photos/order', auth, (ctx) =>
    reorderPhotos(app.db, member(ctx.req), ctx.body.ids, mediaContext(ctx)),
  );

  route(app, 'PUT /api/photos/:id/privacy', auth, (ctx) =>
    setPhotoPrivacy(
      app.db,
      app.media,
      member(ctx.req),
      ctx.params.id,
      ctx.body.is_private,
      mediaContext(ctx),
    ),
  );

  route(app, 'DELETE /api/photos/:id', auth, (ctx) =>
    removePhoto(app.db, app.media, member(ctx.req), ctx.params.id, mediaContext(ctx)),
  );

  app.get('/media/:key', { schema: { hide: true, params: ZMediaParams } }, async (req, reply) => {
    const data = await readPublicMedia(app.db, app.media, req.params.key);
    return (
      reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        // Public files may be shown from the CDN's host or another of our domains.
        .header('cross-origin-resource-policy', 'cross-origin')
        .send(data)
    );
  });

  app.get(
    '/media/private/:key',
    { schema: { hide: true, params: ZMediaParams, querystring: ZSignedMediaQuery } },
    async (req, reply) => {
      const now = new Date();
      const file = await readSignedMedia(
        app.db,
        app.media,
        secret,
        req.params.key,
        req.query,
        await viewerOf(req),
        now,
      );
      return sendPrivateImage(reply, file);
    },
  );

  const viewerOf = (req: FastifyRequest) => mediaViewerOf(app.db, req);
};
