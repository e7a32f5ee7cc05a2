import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANDER_NAMES, ZLanderFunnel, ZLanderPage } from '../../../shared/contract/landers.ts';
import { blocks, landerCounts, photos, profiles, sites, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { buildStaff } from '../../test/staff.ts';
import { placeCities } from './service.ts';

const DIST = resolve(import.meta.dirname, '../../../../dist');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Stores a public main photo, reviewed by a moderator unless `reviewed: false`. */
async function withPhoto(m: TestMember, opts: { isPrivate?: boolean; reviewed?: boolean } = {}) {
  const [photo] = await t.app.db
    .insert(photos)
    .values({
      userId: m.id,
      filename: `lander${m.id}.webp`,
      thumbFilename: `lander${m.id}_t.webp`,
      width: 800,
      height: 1000,
      isPrivate: opts.isPrivate ?? false,
      reviewedAt: opts.reviewed === false ? null : new Date(),
      position: 0,
    })
    .returning({ id: photos.id });
  await t.app.db.update(profiles).set({ mainPhotoId: photo?.id }).where(eq(profiles.userId, m.id));
  return m;
}

/** A lander as a member sees it (not the visitors' shared copy), or as a visitor of `host`. */
async function lander(name: string, opts: { cookies?: Record<string, string>; host?: string } = {}) {
  const res = await t.app.inject({
    url: `/api/landers/${name}`,
    cookies: opts.cookies ?? {},
    headers: opts.host ? { host: opts.host } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return ZLanderPage.parse(res.json());
}

const ids = (page: { members: { id: number }[] }) => page.members.map((m) => m.id);

async function siteOf(domain: string): Promise<number> {
  const [row] = await t.app.db.select({ id: sites.id }).from(sites).where(eq(sites.domain, domain));
  if (!row) throw new Error(`no site ${domain}`);
  return row.id;
}

describe('campaign landers (L-07, issue 25)', () => {
  it("L-07 shows listed members with a public photo of the site's countries, never hidden, banned, photo-less or foreign ones", async () => {
    const viewer = await buildMember(t.app.db);
    const shown = await withPhoto(
      await buildMember(t.app.db, {
        name: 'Zichtbaar',
        profile: { about: 'Wandelen aan zee is mijn ding. Verder koffie.', city: 'Haarlem' },
      }),
    );
    const noPhoto = await buildMember(t.app.db, { name: 'Zonderfoto' });
    const privatePhoto = await withPhoto(await buildMember(t.app.db, { name: 'Privefoto' }), {
      isPrivate: true,
    });
    const invisible = await withPhoto(await buildMember(t.app.db, { invisible: true, name: 'Verstopt' }));
    const banned = await withPhoto(await buildMember(t.app.db, { status: 'banned', name: 'Geband' }));
    const foreign = await withPhoto(
      await buildMember(t.app.db, { name: 'Buitenland', profile: { country: 'JP' } }),
    );
    // Issue 27: nobody's photo on a public page minutes after signup, nor another brand's members.
    const unreviewed = await withPhoto(await buildMember(t.app.db, { name: 'Onbekeken' }), {
      reviewed: false,
    });
    const otherBrand = await withPhoto(
      await buildMember(t.app.db, { name: 'Anderemerk', siteId: await siteOf('127.0.0.1') }),
    );
    const page = await lander('gallery', { cookies: viewer.cookies });
    expect(ids(page)).toContain(shown.id);
    for (const hidden of [
      noPhoto,
      privatePhoto,
      invisible,
      banned,
      foreign,
      viewer,
      unreviewed,
      otherBrand,
    ]) {
      expect(ids(page)).not.toContain(hidden.id);
    }
    expect(page.members.find((m) => m.id === shown.id)).toMatchObject({
      name: 'Zichtbaar',
      city: 'Haarlem',
      about_line: 'Wandelen aan zee is mijn ding.',
      photo_url: `/media/lander${shown.id}.webp`,
      thumb_url: `/media/lander${shown.id}_t.webp`,
    });
    expect(page.total).toBeGreaterThanOrEqual(page.members.length);
    // Nothing a lander sends places a member: no coordinates, no e-mail.
    expect(JSON.stringify(page)).not.toMatch(/lat|lon|@/);
  });

  it('L-07 a member never meets whom they blocked, or who blocked them, on a lander', async () => {
    const viewer = await buildMember(t.app.db);
    const blocked = await withPhoto(await buildMember(t.app.db));
    const blocker = await withPhoto(await buildMember(t.app.db));
    await t.app.db.insert(blocks).values([
      { blockerId: viewer.id, blockedId: blocked.id },
      { blockerId: blocker.id, blockedId: viewer.id },
    ]);
    const page = await lander('socialnetwork', { cookies: viewer.cookies });
    expect(ids(page)).not.toContain(blocked.id);
    expect(ids(page)).not.toContain(blocker.id);
    const other = await buildMember(t.app.db);
    expect(ids(await lander('socialnetwork', { cookies: other.cookies }))).toEqual(
      expect.arrayContaining([blocked.id, blocker.id]),
    );
  });

  it("L-07 a site's niche picks its landers' members: the milf site (niche 6) shows women of 35 and over only", async () => {
    // The second demo site (127.0.0.1) has niche 6; the first (localhost) none.
    const siteId = await siteOf('127.0.0.1');
    const member = (gender: string, dateOfBirth: string) =>
      buildMember(t.app.db, { siteId, profile: { gender, dateOfBirth } }).then((m) => withPhoto(m));
    const woman40 = await member('female', '1985-01-01');
    const woman25 = await member('female', '2000-01-01');
    const man45 = await member('male', '1980-01-01');
    const milf = await lander('video', { host: '127.0.0.1' });
    expect(milf.niche).toBe(6);
    expect(ids(milf)).toContain(woman40.id);
    expect(ids(milf)).not.toContain(woman25.id);
    expect(ids(milf)).not.toContain(man45.id);
    expect(milf.members.every((m) => m.age >= 35)).toBe(true);
    // The other brand's members never on the general site's lander.
    const viewer = await buildMember(t.app.db);
    const all = await lander('video', { cookies: viewer.cookies });
    expect(all.niche).toBe(1);
    expect(ids(all)).not.toContain(woman40.id);
  });

  it("L-07 the map lander gives cities at city level, placed in a unit square, never a member's position", async () => {
    const page = await lander('maplanding');
    for (const city of page.cities) {
      expect(city.x).toBeGreaterThanOrEqual(0);
      expect(city.x).toBeLessThanOrEqual(1);
      expect(Object.keys(city).sort()).toEqual(['city', 'members', 'online', 'x', 'y']);
    }
    // Positions rounded to a tenth of a degree first: two members 1 km apart are one point.
    const placed = placeCities([
      { city: 'Amsterdam', members: 3, online: 1, lat: 52.3702, lon: 4.8952 },
      { city: 'Groningen', members: 2, online: 0, lat: 53.2194, lon: 6.5665 },
      { city: 'Maastricht', members: 1, online: 0, lat: 50.8514, lon: 5.691 },
    ]);
    const north = placed.find((c) => c.city === 'Groningen');
    const south = placed.find((c) => c.city === 'Maastricht');
    expect(north?.y).toBeLessThan(south?.y ?? 0);
    expect(placed.every((c) => c.x >= 0 && c.x <= 1 && c.y >= 0 && c.y <= 1)).toBe(true);
    expect(placeCities([])).toEqual([]);
  });

  it('L-07 an unknown lander or a hostile count is a clear 4xx, never a 500', async () => {
    expect((await t.app.inject({ url: '/api/landers/nope' })).statusCode).toBe(400);
    for (const network of ['a\u0000b', '\u202Eevil', 'x'.repeat(65), '\uD800']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/landers/gallery/events',
        payload: { kind: 'view', network },
      });
      expect(res.statusCode, JSON.stringify(network)).toBe(400);
    }
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/landers/nope/events',
      payload: { kind: 'view' },
    });
    expect(res.statusCode).toBe(400);
  });
});

