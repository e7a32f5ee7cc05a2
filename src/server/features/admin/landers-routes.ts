import { inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZErrorResponse } from '../../../shared/contract/errors.ts';
import { ZLanderFunnel, ZLanderFunnelQuery } from '../../../shared/contract/landers.ts';
import { sites } from '../../db/schema.ts';
import { currentStaff, sitesFor, staffOnly } from '../../platform/staff.ts';
import { landerFunnel } from '../landers/index.ts';

/** Who reads the funnel of paid traffic: the people who buy it (and admins). */
export const LANDER_ROLES = ['finance'] as const;

/** The conversion of paid traffic per lander, niche and source (issue 25, P-08), for the staff's sites. */
export const adminLanderRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/landers',
    {
      ...staffOnly(LANDER_ROLES),
      schema: {
        tags: ['admin'],
        summary: 'Views, signups started and signups made per lander, niche and source (P-08)',
        querystring: ZLanderFunnelQuery,
        response: { 200: ZLanderFunnel, 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (req) => {
      const since = new Date(Date.now() - (req.query.days - 1) * 86_400_000).toISOString().slice(0, 10);
      const rows = await landerFunnel(app.db, since, sitesFor(currentStaff(req), LANDER_ROLES));
      const ids = [...new Set(rows.map((r) => r.siteId))];
      const names = new Map(
        ids.length === 0
          ? []
          : (
              await app.db
                .select({ id: sites.id, name: sites.name })
                .from(sites)
                .where(inArray(sites.id, ids))
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
    },
  );
};
