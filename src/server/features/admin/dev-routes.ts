import { hash } from '@node-rs/argon2';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sites, staff, staffRoles, staffSessions } from '../../db/schema.ts';
import { createStaffSession, STAFF_ROLES, setStaffCookie } from '../../platform/staff.ts';
import { createAdmin, enrolUrl } from './auth-enrolment.ts';
import { relyingParty } from './auth-factors.ts';

const Grant = z.object({
  role: z.enum(STAFF_ROLES as [string, ...string[]]),
  siteId: z.number().int().nullable(),
});

/**
 * Development and tests only (never in production, only from this machine): POST /dev/staff makes an
 * active staff member with the given roles and signs this browser in as them, second factor passed, so a
 * journey of one back-office area need not walk through enrolment (the staff journey does that itself).
 */
export const devAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/dev/staff',
    {
      schema: {
        hide: true,
        body: z.object({
          email: z.string().email().optional(),
          name: z.string().min(1).max(80).optional(),
          grants: z.array(Grant).min(1).max(10),
          language: z.enum(['nl', 'en']).default('nl'),
        }),
      },
    },
    async (req, reply) => {
      const unique = Math.random().toString(36).slice(2, 8);
      const [row] = await app.db
        .insert(staff)
        .values({
          email: req.body.email ?? `staff-${unique}@vonk.test`,
          name: req.body.name ?? `Staff ${unique}`,
          passwordHash: await hash(`dev-${unique}-${Date.now()}`, { algorithm: 2 }),
          status: 'active',
          language: req.body.language,
        })
        .returning({ id: staff.id, email: staff.email });
      if (!row) throw new Error('no staff');
      await app.db.insert(staffRoles).values(
        req.body.grants.map((g) => ({
          staffId: row.id,
          role: g.role as (typeof STAFF_ROLES)[number],
          siteId: g.siteId,
        })),
      );
      const { token } = await createStaffSession(app.db, row.id, {
        ip: req.ip,
        userAgent: req.headers['user-agent'] ?? '',
        factorAt: new Date(),
      });
      setStaffCookie(reply, token, false);
      return row;
    },
  );

  /**
   * Sets how the requesting site moderates new photos (M-09), until the sites screen of the back office
   * edits it: a journey sees pre-moderation on the second demo site and sets it back after.
   */
  app.post(
    '/dev/site-moderation',
    { schema: { hide: true, body: z.object({ photo_moderation: z.enum(['pre', 'post']) }) } },
    async (req) => {
      const site = await app.sites(req.host);
      await app.db
        .update(sites)
        .set({ photoModeration: req.body.photo_moderation })
        .where(eq(sites.id, site.id));
      app.sites.forget();
      return { site_id: site.id, photo_moderation: req.body.photo_moderation };
    },
  );

  /**
   * What `npm run admin:create` does, for journeys whose server holds the embedded database (one process
   * per DATA_DIR, so the command cannot open it while the server runs): the same `createAdmin`, and the
   * enrolment link the command would print.
   */
  app.post(
    '/dev/admin-create',
    {
      schema: {
        hide: true,
        body: z.object({ email: z.string().email().max(254), name: z.string().min(1).max(80).optional() }),
      },
    },
    async (req, reply) => {
      const made = await createAdmin(app.db, {
        email: req.body.email,
        ...(req.body.name ? { name: req.body.name } : {}),
      });
      if (!made.token)
        return reply.status(409).send({ error: { code: 'exists', message: made.existing ?? '' } });
      return { id: made.id, enrolUrl: enrolUrl(relyingParty(req).origin, made.token) };
    },
  );

  /**
   * Makes the second factor of every session of a staff member `minutes` old, so a journey sees the
   * step-up dialog (the staff cookie is sent only to /api/admin, so this goes by e-mail address).
   */
  app.post(
    '/dev/staff/factor-age',
    {
      schema: {
        hide: true,
        body: z.object({ email: z.string().email(), minutes: z.number().int().min(0).max(720) }),
      },
    },
    async (req) => {
      const [row] = await app.db
        .select({ id: staff.id })
        .from(staff)
        .where(sql`lower(${staff.email}) = ${req.body.email.toLowerCase()}`);
      if (!row) return { sessions: 0 };
      const aged = await app.db
        .update(staffSessions)
        .set({ factorAt: new Date(Date.now() - req.body.minutes * 60_000) })
        .where(and(eq(staffSessions.staffId, row.id), isNotNull(staffSessions.factorAt)))
        .returning({ id: staffSessions.id });
      return { sessions: aged.length };
    },
  );
};
