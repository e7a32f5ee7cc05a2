import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { blocks, photos, profiles, users } from '../../db/schema.ts';

export type ProfileRow = typeof profiles.$inferSelect;
export type ProfileValues = Partial<typeof profiles.$inferInsert>;

import {
  byLastActive,
  type MemberCardRow,
  mainThumbJoin,
  memberCardColumns,
  notBlockedWith,
  publicFaceOn,
} from '../../kernel/members.ts';

export type { MemberCardRow };

// ---------------------------------------------------------------- own profile

export async function findOwnProfile(
  db: Db,
  userId: number,
): Promise<{ profile: ProfileRow; email: string } | undefined> {
  const [row] = await db
    .select({ profile: profiles, email: users.email })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row;
}

export async function updateProfileColumns(db: Db, userId: number, values: ProfileValues): Promise<void> {
  await db
    .update(profiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(profiles.userId, userId));
}

// ---------------------------------------------------------------- other members

/** What a viewer's own row adds to someone else's profile page: position, preferences, gender sought. */
export async function findViewer(db: Db, viewerId: number) {
  const [row] = await db
    .select({
      lat: profiles.latCoarse,
      lon: profiles.lonCoarse,
      lookingFor: profiles.lookingFor,
      showDistance: sql<boolean>`coalesce((${users.locationOptions} ->> 'show_distance')::boolean, true)`,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, viewerId))
    .limit(1);
  return row;
}

/** A member's public, approved photos in their order: what anyone may be shown. */
export async function listPublicPhotos(db: Db, userId: number) {
  return db
    .select({
      id: photos.id,
      filename: photos.filename,
      thumbFilename: photos.thumbFilename,
      width: photos.width,
      height: photos.height,
      isPrivate: photos.isPrivate,
      status: photos.status,
    })
    .from(photos)
    .where(and(eq(photos.userId, userId), eq(photos.isPrivate, false), eq(photos.status, 'active')))
    .orderBy(asc(photos.position), asc(photos.id));
}

/** Listed members of a country and gender, newest activity first, without the given ones or blocked pairs. */
export async function findRelated(
  db: Db,
  opts: { country: string; gender: string | null; exclude: number[]; viewerId: number | null; limit: number },
): Promise<MemberCardRow[]> {
  return db
    .select(memberCardColumns)
    .from(profiles)
    .leftJoin(photos, mainThumbJoin)
    .where(
      and(
        eq(profiles.listed, true),
        eq(profiles.country, opts.country),
        opts.gender === null ? undefined : eq(profiles.gender, opts.gender),
        ...opts.exclude.map((id) => ne(profiles.userId, id)),
        opts.viewerId === null ? undefined : notBlockedWith(opts.viewerId),
      ),
    )
    .orderBy(...byLastActive())
    .limit(opts.limit);
}

// ---------------------------------------------------------------- blocks

export async function insertBlock(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing();
}

export async function deleteBlock(db: Db, blockerId: number, blockedId: number): Promise<void> {
  await db.delete(blocks).where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)));
}

// ---------------------------------------------------------------- share previews

/** The little a shared profile link's preview needs, for listed members only: one indexed look-up. */
export async function findShareCard(db: Db, userId: number) {
  const [row] = await db
    .select({
      name: profiles.name,
      dateOfBirth: profiles.dateOfBirth,
      city: profiles.city,
      about: profiles.about,
      filename: photos.filename,
      photoStatus: photos.status,
      photoPrivate: photos.isPrivate,
    })
    .from(profiles)
    .leftJoin(photos, and(eq(photos.id, profiles.mainPhotoId), eq(photos.userId, profiles.userId)))
    .where(and(eq(profiles.userId, userId), eq(profiles.listed, true)))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------- my blocks list

/**
 * The members a member blocked, newest block first, with whether their profile is listed; deleted
 * accounts left out. The blocks primary key (blocker_id first) finds the member's rows; sorting those few
 * by created_at needs no index of its own. `total` counts every row before the limit (a window count).
 */
export async function findBlockedMembers(db: Db, blockerId: number, limit: number) {
  return db
    .select({
      ...memberCardColumns,
      listed: profiles.listed,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .innerJoin(profiles, eq(profiles.userId, blocks.blockedId))
    .leftJoin(photos, mainThumbJoin)
    .where(and(eq(blocks.blockerId, blockerId), isNull(users.deletedAt)))
    .orderBy(desc(blocks.createdAt), desc(blocks.blockedId))
    .limit(limit);
}

// ---------------------------------------------------------------- home page showcase (issue 11)

/**
 * Recently active listed members with a public, approved photo in the site's countries, the visitor's
 * country first (issue 27: a Dutch visitor's "Nu online" starts in the Netherlands). Only fictional
 * profiles, or members of this same site whose photo a moderator has approved (reviewed_at): a brand's
 * public landing never shows another brand's members, nor anyone's photo minutes after signup.
 */
export async function findShowcase(
  db: Db,
  site: { id: number; countries: string[] },
  firstCountry: string,
  limit: number,
): Promise<MemberCardRow[]> {
  if (site.countries.length === 0) return [];
  return db
    .select(memberCardColumns)
    .from(profiles)
    .innerJoin(photos, mainThumbJoin)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.listed, true), inArray(profiles.country, site.countries), publicFaceOn(site.id)))
    .orderBy(sql`${profiles.country} = ${firstCountry} desc`, ...byLastActive())
    .limit(limit);
}

/** Listed members in the site's countries, and those active since `onlineSince`: one index scan. */
export async function countShowcase(
  db: Db,
  countries: string[],
  onlineSince: Date,
): Promise<{ members: number; online: number }> {
  if (countries.length === 0) return { members: 0, online: 0 };
  const [row] = await db
    .select({
      members: sql<number>`count(*)::int`,
      online: sql<number>`(count(*) filter (where ${profiles.lastActiveAt} >= ${onlineSince.toISOString()}))::int`,
    })
    .from(profiles)
    .where(and(eq(profiles.listed, true), inArray(profiles.country, countries)));
  return { members: row?.members ?? 0, online: row?.online ?? 0 };
}
