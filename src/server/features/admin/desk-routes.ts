import type { FastifyPluginAsync } from 'fastify';
import type { TDeskEvent } from '../../../shared/contract/admin-desk.ts';
import type { StaffRole } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
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

const ADMIN = ['admin'] as const;

/** How often the live stream says it is still there (proxies close silent connections). */
const STREAM_PING_MS = 15_000;

/**
 * The chat desk (issue 23, O-05): the queue of members waiting for a fictional profile's answer, claims,
 * the conversation view with its live stream, answers, canned openers and the figures.
 */
export const deskRoutes: FastifyPluginAsync = async (app) => {
  /** Open live streams, ended when the server closes. */
  const streams = new Set<() => void>();
  app.addHook('onClose', async () => {
    for (const end of streams) end();
  });

  route(
    app,
    'GET /api/admin/desk/queue',
    {
      ...staffOnly(OPERATOR),
    },
    async ({ req, query }) => deskQueue(app, req, query),
  );

  route(
    app,
    'GET /api/admin/desk/figures',
    {
      ...staffOnly(OPERATOR),
    },
    async ({ req, query }) => deskFigures(app, req, query),
  );

  // ---------------------------------------------------------------- openers

  route(
    app,
    'GET /api/admin/desk/openers',
    {
      ...staffOnly(OPERATOR),
    },
    async ({ req, query }) => {
      const rows = await listOpeners(app.db, query);
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

  route(
    app,
    'POST /api/admin/desk/openers',
    {
      ...staffOnly(ADMIN),
    },
    async ({ req, reply, body }) => {
      assertOpenerSite(req, body.site_id);
      await assertKnownSite(body.site_id);
      const opener = await app.db.transaction(async (tx) => {
        const row = await insertOpener(tx, {
          siteId: body.site_id,
          locale: body.locale,
          body: body.body,
          position: body.position,
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

  route(
    app,
    'PATCH /api/admin/desk/openers/:id',
    {
      ...staffOnly(ADMIN),
    },
    async ({ req, params, body }) => {
      const before = await findOpener(app.db, params.id);
      if (!before) throw new AppError(404, 'not_found', 'admin.error.not_found');
      assertOpenerSite(req, before.siteId);
      if (body.site_id !== undefined) assertOpenerSite(req, body.site_id);
      await assertKnownSite(body.site_id);
      const after = await app.db.transaction(async (tx) => {
        const row = await updateOpener(tx, params.id, {
          ...(body.locale !== undefined ? { locale: body.locale } : {}),
          ...(body.site_id !== undefined ? { siteId: body.site_id } : {}),
          ...(body.body !== undefined ? { body: body.body } : {}),
          ...(body.position !== undefined ? { position: body.position } : {}),
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

  route(
    app,
    'DELETE /api/admin/desk/openers/:id',
    {
      ...staffOnly(ADMIN),
    },
    async ({ req, reply, params }) => {
      const before = await findOpener(app.db, params.id);
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

  route(
    app,
    'GET /api/admin/desk/:conversationId',
    {
      ...staffOnly(OPERATOR),
    },
    async ({ req, reply, params, query }) => {
      reply.header('cache-control', 'no-store');
      return deskView(app, req, params.conversationId, query);
    },
  );

  route(
    app,
    'POST /api/admin/desk/:conversationId/claim',
    {
      ...staffOnly(OPERATOR),
    },
    async ({ req, params }) => claimConversation(app, req, params.conversationId),
  );

  route(
    app,
    'POST /api/admin/desk/:conversationId/release',
    {
      ...staffOnly(OPERATOR),
    },
    async ({ req, reply, params }) => {
      await releaseConversation(app, req, params.conversationId);
      return reply.status(204).send(null);
    },
  );

  route(
    app,
    'POST /api/admin/desk/:conversationId/activity',
    {
      ...staffOnly(OPERATOR),
    },
    async ({ req, params, body }) => deskActivity(app, req, params.conversationId, body ?? {}),
  );

  route(
    app,
    'POST /api/admin/desk/:conversationId/messages',
    {
      ...staffOnly(OPERATOR),
    },
    async ({ req, reply, params, body }) => {
      const result = await deskAnswer(app, req, params.conversationId, body);
      return reply.status(result.duplicate ? 200 : 201).send(result);
    },
  );

  route(
    app,
    'GET /api/admin/desk/:conversationId/media/:key',
    { ...staffOnly(OPERATOR) },
    async ({ req, reply, params }) => {
      const data = await deskMedia(app, req, params.conversationId, params.key);
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
  route(
    app,
    'GET /api/admin/desk/:conversationId/events',
    { ...staffOnly(OPERATOR) },
    async ({ req, reply, params }) => {
      const id = params.conversationId;
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
