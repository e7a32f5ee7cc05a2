import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  type TDeskEvent,
  ZDeskActivityRequest,
  ZDeskAnswerRequest,
  ZDeskAnswerResponse,
  ZDeskClaimResponse,
  ZDeskConversationParams,
  ZDeskFiguresQuery,
  ZDeskFiguresResponse,
  ZDeskMediaParams,
  ZDeskOpener,
  ZDeskOpenerBody,
  ZDeskOpenerParams,
  ZDeskOpenerPatch,
  ZDeskOpenersQuery,
  ZDeskOpenersResponse,
  ZDeskQueueQuery,
  ZDeskQueueResponse,
  ZDeskViewQuery,
  ZDeskViewResponse,
} from '../../../shared/contract/admin-desk.ts';
import { errorResponses, ZErrorResponse } from '../../../shared/contract/errors.ts';
import type { StaffRole } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { currentStaff, sitesFor, staffOnly, writeAudit } from '../../platform/staff.ts';
import { deskConversationFor, OPERATOR } from './desk-access.ts';
import {
  deleteOpener,
  findOpener,
  insertOpener,
  listOpeners,
  siteExists,
  updateOpener,
} from './desk-openers-queries.ts';
import {
  claimConversation,
  deskActivity,
  deskAnswer,
  deskFigures,
  deskQueue,
  presentOpener,
  releaseConversation,
} from './desk-service.ts';
import { deskMedia, deskMessage, deskView } from './desk-view.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The roles an admin route allows (`staffOnly`), read by the authorisation matrix test. */
    staffRoles?: readonly StaffRole[];
    stepUp?: boolean;
  }
}

const errors = errorResponses(400, 401, 403, 404, 409);
const ADMIN = ['admin'] as const;
const tags = ['admin-desk'];

/** How often the live stream says it is still there (proxies close silent connections). */
const STREAM_PING_MS = 15_000;

/**
 * The chat desk (issue 23, O-05): the queue of members waiting for a fictional profile's answer, claims,
 * the conversation view with its live stream, answers, canned openers and the figures.
 */
