import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, toLocale } from '../../../shared/i18n/locales.ts';
import type { StaffRole } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { createPaymentProviders } from '../../platform/payments/index.ts';
import { route } from '../../platform/route.ts';
import { siteOrigin } from '../../platform/site.ts';
import { assertSite, currentStaff, sitesFor, staffOnly } from '../../platform/staff.ts';
import { isSafeKey } from '../../platform/storage.ts';
import {
  activationAction,
  banAction,
  creditsAction,
  deleteAction,
  refundAction,
  unbanAction,
} from './members-actions.ts';
import { memberPhotoByKey } from './members-queries.ts';
import {
  fictionalConversation,
  findMembers,
  MEMBER_ROLES,
  memberAuditOf,
  memberLedger,
  memberPage,
  memberSite,
} from './members-service.ts';

declare module 'fastify' {
  // What `staffOnly` puts in a route's config (the authorisation matrix reads it).
  interface FastifyContextConfig {
    staffRoles?: readonly StaffRole[];
    stepUp?: boolean;
  }
}

/**
 * The members area of the back office (issue 23 item 2, O-02): search, a member's page, and the actions
 * on an account. Every route is for staff only (`staffOnly`), every object is checked against the staff
 * member's sites, and every change is audited in its transaction.
 */
export const memberAdminRoutes: FastifyPluginAsync = async (app) => {
  const { provider } = createPaymentProviders(app.config, app.db);
  const auditOf = memberAuditOf;

  /** 404 for an unknown member, 403 when the member's site is not among the staff member's for `roles`. */
  const checkMember = async (req: FastifyRequest, id: number, roles: readonly StaffRoleName[]) => {
    assertSite(req, roles, await memberSite(app.db, id));
  };

  route(app, 'GET /api/admin/members', staffOnly(MEMBER_ROLES.view), ({ req, query }) =>
    findMembers(app.db, query, sitesFor(currentStaff(req), MEMBER_ROLES.view)),
  );

  route(app, 'GET /api/admin/members/:id', staffOnly(MEMBER_ROLES.view), async ({ req, params, now }) => {
    await checkMember(req, params.id, MEMBER_ROLES.view);
    return memberPage(app.db, params.id, now);
  });

  route(
    app,
    'GET /api/admin/members/:id/ledger',
    staffOnly(MEMBER_ROLES.view),
    async ({ req, params, query }) => {
      await checkMember(req, params.id, MEMBER_ROLES.view);
      return memberLedger(app.db, params.id, query.page);
    },
  );

  route(
    app,
    'GET /api/admin/members/:id/conversations/:conversationId',
    staffOnly(MEMBER_ROLES.view),
    async ({ req, params }) => {
      await checkMember(req, params.id, MEMBER_ROLES.view);
      return fictionalConversation(app.db, params.id, params.conversationId);
    },
  );

  route(
    app,
    'GET /api/admin/members/:id/media/:key',
    staffOnly(MEMBER_ROLES.view),
    async ({ req, reply, params }) => {
      await checkMember(req, params.id, MEMBER_ROLES.view);
      const { key } = params;
      if (!isSafeKey(key) || !(await memberPhotoByKey(app.db, params.id, key)))
        throw new AppError(404, 'not_found', 'admin.error.not_found');
      const data = await app.media.get(key);
      if (!data) throw new AppError(404, 'not_found', 'admin.error.not_found');
      return reply
        .header('content-type', 'image/webp')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .header('referrer-policy', 'no-referrer')
        .send(data);
    },
  );

  route(
    app,
    'POST /api/admin/members/:id/ban',
    staffOnly(MEMBER_ROLES.ban, { stepUp: true }),
    async ({ req, params, body, now }) => {
      await checkMember(req, params.id, MEMBER_ROLES.ban);
      await banAction({ db: app.db, bus: app.bus, audit: auditOf(req), now }, params.id, body.reason);
      return { ok: true as const };
    },
  );

  route(
    app,
    'POST /api/admin/members/:id/unban',
    staffOnly(MEMBER_ROLES.ban, { stepUp: true }),
    async ({ req, params, body }) => {
      await checkMember(req, params.id, MEMBER_ROLES.ban);
      await unbanAction({ db: app.db, audit: auditOf(req) }, params.id, body.reason);
      return { ok: true as const };
    },
  );

  route(
    app,
    'POST /api/admin/members/:id/credits',
    staffOnly(MEMBER_ROLES.credits, { stepUp: true }),
    async ({ req, params, body }) => {
      await checkMember(req, params.id, MEMBER_ROLES.credits);
      const credits = await creditsAction({ db: app.db, audit: auditOf(req) }, params.id, body);
      return { ok: true as const, credits };
    },
  );

  route(
    app,
    'POST /api/admin/members/:id/payments/:paymentId/refund',
    staffOnly(MEMBER_ROLES.refund, { stepUp: true }),
    async ({ req, params, body, now }) => {
      await checkMember(req, params.id, MEMBER_ROLES.refund);
      const credits = await refundAction(
        {
          db: app.db,
          provider,
          audit: auditOf(req),
          now,
          receipts: { mailer: app.mailer, publicUrl: app.config.publicUrl },
          staffId: currentStaff(req).id,
        },
        params.id,
        params.paymentId,
        body.reason,
      );
      return { ok: true as const, credits };
    },
  );

  route(
    app,
    'POST /api/admin/members/:id/activation-mail',
    staffOnly(MEMBER_ROLES.activation),
    async ({ req, params, now }) => {
      await checkMember(req, params.id, MEMBER_ROLES.activation);
      await activationAction(
        {
          db: app.db,
          mailer: app.mailer,
          audit: auditOf(req),
          now,
          origin: (site) => siteOrigin(req, site, app.config.publicUrl),
          locale: (language) => toLocale(language) ?? DEFAULT_LOCALE,
        },
        params.id,
      );
      return { ok: true as const };
    },
  );

  route(
    app,
    'DELETE /api/admin/members/:id',
    staffOnly(MEMBER_ROLES.delete, { stepUp: true }),
    async ({ req, params, body, now }) => {
      await checkMember(req, params.id, MEMBER_ROLES.delete);
      await deleteAction({ db: app.db, bus: app.bus, audit: auditOf(req), now }, params.id, body.reason);
      return { ok: true as const };
    },
  );
};

type StaffRoleName = (typeof MEMBER_ROLES)[keyof typeof MEMBER_ROLES][number];
