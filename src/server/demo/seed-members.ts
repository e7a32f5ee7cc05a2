import { and, asc, desc, eq, inArray, like, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { photos, profiles, sites, users } from '../db/schema.ts';
import { SIGNUP_DONE } from '../features/accounts/index.ts';
import {
  DEMO_EMAIL_DOMAIN,
  DEMO_PASSWORD_HASH,
  type DemoMember,
  demoEmail,
  demoPhotoKeys,
  makeDemoMember,
} from './members.ts';
import { DEMO_PORTRAIT } from './portraits.ts';

/** Rows per insert statement: well under PostgreSQL's 65,535 parameters for the widest table. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Adds fictional demo members 1..count (`demo-<n>@members.vonk.test`) that are not there yet, with their
 * profiles and photo rows, in one transaction of a few bulk inserts. Idempotent: a second run adds nothing.
 * The portraits are not drawn here but on their first request (demo/portraits.ts).
 */
export async function seedDemoMembers(
  db: Db,
  opts: { count: number; now?: Date },
): Promise<{ added: number }> {
  if (opts.count <= 0) return { added: 0 };
  const now = opts.now ?? new Date();
  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ email: users.email })
      .from(users)
      .where(like(users.email, `demo-%@${DEMO_EMAIL_DOMAIN}`));
    const have = new Set(existing.map((r) => r.email));
    const members: DemoMember[] = [];
    for (let i = 1; i <= opts.count; i++) if (!have.has(demoEmail(i))) members.push(makeDemoMember(i, now));
    if (members.length === 0) return { added: 0 };

    const [site] = await tx
      .select({ id: sites.id })
      .from(sites)
      .orderBy(desc(sites.isDefault), asc(sites.id))
      .limit(1);
    if (!site) throw new Error('seedDemoMembers needs a site: run it after the sites are seeded');

    // Users first: the profiles trigger copies last_active_at and works out `listed` from them.
    const ids = new Map<string, number>();
    for (const part of chunks(members)) {
      const rows = await tx
        .insert(users)
        .values(
          part.map((m) => ({
            siteId: site.id,
            email: m.email,
            passwordHash: DEMO_PASSWORD_HASH,
            status: 'confirmed' as const,
            language: m.locale,
            signupStep: SIGNUP_DONE,
            lastActiveAt: m.lastActiveAt,
            createdAt: m.createdAt,
          })),
        )
        // Another process seeding at the same moment: its members win, ours are skipped.
        .onConflictDoNothing()
        .returning({ id: users.id, email: users.email });
      for (const row of rows) ids.set(row.email, row.id);
    }
    const added = members.filter((m) => ids.has(m.email));
    const userId = (m: DemoMember) => ids.get(m.email) as number;

    for (const part of chunks(added)) {
      await tx.insert(profiles).values(
        part.map((m) => ({
          userId: userId(m),
          name: m.name,
          gender: m.gender,
          lookingFor: [m.lookingFor],
          sexuality: m.sexuality,
          dateOfBirth: m.dateOfBirth,
          about: m.about,
          country: m.country,
          region: m.region,
          city: m.city,
          hairColour: m.hairColour,
          eyeColour: m.eyeColour,
          bodyType: m.bodyType,
          relationshipStatus: m.relationshipStatus,
          tattoos: m.tattoos,
          signupReason: m.signupReason,
          interests: m.interests,
          status: 'active' as const,
          fictional: true,
          latCoarse: m.latCoarse,
          lonCoarse: m.lonCoarse,
          updatedAt: m.createdAt,
        })),
      );
    }

    const photoRows = added.flatMap((m) =>
      Array.from({ length: m.photoCount }, (_, i) => ({
        userId: userId(m),
        ...demoPhotoKeys(m.index, i + 1),
        width: DEMO_PORTRAIT.width,
        height: DEMO_PORTRAIT.height,
        position: i,
        createdAt: m.createdAt,
        // Demo portraits count as reviewed: the moderation queue starts empty (M-09).
        reviewedAt: m.createdAt,
      })),
    );
    for (const part of chunks(photoRows)) await tx.insert(photos).values(part);

    // The first photo is the main image.
    const newIds = added.map(userId);
    for (const part of chunks(newIds)) {
      await tx
        .update(profiles)
        .set({
          mainPhotoId: sql`(select ${photos.id} from ${photos} where ${photos.userId} = ${profiles.userId} and ${photos.position} = 0)`,
        })
        .where(and(inArray(profiles.userId, part), eq(profiles.fictional, true)));
    }
    return { added: added.length };
  });
}
