// Staff enrolment links, making staff members and the first/demo admin (issue 23, O-01).
import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, type StaffRole, staff, staffRoles, staffTokens } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { hashToken } from '../../platform/session.ts';
import type { Conn } from './auth-password.ts';
export const ENROL_TTL_MS = 24 * 3_600_000;
// ------------------------------------------------------------------ enrolment links

/**
 * A new enrolment link for a staff member (24 hours, single use): the sha256 of the token is stored,
 * earlier links of the same member stop working. Returns the token, which is shown once.
 */
export async function createEnrolToken(db: Conn, staffId: number, now = new Date()) {
  const token = randomBytes(32).toString('base64url');
  await db.delete(staffTokens).where(and(eq(staffTokens.staffId, staffId), isNull(staffTokens.usedAt)));
  const expiresAt = new Date(now.getTime() + ENROL_TTL_MS);
  await db.insert(staffTokens).values({ staffId, tokenHash: hashToken(token), purpose: 'enrol', expiresAt });
  return { token, expiresAt };
}

export const enrolUrl = (origin: string, token: string) =>
  `${origin.replace(/\/+$/, '')}/admin/enrol/${token}`;

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{20,100}$/;

/** The staff member and token row of a live enrolment link, else 404. */
export async function findEnrolment(db: Db, token: string, now = new Date()) {
  if (!TOKEN_SHAPE.test(token)) throw enrolInvalid();
  const [row] = await db
    .select({
      tokenId: staffTokens.id,
      challenge: staffTokens.challenge,
      pendingTotpSecret: staffTokens.pendingTotpSecret,
      staffId: staff.id,
      email: staff.email,
      name: staff.name,
      passwordHash: staff.passwordHash,
      status: staff.status,
    })
    .from(staffTokens)
    .innerJoin(staff, eq(staff.id, staffTokens.staffId))
    .where(
      and(
        eq(staffTokens.tokenHash, hashToken(token)),
        eq(staffTokens.purpose, 'enrol'),
        isNull(staffTokens.usedAt),
        gt(staffTokens.expiresAt, now),
      ),
    )
    .limit(1);
  if (row?.status !== 'invited') throw enrolInvalid();
  return row;
}
export type Enrolment = Awaited<ReturnType<typeof findEnrolment>>;

const enrolInvalid = () => new AppError(404, 'enrol_invalid', 'admin.auth.error.enrol_invalid');

/**
 * Makes a staff member with an enrolment link: status invited until the link is used. 409 when the
 * e-mail address is taken.
 */
export async function createStaffMember(
  db: Db,
  input: {
    email: string;
    name: string;
    grants: { role: StaffRole; siteId: number | null }[];
    createdBy: number | null;
    language?: string;
  },
  now = new Date(),
) {
  return db.transaction(async (tx) => {
    const [taken] = await tx
      .select({ id: staff.id })
      .from(staff)
      .where(sql`lower(${staff.email}) = ${input.email.toLowerCase()}`);
    if (taken) throw new AppError(409, 'email_taken', 'admin.staff.error.email_taken');
    const [row] = await tx
      .insert(staff)
      .values({
        email: input.email,
        name: input.name,
        status: 'invited',
        createdBy: input.createdBy,
        language: input.language ?? 'nl',
      })
      .returning({ id: staff.id, email: staff.email, name: staff.name });
    if (!row) throw new Error('no staff row');
    const grants = uniqueGrants(input.grants);
    if (grants.length > 0)
      await tx
        .insert(staffRoles)
        .values(grants.map((g) => ({ staffId: row.id, role: g.role, siteId: g.siteId })));
    const link = await createEnrolToken(tx, row.id, now);
    return { ...row, grants, ...link };
  });
}

/** The same grant named twice counts once (the unique index would refuse it). */
export function uniqueGrants<G extends { role: StaffRole; siteId: number | null }>(grants: G[]): G[] {
  const seen = new Set<string>();
  return grants.filter((g) => {
    const key = `${g.role}:${g.siteId ?? 0}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The first admin (`npm run admin:create`) and development's demo admin: an admin for every site with a
 * fresh enrolment link. An existing account that has not enrolled yet gets a new link; an enrolled one
 * is left alone (`existing: 'active'`), so the command never takes over a working account.
 */
export async function createAdmin(
  db: Db,
  input: { email: string; name?: string },
  now = new Date(),
): Promise<{
  id: number;
  email: string;
  token: string | null;
  existing: null | 'invited' | 'active' | 'disabled';
}> {
  const [row] = await db
    .select({ id: staff.id, email: staff.email, status: staff.status })
    .from(staff)
    .where(sql`lower(${staff.email}) = ${input.email.toLowerCase()}`);
  if (row) {
    if (row.status !== 'invited') return { id: row.id, email: row.email, token: null, existing: row.status };
    const { token } = await createEnrolToken(db, row.id, now);
    return { id: row.id, email: row.email, token, existing: 'invited' };
  }
  const made = await createStaffMember(
    db,
    {
      email: input.email,
      name: input.name ?? input.email.split('@')[0] ?? 'Admin',
      grants: [{ role: 'admin', siteId: null }],
      createdBy: null,
    },
    now,
  );
  await db.insert(auditLog).values({
    staffId: null,
    staffEmail: 'system',
    role: 'system',
    action: 'staff.create',
    objectType: 'staff',
    objectId: String(made.id),
    after: { email: made.email, name: made.name, grants: made.grants, status: 'invited' },
    ip: '',
  });
  return { id: made.id, email: made.email, token: made.token, existing: null };
}

export const DEMO_ADMIN_EMAIL = 'admin@vonk.test';

/**
 * Development's demo admin (never in production: `main.ts` asks only outside it): made when missing, and
 * while it has not enrolled, a new enrolment link on every start. The line to print beside the demo member.
 */
export async function demoAdminLine(db: Db, origin: string): Promise<string> {
  const made = await createAdmin(db, { email: DEMO_ADMIN_EMAIL, name: 'Demo admin' });
  if (!made.token) return `Demo admin: ${DEMO_ADMIN_EMAIL} (enrolled; sign in at ${origin}/admin/login)`;
  return `Demo admin: ${DEMO_ADMIN_EMAIL}, enrol (once, 24 h) at ${enrolUrl(origin, made.token)}`;
}
