import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { sites } from '../../db/schema.ts';
import { route } from '../../platform/route.ts';
import { currentStaff, sitesFor, staffOnly } from '../../platform/staff.ts';
import { landerFunnel } from '../landers/index.ts';

/** Who reads the funnel of paid traffic: the people who buy it (and admins). */
export const LANDER_ROLES = ['finance'] as const;

/** The conversion of paid traffic per lander, niche and source (issue 25, P-08), for the staff's sites. */
export const adminLanderRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/admin/landers', staffOnly(LANDER_ROLES), async ({ req, query, now }) => {
    const since = new Date(now.getTime() - (query.days - 1) * 86_400_000).toISOString().slice(0, 10);
    const rows = await landerFunnel(app.db, since, sitesFor(currentStaff(req), LANDER_ROLES));
    const ids = [...new Set(rows.map((r) => r.siteId))];
    const names = new Map(
      ids.length === 0
        ? []
        : (
            await app.db.select({ id: sites.id, name: sites.name }).from(sites).where(inArray(sites.id, ids))
          ).map((s) => [s.id, s.name]),
    );
    return {
      since,
      rows: rows.map((r) => ({
        site_id: r.siteId,
        site: names.get(r.siteId) ?? String(r.siteId),
        lander: r.lander,
        niche: r.niche,
        network: r.network,
        views: r.views,
        starts: r.starts,
        signups: r.signups,
      })),
    };
  });
};
