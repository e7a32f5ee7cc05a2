import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, like } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ageOn,
  BODY_TYPES,
  EYE_COLOURS,
  GENDERS,
  HAIR_COLOURS,
  RELATIONSHIP_STATUSES,
  SEXUALITIES,
  SIGNUP_REASONS,
  TATTOOS,
  ZProfileName,
} from '../../shared/contract/accounts.ts';
import { INTERESTS } from '../../shared/data/interests.ts';
import { REGIONS } from '../../shared/data/regions.ts';
import type { Database } from '../db/client.ts';
import { photos, profiles, users } from '../db/schema.ts';
import { readPublicMedia } from '../features/photos/index.ts';
import { createDiskStorage } from '../platform/storage.ts';
import { createTestDatabase } from '../test/app.ts';
import { ABOUT_LOCALES } from './about.ts';
import { CITIES } from './cities.ts';
import { DEMO_EMAIL_DOMAIN, makeDemoMember } from './members.ts';
import { DEMO_PORTRAIT, DEMO_THUMB, demoPortraitSvg, renderDemoPortrait } from './portraits.ts';
import { seedDemo } from './seed.ts';
import { seedDemoMembers } from './seed-members.ts';

const INTEREST_IDS = new Set(INTERESTS.map((i) => i.id));
const oneOf = (values: readonly string[]) => (v: string | null) => v !== null && values.includes(v);

