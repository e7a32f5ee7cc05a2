import type { FastifyRequest } from 'fastify';
import type { TAdminBundle, TBundleInput } from '../../../shared/contract/admin-sites.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../platform/errors.ts';
import { assertSite, writeAudit } from '../../platform/staff.ts';
import {
  type BundleRow,
  type BundleValues,
  insertBundle,
  lockBundle,
  updateBundle,
} from './bundles-queries.ts';
import { siteExists } from './codes-queries.ts';
import { changedFields } from './sites-service.ts';

/** Credit bundles are finance's (admin holds every role). */
export const BUNDLE_ROLES = ['finance'] as const;

const fieldError = (status: number, code: string, field: string, id: string) =>
  new AppError(status, code, 'error.validation', { details: { fieldIds: { [field]: id } } });
const notFound = () => new AppError(404, 'not_found', 'admin.error.not_found');

export function presentBundle(row: BundleRow): TAdminBundle {
  return {
    id: row.id,
    site_id: row.siteId,
    country: row.country,
    currency: row.currency,
    credits: row.credits,
    amount_cents: row.amountCents,
    position: row.position,
    active: row.active,
  };
}

const valuesOf = (input: TBundleInput): BundleValues => ({
  siteId: input.site_id,
  country: input.country,
  currency: input.currency,
  credits: input.credits,
  amountCents: input.amount_cents,
  position: input.position,
  active: input.active,
});

const auditView = (row: BundleRow) => {
  const { id: _id, ...rest } = presentBundle(row);
  return rest;
};

/** One bundle per site, country and number of credits (the table's unique index). */
const bundleTaken = (err: unknown): never => {
  if (isUniqueViolation(err))
    throw fieldError(409, 'bundle_taken', 'credits', 'admin.sites.error.bundle_taken');
  throw err;
};

async function checkSite(db: Db, siteId: number) {
  if (!(await siteExists(db, siteId)))
    throw fieldError(400, 'validation', 'site_id', 'admin.sites.error.site');
}

/**
 * Adds a bundle; members' credits pages read bundles from the database on every load, so it is offered at
 * once (Pay-01).
 */
export async function createBundle(db: Db, req: FastifyRequest, input: TBundleInput): Promise<TAdminBundle> {
  assertSite(req, BUNDLE_ROLES, input.site_id);
  await checkSite(db, input.site_id);
  const row = await db
    .transaction(async (tx) => {
      const created = await insertBundle(tx, valuesOf(input));
      if (!created) throw new Error('bundle not stored');
      await writeAudit(tx, req, {
        action: 'credit_bundle.create',
        objectType: 'credit_bundle',
        objectId: created.id,
        siteId: created.siteId,
        roles: BUNDLE_ROLES,
        after: auditView(created),
      });
      return created;
    })
    .catch(bundleTaken);
  return presentBundle(row);
}

/**
 * Changes a bundle's price, credits, position or state. Payments made before keep what they were charged
 * and booked (each payment carries its own amount and credits).
 */
export async function editBundle(
  db: Db,
  req: FastifyRequest,
  id: number,
  input: TBundleInput,
): Promise<TAdminBundle> {
  assertSite(req, BUNDLE_ROLES, input.site_id);
  await checkSite(db, input.site_id);
  const row = await db
    .transaction(async (tx) => {
      const before = await lockBundle(tx, id);
      if (!before) throw notFound();
      assertSite(req, BUNDLE_ROLES, before.siteId);
      const after = await updateBundle(tx, id, valuesOf(input));
      if (!after) throw notFound();
      await writeAudit(tx, req, {
        action: 'credit_bundle.update',
        objectType: 'credit_bundle',
        objectId: id,
        siteId: after.siteId,
        roles: BUNDLE_ROLES,
        ...changedFields(auditView(before), auditView(after)),
      });
      return after;
    })
    .catch(bundleTaken);
  return presentBundle(row);
}

/** Takes a bundle off the credits page at once (payments already started with it still complete). */
export async function deactivateBundle(db: Db, req: FastifyRequest, id: number): Promise<TAdminBundle> {
  const row = await db.transaction(async (tx) => {
    const before = await lockBundle(tx, id);
    if (!before) throw notFound();
    assertSite(req, BUNDLE_ROLES, before.siteId);
    const after = await updateBundle(tx, id, { active: false });
    if (!after) throw notFound();
    await writeAudit(tx, req, {
      action: 'credit_bundle.deactivate',
      objectType: 'credit_bundle',
      objectId: id,
      siteId: after.siteId,
      roles: BUNDLE_ROLES,
      before: { active: before.active },
      after: { active: false },
    });
    return after;
  });
  return presentBundle(row);
}
