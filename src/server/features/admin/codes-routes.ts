import type { FastifyPluginAsync } from 'fastify';
import { CODE_PAGE_SIZE } from '../../../shared/contract/admin-sites.ts';
import { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import { currentStaff, sitesFor, staffOnly } from '../../platform/staff.ts';
import { findCode, listCodeRows } from './codes-queries.ts';
import { CODE_ROLES, createCode, deactivateCode, editCode, presentCode } from './codes-service.ts';

/**
 * Discount codes without a deploy (issue 23 item 5, O-04): finance lists, adds, changes and ends codes,
 * per site and country, with a validity window, once per member and a limit of uses in all.
 */
export const adminCodesRoutes: FastifyPluginAsync = async (app) => {
  route(app, 'GET /api/admin/codes', staffOnly(CODE_ROLES), async ({ req, query: q }) => {
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
  });

  route(app, 'GET /api/admin/codes/:id', staffOnly(CODE_ROLES), async ({ req, params }) => {
    const found = await findCode(app.db, params.id);
    const sitesOf = sitesFor(currentStaff(req), CODE_ROLES);
    if (!found || (sitesOf && (found.row.siteId === null || !sitesOf.includes(found.row.siteId))))
      throw new AppError(404, 'not_found', 'admin.error.not_found');
    return presentCode(found.row, found.uses);
  });

  const stepUp = staffOnly(CODE_ROLES, { stepUp: true });
  route(app, 'POST /api/admin/codes', stepUp, ({ req, body }) => createCode(app.db, req, body));
  route(app, 'PUT /api/admin/codes/:id', stepUp, ({ req, params, body }) =>
    editCode(app.db, req, params.id, body),
  );
  route(app, 'POST /api/admin/codes/:id/deactivate', stepUp, ({ req, params }) =>
    deactivateCode(app.db, req, params.id),
  );
};
