import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { creditLedger, photos, profiles, sites, users } from '../db/schema.ts';
import { createSession, SESSION_COOKIE } from '../platform/session.ts';

/** The ledger reason of the credits a test member is made with. */
export const OPENING_REASON = 'test_opening';

export const TEST_PASSWORD = 'correct horse battery';
let passwordHash: Promise<string> | null = null;

export interface TestMember {
  id: number;
  email: string;
  name: string;
  /** Cookie header value that logs this member in. */
  cookie: string;
  cookies: Record<string, string>;
}

/**
 * A member made directly in the database (confirmed, profile active, logged in), with unique data.
 * Tests of signup itself go through the API instead.
 */
export async function buildMember(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> & {
    name?: string;
    /** Give the member a public, approved main photo (swipe cards need one, issue 27). */
    photo?: boolean;
    /** `lookingFor` may be one gender, as most tests have it: it is stored as a set of one. */
    profile?: Partial<Omit<typeof profiles.$inferInsert, 'lookingFor'>> & {
      lookingFor?: string | string[] | null;
    };
  } = {},
): Promise<TestMember> {
  const unique = randomBytes(5).toString('hex');
  const {
    name = `Tester${unique.slice(0, 6)}`,
    profile: given = {},
    photo = false,
    ...userFields
  } = overrides;
  const { lookingFor = 'male', ...profile } = given;
  passwordHash ??= hash(TEST_PASSWORD, { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const [site] = await db.select({ id: sites.id }).from(sites).where(eq(sites.isDefault, true));
  const [user] = await db
    .insert(users)
    .values({
      siteId: site?.id ?? 1,
      email: `member-${unique}@example.test`,
      passwordHash: await passwordHash,
      status: 'confirmed',
      signupStep: 6,
      ...userFields,
    })
    .returning();
  if (!user) throw new Error('no user');
  // A member made with credits gets them as a ledger booking too, so every ledger sums to its balance
  // (test/ledger.ts); tests that count a member's bookings leave this one out.
  if (user.credits !== 0) {
    await db
      .insert(creditLedger)
      .values({ userId: user.id, amount: user.credits, balanceAfter: user.credits, reason: OPENING_REASON });
  }
  await db.insert(profiles).values({
    userId: user.id,
    name,
    dateOfBirth: '1990-06-15',
    gender: 'female',
    country: 'NL',
    status: 'active',
    ...profile,
    lookingFor: typeof lookingFor === 'string' ? [lookingFor] : lookingFor,
  });
  if (photo) {
    const [row] = await db
      .insert(photos)
      .values({
        userId: user.id,
        filename: `test-${unique}.webp`,
        thumbFilename: `test-${unique}_t.webp`,
        width: 600,
        height: 800,
        reviewedAt: new Date(),
      })
      .returning({ id: photos.id });
    await db.update(profiles).set({ mainPhotoId: row?.id }).where(eq(profiles.userId, user.id));
  }
  const token = await createSession(db, user.id, 'vitest');
  return {
    id: user.id,
    email: user.email,
    name,
    cookie: `${SESSION_COOKIE}=${token}`,
    cookies: { [SESSION_COOKIE]: token },
  };
}
