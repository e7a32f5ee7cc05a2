import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { asc } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { StaffRole } from '../../db/schema.ts';
import { sites } from '../../db/schema.ts';
import { route } from '../../platform/route.ts';
import { currentStaff, STAFF_ROLES, staffOnly } from '../../platform/staff.ts';
import { authRoutes } from './auth-routes.ts';
import { adminBundlesRoutes } from './bundles-routes.ts';
import { adminCodesRoutes } from './codes-routes.ts';
import { adminComplaintRoutes } from './complaints-routes.ts';
import { deskRoutes } from './desk-routes.ts';
import { adminLanderRoutes } from './landers-routes.ts';
import { memberAdminRoutes } from './members-routes.ts';
import { adminPhotoRoutes } from './photos-routes.ts';
import { adminRefundRoutes } from './refunds-routes.ts';
import { adminSitesRoutes } from './sites-routes.ts';
import { staffRoutes } from './staff-routes.ts';

/** One route of the back office's API: who may call it (null: not declared, which the matrix test fails). */
export interface AdminRoute {
  method: string;
  url: string;
  roles: readonly StaffRole[] | null;
  /** The sign-in steps and logout: callable without a signed-in staff session. */
  public: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    adminRouteTable: AdminRoute[];
  }
}

/**
 * The back office (issue 23): `/api/admin/*` for staff only, and the admin app's page at `/admin/*`.
 * Each area registers its routes here.
 */
export async function adminRoutes(app: FastifyInstance) {
  // Every admin route, with the roles its config names: the authorisation matrix test walks them all.
  const table: AdminRoute[] = [];
  app.decorate('adminRouteTable', table);
  app.addHook('onRoute', (route) => {
    const url = route.url ?? route.path;
    if (!url.startsWith('/api/admin/')) return;
    const config = route.config ?? {};
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      table.push({ method, url, roles: config.staffRoles ?? null, public: config.staffPublic === true });
    }
  });

  /** Who is signed in, with which roles, and the sites they can pick from. */
  route(app, 'GET /api/admin/me', staffOnly(STAFF_ROLES), async ({ req, now }) => {
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
      factorAgeSeconds: Math.floor((now.getTime() - me.factorAt.getTime()) / 1000),
    };
  });

  await app.register(authRoutes);
  await app.register(staffRoutes);
  await app.register(deskRoutes);
  await app.register(adminPhotoRoutes);
  await app.register(adminComplaintRoutes);
  await app.register(memberAdminRoutes);
  await app.register(adminSitesRoutes);
  await app.register(adminCodesRoutes);
  await app.register(adminBundlesRoutes);
  await app.register(adminLanderRoutes);
  await app.register(adminRefundRoutes);
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

// Not encapsulated (what fastify-plugin does): the route table decorates the app itself, where tests read it.
(adminRoutes as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