export const deskRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Open live streams, ended when the server closes. */
  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of streams) end();
  });

  app.get(
    '/api/admin/desk/queue',
    {
      ...staffOnly(OPERATOR),
      schema: {
        tags,
        summary: 'Waiting conversations with fictional profiles, oldest first, with the wait time (O-05)',
        querystring: ZDeskQueueQuery,
        response: { 200: ZDeskQueueResponse, ...errors },
      },
    },
    async (req) => deskQueue(app, req, req.query),
  );

  app.get(
    '/api/admin/desk/figures',
    {
      ...staffOnly(OPERATOR),
      schema: {
        tags,
        summary: 'Answers per operator and per site: how many, median and p90 wait (O-05)',
        querystring: ZDeskFiguresQuery,
        response: { 200: ZDeskFiguresResponse, ...errors },
      },
    },
    async (req) => deskFigures(app, req, req.query),
  );

  // ---------------------------------------------------------------- openers

  app.get(
    '/api/admin/desk/openers',
    {
      ...staffOnly(OPERATOR),
      schema: {
        tags,
        summary: 'Canned openers, per language (and site), for the desk',
        querystring: ZDeskOpenersQuery,
        response: { 200: ZDeskOpenersResponse, ...errors },
      },
    },
    async (req) => {
      const rows = await listOpeners(app.db, req.query);
      const sites = sitesFor(currentStaff(req), OPERATOR);
      return {
        openers: rows
          .filter((r) => r.siteId === null || sites === null || sites.includes(r.siteId))
          .map(presentOpener),
      };
    },
  );

  /** Openers for every site need an admin of every site; a site's openers an admin of that site. */
  const assertOpenerSite = (req: Parameters<typeof currentStaff>[0], siteId: number | null) => {
    const sites = sitesFor(currentStaff(req), ADMIN);
    if (sites !== null && (siteId === null || !sites.includes(siteId)))
      throw new AppError(403, 'forbidden', 'admin.error.forbidden');
  };
  const assertKnownSite = async (siteId: number | null | undefined) => {
    if (siteId != null && !(await siteExists(app.db, siteId)))
      throw new AppError(400, 'desk_site_unknown', 'admin.desk.site_unknown');
  };

  app.post(
    '/api/admin/desk/openers',
    {
      ...staffOnly(ADMIN),
      schema: {
        tags,
        summary: 'Add a canned opener (admin)',
        body: ZDeskOpenerBody,
        response: { 201: z.object({ opener: ZDeskOpener }), ...errors },
      },
    },
    async (req, reply) => {
      assertOpenerSite(req, req.body.site_id);
      await assertKnownSite(req.body.site_id);
      const opener = await app.db.transaction(async (tx) => {
        const row = await insertOpener(tx, {
          siteId: req.body.site_id,
          locale: req.body.locale,
          body: req.body.body,
          position: req.body.position,
        });
        await writeAudit(tx, req, {
          action: 'desk.opener.create',
          objectType: 'desk_opener',
          objectId: row.id,
          siteId: row.siteId,
          roles: ADMIN,
          after: presentOpener(row),
        });
        return row;
      });
      return reply.status(201).send({ opener: presentOpener(opener) });
    },
  );

  app.patch(
    '/api/admin/desk/openers/:id',
    {
      ...staffOnly(ADMIN),
      schema: {
        tags,
        summary: 'Change a canned opener (admin)',
        params: ZDeskOpenerParams,
        body: ZDeskOpenerPatch,
        response: { 200: z.object({ opener: ZDeskOpener }), ...errors },
      },
    },
    async (req) => {
      const before = await findOpener(app.db, req.params.id);
      if (!before) throw new AppError(404, 'not_found', 'admin.error.not_found');
      assertOpenerSite(req, before.siteId);
      if (req.body.site_id !== undefined) assertOpenerSite(req, req.body.site_id);
      await assertKnownSite(req.body.site_id);
      const after = await app.db.transaction(async (tx) => {
        const row = await updateOpener(tx, req.params.id, {
          ...(req.body.locale !== undefined ? { locale: req.body.locale } : {}),
          ...(req.body.site_id !== undefined ? { siteId: req.body.site_id } : {}),
          ...(req.body.body !== undefined ? { body: req.body.body } : {}),
          ...(req.body.position !== undefined ? { position: req.body.position } : {}),
        });
        if (!row) throw new AppError(404, 'not_found', 'admin.error.not_found');
        await writeAudit(tx, req, {
          action: 'desk.opener.update',
          objectType: 'desk_opener',
          objectId: row.id,
          siteId: row.siteId,
          roles: ADMIN,
          before: presentOpener(before),
          after: presentOpener(row),
        });
        return row;
      });
      return { opener: presentOpener(after) };
    },
  );

  app.delete(
    '/api/admin/desk/openers/:id',
    {
      ...staffOnly(ADMIN),
      schema: {
        tags,
        summary: 'Remove a canned opener (admin)',
        params: ZDeskOpenerParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      const before = await findOpener(app.db, req.params.id);
      if (!before) throw new AppError(404, 'not_found', 'admin.error.not_found');
      assertOpenerSite(req, before.siteId);
      await app.db.transaction(async (tx) => {
        await deleteOpener(tx, before.id);
        await writeAudit(tx, req, {
          action: 'desk.opener.delete',
          objectType: 'desk_opener',
          objectId: before.id,
          siteId: before.siteId,
          roles: ADMIN,
          before: presentOpener(before),
        });
      });
      return reply.status(204).send(null);
    },
  );

  // ---------------------------------------------------------------- one conversation

  app.get(
    '/api/admin/desk/:conversationId',
    {
      ...staffOnly(OPERATOR),
      schema: {
        tags,
        summary: "The member's profile, the whole history (paged back) and the fictional profile's facts",
        params: ZDeskConversationParams,
        querystring: ZDeskViewQuery,
        response: { 200: ZDeskViewResponse, ...errors },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return deskView(app, req, req.params.conversationId, req.query);
    },
  );

  app.post(
    '/api/admin/desk/:conversationId/claim',
    {
      ...staffOnly(OPERATOR),
      schema: {
        tags,
        summary: 'Claim a waiting conversation: one operator wins; a claim lapses after 3 idle minutes',
        params: ZDeskConversationParams,
        response: { 200: ZDeskClaimResponse, ...errors },
      },
    },
    async (req) => claimConversation(app, req, req.params.conversationId),
  );

  app.post(
    '/api/admin/desk/:conversationId/release',
    {
      ...staffOnly(OPERATOR),
      schema: {
        tags,
        summary: 'Let go of a claim',
        params: ZDeskConversationParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (req, reply) => {
      await releaseConversation(app, req, req.params.conversationId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/admin/desk/:conversationId/activity',
    {
      ...staffOnly(OPERATOR),
      schema: {
        tags,
        summary: "The operator is active (keeps the claim); `typing` shows as the profile's typing",
        params: ZDeskConversationParams,
        body: ZDeskActivityRequest,
        response: {
          200: z.object({
            hold: z.enum(['claim', 'followup']).nullable(),
            claim_active_at: z.string().nullable(),
          }),
          ...errors,
        },
      },
    },
    async (req) => deskActivity(app, req, req.params.conversationId, req.body ?? {}),
  );

  app.post(
    '/api/admin/desk/:conversationId/messages',
    {
      ...staffOnly(OPERATOR),
      schema: {
        tags,
        summary: 'Answer as the fictional profile (text, gift, or one of its photos); claim holder only',
        params: ZDeskConversationParams,
        body: ZDeskAnswerRequest,
        response: { 200: ZDeskAnswerResponse, 201: ZDeskAnswerResponse, ...errors, 402: ZErrorResponse },
      },
    },
    async (req, reply) => {
      const result = await deskAnswer(app, req, req.params.conversationId, req.body);
      return reply.status(result.duplicate ? 200 : 201).send(result);
    },
  );

  app.get(
    '/api/admin/desk/:conversationId/media/:key',
    { ...staffOnly(OPERATOR), schema: { hide: true, params: ZDeskMediaParams } },
    async (req, reply) => {
      const data = await deskMedia(app, req, req.params.conversationId, req.params.key);
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(data);
    },
  );

  /**
   * The live side of the open conversation, as server-sent events: the member's new messages, their
   * typing and their read receipts, taken from the real-time bus where the fictional profile's events go.
   */
  app.get(
    '/api/admin/desk/:conversationId/events',
    { ...staffOnly(OPERATOR), schema: { hide: true, params: ZDeskConversationParams } },
    async (req, reply) => {
      const id = req.params.conversationId;
      const conv = await deskConversationFor(app, req, id);
      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });
      raw.write(': desk\n\n');
      let open = true;
      const write = (event: TDeskEvent) => {
        if (open) raw.write(`data: ${JSON.stringify(event)}\n\n`);
      };
      const unsubscribe = app.bus.subscribe((message) => {
        if (!('event' in message) || message.memberId !== conv.fictionalId) return;
        const e = message.event;
        if (e.type === 'typing' && e.conversation_id === id && e.member_id === conv.memberId)
          write({ type: 'typing', typing: e.typing });
        else if (e.type === 'read' && e.conversation_id === id && e.reader_id === conv.memberId)
          write({ type: 'read', read_seq: e.read_seq });
        else if (e.type === 'message' && e.conversation_id === id) {
          deskMessage(app, req, conv, e.message.id).then(
            (m) => m && write({ type: 'message', message: m }),
            (err: unknown) => req.log.warn({ err }, 'desk stream message failed'),
          );
        }
      });
      const ping = setInterval(() => open && raw.write(': ping\n\n'), STREAM_PING_MS);
      const close = () => {
        open = false;
        clearInterval(ping);
        unsubscribe();
        streams.delete(end);
      };
      const end = () => {
        close();
        raw.end();
      };
      streams.add(end);
      raw.on('close', close);
    },
  );
};
