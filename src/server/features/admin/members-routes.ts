import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZActionResult,
  ZConversationParams,
  ZCreditsRequest,
  ZDeskMessages,
  ZLedgerPage,
  ZLedgerQuery,
  ZMemberIdParams,
  ZMemberPage,
  ZMemberSearch,
  ZMemberSearchQuery,
  ZReasonRequest,
  ZRefundParams,
} from '../../../shared/contract/admin-members.ts';
import { errorResponses } from '../../../shared/contract/errors.ts';
import { DEFAULT_LOCALE, toLocale } from '../../../shared/i18n/locales.ts';
import type { StaffRole } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { createPaymentProviders } from '../../platform/payments/index.ts';
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

const errors = errorResponses(400, 401, 403, 404, 409);

/**
 * The members area of the back office (issue 23 item 2, O-02): search, a member's page, and the actions
 * on an account. Every route is for staff only (`staffOnly`), every object is checked against the staff
 * member's sites, and every change is audited in its transaction.
 */
export const memberAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const { provider } = createPaymentProviders(app.config, app.db);
  const tags = ['admin'];

  const auditOf = memberAuditOf;

  /** 404 for an unknown member, 403 when the member's site is not among the staff member's for `roles`. */
  const checkMember = async (req: FastifyRequest, id: number, roles: readonly StaffRoleName[]) => {
    assertSite(req, roles, await memberSite(app.db, id));
  };

  app.get(
    '/api/admin/members',
    {
      ...staffOnly(MEMBER_ROLES.view),
      schema: {
        tags,
        summary: 'Search members by id, e-mail or name, with site and status filters (O-02)',
        querystring: ZMemberSearchQuery,
        response: { 200: ZMemberSearch, ...errors },
      },
    },
    async (req) => {
      const sites = sitesFor(req.staff as NonNullable<typeof req.staff>, MEMBER_ROLES.view);
      return findMembers(app.db, req.query, sites);
    },
  );

  app.get(
    '/api/admin/members/:id',
    {
      ...staffOnly(MEMBER_ROLES.view),
      schema: {
        tags,
        summary: "A member's account, profile, photos, payments, ledger, logins, complaints and chats",
        params: ZMemberIdParams,
        response: { 200: ZMemberPage, ...errors },
      },
    },
    async (req) => {
      await checkMember(req, req.params.id, MEMBER_ROLES.view);
      return memberPage(app.db, req.params.id, new Date());
    },
  );

  app.get(
    '/api/admin/members/:id/ledger',
    {
      ...staffOnly(MEMBER_ROLES.view),
      schema: {
        tags,
        summary: "A page of a member's credit ledger, newest first",
        params: ZMemberIdParams,
        querystring: ZLedgerQuery,
        response: { 200: ZLedgerPage, ...errors },
      },
    },
    async (req) => {
      await checkMember(req, req.params.id, MEMBER_ROLES.view);
      return memberLedger(app.db, req.params.id, req.query.page);
    },
  );

  app.get(
    '/api/admin/members/:id/conversations/:conversationId',
    {
      ...staffOnly(MEMBER_ROLES.view),
      schema: {
        tags,
        summary: "The messages of a member's conversation with a fictional profile (none other)",
        params: ZConversationParams,
        response: { 200: ZDeskMessages, ...errors },
      },
    },
    async (req) => {
      await checkMember(req, req.params.id, MEMBER_ROLES.view);
      return fictionalConversation(app.db, req.params.id, req.params.conversationId);
    },
  );

  app.get(
    '/api/admin/members/:id/media/:key',
    {
      ...staffOnly(MEMBER_ROLES.view),
      schema: {
        hide: true,
        params: z.object({ id: ZMemberIdParams.shape.id, key: z.string().max(200) }),
      },
    },
    async (req, reply) => {
      await checkMember(req, req.params.id, MEMBER_ROLES.view);
      const { key } = req.params;
      if (!isSafeKey(key) || !(await memberPhotoByKey(app.db, req.params.id, key)))
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

  const action = { tags, params: ZMemberIdParams, response: { 200: ZActionResult, ...errors } };

  app.post(
    '/api/admin/members/:id/ban',
    {
      ...staffOnly(MEMBER_ROLES.ban, { stepUp: true }),
      schema: {
        ...action,
        summary: 'Ban a member with a reason: sessions and sockets end at once',
        body: ZReasonRequest,
      },
    },
    async (req) => {
      await checkMember(req, req.params.id, MEMBER_ROLES.ban);
      await banAction(
        { db: app.db, bus: app.bus, audit: auditOf(req), now: new Date() },
        req.params.id,
        req.body.reason,
      );
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/members/:id/unban',
    {
      ...staffOnly(MEMBER_ROLES.ban, { stepUp: true }),
      schema: { ...action, summary: 'Lift a ban, with a reason', body: ZReasonRequest },
    },
    async (req) => {
      await checkMember(req, req.params.id, MEMBER_ROLES.ban);
      await unbanAction({ db: app.db, audit: auditOf(req) }, req.params.id, req.body.reason);
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/members/:id/credits',
    {
      ...staffOnly(MEMBER_ROLES.credits, { stepUp: true }),
      schema: {
        ...action,
        summary: 'Add or take credits with a reason the member sees in their transactions',
        body: ZCreditsRequest,
      },
    },
    async (req) => {
      await checkMember(req, req.params.id, MEMBER_ROLES.credits);
      const credits = await creditsAction({ db: app.db, audit: auditOf(req) }, req.params.id, req.body);
      return { ok: true as const, credits };
    },
  );

  app.post(
    '/api/admin/members/:id/payments/:paymentId/refund',
    {
      ...staffOnly(MEMBER_ROLES.refund, { stepUp: true }),
      schema: {
        ...action,
        params: ZRefundParams,
        summary: "Refund a member's payment within the site's refund days",
        body: ZReasonRequest,
      },
    },
    async (req) => {
      await checkMember(req, req.params.id, MEMBER_ROLES.refund);
      const credits = await refundAction(
        {
          db: app.db,
          provider,
          audit: auditOf(req),
          now: new Date(),
          receipts: { mailer: app.mailer, publicUrl: app.config.publicUrl },
          staffId: currentStaff(req).id,
        },
        req.params.id,
        req.params.paymentId,
        req.body.reason,
      );
      return { ok: true as const, credits };
    },
  );

  app.post(
    '/api/admin/members/:id/activation-mail',
    {
      ...staffOnly(MEMBER_ROLES.activation),
      schema: {
        ...action,
        summary: 'Send the activation mail again to a member who has not confirmed',
        body: z.object({}).optional(),
      },
    },
    async (req) => {
      await checkMember(req, req.params.id, MEMBER_ROLES.activation);
      await activationAction(
        {
          db: app.db,
          mailer: app.mailer,
          audit: auditOf(req),
          now: new Date(),
          origin: (site) => siteOrigin(req, site, app.config.publicUrl),
          locale: (language) => toLocale(language) ?? DEFAULT_LOCALE,
        },
        req.params.id,
      );
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/admin/members/:id',
    {
      ...staffOnly(MEMBER_ROLES.delete, { stepUp: true }),
      schema: {
        ...action,
        summary: "Delete the account by the member's own rules (reactivation by login within 14 days)",
        body: ZReasonRequest,
      },
    },
    async (req) => {
      await checkMember(req, req.params.id, MEMBER_ROLES.delete);
      await deleteAction(
        { db: app.db, bus: app.bus, audit: auditOf(req), now: new Date() },
        req.params.id,
        req.body.reason,
      );
      return { ok: true as const };
    },
  );
};

type StaffRoleName = (typeof MEMBER_ROLES)[keyof typeof MEMBER_ROLES][number];
