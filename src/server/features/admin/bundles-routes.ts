import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/route.ts';
import { currentStaff, sitesFor, staffOnly } from '../../platform/staff.ts';
import { listBundleRows } from './bundles-queries.ts';
import {
  BUNDLE_ROLES,
  createBundle,
  deactivateBundle,
  editBundle,
  presentBundle,
} from './bundles-service.ts';

/**
 * Credit bundles without a deploy (issue 23 item 5, O-04, Pay-01): finance lists bundles per site, country
 * and currency, adds them, changes price, credits and position, and takes them off the credits page.
 */
export const adminBundlesRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/admin/bundles', staffOnly(BUNDLE_ROLES), async ({ req, query }) => {
    const rows = await listBundleRows(app.db, {
      siteIds: sitesFor(currentStaff(req), BUNDLE_ROLES),
      site: query.site ? Number(query.site) : undefined,
      country: query.country,
      status: query.status,
    });
    return { bundles: rows.map(presentBundle) };
  });

  const stepUp = staffOnly(BUNDLE_ROLES, { stepUp: true });
  route(app, 'POST /api/admin/bundles', stepUp, ({ req, body }) => createBundle(app.db, req, body));
  route(app, 'PUT /api/admin/bundles/:id', stepUp, ({ req, params, body }) =>
    editBundle(app.db, req, params.id, body),
  );
  route(app, 'POST /api/admin/bundles/:id/deactivate', stepUp, ({ req, params }) =>
    deactivateBundle(app.db, req, params.id),
  );
};
