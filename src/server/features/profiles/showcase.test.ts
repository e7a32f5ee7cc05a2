import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZShowcaseResponse } from '../../../shared/contract/profiles.ts';
import { photos, profiles, sites, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/members.ts';

let t: TestApp;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vonk-showcase-'));
  t = await createTestApp({ DATA_DIR: dataDir, TRUST_PROXY: 'loopback' });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A main photo; approved by a moderator unless `reviewed` is false (a fresh member's). */
async function withPhoto(userId: number, isPrivate = false, reviewed = true) {
  const [photo] = await t.app.db
    .insert(photos)
    .values({
      userId,
      filename: `sc${userId}.webp`,
      thumbFilename: `sc${userId}_t.webp`,
      width: 600,
      height: 800,
      isPrivate,
      reviewedAt: reviewed ? new Date() : null,
    })
    .returning({ id: photos.id });
  await t.app.db.update(profiles).set({ mainPhotoId: photo?.id }).where(eq(profiles.userId, userId));
}

async function showcase(country?: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/showcase',
    headers: country ? { 'cf-ipcountry': country } : {},
  });
  expect(res.statusCode).toBe(200);
  // The same answer for every visitor: a repeat visit within the minute takes it from the browser's cache
  // (the profile routes' private, no-store is only for answers that depend on who asks).
  expect(res.headers['cache-control']).toBe('public, max-age=60');
  return ZShowcaseResponse.parse(res.json());
}

describe('home page showcase (issue 11)', () => {
  it('L-07 shows real members with a public photo of the site, online first, with the member and online counts', async () => {
    const before = await showcase();
    const now = Date.now();
    const online = await buildMember(t.app.db, { lastActiveAt: new Date(now - 60_000), name: 'Online' });
    await t.app.db
      .update(profiles)
      .set({ lastActiveAt: new Date(now - 60_000) })
      .where(eq(profiles.userId, online.id));
    await withPhoto(online.id);
    const earlier = await buildMember(t.app.db, { name: 'Earlier' });
    await t.app.db
      .update(profiles)
      .set({ lastActiveAt: new Date(now - 3 * 3600_000) })
      .where(eq(profiles.userId, earlier.id));
    await withPhoto(earlier.id);
    const noPhoto = await buildMember(t.app.db, { name: 'Nophoto' });
    const privatePhoto = await buildMember(t.app.db, { name: 'Private' });
    await withPhoto(privatePhoto.id, true);
    const [site] = await t.app.db.select().from(sites).where(eq(sites.isDefault, true));
    const abroad = await buildMember(t.app.db, { name: 'Abroad', profile: { country: 'JP' } });
    await withPhoto(abroad.id);
    expect(site?.countries).not.toContain('JP');
    const unlisted = await buildMember(t.app.db, { name: 'Unlisted', invisible: true });
    await withPhoto(unlisted.id);

    const after = await showcase();
    const ids = after.members.map((m) => m.id);
    expect(ids.slice(0, 2)).toEqual([online.id, earlier.id]);
    expect(after.members[0]?.online).toBe(true);
    expect(after.members[1]?.online).toBe(false);
    expect(after.members[0]?.thumb_url).toMatch(/sc\d+_t\.webp$/);
    for (const hidden of [noPhoto, privatePhoto, abroad, unlisted]) expect(ids).not.toContain(hidden.id);
    // Four new listed members of the site's countries (with or without a photo), one of them online.
    expect(after.member_count - before.member_count).toBe(4);
    expect(after.online_count - before.online_count).toBeGreaterThanOrEqual(1);
    // Coordinates and e-mail addresses never leave the server.
    const raw = JSON.stringify(after);
    expect(raw).not.toMatch(/lat|lon|@example/);
    const [u] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.id, online.id));
    expect(u?.id).toBe(online.id);
  });

  it("L-07 a fresh member's photo and another brand's members never show; the visitor's own country leads (issue 27)", async () => {
    const [site] = await t.app.db.select().from(sites).where(eq(sites.isDefault, true));
    if (!site) throw new Error('no site');
    const [other] = await t.app.db
      .insert(sites)
      .values({
        companyId: site.companyId,
        domain: 'other-brand.test',
        name: 'Other',
        indexTitle: 'Other',
        description: 'Other',
        countries: site.countries,
        supportPhone: '1',
        supportEmail: 'support@other-brand.test',
        mailName: 'Other',
      })
      .returning({ id: sites.id });
    const soon = new Date(Date.now() + 60_000);
    const fresh = await buildMember(t.app.db, { name: 'Fresh', lastActiveAt: soon });
    await withPhoto(fresh.id, false, false);
    const elsewhere = await buildMember(t.app.db, {
      name: 'Elsewhere',
      siteId: other?.id,
      lastActiveAt: soon,
    });
    await withPhoto(elsewhere.id);
    const belgian = await buildMember(t.app.db, { name: 'Belgian', profile: { country: 'BE' } });
    await t.app.db
      .update(profiles)
      .set({ lastActiveAt: new Date(Date.now() - 86_400_000) })
      .where(eq(profiles.userId, belgian.id));
    await withPhoto(belgian.id);
    expect(site.countries).toContain('BE');

    const ids = (await showcase('BE')).members.map((m) => m.id);
    expect(ids[0], 'a Belgian visitor sees Belgium first, even someone active a day ago').toBe(belgian.id);
    for (const hidden of [fresh, elsewhere]) expect(ids).not.toContain(hidden.id);
    // Once a moderator approved it, the fresh member may show.
    await t.app.db.update(photos).set({ reviewedAt: new Date() }).where(eq(photos.userId, fresh.id));
    const later = await t.app.inject({ url: '/api/showcase', headers: { 'cf-ipcountry': 'NL' } });
    expect(later.json().members.map((m: { id: number }) => m.id)).toContain(fresh.id);
  });
});