const signupBody = (email: string, tracking: Record<string, string>) => ({
  email,
  name: 'Racer',
  password: 'a-long-passphrase',
  date_of_birth: '1991-04-02',
  signup_message: 'Hoi!',
  gender: 'male',
  looking_for: 'female',
  terms: true,
  tracking,
});

describe('the funnel of paid traffic (P-08, issue 25)', () => {
  const countsOf = async (lander: string, network: string) =>
    (
      await t.app.db
        .select()
        .from(landerCounts)
        .where(and(eq(landerCounts.lander, lander), eq(landerCounts.network, network)))
    ).reduce(
      (sum, r) => ({
        views: sum.views + r.views,
        starts: sum.starts + r.starts,
        signups: sum.signups + r.signups,
      }),
      { views: 0, starts: 0, signups: 0 },
    );

  it('P-08 views and starts are counted per lander, niche and source', async () => {
    for (const kind of ['view', 'view', 'start'] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/landers/iconslanding/events',
        payload: { kind, network: 'net-p08' },
      });
      expect(res.statusCode, res.body).toBe(204);
    }
    await t.app.inject({
      method: 'POST',
      url: '/api/landers/iconslanding/events',
      payload: { kind: 'view' },
    });
    expect(await countsOf('iconslanding', 'net-p08')).toEqual({ views: 2, starts: 1, signups: 0 });
    expect(await countsOf('iconslanding', '')).toEqual({ views: 1, starts: 0, signups: 0 });
    const [row] = await t.app.db.select().from(landerCounts).where(eq(landerCounts.network, 'net-p08'));
    expect(row).toMatchObject({ niche: 1, day: new Date().toISOString().slice(0, 10) });
  });

  it('P-08 a signup from a lander keeps its source, and 20 parallel signups count one account once', async () => {
    const email = `lander-race-${Date.now()}@example.test`;
    const tracking = { network: 'net-race', ref: 'r1', sub1: 's1', lander: 'gallery' };
    const body = signupBody(email, tracking);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.app.inject({ method: 'POST', url: '/api/signup', payload: body })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.every((c) => c === 201 || c === 409 || c === 429)).toBe(true);
    const rows = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tracking).toEqual(tracking);
    expect(await countsOf('gallery', 'net-race')).toEqual({ views: 0, starts: 0, signups: 1 });
  });

  it('P-08 a signup naming no lander, or one that does not exist, counts for none', async () => {
    const payload = (lander: string) =>
      signupBody(`lander-none-${lander}-${Date.now()}@example.test`, { network: 'net-none', lander });
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/signup', payload: payload('bogus') })).statusCode,
    ).toBe(201);
    expect(
      (await t.app.db.select().from(landerCounts).where(eq(landerCounts.network, 'net-none'))).length,
    ).toBe(0);
  });
});

