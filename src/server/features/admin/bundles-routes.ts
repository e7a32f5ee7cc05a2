import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZAdminBundle,
  ZAdminBundleList,
  ZBundleInput,
  ZBundleListQuery,
} from '../../../shared/contract/admin-sites.ts';
import { errorResponses } from '../../../shared/contract/errors.ts';
import { ZIdParam } from '../../../shared/contract/ids.ts';
import { currentStaff, sitesFor, staffOnly } from '../../platform/staff.ts';
import { listBundleRows } from './bundles-queries.ts';
import {
  BUNDLE_ROLES,
  createBundle,
  deactivateBundle,
  editBundle,
  presentBundle,
} from './bundles-service.ts';

const ZBundleParams = z.object({ id: ZIdParam });
const errors = errorResponses(400, 403, 404, 409);

/**
 * Credit bundles without a deploy (issue 23 item 5, O-04, Pay-01): finance lists bundles per site, country
 * and currency, adds them, changes price, credits and position, and takes them off the credits page.
 */
export const adminBundlesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/bundles',
    {
      ...staffOnly(BUNDLE_ROLES),
      schema: {
        tags: ['admin'],
        querystring: ZBundleListQuery,
        response: { 200: ZAdminBundleList, ...errors },
      },
    },
    async (req) => {
      const rows = await listBundleRows(app.db, {
        siteIds: sitesFor(currentStaff(req), BUNDLE_ROLES),
        site: req.query.site ? Number(req.query.site) : undefined,
        country: req.query.country,
        status: req.query.status,
      });
      return { bundles: rows.map(presentBundle) };
    },
  );

  app.post(
    '/api/admin/bundles',
    {
      ...staffOnly(BUNDLE_ROLES, { stepUp: true }),
      schema: { tags: ['admin'], body: ZBundleInput, response: { 201: ZAdminBundle, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await createBundle(app.db, req, req.body)),
  );

  app.put(
    '/api/admin/bundles/:id',
    {
      ...staffOnly(BUNDLE_ROLES, { stepUp: true }),
      schema: {
        tags: ['admin'],
        params: ZBundleParams,
        body: ZBundleInput,
        response: { 200: ZAdminBundle, ...errors },
      },
    },
    async (req) => editBundle(app.db, req, req.params.id, req.body),
  );

  app.post(
    '/api/admin/bundles/:id/deactivate',
    {
      ...staffOnly(BUNDLE_ROLES, { stepUp: true }),
      schema: { tags: ['admin'], params: ZBundleParams, response: { 200: ZAdminBundle, ...errors } },
    },
    async (req) => deactivateBundle(app.db, req, req.params.id),
  );
};
