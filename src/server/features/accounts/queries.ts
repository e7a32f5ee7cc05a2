import { and, asc, desc, eq, gt, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTokens, payments, photos, profiles, sessions, users } from '../../db/schema.ts';

export type UserRow = typeof users.$inferSelect;
export type ProfileRow = typeof profiles.$inferSelect;

export interface AccountBundle {
  user: UserRow;
  profile: ProfileRow;
  mainPhoto: { id: number; filename: string; thumbFilename: string } | null;
}

export async function findAccount(db: Db, userId: number): Promise<AccountBundle | null> {
  const [row] = await db
    .select({
      user: users,
      profile: profiles,
      photoId: photos.id,
      filename: photos.filename,
      thumbFilename: photos.thumbFilename,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .leftJoin(photos, eq(photos.id, profiles.mainPhotoId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return {
    user: row.user,
    profile: row.profile,
    mainPhoto:
      row.photoId !== null && row.filename !== null && row.thumbFilename !== null
        ? { id: row.photoId, filename: row.filename, thumbFilename: row.thumbFilename }
        : null,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  return row;
}

export async function insertToken(
  db: Db,
  values: {
    userId: number;
    kind: 'activation' | 'reset' | 'mail_change';
    tokenHash: string;
    expiresAt: Date;
    newEmail?: string;
  },
) {
  await db.insert(emailTokens).values(values);
}

/** Marks a live token used and returns it, in one statement, so a token works exactly once. */
export async function consumeToken(
  db: Db,
  kind: 'activation' | 'reset' | 'mail_change',
  tokenHash: string,
  now: Date,
) {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, tokenHash),
        eq(emailTokens.kind, kind),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** The member a mailed link of a kind belongs to, used or not, expired or not, with their status. */
export async function findTokenOwner(db: Db, kind: 'activation', tokenHash: string) {
  const [row] = await db
    .select({ userId: users.id, status: users.status, deletedAt: users.deletedAt })
    .from(emailTokens)
    .innerJoin(users, eq(users.id, emailTokens.userId))
    .where(and(eq(emailTokens.tokenHash, tokenHash), eq(emailTokens.kind, kind)))
    .limit(1);
  return row;
}

export async function countTokensSince(db: Db, userId: number, kind: 'reset', since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), gt(emailTokens.createdAt, since)));
  return row?.n ?? 0;
}

/**
 * Ends every live token of a member, whatever its kind: after a change of password or e-mail address no
 * older reset, activation or e-mail-change link may work (issue 10 item 10).
 */
export async function revokeAllTokens(db: Db, userId: number, now: Date) {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), isNull(emailTokens.usedAt)));
}

/** Ends the other live tokens of a kind when one is used or a newer one is sent. */
export async function expireTokens(
  db: Db,
  userId: number,
  kind: 'activation' | 'reset' | 'mail_change',
  now: Date,
) {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
}

export async function updateUser(db: Db, userId: number, values: Partial<typeof users.$inferInsert>) {
  await db.update(users).set(values).where(eq(users.id, userId));
}

/**
 * Counts one wrong password in a single conditional update, so parallel attempts each count: the one that
 * reaches `maxFailures` sets the lock (and starts the count again). Answers the new lock time, or null when
 * the account is not locked by this attempt; an account already locked is left alone and answers its lock.
 */
export async function recordLoginFailure(
  db: Db,
  userId: number,
  now: Date,
  maxFailures: number,
  lockUntil: Date,
): Promise<{ lockedUntil: Date | null }> {
  const unlocked = or(isNull(users.lockedUntil), lte(users.lockedUntil, now));
  const reaches = sql`${users.failedLogins} + 1 >= ${maxFailures}`;
  const [row] = await db
    .update(users)
    .set({
      failedLogins: sql`case when ${reaches} then 0 else ${users.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${reaches} then ${lockUntil.toISOString()}::timestamptz else null end`,
    })
    .where(and(eq(users.id, userId), unlocked))
    .returning({ lockedUntil: users.lockedUntil });
  if (row) return { lockedUntil: row.lockedUntil };
  const [current] = await db
    .select({ lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.id, userId));
  return { lockedUntil: current?.lockedUntil ?? null };
}

/**
 * A right password clears the failure count, unless a parallel wrong attempt locked the account in the
 * meantime: then it answers false and the login is refused like any other during the lock.
 */
