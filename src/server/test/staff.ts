import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import type { Db } from '../db/client.ts';
import { type StaffRole, staff, staffRoles } from '../db/schema.ts';
import { createStaffSession, STAFF_COOKIE } from '../platform/staff.ts';

export const TEST_STAFF_PASSWORD = 'staff horse battery staple';
let passwordHash: Promise<string> | null = null;

export interface TestStaff {
  id: number;
  email: string;
  sessionId: number;
  /** Cookies of a signed-in staff session (second factor passed `factorAgeMs` ago). */
  cookies: Record<string, string>;
}

/**
 * A staff member made directly in the database (active, password set), signed in with the second factor
 * passed `factorAgeMs` ago (default: just now). Tests of sign-in and enrolment go through the API instead.
 * `roles`: role names for all sites, or `{ role, siteId }` grants.
 */
export async function buildStaff(
  db: Db,
  opts: {
    roles?: (StaffRole | { role: StaffRole; siteId: number | null })[];
    email?: string;
    name?: string;
    factorAgeMs?: number;
    language?: 'nl' | 'en';
  } = {},
): Promise<TestStaff> {
  const unique = randomBytes(5).toString('hex');
  passwordHash ??= hash(TEST_STAFF_PASSWORD, {
    algorithm: 2,
    memoryCost: 19_456,
    timeCost: 2,
    parallelism: 1,
  });
  const [row] = await db
    .insert(staff)
    .values({
      email: opts.email ?? `staff-${unique}@example.test`,
      name: opts.name ?? `Staff ${unique.slice(0, 4)}`,
      passwordHash: await passwordHash,
      status: 'active',
      language: opts.language ?? 'nl',
    })
    .returning();
  if (!row) throw new Error('no staff');
  const grants = (opts.roles ?? ['admin']).map((g) =>
    typeof g === 'string' ? { role: g, siteId: null } : g,
  );
  if (grants.length > 0) {
    await db
      .insert(staffRoles)
      .values(grants.map((g) => ({ staffId: row.id, role: g.role, siteId: g.siteId })));
  }
  const { token, sessionId } = await createStaffSession(db, row.id, {
    ip: '127.0.0.1',
    userAgent: 'test',
    factorAt: new Date(Date.now() - (opts.factorAgeMs ?? 0)),
  });
  return { id: row.id, email: row.email, sessionId, cookies: { [STAFF_COOKIE]: token } };
}
