import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, ZErrorResponse } from '../../../shared/contract/errors.ts';
import {
  PHOTO_UPLOAD,
  ZMainPhotoRequest,
  ZMediaParams,
  ZPhoto,
  ZPhotoIdParams,
  ZPhotoList,
  ZPhotoOrderRequest,
  ZPhotoPrivacyRequest,
  ZSignedMediaQuery,
} from '../../../shared/contract/photos.ts';
import { AppError } from '../../platform/errors.ts';
import { mediaViewerOf, sendPrivateImage } from '../../platform/private-media.ts';
import { currentUser } from '../../platform/session.ts';
import { getMediaSigningSecret } from '../../platform/signed-urls.ts';
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

const errors = errorResponses(400, 403, 404, 409, 413, 415, 422);
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
  const mediaContext = async (req: FastifyRequest): Promise<MediaContext> => ({
    cdnPrefix: (await app.sites(req.host)).cdnPrefix,
    secret,
    viewerId: currentUser(req).id,
    now: new Date(),
  });

  // Answers carry signed links for one viewer: never stored by shared caches.
  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/api/photos',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['photos'],
        summary: 'Own photos in order, with the photo limit (M-03)',
        response: { 200: ZPhotoList, 403: ZErrorResponse },
      },
    },
    async (req) => listOwnPhotos(app.db, member(req), await mediaContext(req)),
  );

  app.post(
    '/api/photos',
    {
      preHandler: app.requireUser,
      config: {
        rateLimit: {
          // Counted per member after the session is read (preHandler), so many addresses do not help.
          hook: 'preHandler',
          keyGenerator: (req: FastifyRequest) => `photo-upload:${req.user?.id ?? req.ip}`,
          max: Math.ceil(PHOTO_UPLOAD.perMemberPerHour * app.config.rateLimitFactor),
          timeWindow: '1 hour',
        },
      },
      schema: {
        tags: ['photos'],
        summary: 'Upload a photo: multipart field "photo", optional field "is_private" (M-03, signup step 1)',
        consumes: ['multipart/form-data'],
        response: { 201: ZPhoto, ...errors },
      },
    },
    async (req, reply) => {
      // Bodies wait in their sockets until an upload slot is free (image-work.ts).
      const photo = await uploadWork.run(async () =>
        uploadPhoto(app.db, app.media, member(req), await readUpload(req), await mediaContext(req)),
      );
      return reply.status(201).send(photo);
    },
  );

  app.put(
    '/api/photos/main',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['photos'],
        summary: 'Choose the main image (M-03)',
        body: ZMainPhotoRequest,
        response: { 200: ZPhotoList, ...errors },
      },
    },
    async (req) => setMainPhoto(app.db, member(req), req.body.id, await mediaContext(req)),
  );

  app.put(
    '/api/photos/order',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['photos'],
        summary: 'Reorder own photos; photos left out follow in their old order (M-03)',
        body: ZPhotoOrderRequest,
        response: { 200: ZPhotoList, ...errors },
      },
    },
    async (req) => reorderPhotos(app.db, member(req), req.body.ids, await mediaContext(req)),
  );

  app.put(
    '/api/photos/:id/privacy',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['photos'],
        summary: 'Make a photo private or public (M-04)',
        params: ZPhotoIdParams,
        body: ZPhotoPrivacyRequest,
        response: { 200: ZPhoto, ...errors },
      },
    },
    async (req) =>
      setPhotoPrivacy(
        app.db,
        app.media,
        member(req),
        req.params.id,
        req.body.is_private,
        await mediaContext(req),
      ),
  );

  app.delete(
    '/api/photos/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['photos'],
        summary: 'Delete a photo and its files; the next public photo becomes main (M-03)',
        params: ZPhotoIdParams,
        response: { 200: ZPhotoList, ...errors },
      },
    },
    async (req) => removePhoto(app.db, app.media, member(req), req.params.id, await mediaContext(req)),
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