describe('demo members', () => {
  let database: Database & { drop(): Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db, { withDemoMember: false, members: 200 });
  });
  afterAll(() => database.drop());

  it('M-01 seeds 200 listed, active, fictional members with valid profile fields', async () => {
    const rows = await database.db
      .select({ profile: profiles, user: users })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(profiles.fictional, true));
    expect(rows).toHaveLength(200);
    const today = new Date();
    for (const { profile: p, user: u } of rows) {
      const where = `${u.email} (${p.name})`;
      expect(u.email, where).toMatch(new RegExp(`^demo-\\d+@${DEMO_EMAIL_DOMAIN.replaceAll('.', '\\.')}$`));
      expect(u.status, where).toBe('confirmed');
      expect(u.signupStep, where).toBe(6);
      expect(u.passwordHash.startsWith('$argon2'), where).toBe(false);
      expect(p.status, where).toBe('active');
      expect(p.listed, where).toBe(true);
      expect(p.lastActiveAt.getTime(), where).toBe(u.lastActiveAt.getTime());
      expect(today.getTime() - u.lastActiveAt.getTime(), where).toBeLessThanOrEqual(30 * 86_400_000 + 60_000);
      expect(ZProfileName.safeParse(p.name).success, where).toBe(true);
      expect(oneOf(GENDERS)(p.gender), where).toBe(true);
      expect(p.lookingFor?.length, where).toBe(1);
      expect(oneOf(GENDERS)(p.lookingFor?.[0] ?? null), where).toBe(true);
      expect(oneOf(SEXUALITIES)(p.sexuality), where).toBe(true);
      expect(oneOf(HAIR_COLOURS)(p.hairColour), where).toBe(true);
      expect(oneOf(EYE_COLOURS)(p.eyeColour), where).toBe(true);
      expect(oneOf(BODY_TYPES)(p.bodyType), where).toBe(true);
      expect(oneOf(RELATIONSHIP_STATUSES)(p.relationshipStatus), where).toBe(true);
      expect(oneOf(TATTOOS)(p.tattoos), where).toBe(true);
      expect(oneOf(SIGNUP_REASONS)(p.signupReason), where).toBe(true);
      expect(p.interests.length, where).toBeGreaterThanOrEqual(3);
      expect(p.interests.length, where).toBeLessThanOrEqual(8);
      expect(new Set(p.interests).size, where).toBe(p.interests.length);
      for (const id of p.interests) expect(INTEREST_IDS.has(id), `${where}: ${id}`).toBe(true);
      const age = ageOn(p.dateOfBirth, today) ?? -1;
      expect(age, where).toBeGreaterThanOrEqual(18);
      expect(age, where).toBeLessThanOrEqual(75);
      const regions = REGIONS[p.country ?? '']?.regions.map((r) => r.code) ?? [];
      expect(regions, where).toContain(p.region);
      expect(p.city, where).toBeTruthy();
      expect(p.about.length, where).toBeGreaterThan(40);
      expect(p.about, where).not.toContain('{');
      expect(p.latCoarse, where).toBe(Math.round((p.latCoarse ?? Number.NaN) * 100) / 100);
      expect(p.lonCoarse, where).toBe(Math.round((p.lonCoarse ?? Number.NaN) * 100) / 100);
      expect(p.mainPhotoId, where).not.toBeNull();
    }
    expect(new Set(rows.map((r) => r.user.email.toLowerCase())).size).toBe(200);
    // A mix, not 200 copies of one person.
    expect(new Set(rows.map((r) => r.profile.country)).size).toBeGreaterThan(8);
    expect(new Set(rows.map((r) => r.profile.gender)).size).toBeGreaterThanOrEqual(4);
    expect(new Set(rows.map((r) => r.profile.about)).size).toBeGreaterThan(195);
  });

  it('M-08 demo members are marked fictional; the demo login member is not', async () => {
    await seedDemo(database.db, { withDemoMember: true, members: 200 });
    const rows = await database.db
      .select({ email: users.email, fictional: profiles.fictional })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId));
    for (const r of rows) expect(r.fictional, r.email).toBe(r.email.endsWith(`@${DEMO_EMAIL_DOMAIN}`));
    expect(rows.filter((r) => r.fictional)).toHaveLength(200);
  });

  it('M-03 gives every demo member 1-3 public photos, the first one as main image', async () => {
    const rows = await database.db
      .select({ userId: photos.userId, id: photos.id, position: photos.position, filename: photos.filename })
      .from(photos)
      .where(like(photos.filename, 'demo-%'));
    const byUser = Map.groupBy(rows, (r) => r.userId);
    expect(byUser.size).toBe(200);
    for (const list of byUser.values()) {
      expect(list.length).toBeGreaterThanOrEqual(1);
      expect(list.length).toBeLessThanOrEqual(3);
    }
    const mains = await database.db
      .select({ id: profiles.userId, main: profiles.mainPhotoId })
      .from(profiles)
      .where(eq(profiles.fictional, true));
    for (const { id, main } of mains) {
      expect(byUser.get(id)?.find((p) => p.position === 0)?.id).toBe(main);
    }
  });

  it('M-01 running the seed again adds nothing', async () => {
    expect(await seedDemoMembers(database.db, { count: 200 })).toEqual({ added: 0 });
    await seedDemo(database.db, { withDemoMember: false, members: 200 });
    const all = await database.db
      .select({ id: users.id })
      .from(users)
      .where(like(users.email, `demo-%@${DEMO_EMAIL_DOMAIN}`));
    expect(all).toHaveLength(200);
  });

  it('M-03 a missing demo portrait is drawn on its first request, then read from disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'vonk-demo-media-'));
    try {
      const storage = createDiskStorage(dir);
      const [row] = await database.db
        .select({ filename: photos.filename, thumb: photos.thumbFilename })
        .from(photos)
        .where(like(photos.filename, 'demo-%'))
        .limit(1);
      if (!row) throw new Error('no demo photo');
      expect(await storage.get(row.filename)).toBeNull();
      const main = await readPublicMedia(database.db, storage, row.filename);
      expect(await sharp(main).metadata()).toMatchObject({ format: 'webp', ...DEMO_PORTRAIT });
      expect(await storage.get(row.filename)).toEqual(main);
      expect(await readPublicMedia(database.db, storage, row.filename)).toEqual(main);
      const thumb = await readPublicMedia(database.db, storage, row.thumb);
      expect(await sharp(thumb).metadata()).toMatchObject({ format: 'webp', ...DEMO_THUMB });
      // Only keys that a photo row points at are drawn.
      await expect(
        readPublicMedia(database.db, storage, 'demo-999999-1-0123456789abcdef0123456789abcdef.webp'),
      ).rejects.toMatchObject({
        status: 404,
      });
      expect(await storage.get('demo-999999-1-0123456789abcdef0123456789abcdef.webp')).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('demo portraits', () => {
  it('M-03 a demo key renders to a WebP of the right size, the same every time', async () => {
    // Its speed: npm run bench, timings.demo.portrait.
    const main = await renderDemoPortrait('demo-7-2-0123456789abcdef0123456789abcdef.webp');
    expect(await sharp(main as Buffer).metadata()).toMatchObject({ format: 'webp', width: 600, height: 800 });
    const thumb = await renderDemoPortrait('demo-7-2-0123456789abcdef0123456789abcdef_t.webp');
    expect(await sharp(thumb as Buffer).metadata()).toMatchObject({
      format: 'webp',
      width: 360,
      height: 480,
    });
    expect(await demoPortraitSvg(7, 2)).toBe(await demoPortraitSvg(7, 2));
    expect(await demoPortraitSvg(7, 2)).not.toBe(await demoPortraitSvg(7, 1));
    expect(await renderDemoPortrait('demo-7-0-0123456789abcdef0123456789abcdef.webp')).toBeNull();
    expect(await renderDemoPortrait('other.webp')).toBeNull();
    // The old guessable names are no demo keys any more (issue 10 item 11).
    expect(await renderDemoPortrait('demo-7-2.webp')).toBeNull();
  });
});

describe('demo member data', () => {
  it('M-01 the same index makes the same person; cities sit in their country regions', () => {
    const now = new Date('2026-01-15T12:00:00Z');
    expect(makeDemoMember(42, now)).toEqual(makeDemoMember(42, now));
    expect(makeDemoMember(42, now)).not.toEqual(makeDemoMember(43, now));
    for (const [country, cities] of Object.entries(CITIES)) {
      const codes = REGIONS[country]?.regions.map((r) => r.code) ?? [];
      for (const city of cities) expect(codes, `${country} ${city.name}`).toContain(city.region);
    }
  });

  it('M-01 ages are 18-75, mostly 25-55; genders and languages are mixed', () => {
    const now = new Date('2026-01-15T12:00:00Z');
    const members = Array.from({ length: 2000 }, (_, i) => makeDemoMember(i + 1, now));
    for (const m of members) {
      expect(ageOn(m.dateOfBirth, now)).toBe(m.age);
      expect(m.age).toBeGreaterThanOrEqual(18);
      expect(m.age).toBeLessThanOrEqual(75);
    }
    expect(members.filter((m) => m.age >= 25 && m.age <= 55).length).toBeGreaterThan(1400);
    const share = (g: string) => members.filter((m) => m.gender === g).length / members.length;
    expect(share('female')).toBeGreaterThan(0.4);
    expect(share('male')).toBeGreaterThan(0.4);
    expect(share('couple') + share('trans') + share('nonbinary')).toBeGreaterThan(0.05);
    expect(new Set(members.map((m) => m.locale))).toEqual(new Set(ABOUT_LOCALES));
    const nl = members.filter((m) => m.country === 'NL').length;
    const de = members.filter((m) => m.country === 'DE').length;
    for (const country of Object.keys(CITIES)) {
      const n = members.filter((m) => m.country === country).length;
      expect(n, country).toBeGreaterThan(0);
      if (country !== 'NL' && country !== 'DE') expect(n, country).toBeLessThan(Math.min(nl, de));
    }
  });
});

describe("demo seeding at the server's size", () => {
  let database: Database & { drop(): Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db, { withDemoMember: false });
  });
  afterAll(() => database.drop());

  it('M-01 seeds 2000 listed members (its speed: npm run bench, timings.demo)', async () => {
    const { added } = await seedDemoMembers(database.db, { count: 2000 });
    expect(added).toBe(2000);
    const listed = await database.db
      .select({ id: profiles.userId })
      .from(profiles)
      .where(eq(profiles.listed, true));
    expect(listed).toHaveLength(2000);
  });
});
