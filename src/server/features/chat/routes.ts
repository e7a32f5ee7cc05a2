import fastifyMultipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHAT_PHOTO_FIELDS, type TSendMessageResponse, ZClientId } from '../../../shared/contract/chat.ts';
import { PHOTO_UPLOAD, ZMediaParams, ZSignedMediaQuery } from '../../../shared/contract/photos.ts';
import { AppError } from '../../platform/errors.ts';
import { mediaViewerOf, sendPrivateImage } from '../../platform/private-media.ts';
import { route } from '../../platform/route.ts';
import { currentUser } from '../../platform/session.ts';
import { getMediaSigningSecret } from '../../platform/signed-urls.ts';
import { tooLarge } from '../photos/index.ts';
import { giftImage } from './gift-images.ts';
import { readChatPhoto, sendPhoto } from './photo-messages.ts';
import { chatDepsOf, viewerOf } from './present.ts';
import { runSend } from './send.ts';
import {
  getMessages,
  listChatsOf,
  listGifts,
  openChat,
  readChat,
  removeChat,
  removeChatsWith,
  sendGiftToMember,
} from './service.ts';

/** Reads the photo file and the client_id field of a multipart chat photo. */
async function readPhotoUpload(req: FastifyRequest): Promise<{ data: Buffer; clientId: string }> {
  if (!req.isMultipart()) throw new AppError(400, 'photo_missing', 'photos.missing');
  let data: Buffer | null = null;
  let clientId: string | null = null;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === PHOTO_UPLOAD.field && data === null) data = await part.toBuffer();
        else part.file.resume();
      } else if (part.fieldname === CHAT_PHOTO_FIELDS.clientId) {
        clientId = String(part.value);
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw new AppError(400, 'bad_request', 'error.bad_request');
  }
  const parsed = ZClientId.safeParse(clientId);
  if (!parsed.success)
    throw new AppError(400, 'validation', 'error.validation', {
      details: { fieldIds: { [CHAT_PHOTO_FIELDS.clientId]: 'chat.client_id_invalid' } },
    });
  if (data === null) throw new AppError(400, 'photo_missing', 'photos.missing');
  return { data, clientId: parsed.data };
}

/** Chat for credits (C-01..C-12): conversations, messages, photos, gifts. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: PHOTO_UPLOAD.maxBytes, files: 1, fields: 5, parts: 10 },
  });
  const secret = await getMediaSigningSecret(app.db);
  const depsOf = await chatDepsOf(app);
  const auth = { preHandler: app.requireUser };
  const viewer = (req: FastifyRequest) => viewerOf(currentUser(req));
  // Sends are limited per member, wherever they come from: one count for all send routes and the socket
  // (the text and gift send counts in its command, runSend).
  const sendLimit = {
    preHandler: [app.requireUser, (req: FastifyRequest) => app.countChatSend(req)],
  };
  /** A send answers 201, a retry of a stored one 200 with the stored message. */
  const sent = (reply: FastifyReply, result: TSendMessageResponse) => {
    if (result.duplicate) reply.code(200);
    return result;
  };

  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'private, no-store');
  });

  route(app, 'GET /api/chats', auth, ({ req, site, locale, query }) =>
    listChatsOf(depsOf(site, locale), currentUser(req).id, query),
  );
  route(app, 'GET /api/chats/:id/messages', auth, ({ req, site, locale, params, query }) =>
    getMessages(depsOf(site, locale), currentUser(req).id, params.id, query),
  );
  route(app, 'POST /api/chats/:id/messages', auth, async ({ req, reply, site, locale, params, body }) => {
    const caller = { app, request: req, deps: depsOf(site, locale), viewer: viewer(req) };
    return sent(reply, await runSend(caller, params.id, body));
  });
  route(app, 'POST /api/chats/:id/photos', sendLimit, async ({ req, reply, site, locale, params }) => {
    const upload = await readPhotoUpload(req);
    return sent(reply, await sendPhoto(depsOf(site, locale), app.media, viewer(req), params.id, upload));
  });
  route(app, 'POST /api/chats/:id/read', auth, ({ req, site, locale, params, body }) =>
    readChat(depsOf(site, locale), currentUser(req).id, params.id, body?.seq),
  );
  route(app, 'DELETE /api/chats/:id', auth, ({ req, site, locale, params }) =>
    removeChat(depsOf(site, locale), currentUser(req).id, params.id),
  );
  route(
    app,
    'POST /api/members/:id/chat',
    {
      ...auth,
      config: { rateLimit: { max: Math.ceil(60 * app.config.rateLimitFactor), timeWindow: '1 minute' } },
    },
    ({ req, site, locale, params }) => openChat(depsOf(site, locale), viewer(req), params.id),
  );
  route(app, 'DELETE /api/members/:id/chats', auth, ({ req, site, locale, params }) =>
    removeChatsWith(depsOf(site, locale), currentUser(req).id, params.id),
  );
  route(app, 'POST /api/members/:id/gifts', sendLimit, async ({ req, reply, site, locale, params, body }) => {
    const draft = { clientId: body.client_id, giftCode: body.gift_code };
    return sent(reply, await sendGiftToMember(depsOf(site, locale), viewer(req), params.id, draft));
  });
  route(app, 'GET /api/gifts', {}, ({ site, locale }) => listGifts(depsOf(site, locale)));

  app.get('/media/gifts/:key', { schema: { hide: true, params: ZMediaParams } }, async (req, reply) => {
    const svg = giftImage(req.params.key);
    if (!svg) throw new AppError(404, 'not_found', 'error.not_found');
    return reply
      .header('content-type', 'image/svg+xml')
      .header('cache-control', 'public, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(svg);
  });

  app.get(
    '/media/chat/:key',
    { schema: { hide: true, params: ZMediaParams, querystring: ZSignedMediaQuery } },
    async (req, reply) => {
      const file = await readChatPhoto(
        app.db,
        app.media,
        secret,
        req.params.key,
        req.query,
        await mediaViewerOf(app.db, req),
        new Date(),
      );
      return sendPrivateImage(reply, file);
    },
  );
};