describe('the funnel in the back office (issue 25)', () => {
  it('P-08 finance reads the conversion per lander, niche and source of its own sites only', async () => {
    const count = (host: string, kind: 'view' | 'start', network: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/landers/collagelanding/events',
        headers: { host },
        payload: { kind, network },
      });
    for (let i = 0; i < 4; i++) await count('localhost', 'view', 'net-office');
    await count('localhost', 'start', 'net-office');
    await count('127.0.0.1', 'view', 'net-office');
    const finance = await buildStaff(t.app.db, { roles: [{ role: 'finance', siteId: 1 }], language: 'en' });
    const res = await t.app.inject({ url: '/api/admin/landers?days=7', cookies: finance.cookies });
    expect(res.statusCode, res.body).toBe(200);
    const rows = ZLanderFunnel.parse(res.json()).rows.filter((r) => r.network === 'net-office');
    expect(rows).toEqual([
      expect.objectContaining({
        site_id: 1,
        lander: 'collagelanding',
        niche: 1,
        views: 4,
        starts: 1,
        signups: 0,
      }),
    ]);
    const member = await buildMember(t.app.db);
    expect((await t.app.inject({ url: '/api/admin/landers', cookies: member.cookies })).statusCode).toBe(401);
    const moderator = await buildStaff(t.app.db, { roles: ['moderator'] });
    expect((await t.app.inject({ url: '/api/admin/landers', cookies: moderator.cookies })).statusCode).toBe(
      403,
    );
    const bad = await t.app.inject({ url: '/api/admin/landers?days=abc', cookies: finance.cookies });
    expect(bad.statusCode).toBe(400);
  });
});

describe('lander pages as served (L-07)', () => {
  beforeAll(() => {
    if (!existsSync(join(DIST, 'ssr/entry-server.js')) || !existsSync(join(DIST, 'web/index.html'))) {
      throw new Error('These tests render pages with the built web app: run `npm run build` first.');
    }
  });

  it('L-07 every lander answers its members in the first HTML, with its own title, description and preview image', async () => {
    const m = await withPhoto(await buildMember(t.app.db, { name: 'Voorpagina' }));
    for (const name of LANDER_NAMES) {
      const res = await t.app.inject({ url: `/landers/${name}/zomer-campagne?network=n1` });
      expect(res.statusCode, name).toBe(200);
      expect(res.body, name).toContain('data-testid="lander"');
      expect(res.body, name).toMatch(
        /<meta property="og:image" content="http:\/\/localhost\/media\/lander\d+\.webp"/,
      );
      expect(res.body, name).not.toMatch(/<meta name="robots"/);
      // The description is the lander's own, not the site's.
      expect(res.body, name).toMatch(/<meta name="description" content="[^"]+"/);
    }
    const gallery = await t.app.inject({ url: '/landers/gallery' });
    expect(gallery.body).toContain('Voorpagina');
    expect(m.id).toBeGreaterThan(0);
  });

  it("L-07 a lander under another niche's prefix goes to the site's own, with the campaign's query", async () => {
    const res = await t.app.inject({ url: '/landers/gay/video/zomer?network=n1&sub1=a' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/landers/video/zomer?network=n1&sub1=a');
    const unknown = await t.app.inject({ url: '/landers/milf/bestaatniet' });
    expect(unknown.statusCode).toBe(302);
    expect(unknown.headers.location).toBe('/landers/gallery');
    const swipe = await t.app.inject({ url: '/landers/she/tinderswipe?ref=x' });
    expect(swipe.headers.location).toBe('/landers/tinderswipe?ref=x');
  });

  it("L-07 a niche site's lander says whom it is for, and its button already carries that answer", async () => {
    const res = await t.app.inject({ url: '/landers/video', headers: { host: '127.0.0.1' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Vrouwen van 35 en ouder');
    expect(res.body).toContain('data-testid="lander-cta"');
    expect(res.body).not.toContain('data-testid="lander-seek-male"');
    const general = await t.app.inject({ url: '/landers/video' });
    expect(general.body).not.toContain('data-testid="lander-niche"');
    expect(general.body).toContain('data-testid="lander-seek-male"');
  });

  it('L-07 the sitemap lists every lander', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    for (const name of LANDER_NAMES) expect(res.body, name).toContain(`/landers/${name}</loc>`);
    expect(res.body).not.toContain(':niche');
  });
});
