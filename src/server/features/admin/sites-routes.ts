import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminSite,
  ZAdminSiteList,
  ZSiteCreate,
  ZSiteListQuery,
  ZSiteUpdate,
} from '../../../shared/contract/admin-sites.ts';
import { errorResponses } from '../../../shared/contract/errors.ts';
import { ZIdParam } from '../../../shared/contract/ids.ts';
import { ZSettings } from '../../../shared/contract/site.ts';
import { AppError } from '../../platform/errors.ts';
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

const ZSiteParams = z.object({ id: ZIdParam });
const errors = errorResponses(400, 403, 404, 409);

/**
 * Sites without a deploy (issue 23 item 5, O-04): admins list, read, preview, change and add sites.
 * Changes ask for a fresh second factor (step-up), are audited and reach every instance within a second.
 */
export const adminSitesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/sites',
    {
      ...staffOnly(SITE_ROLES),
      schema: { tags: ['admin'], querystring: ZSiteListQuery, response: { 200: ZAdminSiteList, ...errors } },
    },
    async (req) => {
      const rows = await listSiteRows(app.db, {
        siteIds: sitesFor(currentStaff(req), SITE_ROLES),
        q: req.query.q,
        sort: req.query.sort,
        dir: req.query.dir,
      });
      return { sites: rows.map(presentSiteSummary), companies: await listCompanies(app.db) };
    },
  );

  app.get(
    '/api/admin/sites/:id',
    {
      ...staffOnly(SITE_ROLES),
      schema: { tags: ['admin'], params: ZSiteParams, response: { 200: ZAdminSite, ...errors } },
    },
    async (req) => {
      assertSite(req, SITE_ROLES, req.params.id);
      const row = await findSiteRow(app.db, req.params.id);
      if (!row) throw new AppError(404, 'not_found', 'admin.error.not_found');
      return presentAdminSite(row);
    },
  );

  app.put(
    '/api/admin/sites/:id',
    {
      ...staffOnly(SITE_ROLES, { stepUp: true }),
      schema: {
        tags: ['admin'],
        params: ZSiteParams,
        body: ZSiteUpdate,
        response: { 200: ZAdminSite, ...errors },
      },
    },
    async (req) => updateSite(app, req, req.params.id, req.body),
  );

  app.post(
    '/api/admin/sites',
    {
      ...staffOnly(SITE_ROLES, { stepUp: true }),
      schema: { tags: ['admin'], body: ZSiteCreate, response: { 201: ZAdminSite, ...errors } },
    },
    async (req, reply) => {
      // A new site belongs to no one's grant yet: only an admin of every site adds one.
      if (sitesFor(currentStaff(req), SITE_ROLES) !== null)
        throw new AppError(403, 'forbidden', 'admin.error.forbidden');
      return reply.status(201).send(await createSite(app, req, req.body));
    },
  );

  /** The members' /api/settings answer for the form as it stands (not saved): the preview. */
  app.post(
    '/api/admin/sites/:id/preview',
    {
      ...staffOnly(SITE_ROLES),
      schema: {
        tags: ['admin'],
        params: ZSiteParams,
        body: ZSiteUpdate,
        response: { 200: ZSettings, ...errors },
      },
    },
    async (req) => {
      assertSite(req, SITE_ROLES, req.params.id);
      const row = await findSiteRow(app.db, req.params.id);
      if (!row) throw new AppError(404, 'not_found', 'admin.error.not_found');
      return previewSettings(row, req.body, req.body.settings.domain_language, app.pushPublicKey);
    },
  );
};
