import type { FastifyRequest } from 'fastify';
import type { TAdminCode, TCodeInput } from '../../../shared/contract/admin-sites.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../platform/errors.ts';
import { currentStaff, hasRole, sitesFor, writeAudit } from '../../platform/staff.ts';
import {
  type CodeRow,
  type CodeValues,
  insertCode,
  lockCode,
  siteExists,
  updateCode,
} from './codes-queries.ts';
import { changedFields } from './sites-service.ts';

/** Discount codes are finance's (admin holds every role). */
export const CODE_ROLES = ['finance'] as const;

const fieldError = (status: number, code: string, field: string, id: string) =>
  new AppError(status, code, 'error.validation', { details: { fieldIds: { [field]: id } } });
const notFound = () => new AppError(404, 'not_found', 'admin.error.not_found');

export function presentCode(row: CodeRow, uses: number): TAdminCode {
  return {
    id: row.id,
    code: row.code,
    percentage: row.percentage,
    minimum_cents: row.minimumCents,
    site_id: row.siteId,
    country: row.country,
    valid_from: row.validFrom?.toISOString() ?? null,
    valid_until: row.validUntil?.toISOString() ?? null,
    once_per_member: row.oncePerMember,
    max_uses: row.maxUses,
    active: row.active,
    uses,
    created_at: row.createdAt.toISOString(),
  };
}

function valuesOf(input: TCodeInput): CodeValues {
  return {
    code: input.code,
    percentage: input.percentage,
    minimumCents: input.minimum_cents,
    siteId: input.site_id,
    country: input.country,
    validFrom: input.valid_from ? new Date(input.valid_from) : null,
    validUntil: input.valid_until ? new Date(input.valid_until) : null,
    oncePerMember: input.once_per_member,
    maxUses: input.max_uses,
    active: input.active,
  };
}

/** The audit view of a code: the form's fields. */
const auditView = (row: CodeRow) => {
  const { uses: _uses, created_at: _created, id: _id, ...rest } = presentCode(row, 0);
  return rest;
};

/** A code for every site is for finance of every site; a site's code for finance of that site. */
function assertCodeSite(req: FastifyRequest, siteId: number | null) {
  const staff = currentStaff(req);
  const allowed = siteId === null ? sitesFor(staff, CODE_ROLES) === null : hasRole(staff, CODE_ROLES, siteId);
  if (!allowed) throw new AppError(403, 'forbidden', 'admin.error.forbidden');
}

async function checkSite(db: Db, input: TCodeInput) {
  if (input.site_id !== null && !(await siteExists(db, input.site_id)))
    throw fieldError(400, 'validation', 'site_id', 'admin.sites.error.site');
}

const codeTaken = (err: unknown): never => {
  if (isUniqueViolation(err)) throw fieldError(409, 'code_taken', 'code', 'admin.sites.error.code_taken');
  throw err;
};

export async function createCode(db: Db, req: FastifyRequest, input: TCodeInput): Promise<TAdminCode> {
  assertCodeSite(req, input.site_id);
  await checkSite(db, input);
  const row = await db
    .transaction(async (tx) => {
      const created = await insertCode(tx, valuesOf(input));
      if (!created) throw new Error('code not stored');
      await writeAudit(tx, req, {
        action: 'discount_code.create',
        objectType: 'discount_code',
        objectId: created.id,
        siteId: created.siteId,
        roles: CODE_ROLES,
        after: auditView(created),
      });
      return created;
    })
    .catch(codeTaken);
  return presentCode(row, 0);
}

/**
 * Changes a code. Its text stays once a payment used it (payments and redemptions name it), so a
 * different text is refused then.
 */
export async function editCode(
  db: Db,
  req: FastifyRequest,
  id: number,
  input: TCodeInput,
): Promise<TAdminCode> {
  await checkSite(db, input);
  const result = await db
    .transaction(async (tx) => {
      const found = await lockCode(tx, id);
      if (!found) throw notFound();
      assertCodeSite(req, found.row.siteId);
      assertCodeSite(req, input.site_id);
      if (found.row.code !== input.code && found.uses > 0)
        throw fieldError(409, 'code_used', 'code', 'admin.sites.error.code_fixed');
      const after = await updateCode(tx, id, valuesOf(input));
      if (!after) throw notFound();
      await writeAudit(tx, req, {
        action: 'discount_code.update',
        objectType: 'discount_code',
        objectId: id,
        siteId: after.siteId,
        roles: CODE_ROLES,
        ...changedFields(auditView(found.row), auditView(after)),
      });
      return { row: after, uses: found.uses };
    })
    .catch(codeTaken);
  return presentCode(result.row, result.uses);
}

/** Ends a code at once: members typing it get "not found" from now on. */
export async function deactivateCode(db: Db, req: FastifyRequest, id: number): Promise<TAdminCode> {
  const result = await db.transaction(async (tx) => {
    const found = await lockCode(tx, id);
    if (!found) throw notFound();
    assertCodeSite(req, found.row.siteId);
    const after = await updateCode(tx, id, { active: false });
    if (!after) throw notFound();
    await writeAudit(tx, req, {
      action: 'discount_code.deactivate',
      objectType: 'discount_code',
      objectId: id,
      siteId: after.siteId,
      roles: CODE_ROLES,
      before: { active: found.row.active },
      after: { active: false },
    });
    return { row: after, uses: found.uses };
  });
  return presentCode(result.row, result.uses);
}
