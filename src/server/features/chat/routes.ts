import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CHAT_PHOTO_FIELDS,
  ZChatIdParams,
  ZChatListQuery,
  ZChatListResponse,
  ZChatMessagesQuery,
  ZChatMessagesResponse,
  ZClientId,
  ZDeleteChatResponse,
  ZGiftsResponse,
  ZOpenChatResponse,
  ZReadRequest,
  ZReadResponse,
  ZSendGiftRequest,
  ZSendMessageResponse,
} from '../../../shared/contract/chat.ts';
import { ZErrorResponse } from '../../../shared/contract/errors.ts';
import { PHOTO_UPLOAD, ZMediaParams, ZSignedMediaQuery } from '../../../shared/contract/photos.ts';
import { ZMemberIdParams } from '../../../shared/contract/profiles.ts';
import { AppError } from '../../platform/errors.ts';
import { mediaViewerOf, sendPrivateImage } from '../../platform/private-media.ts';
import { currentUser } from '../../platform/session.ts';
import { getMediaSigningSecret } from '../../platform/signed-urls.ts';
import { tooLarge } from '../photos/index.ts';
import { giftImage } from './gift-images.ts';
import type { ChatDeps } from './present.ts';
import { chatDepsOf, viewerOf } from './present.ts';
import { readChatPhoto, sendPhoto } from './send.ts';
import { runSend, ZSend } from './send-command.ts';
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

const errors = {
  400: ZErrorResponse,
  402: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  413: ZErrorResponse,
  415: ZErrorResponse,
  422: ZErrorResponse,
  429: ZErrorResponse,
};

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
  const deps = async (req: FastifyRequest): Promise<ChatDeps> => {
    const site = await app.sites(req.host);
    return depsOf(site, req.locale(site));
  };
  const viewer = (req: FastifyRequest) => viewerOf(currentUser(req));
  // Sends are limited per member, wherever they come from: one count for all send routes and the socket
  // (the text and gift send counts in its command, runSend).
  const sendLimit = {
    preHandler: [app.requireUser, (req: FastifyRequest) => app.countChatSend(req)],
  };

  app.addHook('onSend', async (req, reply) => {
    if (req.url.startsWith('/api/')) reply.header('cache-control', 'private, no-store');
  });

  app.get(
    '/api/chats',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['chat'],
        summary: 'My conversations, latest activity first, cursor-paged (C-01, spec §3)',
        querystring: ZChatListQuery,
        response: { 200: ZChatListResponse, ...errors },
      },
    },
    async (req) => listChatsOf(await deps(req), currentUser(req).id, req.query),
  );

  app.get(
    '/api/chats/:id/messages',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['chat'],
        summary:
          'Messages of a conversation: newest first page, before_seq for older, after_seq to sync (C-02)',
        params: ZChatIdParams,
        querystring: ZChatMessagesQuery,
        response: { 200: ZChatMessagesResponse, ...errors },
      },
    },
    async (req) => getMessages(await deps(req), currentUser(req).id, req.params.id, req.query),
  );

  app.post(
    '/api/chats/:id/messages',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['chat'],
        summary:
          'Send a text or a gift; a retry with the same client_id answers the stored message (C-03, C-12)',
        params: ZChatIdParams,
        body: ZSend,
        response: { 200: ZSendMessageResponse, 201: ZSendMessageResponse, ...errors },
      },
    },
    async (req, reply) => {
      const caller = { app, request: req, deps: await deps(req), viewer: viewer(req) };
      const result = await runSend(caller, req.params.id, req.body);
      return reply.status(result.duplicate ? 200 : 201).send(result);
    },
  );

  app.post(
    '/api/chats/:id/photos',
    {
      ...sendLimit,
      schema: {
        tags: ['chat'],
        summary: 'Send a private photo: multipart fields "photo" and "client_id"; premium members (M-04)',
        consumes: ['multipart/form-data'],
        params: ZChatIdParams,
        response: { 200: ZSendMessageResponse, 201: ZSendMessageResponse, ...errors },
      },
    },
    async (req, reply) => {
      const upload = await readPhotoUpload(req);
      const result = await sendPhoto(await deps(req), app.media, viewer(req), req.params.id, upload);
      return reply.status(result.duplicate ? 200 : 201).send(result);
    },
  );

  app.post(
    '/api/chats/:id/read',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['chat'],
        summary: 'Mark a conversation read (up to seq); sends a read receipt (C-01, C-11)',
        params: ZChatIdParams,
        body: ZReadRequest,
        response: { 200: ZReadResponse, ...errors },
      },
    },
    async (req) => readChat(await deps(req), currentUser(req).id, req.params.id, req.body?.seq),
  );

  app.delete(
    '/api/chats/:id',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['chat'],
        summary: 'Remove a conversation for me; the other member keeps theirs (C-06)',
        params: ZChatIdParams,
        response: { 200: ZDeleteChatResponse, ...errors },
      },
    },
    async (req) => removeChat(await deps(req), currentUser(req).id, req.params.id),
  );

  app.post(
    '/api/members/:id/chat',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { max: Math.ceil(60 * app.config.rateLimitFactor), timeWindow: '1 minute' } },
      schema: {
        tags: ['chat'],
        summary: 'Open or start the conversation with a member (C-10; free members start at most 2)',
        params: ZMemberIdParams,
        response: { 200: ZOpenChatResponse, ...errors },
      },
    },
    async (req) => openChat(await deps(req), viewer(req), req.params.id),
  );

  app.delete(
    '/api/members/:id/chats',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['chat'],
        summary: 'Remove every conversation with a member, for me (C-06)',
        params: ZMemberIdParams,
        response: { 200: ZDeleteChatResponse, ...errors },
      },
    },
    async (req) => removeChatsWith(await deps(req), currentUser(req).id, req.params.id),
  );

  app.post(
    '/api/members/:id/gifts',
    {
      ...sendLimit,
      schema: {
        tags: ['chat'],
        summary: 'Send a gift from the profile page, opening the conversation when needed (C-09)',
        params: ZMemberIdParams,
        body: ZSendGiftRequest,
        response: { 200: ZSendMessageResponse, 201: ZSendMessageResponse, ...errors },
      },
    },
    async (req, reply) => {
      const result = await sendGiftToMember(await deps(req), viewer(req), req.params.id, {
        clientId: req.body.client_id,
        giftCode: req.body.gift_code,
      });
      return reply.status(result.duplicate ? 200 : 201).send(result);
    },
  );

  app.get(
    '/api/gifts',
    {
      schema: {
        tags: ['chat'],
        summary: 'The gift catalogue, names in the visitor language, prices in credits (C-09)',
        response: { 200: ZGiftsResponse },
      },
    },
    async (req) => listGifts(await deps(req)),
  );

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
