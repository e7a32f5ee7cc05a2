import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sites } from '../../db/schema.ts';
import { currentStaff, STAFF_ROLES } from '../../platform/staff.ts';
import { authRoutes } from './auth-routes.ts';
import { staffRoutes } from './staff-routes.ts';

/**
 * The back office (issue 23): `/api/admin/*` for staff only, and the admin app's page at `/admin/*`.
 * Each area registers its routes here.
 */
export async function adminRoutes(app: FastifyInstance) {
  /** Who is signed in, with which roles, and the sites they can pick from. */
  app.get('/api/admin/me', { preHandler: async (req) => void currentStaff(req) }, async (req) => {
    const me = currentStaff(req);
    const all = await app.db
      .select({ id: sites.id, name: sites.name, domain: sites.domain })
      .from(sites)
      .orderBy(asc(sites.id));
    const everySite = me.grants.some((g) => g.siteId === null);
    const mine = new Set(me.grants.map((g) => g.siteId));
    return {
      id: me.id,
      email: me.email,
      name: me.name,
      language: me.language,
      grants: me.grants.filter((g) => STAFF_ROLES.includes(g.role)),
      sites: everySite ? all : all.filter((s) => mine.has(s.id)),
      factorAgeSeconds: Math.floor((Date.now() - me.factorAt.getTime()) / 1000),
    };
  });

  await app.register(authRoutes);
  await app.register(staffRoutes);
}

/**
 * The admin app's page for every `/admin` address (its router takes over in the browser). Never cached,
 * never indexed; its assets are served with the members' ones from `dist/web/admin/assets`.
 */
export function registerAdminPage(app: FastifyInstance, webDir: string) {
  const file = join(webDir, 'admin', 'index.html');
  const html = existsSync(file) ? readFileSync(file, 'utf8') : null;
  const send = async (_req: unknown, reply: FastifyReply) => {
    if (!html)
      return reply.status(404).type('text/plain').send('The back office is not built: npm run build');
    return reply
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .type('text/html; charset=utf-8')
      .send(html);
  };
  app.get('/admin', send);
  app.get('/admin/*', send);
}
