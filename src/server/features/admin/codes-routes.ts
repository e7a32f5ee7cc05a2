import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CODE_PAGE_SIZE,
  ZAdminCode,
  ZAdminCodeList,
  ZCodeInput,
  ZCodeListQuery,
} from '../../../shared/contract/admin-sites.ts';
import { errorResponses } from '../../../shared/contract/errors.ts';
import { ZIdParam } from '../../../shared/contract/ids.ts';
import { AppError } from '../../platform/errors.ts';
import { currentStaff, sitesFor, staffOnly } from '../../platform/staff.ts';
import { findCode, listCodeRows } from './codes-queries.ts';
import { CODE_ROLES, createCode, deactivateCode, editCode, presentCode } from './codes-service.ts';

const ZCodeParams = z.object({ id: ZIdParam });
const errors = errorResponses(400, 403, 404, 409);

/**
 * Discount codes without a deploy (issue 23 item 5, O-04): finance lists, adds, changes and ends codes,
 * per site and country, with a validity window, once per member and a limit of uses in all.
 */
export const adminCodesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/codes',
    {
      ...staffOnly(CODE_ROLES),
      schema: { tags: ['admin'], querystring: ZCodeListQuery, response: { 200: ZAdminCodeList, ...errors } },
    },
    async (req) => {
      const q = req.query;
      const { rows, total } = await listCodeRows(app.db, {
        siteIds: sitesFor(currentStaff(req), CODE_ROLES),
        q: q.q,
        site: q.site === undefined || q.site === 'all' ? 'all' : Number(q.site),
        status: q.status,
        sort: q.sort,
        dir: q.dir,
        page: q.page,
        pageSize: CODE_PAGE_SIZE,
      });
      return {
        codes: rows.map((r) => presentCode(r.row, r.uses)),
        total,
        page: q.page,
        page_size: CODE_PAGE_SIZE,
      };
    },
  );

  app.get(
    '/api/admin/codes/:id',
    {
      ...staffOnly(CODE_ROLES),
      schema: { tags: ['admin'], params: ZCodeParams, response: { 200: ZAdminCode, ...errors } },
    },
    async (req) => {
      const found = await findCode(app.db, req.params.id);
      const sitesOf = sitesFor(currentStaff(req), CODE_ROLES);
      if (!found || (sitesOf && (found.row.siteId === null || !sitesOf.includes(found.row.siteId))))
        throw new AppError(404, 'not_found', 'admin.error.not_found');
      return presentCode(found.row, found.uses);
    },
  );

  app.post(
    '/api/admin/codes',
    {
      ...staffOnly(CODE_ROLES, { stepUp: true }),
      schema: { tags: ['admin'], body: ZCodeInput, response: { 201: ZAdminCode, ...errors } },
    },
    async (req, reply) => reply.status(201).send(await createCode(app.db, req, req.body)),
  );

  app.put(
    '/api/admin/codes/:id',
    {
      ...staffOnly(CODE_ROLES, { stepUp: true }),
      schema: {
        tags: ['admin'],
        params: ZCodeParams,
        body: ZCodeInput,
        response: { 200: ZAdminCode, ...errors },
      },
    },
    async (req) => editCode(app.db, req, req.params.id, req.body),
  );

  app.post(
    '/api/admin/codes/:id/deactivate',
    {
      ...staffOnly(CODE_ROLES, { stepUp: true }),
      schema: { tags: ['admin'], params: ZCodeParams, response: { 200: ZAdminCode, ...errors } },
    },
    async (req) => deactivateCode(app.db, req, req.params.id),
  );
};
