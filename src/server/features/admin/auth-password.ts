// Staff passwords (argon2id), the sign-in lockout and the sign-in audit line (issue 23, O-01/O-06).
import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { cleanStoredText } from '../../../shared/contract/text.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, staff, staffRoles } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';

/** argon2id, 19 MiB, t=2, p=1: the members' parameters (OWASP's first recommendation). */
const ARGON = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
export const hashStaffPassword = (password: string) => hash(password, ARGON);
const verifyStaffPassword = (hashed: string, password: string) => verify(hashed, password).catch(() => false);
// Checked against when the e-mail is unknown, so a sign-in takes as long either way.
let dummyHash: Promise<string> | null = null;
const dummy = () => {
  dummyHash ??= hashStaffPassword(randomBytes(16).toString('hex'));
  return dummyHash;
};

export const STAFF_LOCKOUT = { maxFailures: 5, minutes: 15 } as const;

export type Conn = Pick<Db, 'insert' | 'update' | 'select' | 'delete'>;

/** One audit line of a sign-in step, written without a signed-in staff member (O-06). */
export async function writeAuthAudit(
  db: Conn,
  req: FastifyRequest,
  entry: {
    staffId: number | null;
    email: string;
    action: string;
    objectId?: number | null;
    after?: unknown;
  },
) {
  const grants =
    entry.staffId === null
      ? []
      : await db
          .select({ role: staffRoles.role })
          .from(staffRoles)
          .where(eq(staffRoles.staffId, entry.staffId));
  await db.insert(auditLog).values({
    staffId: entry.staffId,
    staffEmail: cleanStoredText(entry.email, 254),
    role: grants.find((g) => g.role === 'admin')?.role ?? grants[0]?.role ?? 'none',
    action: entry.action,
    objectType: 'staff',
    objectId: entry.objectId === undefined || entry.objectId === null ? null : String(entry.objectId),
    after: entry.after === undefined ? null : (entry.after as object),
    ip: req.ip,
  });
}

// ------------------------------------------------------------------ password and lockout

function lockedError(until: Date, now: Date) {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return new AppError(429, 'staff_locked', 'admin.auth.error.locked', {
    values: { minutes },
    details: { minutes },
  });
}
const signInFailed = () => new AppError(401, 'sign_in_failed', 'admin.auth.error.sign_in_failed');

/**
 * Counts a wrong password or second factor: the fifth in a row locks the account for 15 minutes. One
 * conditional update, so parallel wrong attempts cannot slip past the lock.
 */
async function recordFailure(db: Db, staffId: number, now: Date) {
  const until = new Date(now.getTime() + STAFF_LOCKOUT.minutes * 60_000);
  const reaches = sql`${staff.failedLogins} + 1 >= ${STAFF_LOCKOUT.maxFailures}`;
  const [row] = await db
    .update(staff)
    .set({
      failedLogins: sql`case when ${reaches} then 0 else ${staff.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${reaches} then ${until.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(staff.id, staffId), or(isNull(staff.lockedUntil), lte(staff.lockedUntil, now))))
    .returning({ lockedUntil: staff.lockedUntil });
  if (row) return row.lockedUntil;
  const [current] = await db
    .select({ lockedUntil: staff.lockedUntil })
    .from(staff)
    .where(eq(staff.id, staffId));
  return current?.lockedUntil ?? null;
}

/** A right answer clears the count, unless a parallel wrong one locked the account meanwhile (false). */
async function recordSuccess(db: Db, staffId: number, now: Date) {
  const rows = await db
    .update(staff)
    .set({ failedLogins: 0, lockedUntil: null })
    .where(and(eq(staff.id, staffId), or(isNull(staff.lockedUntil), lte(staff.lockedUntil, now))))
    .returning({ id: staff.id });
  return rows.length > 0;
}

/** 429 while the account is locked. */
export async function assertNotLocked(db: Db, staffId: number, now: Date) {
  const [row] = await db.select({ lockedUntil: staff.lockedUntil }).from(staff).where(eq(staff.id, staffId));
  if (row?.lockedUntil && row.lockedUntil > now) throw lockedError(row.lockedUntil, now);
}

/** A wrong second factor: counted like a wrong password; 429 once that locks the account. */
export async function failFactor(db: Db, staffId: number, now: Date, error: AppError): Promise<never> {
  const lockedUntil = await recordFailure(db, staffId, now);
  if (lockedUntil && lockedUntil > now) throw lockedError(lockedUntil, now);
  throw error;
}

export async function clearFailures(db: Db, staffId: number, now: Date) {
  if (!(await recordSuccess(db, staffId, now))) await assertNotLocked(db, staffId, now);
}

/**
 * Checks e-mail and password. The same 401 for an unknown e-mail, a wrong password and an account that
 * is not active (invited or disabled), so the answer does not tell which accounts exist.
 */
export async function checkStaffPassword(
  db: Db,
  email: string,
  password: string,
  now: Date,
): Promise<{ id: number; email: string; outcome: 'ok' } | { id: number | null; outcome: AppError }> {
  const [row] = await db
    .select()
    .from(staff)
    .where(sql`lower(${staff.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (!row?.passwordHash) {
    await verifyStaffPassword(await dummy(), password);
    return { id: row?.id ?? null, outcome: signInFailed() };
  }
  if (row.lockedUntil && row.lockedUntil > now)
    return { id: row.id, outcome: lockedError(row.lockedUntil, now) };
  if (!(await verifyStaffPassword(row.passwordHash, password))) {
    const lockedUntil = await recordFailure(db, row.id, now);
    return {
      id: row.id,
      outcome: lockedUntil && lockedUntil > now ? lockedError(lockedUntil, now) : signInFailed(),
    };
  }
  if (row.status !== 'active') return { id: row.id, outcome: signInFailed() };
  // The password is right, but the failure count stays until the second factor has passed too: a
  // guessed password alone does not reset the count of wrong codes.
  return { id: row.id, email: row.email, outcome: 'ok' };
}

export function assertPasswordRules(password: string) {
  if ([...password].length < 12)
    throw new AppError(400, 'password_short', 'admin.auth.error.password_short', { values: { min: 12 } });
}
