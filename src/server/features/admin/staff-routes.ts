import { eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { sites, staff, staffPasskeys, staffRecoveryCodes, staffSessions } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import { currentStaff, type StaffGrant, sitesFor, staffOnly, writeAudit } from '../../platform/staff.ts';
import { createEnrolToken, createStaffMember, enrolUrl, uniqueGrants } from './auth-enrolment.ts';
import { relyingParty } from './auth-factors.ts';
import { findStaffMember, listStaff, readAudit, replaceGrants } from './staff-queries.ts';

const ADMIN = ['admin'] as const;

/**
 * Staff management and the audit log (issue 23, O-01/O-06). Only admins for every site manage staff (a
 * site's admin could otherwise make themselves admin of every site); each change needs a fresh second
 * factor (step-up) and is written to the audit log with before and after, in its own transaction.
 */
export const staffRoutes: FastifyPluginAsync = async (app) => {
  /** 403 unless the staff member is an admin of every site. */
  function globalAdmin(req: FastifyRequest) {
    const me = currentStaff(req);
    if (!me.grants.some((g) => g.role === 'admin' && g.siteId === null))
      throw new AppError(403, 'forbidden', 'admin.error.forbidden');
    return me;
  }

  /** Every site a grant names must exist. */
  async function checkSites(grants: StaffGrant[]) {
    const ids = [...new Set(grants.map((g) => g.siteId).filter((id): id is number => id !== null))];
    if (ids.length === 0) return;
    const found = await app.db.select({ id: sites.id }).from(sites).where(inArray(sites.id, ids));
    if (found.length !== ids.length)
      throw new AppError(400, 'unknown_site', 'admin.staff.error.unknown_site');
  }

  async function member(id: number) {
    const row = await findStaffMember(app.db, id);
    if (!row) throw new AppError(404, 'not_found', 'admin.error.not_found');
    return row;
  }

  const origin = (req: FastifyRequest) => relyingParty(req).origin;

  route(app, 'GET /api/admin/staff', { ...staffOnly(ADMIN) }, async ({ req }) => {
    globalAdmin(req);
    return listStaff(app.db);
  });

  route(
    app,
    'POST /api/admin/staff',
    {
      ...staffOnly(ADMIN, { stepUp: true }),
    },
    async ({ req, reply, body }) => {
      const me = globalAdmin(req);
      const grants = uniqueGrants(body.grants);
      await checkSites(grants);
      const made = await createStaffMember(app.db, {
        email: body.email,
        name: body.name,
        grants,
        createdBy: me.id,
        language: me.language,
      });
      await writeAudit(app.db, req, {
        action: 'staff.invite',
        objectType: 'staff',
        objectId: made.id,
        roles: ADMIN,
        after: { email: made.email, name: made.name, status: 'invited', grants },
      });
      reply.status(201);
      return {
        id: made.id,
        enrolUrl: enrolUrl(origin(req), made.token),
        expiresAt: made.expiresAt.toISOString(),
      };
    },
  );

  route(
    app,
    'PUT /api/admin/staff/:id/roles',
    {
      ...staffOnly(ADMIN, { stepUp: true }),
    },
    async ({ req, params, body }) => {
      const me = globalAdmin(req);
      const before = await member(params.id);
      const grants = uniqueGrants(body.grants);
      if (me.id === before.id && !grants.some((g) => g.role === 'admin' && g.siteId === null))
        throw new AppError(400, 'own_admin', 'admin.staff.error.own_admin');
      await checkSites(grants);
      await app.db.transaction(async (tx) => {
        await replaceGrants(tx, before.id, grants);
        await writeAudit(tx, req, {
          action: 'staff.roles',
          objectType: 'staff',
          objectId: before.id,
          roles: ADMIN,
          before: { grants: before.grants },
          after: { grants },
        });
      });
      return { id: before.id, grants };
    },
  );

  route(
    app,
    'POST /api/admin/staff/:id/disable',
    {
      ...staffOnly(ADMIN, { stepUp: true }),
    },
    async ({ req, params }) => {
      const me = globalAdmin(req);
      const before = await member(params.id);
      if (me.id === before.id) throw new AppError(400, 'own_account', 'admin.staff.error.own_disable');
      if (before.status === 'disabled') return { status: 'disabled' };
      await app.db.transaction(async (tx) => {
        await tx.update(staff).set({ status: 'disabled' }).where(eq(staff.id, before.id));
        // Disabled means out at once: every session of theirs ends.
        await tx.delete(staffSessions).where(eq(staffSessions.staffId, before.id));
        await writeAudit(tx, req, {
          action: 'staff.disable',
          objectType: 'staff',
          objectId: before.id,
          roles: ADMIN,
          before: { status: before.status },
          after: { status: 'disabled' },
        });
      });
      return { status: 'disabled' };
    },
  );

  route(
    app,
    'POST /api/admin/staff/:id/enable',
    {
      ...staffOnly(ADMIN, { stepUp: true }),
    },
    async ({ req, params }) => {
      globalAdmin(req);
      const before = await member(params.id);
      if (before.status !== 'disabled') return { status: before.status };
      const status = await app.db.transaction(async (tx) => {
        const [row] = await tx
          .select({ passwordHash: staff.passwordHash, totp: staff.totpSecret })
          .from(staff)
          .where(eq(staff.id, before.id));
        const [key] = await tx
          .select({ id: staffPasskeys.id })
          .from(staffPasskeys)
          .where(eq(staffPasskeys.staffId, before.id))
          .limit(1);
        // Back to where they were: enrolled, or still to enrol with their link.
        const next = row?.passwordHash && (row.totp || key) ? 'active' : 'invited';
        await tx.update(staff).set({ status: next }).where(eq(staff.id, before.id));
        await writeAudit(tx, req, {
          action: 'staff.enable',
          objectType: 'staff',
          objectId: before.id,
          roles: ADMIN,
          before: { status: before.status },
          after: { status: next },
        });
        return next;
      });
      return { status };
    },
  );

  route(
    app,
    'POST /api/admin/staff/:id/reset-factor',
    {
      ...staffOnly(ADMIN, { stepUp: true }),
    },
    async ({ req, params }) => {
      const me = globalAdmin(req);
      const before = await member(params.id);
      if (me.id === before.id) throw new AppError(400, 'own_account', 'admin.staff.error.own_reset');
      if (before.status === 'disabled')
        throw new AppError(409, 'staff_disabled', 'admin.staff.error.disabled');
      const link = await app.db.transaction(async (tx) => {
        // A new enrolment from the start: password and second factor again, old codes and keys gone.
        await tx.delete(staffPasskeys).where(eq(staffPasskeys.staffId, before.id));
        await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, before.id));
        await tx.delete(staffSessions).where(eq(staffSessions.staffId, before.id));
        await tx
          .update(staff)
          .set({
            status: 'invited',
            passwordHash: null,
            totpSecret: null,
            totpLastStep: null,
            failedLogins: 0,
            lockedUntil: null,
          })
          .where(eq(staff.id, before.id));
        const made = await createEnrolToken(tx, before.id);
        await writeAudit(tx, req, {
          action: 'staff.reset_factor',
          objectType: 'staff',
          objectId: before.id,
          roles: ADMIN,
          before: { status: before.status },
          after: { status: 'invited' },
        });
        return made;
      });
      return {
        id: before.id,
        enrolUrl: enrolUrl(origin(req), link.token),
        expiresAt: link.expiresAt.toISOString(),
      };
    },
  );

  route(
    app,
    'GET /api/admin/audit',
    {
      ...staffOnly(ADMIN),
    },
    async ({ req, query }) => {
      const me = currentStaff(req);
      const q = query;
      // A site's admin reads the lines of their sites; an admin of every site reads all.
      const mine = sitesFor(me, ADMIN);
      if (mine !== null && (q.siteId === undefined || !mine.includes(q.siteId))) {
        if (q.siteId !== undefined) throw new AppError(403, 'forbidden', 'admin.error.forbidden');
        if (mine.length === 0) return { items: [], next: null };
      }
      const day = (v: string | undefined, end: boolean) => {
        if (!v) return undefined;
        // A bare date means the whole day: from its start, to its end.
        const d = /^\d{4}-\d{2}-\d{2}$/.test(v)
          ? new Date(`${v}T${end ? '23:59:59.999' : '00:00:00'}Z`)
          : new Date(v);
        return Number.isNaN(d.getTime()) ? undefined : d;
      };
      const filter = {
        staffId: q.staffId,
        action: q.action,
        objectType: q.objectType,
        objectId: q.objectId,
        siteId: q.siteId ?? (mine !== null && mine.length === 1 ? mine[0] : undefined),
        from: day(q.from, false),
        to: day(q.to, true),
        before: q.before,
        limit: q.limit,
      };
      if (mine !== null && filter.siteId === undefined) {
        // Several sites of their own and none chosen: each site's lines, merged newest first.
        const pages = await Promise.all(mine.map((siteId) => readAudit(app.db, { ...filter, siteId })));
        const items = pages
          .flatMap((p) => p.items)
          .sort((a, b) => b.id - a.id)
          .slice(0, q.limit);
        const more =
          pages.some((p) => p.next !== null) || pages.reduce((n, p) => n + p.items.length, 0) > q.limit;
        return { items, next: more ? (items.at(-1)?.id ?? null) : null };
      }
      return readAudit(app.db, filter);
    },
  );
};
