import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTokens, photos, profiles, sessions, users } from '../../db/schema.ts';

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

export async function countTokensSince(db: Db, userId: number, kind: 'reset', since: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), gt(emailTokens.createdAt, since)));
  return row?.n ?? 0;
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

/** A few active, visible members of the gender a new member looks for, most recently active first. */
export async function findSignupMatches(db: Db, userId: number, lookingFor: string | null, limit: number) {
  return db
    .select({
      id: users.id,
      name: profiles.name,
      dateOfBirth: profiles.dateOfBirth,
      city: profiles.city,
      thumbFilename: photos.thumbFilename,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.isPrivate, false)))
    .where(
      and(
        ne(users.id, userId),
        eq(profiles.listed, true),
        lookingFor ? eq(profiles.gender, lookingFor) : undefined,
      ),
    )
    .orderBy(desc(profiles.lastActiveAt))
    .limit(limit);
}