export async function recordLoginSuccess(
  db: Db,
  userId: number,
  now: Date,
  values: Partial<typeof users.$inferInsert>,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ ...values, failedLogins: 0, lockedUntil: null })
    .where(and(eq(users.id, userId), or(isNull(users.lockedUntil), lte(users.lockedUntil, now))))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function updateProfile(db: Db, userId: number, values: Partial<typeof profiles.$inferInsert>) {
  await db
    .update(profiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}

/** Accounts whose reactivation window has passed. */
export async function findExpiredDeletions(db: Db, before: Date) {
  return db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`${users.deletedAt} is not null`, lt(users.deletedAt, before)));
}

export async function deleteUserRow(db: Db, userId: number) {
  await db.delete(users).where(eq(users.id, userId));
}

export async function sessionsOf(db: Db, userId: number) {
  return db
    .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId));
}

export async function photosOf(db: Db, userId: number) {
  return db
    .select({
      id: photos.id,
      filename: photos.filename,
      isPrivate: photos.isPrivate,
      status: photos.status,
      createdAt: photos.createdAt,
    })
    .from(photos)
    .where(eq(photos.userId, userId))
    .orderBy(photos.position);
}

/** Where a new member lives and whom they look for: what their first matches are chosen by. */
export async function findMatchOrigin(db: Db, userId: number) {
  const [row] = await db
    .select({
      lookingFor: profiles.lookingFor,
      country: profiles.country,
      region: profiles.region,
      lat: profiles.latCoarse,
      lon: profiles.lonCoarse,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row;
}
export type MatchOrigin = NonNullable<Awaited<ReturnType<typeof findMatchOrigin>>>;

/**
 * A few listed members of the gender a new member looks for, from the member's own country only: members
 * with a photo first, then the nearest (the own region first when the member gave no position), then the
 * most recently active.
 */
export async function findSignupMatches(db: Db, userId: number, origin: MatchOrigin, limit: number) {
  // Distance in degrees, longitude shrunk by the latitude: enough to sort by, no trigonometry per row.
  const near =
    origin.lat !== null && origin.lon !== null
      ? sql`power(${profiles.latCoarse} - ${origin.lat}, 2) + power((${profiles.lonCoarse} - ${origin.lon}) * ${Math.cos((origin.lat * Math.PI) / 180)}, 2) asc nulls last`
      : undefined;
  return db
    .select({
      id: users.id,
      name: profiles.name,
      dateOfBirth: profiles.dateOfBirth,
      city: profiles.city,
      thumbFilename: photos.thumbFilename,
      lat: profiles.latCoarse,
      lon: profiles.lonCoarse,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(
      photos,
      // Only a public, approved photo (M-09): a pending one is its owner's until a moderator approves it.
      and(
        eq(photos.id, profiles.mainPhotoId),
        eq(photos.userId, profiles.userId),
        eq(photos.isPrivate, false),
        eq(photos.status, 'active'),
      ),
    )
    .where(
      and(
        ne(users.id, userId),
        eq(profiles.listed, true),
        origin.country ? eq(profiles.country, origin.country) : undefined,
        origin.lookingFor?.length ? inArray(profiles.gender, origin.lookingFor) : undefined,
      ),
    )
    .orderBy(
      sql`(${photos.thumbFilename} is null)`,
      // With a position the nearest come first (issue 11); without one, the own region.
      ...(near ? [near] : []),
      ...(origin.region ? [sql`(${profiles.region} is distinct from ${origin.region})`] : []),
      desc(profiles.lastActiveAt),
    )
    .limit(limit);
}

/**
 * The member's payments, oldest first, for their data export (A-12, issue 27). Read here, not through the
 * credits feature, which books through this one's wallet (no cycle between the two).
 */
export async function paymentsOf(db: Db, userId: number) {
  const rows = await db.select().from(payments).where(eq(payments.userId, userId)).orderBy(asc(payments.id));
  return rows.map((p) => ({
    id: p.publicId,
    credits: p.credits,
    amount_cents: p.amountCents,
    currency: p.currency,
    country: p.country,
    method: p.method,
    status: p.status,
    discount_code: p.discountCode,
    discount_percentage: p.discountPercentage,
    refunded_credits: p.refundedCredits,
    created_at: p.createdAt,
    paid_at: p.paidAt,
    refunded_at: p.refundedAt,
  }));
}
