import { and, desc, eq, gte, inArray, lt, lte, max, type SQL, sql } from 'drizzle-orm';
import type { AuditLine, StaffMember } from '../../../shared/contract/admin-staff.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, type StaffRole, staff, staffPasskeys, staffRoles } from '../../db/schema.ts';

/** Staff management and the audit log's SQL (issue 23, O-01/O-06). */

type Conn = Pick<Db, 'select'>;

export async function listStaff(db: Db): Promise<StaffMember[]> {
  const rows = await db
    .select({
      id: staff.id,
      email: staff.email,
      name: staff.name,
      status: staff.status,
      totp: sql<boolean>`${staff.totpSecret} is not null`,
      createdAt: staff.createdAt,
    })
    .from(staff)
    .orderBy(staff.id);
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [grants, keys, signIns] = await Promise.all([
    db
      .select({ staffId: staffRoles.staffId, role: staffRoles.role, siteId: staffRoles.siteId })
      .from(staffRoles)
      .where(inArray(staffRoles.staffId, ids))
      .orderBy(staffRoles.id),
    db
      .selectDistinct({ staffId: staffPasskeys.staffId })
      .from(staffPasskeys)
      .where(inArray(staffPasskeys.staffId, ids)),
    // From the audit log: a session ends at sign-out, the record of the sign-in stays.
    db
      .select({ staffId: auditLog.staffId, at: max(auditLog.createdAt) })
      .from(auditLog)
      .where(and(inArray(auditLog.staffId, ids), inArray(auditLog.action, ['staff.sign_in', 'staff.enrol'])))
      .groupBy(auditLog.staffId),
  ]);
  const withKey = new Set(keys.map((k) => k.staffId));
  const lastSeen = new Map(signIns.map((s) => [s.staffId, s.at]));
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    status: r.status,
    grants: grants.filter((g) => g.staffId === r.id).map((g) => ({ role: g.role, siteId: g.siteId })),
    factors: { passkey: withKey.has(r.id), totp: !!r.totp },
    createdAt: r.createdAt.toISOString(),
    lastSignInAt: toIso(lastSeen.get(r.id)),
  }));
}

const toIso = (v: Date | string | null | undefined) =>
  v === null || v === undefined ? null : new Date(v).toISOString();

/** One staff member's row and grants (for before/after in the audit log), or null. */
export async function findStaffMember(db: Conn, id: number) {
  const [row] = await db
    .select({ id: staff.id, email: staff.email, name: staff.name, status: staff.status })
    .from(staff)
    .where(eq(staff.id, id));
  if (!row) return null;
  const grants = await db
    .select({ role: staffRoles.role, siteId: staffRoles.siteId })
    .from(staffRoles)
    .where(eq(staffRoles.staffId, id))
    .orderBy(staffRoles.id);
  return { ...row, grants };
}

export async function replaceGrants(
  db: Pick<Db, 'delete' | 'insert'>,
  staffId: number,
  grants: { role: StaffRole; siteId: number | null }[],
) {
  await db.delete(staffRoles).where(eq(staffRoles.staffId, staffId));
  if (grants.length > 0)
    await db.insert(staffRoles).values(grants.map((g) => ({ staffId, role: g.role, siteId: g.siteId })));
}

export interface AuditFilter {
  staffId?: number | undefined;
  action?: string | undefined;
  objectType?: string | undefined;
  objectId?: string | undefined;
  siteId?: number | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  before?: number | undefined;
  limit: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Audit lines, newest first, keyset-paged on the id (`before`): one more than asked tells whether there is a next page. */
export async function readAudit(
  db: Db,
  f: AuditFilter,
): Promise<{ items: AuditLine[]; next: number | null }> {
  const where: SQL[] = [];
  if (f.staffId !== undefined) where.push(eq(auditLog.staffId, f.staffId));
  if (f.action) where.push(sql`${auditLog.action} like ${`${escapeLike(f.action)}%`}`);
  if (f.objectType) where.push(eq(auditLog.objectType, f.objectType));
  if (f.objectId) where.push(eq(auditLog.objectId, f.objectId));
  if (f.siteId !== undefined) where.push(eq(auditLog.siteId, f.siteId));
  if (f.from) where.push(gte(auditLog.createdAt, f.from));
  if (f.to) where.push(lte(auditLog.createdAt, f.to));
  if (f.before !== undefined) where.push(lt(auditLog.id, f.before));
  const rows = await db
    .select()
    .from(auditLog)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditLog.id))
    .limit(f.limit + 1);
  const page = rows.slice(0, f.limit);
  return {
    items: page.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    next: rows.length > f.limit ? (page.at(-1)?.id ?? null) : null,
  };
}
