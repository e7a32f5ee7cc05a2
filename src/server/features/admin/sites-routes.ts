import type { FastifyPluginAsync } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import { assertSite, currentStaff, sitesFor, staffOnly } from '../../platform/staff.ts';
import { findSiteRow, listCompanies, listSiteRows } from './sites-queries.ts';
import {
  createSite,
  presentAdminSite,
  presentSiteSummary,
  previewSettings,
  SITE_ROLES,
  updateSite,
} from './sites-service.ts';

/**
 * Sites without a deploy (issue 23 item 5, O-04): admins list, read, preview, change and add sites.
 * Changes ask for a fresh second factor (step-up), are audited and reach every instance within a second.
 */
export const adminSitesRoutes: FastifyPluginAsync = async (app) => {
  const siteRow = async (id: number) => {
    const row = await findSiteRow(app.db, id);
    if (!row) throw new AppError(404, 'not_found', 'admin.error.not_found');
    return row;
  };

  route(app, 'GET /api/admin/sites', staffOnly(SITE_ROLES), async ({ req, query }) => {
    const rows = await listSiteRows(app.db, {
      siteIds: sitesFor(currentStaff(req), SITE_ROLES),
      q: query.q,
      sort: query.sort,
      dir: query.dir,
    });
    return { sites: rows.map(presentSiteSummary), companies: await listCompanies(app.db) };
  });

  route(app, 'GET /api/admin/sites/:id', staffOnly(SITE_ROLES), async ({ req, params }) => {
    assertSite(req, SITE_ROLES, params.id);
    return presentAdminSite(await siteRow(params.id));
  });

  route(app, 'PUT /api/admin/sites/:id', staffOnly(SITE_ROLES, { stepUp: true }), ({ req, params, body }) =>
    updateSite(app, req, params.id, body),
  );

  route(app, 'POST /api/admin/sites', staffOnly(SITE_ROLES, { stepUp: true }), ({ req, body }) => {
    // A new site belongs to no one's grant yet: only an admin of every site adds one.
    if (sitesFor(currentStaff(req), SITE_ROLES) !== null)
      throw new AppError(403, 'forbidden', 'admin.error.forbidden');
    return createSite(app, req, body);
  });

  route(app, 'POST /api/admin/sites/:id/preview', staffOnly(SITE_ROLES), async ({ req, params, body }) => {
    assertSite(req, SITE_ROLES, params.id);
    const row = await siteRow(params.id);
    return previewSettings(row, body, body.settings.domain_language, app.pushPublicKey);
  });
};
