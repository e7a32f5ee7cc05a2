import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type TMemberResponse,
  type TOwnProfile,
  ZMemberResponse,
  ZOwnProfileResponse,
} from '../../../shared/contract/profiles.ts';
import { blocks, photos, profiles, sites, users } from '../../db/schema.ts';
import { presentMemberCard } from '../../kernel/member-card.ts';
import { createTestApp, TEST_SHELL, type TestApp } from '../../test/app.ts';
import { buildMember, type TestMember } from '../../test/members.ts';

let t: TestApp;
let dataDir: string;
/** Every answer of this file: the last test checks none of them leaks what it must not. */
const answers: string[] = [];
/** Successful answers only: error answers name invalid fields, such as "lat". */
const successes: string[] = [];
/** Every e-mail address of members made here. */
const emails: string[] = [];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vonk-profiles-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------- helpers

type Overrides = Parameters<typeof buildMember>[1];
async function member(overrides: Overrides = {}): Promise<TestMember> {
  const m = await buildMember(t.app.db, overrides);
  emails.push(m.email);
  return m;
}

async function api(
  m: TestMember | null,
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) {
  const res = await t.app.inject({
    method,
    url,
    headers,
    ...(m ? { cookies: m.cookies } : {}),
    ...(payload ? { payload } : {}),
  });
  answers.push(res.body);
  if (res.statusCode < 300) successes.push(res.body);
  return res;
}

const ownProfile = async (m: TestMember): Promise<TOwnProfile> =>
  ZOwnProfileResponse.parse((await api(m, 'GET', '/api/profile')).json()).profile;

async function viewProfile(viewer: TestMember | null, id: number): Promise<TMemberResponse> {
  const res = await api(viewer, 'GET', `/api/members/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZMemberResponse.strict().parse(res.json());
}

/** Photo rows made directly (no files): `spec` is one letter per photo, p public, x private, w pending. */
async function addPhotos(userId: number, spec: string, mainIndex = 0): Promise<number[]> {
  const rows = await t.app.db
    .insert(photos)
    .values(
      [...spec].map((kind, i) => ({
        userId,
        filename: `pf${userId}x${i}.webp`,
        thumbFilename: `pf${userId}x${i}_t.webp`,
        width: 800,
        height: 1000,
        isPrivate: kind === 'x',
        status: kind === 'w' ? ('pending' as const) : ('active' as const),
        position: i,
      })),
    )
    .returning({ id: photos.id });
  const ids = rows.map((r) => r.id);
  await t.app.db
    .update(profiles)
    .set({ mainPhotoId: ids[mainIndex] ?? null })
    .where(eq(profiles.userId, userId));
  return ids;
}

const setUser = (id: number, values: Partial<typeof users.$inferInsert>) =>
  t.app.db.update(users).set(values).where(eq(users.id, id));
const profileRow = async (id: number) =>
  (await t.app.db.select().from(profiles).where(eq(profiles.userId, id)))[0];

const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);

// ---------------------------------------------------------------- own profile

describe('M-01 own profile', () => {
  it('M-01 GET /api/profile answers every own field and the site settings of what profile pages show', async () => {
    const m = await member({
      profile: {
        name: 'Sanne',
        dateOfBirth: '1991-02-03',
        sexuality: 'bi',
        hairColour: 'red',
        eyeColour: 'green',
        bodyType: 'curvy',
        relationshipStatus: 'single',
        tattoos: 'some',
        signupReason: 'dating',
        interests: ['wine', 'music'],
        about: 'Hoi!',
        country: 'NL',
        region: 'NL-UT',
        city: 'Utrecht',
      },
    });
    const res = await api(m, 'GET', '/api/profile');
    expect(res.statusCode).toBe(200);
    const profile = ZOwnProfileResponse.strict().parse(res.json()).profile;
    expect(profile).toMatchObject({
      id: m.id,
      name: 'Sanne',
      gender: 'female',
      looking_for: 'male',
      sexuality: 'bi',
      date_of_birth: '1991-02-03',
      about: 'Hoi!',
      country: 'NL',
      region: 'NL-UT',
      region_name: 'Utrecht',
      city: 'Utrecht',
      hair_colour: 'red',
      eye_colour: 'green',
      body_type: 'curvy',
      relationship_status: 'single',
      tattoos: 'some',
      signup_reason: 'dating',
      interests: ['wine', 'music'],
      status: 'active',
      main_image: null,
      has_location: false,
    });
    expect(profile.age).toBeGreaterThanOrEqual(33);
    expect(profile.visible_profile_fields).toContain('hair_colour');
    expect(profile.visible_profile_notes).toEqual(['about_me']);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('M-01 own profile endpoints need a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/profile'],
      ['PUT', '/api/profile'],
      ['PUT', '/api/profile/location'],
      ['DELETE', '/api/profile/location'],
    ] as const) {
      const res = await api(null, method, url, method === 'PUT' ? { lat: 1, lon: 1 } : undefined);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().error).toMatchObject({
        code: 'authentication_required',
        authentication_required: true,
      });
    }
  });

  it('M-01 PUT /api/profile changes only the fields sent', async () => {
    const m = await member({
      profile: { about: 'oud', hairColour: 'blond', city: 'Zwolle', region: 'NL-OV' },
    });
    const res = await api(m, 'PUT', '/api/profile', {
      about: '  Nieuw verhaal  ',
      interests: ['wine', 'wine', 'music'],
      eye_colour: 'blue',
      name: 'Nieuwe Naam',
      looking_for: 'female',
    });
    expect(res.statusCode, res.body).toBe(200);
    const profile = ZOwnProfileResponse.parse(res.json()).profile;
    expect(profile).toMatchObject({
      about: 'Nieuw verhaal',
      interests: ['wine', 'music'],
      eye_colour: 'blue',
      hair_colour: 'blond',
      name: 'Nieuwe Naam',
      looking_for: 'female',
      gender: 'female',
      city: 'Zwolle',
      region: 'NL-OV',
      country: 'NL',
    });
    expect(await ownProfile(m)).toEqual(profile);
    // An empty update is allowed and changes nothing.
    const same = await api(m, 'PUT', '/api/profile', {});
    expect(ZOwnProfileResponse.parse(same.json()).profile).toEqual(profile);
  });

  it('M-01 the profile name follows the rules of spec §5', async () => {
    const m = await member();
    const cases: [object, string, string][] = [
      [{ name: m.email }, 'name', 'Je profielnaam moet anders zijn dan je e-mailadres'],
      [{ name: ` ${m.email.toUpperCase()} ` }, 'name', 'Je profielnaam moet anders zijn dan je e-mailadres'],
      [{ name: '@sanne' }, 'name', 'Je profielnaam mag niet beginnen met een @'],
      [{ name: 'a' }, 'name', 'Je profielnaam moet 2 tot 30 tekens hebben.'],
      [{ name: 'x'.repeat(31) }, 'name', 'Je profielnaam moet 2 tot 30 tekens hebben.'],
      [{ name: 'Sanne<script>' }, 'name', 'Je profielnaam bevat tekens die niet zijn toegestaan.'],
    ];
    for (const [body, field, text] of cases) {
      const res = await api(m, 'PUT', '/api/profile', body, { 'accept-language': 'nl' });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('validation');
      expect(res.json().error.fields[field]).toBe(text);
    }
    expect((await ownProfile(m)).name).toBe(m.name);
  });

  it('M-01 enums, interests, country, region and city are checked', async () => {
    const m = await member();
    const cases: [object, string][] = [
      [{ hair_colour: 'purple' }, 'hair_colour'],
      [{ gender: 'robot' }, 'gender'],
      [{ interests: ['wine', 'stamp-collecting'] }, 'interests'],
      [{ interests: Array.from({ length: 31 }, () => 'wine') }, 'interests'],
      [{ country: 'XX' }, 'country'],
      [{ country: 'JP' }, 'country'],
      [{ country: 'Nederland' }, 'country'],
      [{ region: 'DE-BY' }, 'region'],
      [{ region: 'NL-XX' }, 'region'],
      [{ country: 'BE', region: 'NL-UT' }, 'region'],
      [{ city: 'x'.repeat(81) }, 'city'],
      [{ about: 'x'.repeat(2001) }, 'about'],
      [{ name: 'x'.repeat(1024) }, 'name'],
    ];
    for (const [body, field] of cases) {
      const res = await api(m, 'PUT', '/api/profile', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(res.json().error.fields ?? {}), JSON.stringify(body)).toContain(field);
    }
    const ok = await api(m, 'PUT', '/api/profile', { country: 'be', region: 'be-van', city: 'Antwerpen' });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().profile).toMatchObject({
      country: 'BE',
      region: 'BE-VAN',
      region_name: 'Antwerpen',
      city: 'Antwerpen',
    });
    const cleared = await api(m, 'PUT', '/api/profile', { region: null, city: '' });
    expect(cleared.json().profile).toMatchObject({ country: 'BE', region: null, city: null });
  });

  it('M-01 an appearance field can be cleared', async () => {
    const m = await member({
      profile: {
        sexuality: 'bi',
        hairColour: 'red',
        eyeColour: 'green',
        bodyType: 'curvy',
        relationshipStatus: 'single',
        tattoos: 'some',
        signupReason: 'dating',
        about: 'blijft',
      },
    });
    // One null clears that one field only.
    const one = await api(m, 'PUT', '/api/profile', { hair_colour: null });
    expect(one.statusCode, one.body).toBe(200);
    expect(ZOwnProfileResponse.parse(one.json()).profile).toMatchObject({
      hair_colour: null,
      eye_colour: 'green',
      sexuality: 'bi',
    });
    expect((await profileRow(m.id))?.hairColour).toBeNull();

    const all = await api(m, 'PUT', '/api/profile', {
      sexuality: null,
      eye_colour: null,
      body_type: null,
      relationship_status: null,
      tattoos: null,
      signup_reason: null,
    });
    expect(all.statusCode, all.body).toBe(200);
    expect(ZOwnProfileResponse.parse(all.json()).profile).toMatchObject({
      sexuality: null,
      hair_colour: null,
      eye_colour: null,
      body_type: null,
      relationship_status: null,
      tattoos: null,
      signup_reason: null,
      about: 'blijft',
      gender: 'female',
    });
    expect(await profileRow(m.id)).toMatchObject({
      sexuality: null,
      hairColour: null,
      eyeColour: null,
      bodyType: null,
      relationshipStatus: null,
      tattoos: null,
      signupReason: null,
    });
    // And can be set again.
    const again = await api(m, 'PUT', '/api/profile', { tattoos: 'many' });
    expect(again.json().profile.tattoos).toBe('many');
  });

  it('M-01 only the attributes, region and city clear with null; signup steps never clear', async () => {
    const m = await member({ profile: { hairColour: 'red', about: 'blijft' } });
    for (const body of [
      { name: null },
      { gender: null },
      { looking_for: null },
      { about: null },
      { interests: null },
    ]) {
      const res = await api(m, 'PUT', '/api/profile', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const step = await api(m, 'PUT', '/api/signup/step', { step: 2, about: { hair_colour: null } });
    expect(step.statusCode, step.body).toBe(400);
    expect(Object.keys(step.json().error.fields)).toEqual(['about.hair_colour']);
    expect(await profileRow(m.id)).toMatchObject({ hairColour: 'red', about: 'blijft', gender: 'female' });
  });

  it('M-01 a new country forgets the region, city and position of the old one', async () => {
    const m = await member({
      profile: { country: 'NL', region: 'NL-NH', city: 'Haarlem', latCoarse: 52.38, lonCoarse: 4.64 },
    });
    expect((await ownProfile(m)).has_location).toBe(true);
    const res = await api(m, 'PUT', '/api/profile', { country: 'DE' });
    expect(res.json().profile).toMatchObject({
      country: 'DE',
      region: null,
      city: null,
      has_location: false,
    });
    expect(await profileRow(m.id)).toMatchObject({ latCoarse: null, lonCoarse: null });
    // The same country again keeps what is there.
    await api(m, 'PUT', '/api/profile', { region: 'DE-BY', city: 'München' });
    const again = await api(m, 'PUT', '/api/profile', { country: 'DE' });
    expect(again.json().profile).toMatchObject({ region: 'DE-BY', city: 'München' });
  });
});

describe('M-10 own location', () => {
  it('M-10 a browser position sets country, region and city and is stored only coarsened', async () => {
    const m = await member({ profile: { country: 'BE', region: 'BE-VAN', city: 'Antwerpen' } });
    const res = await api(m, 'PUT', '/api/profile/location', { lat: 52.373_123, lon: 4.892_456 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({
      country: 'NL',
      region: 'NL-NH',
      region_name: 'Noord-Holland',
      city: 'Amsterdam',
      has_location: true,
    });
    expect(res.body).not.toMatch(/"(lat|lon|latitude|longitude|lat_coarse|lon_coarse|latCoarse|lonCoarse)"/);
    expect(res.body).not.toContain('52.37');
    const row = await profileRow(m.id);
    expect(row?.latCoarse).toBe(52.37);
    expect(row?.lonCoarse).toBeCloseTo(4.9, 5);

    const gone = await api(m, 'DELETE', '/api/profile/location');
    expect(gone.statusCode).toBe(200);
    expect(gone.json().profile).toMatchObject({ has_location: false, country: 'NL', city: 'Amsterdam' });
    expect(await profileRow(m.id)).toMatchObject({ latCoarse: null, lonCoarse: null });
  });

  it("M-10 places at sea, outside the site's countries, or off the globe are refused", async () => {
    const m = await member({ profile: { city: 'Delft' } });
    const sea = await api(m, 'PUT', '/api/profile/location', { lat: 0, lon: -30 });
    expect(sea.statusCode).toBe(422);
    expect(sea.json().error.code).toBe('location_unknown');
    const tokyo = await api(m, 'PUT', '/api/profile/location', { lat: 35.68, lon: 139.69 });
    expect(tokyo.statusCode).toBe(422);
    expect(tokyo.json().error.code).toBe('location_outside');
    for (const body of [{ lat: 91, lon: 0 }, { lat: 0, lon: 181 }, { lat: '52', lon: 4 }, {}]) {
      expect((await api(m, 'PUT', '/api/profile/location', body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await profileRow(m.id)).toMatchObject({ city: 'Delft', latCoarse: null });
  });
});

// ---------------------------------------------------------------- profile page

describe('M-05 profile page', () => {
  it("M-05 a member sees another member's profile without e-mail or coordinates", async () => {
    const viewer = await member({ profile: { gender: 'male', lookingFor: 'female', country: 'FI' } });
    const m = await member({
      name: 'Liisa',
      profile: {
        name: 'Liisa',
        country: 'FI',
        region: 'FI-18',
        city: 'Helsinki',
        about: 'Sauna en meren',
        interests: ['wine'],
        hairColour: 'blond',
        sexuality: 'hetero',
        latCoarse: 60.17,
        lonCoarse: 24.94,
      },
    });
    const { profile } = await viewProfile(viewer, m.id);
    expect(profile).toMatchObject({
      id: m.id,
      name: 'Liisa',
      gender: 'female',
      city: 'Helsinki',
      region: 'Uusimaa',
      country: 'FI',
      about: 'Sauna en meren',
      interests: ['wine'],
      hair_colour: 'blond',
      sexuality: 'hetero',
      eye_colour: null,
      fictional: false,
      online: true,
      last_active: 'today',
      distance: null,
      photo_count: 0,
      photos: [],
      photos_locked: 0,
      main_image: null,
      blocked_by_me: false,
      liked_by_me: false,
      likes_me: false,
      is_me: false,
    });
    const res = await api(viewer, 'GET', `/api/members/${m.id}`);
    expect(res.body).not.toContain(m.email);
    expect(res.body).not.toContain('60.17');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('M-05 free members see the main image and 2 more public photos, premium members all; private and pending never', async () => {
    const m = await member({ profile: { country: 'FI' } });
    // p p x p w p p p: six public approved, one private, one pending; the fourth photo is the main one.
    const ids = await addPhotos(m.id, 'ppxpwppp', 3);
    const publicIds = [ids[0], ids[1], ids[3], ids[5], ids[6], ids[7]];
    const free = await member();
    const premium = await member({ paidUser: true });

    const forFree = (await viewProfile(free, m.id)).profile;
    expect(forFree.photo_count).toBe(6);
    expect(forFree.photos.map((p) => p.id)).toEqual([ids[3], ids[0], ids[1]]);
    expect(forFree.photos_locked).toBe(3);
    expect(forFree.photos[0]).toEqual({
      id: ids[3],
      url: `/media/pf${m.id}x3.webp`,
      thumb_url: `/media/pf${m.id}x3_t.webp`,
      width: 800,
      height: 1000,
      is_main: true,
    });
    expect(forFree.main_image).toEqual({
      id: ids[3],
      filename: `/media/pf${m.id}x3.webp`,
      thumb_filename: `/media/pf${m.id}x3_t.webp`,
      status: 'active',
    });

    const forPremium = (await viewProfile(premium, m.id)).profile;
    expect(forPremium.photos.map((p) => p.id).sort()).toEqual([...publicIds].sort());
    expect(forPremium.photos[0]?.id).toBe(ids[3]);
    expect(forPremium.photos_locked).toBe(0);

    const forVisitor = (await viewProfile(null, m.id)).profile;
    expect(forVisitor.photos.map((p) => p.id)).toEqual([ids[3]]);
    expect(forVisitor.photos_locked).toBe(5);

    const own = (await viewProfile(m, m.id)).profile;
    expect(own).toMatchObject({ is_me: true, photos_locked: 0, photo_count: 6 });

    for (const viewer of [free, premium, null, m]) {
      const body = (await api(viewer, 'GET', `/api/members/${m.id}`)).body;
      expect(body).not.toContain(`pf${m.id}x2`);
      expect(body).not.toContain(`pf${m.id}x4`);
      expect(body).not.toContain('/media/private');
    }
  });

  it("M-05 photo URLs carry the site's cdn_prefix", async () => {
    const cdnDomain = 'cdn-profiles.test';
    await t.app.db.insert(sites).values({
      domain: cdnDomain,
      companyId: 1,
      name: 'Cdn',
      indexTitle: 'Cdn',
      description: 'Cdn',
      countries: ['NL'],
      supportPhone: '1',
      supportEmail: 's@cdn.test',
      mailName: 'Cdn',
      cdnPrefix: 'https://cdn.example.test/',
      visibleProfileFields: ['hair_colour'],
    });
    const m = await member({ profile: { hairColour: 'red', eyeColour: 'blue' } });
    const [main] = await addPhotos(m.id, 'p');
    const res = await t.app.inject({ url: `/api/members/${m.id}`, headers: { host: cdnDomain } });
    answers.push(res.body);
    const { profile } = ZMemberResponse.parse(res.json());
    expect(profile.photos[0]?.url).toBe(`https://cdn.example.test/media/pf${m.id}x0.webp`);
    expect(profile.photos[0]?.id).toBe(main);
    // This site shows hair colour only.
    expect(profile).toMatchObject({ hair_colour: 'red', eye_colour: null });
  });

  it('M-10 a rounded distance shows only when both members have a position and both allow it', async () => {
    const viewer = await member({ profile: { latCoarse: 52.37, lonCoarse: 4.9 } });
    const near = await member({ profile: { latCoarse: 52.38, lonCoarse: 4.92 } });
    const far = await member({ profile: { latCoarse: 51.92, lonCoarse: 4.48 } });
    const hidden = await member({
      profile: { latCoarse: 51.92, lonCoarse: 4.48 },
      locationOptions: { use_gps: true, show_distance: false },
    });
    const nowhere = await member();
    expect((await viewProfile(viewer, near.id)).profile.distance).toEqual({ km: 5, less_than: true });
    expect((await viewProfile(viewer, far.id)).profile.distance).toEqual({ km: 58, less_than: false });
    expect((await viewProfile(viewer, hidden.id)).profile.distance).toBeNull();
    expect((await viewProfile(viewer, nowhere.id)).profile.distance).toBeNull();
    expect((await viewProfile(null, far.id)).profile.distance).toBeNull();
    expect((await viewProfile(nowhere, far.id)).profile.distance).toBeNull();
    await setUser(viewer.id, { locationOptions: { use_gps: true, show_distance: false } });
    expect((await viewProfile(viewer, far.id)).profile.distance).toBeNull();
  });

  it('M-05 online means active in the last 10 minutes; last activity is told only coarsely', async () => {
    const viewer = await member();
    const cases: [Date, boolean, string][] = [
      [new Date(Date.now() - 60_000), true, 'today'],
      [new Date(Date.now() - 11 * 60_000), false, 'today'],
      [daysAgo(3), false, 'this_week'],
      [daysAgo(30), false, 'longer'],
    ];
    for (const [lastActiveAt, online, lastActive] of cases) {
      const m = await member({ lastActiveAt });
      const { profile } = await viewProfile(viewer, m.id);
      expect(profile, lastActiveAt.toISOString()).toMatchObject({ online, last_active: lastActive });
      const body = (await api(viewer, 'GET', `/api/members/${m.id}`)).body;
      expect(body).not.toContain(lastActiveAt.toISOString().slice(0, 16));
    }
  });

  it('M-08 fictional profiles say so', async () => {
    const m = await member({ profile: { fictional: true } });
    expect((await viewProfile(null, m.id)).profile.fictional).toBe(true);
  });

  it('M-05 missing, deleted, banned, not activated and invisible members all answer the same 404', async () => {
    const viewer = await member();
    const deleted = await member({ deletedAt: new Date() });
    const banned = await member({ status: 'banned' });
    const inactive = await member({ status: 'not_confirmed', profile: { status: 'disabled' } });
    const invisible = await member({ invisible: true });
    const missing = await api(viewer, 'GET', '/api/members/2147483647');
    expect(missing.statusCode).toBe(404);
    for (const m of [deleted, banned, inactive, invisible]) {
      for (const who of [viewer, null]) {
        const res = await api(who, 'GET', `/api/members/${m.id}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual(missing.json());
      }
    }
    // A member always sees their own page, invisible or not yet activated.
    expect((await viewProfile(invisible, invisible.id)).profile.is_me).toBe(true);
    expect((await viewProfile(inactive, inactive.id)).profile.is_me).toBe(true);
  });

  it('M-05 bad ids are a clean 400 or 404', async () => {
    for (const id of ['abc', '-1', '0', '1.5', '99999999999', 'x'.repeat(1024)]) {
      const res = await api(null, 'GET', `/api/members/${id}`);
      // 414: Fastify's router refuses path parameters over 100 characters before any handler runs.
      expect([400, 404, 414], id).toContain(res.statusCode);
      if (res.statusCode !== 414) expect(res.json().error.code, id).toBeTypeOf('string');
    }
  });

  it('M-05 related profiles: listed members of the same country and the gender the viewer seeks, never blocked pairs', async () => {
    const viewer = await member({ profile: { gender: 'male', lookingFor: 'female', country: 'NO' } });
    const m = await member({ profile: { gender: 'female', country: 'NO' } });
    const fits = await Promise.all(
      Array.from({ length: 3 }, (_, i) => member({ lastActiveAt: daysAgo(i), profile: { country: 'NO' } })),
    );
    const man = await member({ profile: { gender: 'male', country: 'NO' } });
    const elsewhere = await member({ profile: { country: 'SE' } });
    const invisible = await member({ invisible: true, profile: { country: 'NO' } });
    const blockedByViewer = await member({ profile: { country: 'NO' } });
    const blockerOfViewer = await member({ profile: { country: 'NO' } });
    await t.app.db.insert(blocks).values([
      { blockerId: viewer.id, blockedId: blockedByViewer.id },
      { blockerId: blockerOfViewer.id, blockedId: viewer.id },
    ]);
    const { related } = await viewProfile(viewer, m.id);
    const ids = related.map((c) => c.id);
    expect(ids).toEqual(fits.map((f) => f.id));
    for (const other of [m, viewer, man, elsewhere, invisible, blockedByViewer, blockerOfViewer])
      expect(ids).not.toContain(other.id);
    expect(related[0]).toEqual({
      id: fits[0]?.id,
      name: fits[0]?.name,
      age: expect.any(Number),
      city: null,
      country: 'NO',
      thumb_url: null,
      fictional: false,
      online: true,
    });
    // Visitors get the member's own gender; at most six.
    await Promise.all(Array.from({ length: 5 }, () => member({ profile: { country: 'NO' } })));
    const forVisitor = (await viewProfile(null, m.id)).related;
    expect(forVisitor).toHaveLength(6);
    expect(forVisitor.map((c) => c.id)).not.toContain(m.id);
  });

  it('M-05 presentMemberCard shows only a public approved thumbnail and no more than a card', () => {
    const card = presentMemberCard(
      {
        userId: 7,
        name: 'Kim',
        dateOfBirth: '2000-01-01',
        city: 'Gent',
        country: 'BE',
        fictional: true,
        lastActiveAt: new Date('2025-01-01T11:55:00Z'),
        thumbFilename: 'abc_t.webp',
      },
      { cdnPrefix: 'https://cdn.test', now: new Date('2025-01-01T12:00:00Z') },
    );
    expect(card).toEqual({
      id: 7,
      name: 'Kim',
      age: 25,
      city: 'Gent',
      country: 'BE',
      thumb_url: 'https://cdn.test/media/abc_t.webp',
      fictional: true,
      online: true,
    });
  });
});

// ---------------------------------------------------------------- blocking

describe('M-06 blocking', () => {
  it("M-06 a blocked member cannot open the blocker's profile: the same 404 as a missing id", async () => {
    const blocker = await member();
    const blocked = await member();
    expect((await api(blocked, 'GET', `/api/members/${blocker.id}`)).statusCode).toBe(200);
    const res = await api(blocker, 'POST', `/api/members/${blocked.id}/block`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ blocked: true });

    const missing = await api(blocked, 'GET', '/api/members/2147483646');
    const denied = await api(blocked, 'GET', `/api/members/${blocker.id}`);
    expect(denied.statusCode).toBe(404);
    expect(denied.body).toBe(missing.body);
    // The blocker still sees the blocked member, with the state to undo it.
    expect((await viewProfile(blocker, blocked.id)).profile.blocked_by_me).toBe(true);

    const undo = await api(blocker, 'DELETE', `/api/members/${blocked.id}/block`);
    expect(undo.json()).toEqual({ blocked: false });
    expect((await api(blocked, 'GET', `/api/members/${blocker.id}`)).statusCode).toBe(200);
    expect((await viewProfile(blocker, blocked.id)).profile.blocked_by_me).toBe(false);
  });

  it('M-06 blocking and unblocking are idempotent', async () => {
    const a = await member();
    const b = await member();
    for (let i = 0; i < 2; i++) {
      const res = await api(a, 'POST', `/api/members/${b.id}/block`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ blocked: true });
    }
    const rows = await t.app.db
      .select()
      .from(blocks)
      .where(and(eq(blocks.blockerId, a.id), eq(blocks.blockedId, b.id)));
    expect(rows).toHaveLength(1);
    for (let i = 0; i < 2; i++) {
      const res = await api(a, 'DELETE', `/api/members/${b.id}/block`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ blocked: false });
    }
    expect(await t.app.db.select().from(blocks).where(eq(blocks.blockerId, a.id))).toHaveLength(0);
  });

  it('M-06 blocking yourself is a 400, an unknown or deleted member a 404, a visitor a 403', async () => {
    const a = await member();
    const deleted = await member({ deletedAt: new Date() });
    const invisible = await member({ invisible: true });
    const self = await api(a, 'POST', `/api/members/${a.id}/block`);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('block_self');
    expect((await api(a, 'DELETE', `/api/members/${a.id}/block`)).statusCode).toBe(400);
    expect((await api(a, 'POST', '/api/members/2147483645/block')).statusCode).toBe(404);
    expect((await api(a, 'POST', `/api/members/${deleted.id}/block`)).statusCode).toBe(404);
    expect((await api(a, 'POST', '/api/members/abc/block')).statusCode).toBe(400);
    // Someone who went invisible can still be blocked.
    expect((await api(a, 'POST', `/api/members/${invisible.id}/block`)).statusCode).toBe(200);
    const visitor = await api(null, 'POST', `/api/members/${a.id}/block`);
    expect(visitor.statusCode).toBe(403);
    expect(visitor.json().error.authentication_required).toBe(true);
  });

  it('M-05 C-01 an id is written in digits only: 1e3, 0x10, +7 or a padded id is refused with a localised 400, not read as another id', async () => {
    const a = await member();
    const b = await member();
    expect((await api(a, 'GET', `/api/members/${b.id}`)).statusCode).toBe(200);
    const spelled = [
      `${b.id}e0`,
      `0x${b.id.toString(16)}`,
      `+${b.id}`,
      `%20${b.id}`,
      `0${b.id}`,
      `${b.id}.0`,
    ];
    for (const id of spelled) {
      for (const url of [`/api/members/${id}`, `/api/chats/${id}/messages`]) {
        const res = await api(a, 'GET', url);
        expect(res.statusCode, url).toBe(400);
        expect(res.json().error.code).toBe('validation');
      }
    }
  });
});

// ---------------------------------------------------------------- share previews

describe('M-05 share previews', () => {
  let web: TestApp;

  beforeAll(async () => {
    // An app of its own with a known shell, so these tests do not depend on a web build.
    web = await createTestApp({ DATA_DIR: dataDir }, { webShell: TEST_SHELL });
  });
  afterAll(() => web.close());

  const page = async (path: string, host = 'localhost') => {
    const res = await web.app.inject({ url: path, headers: { host, accept: 'text/html' } });
    // 404 until the web app lists the members-id route (src/shared/routes.ts); the shell is the same.
    expect([200, 404]).toContain(res.statusCode);
    expect(res.headers['content-type']).toContain('text/html');
    return res.body;
  };
  const metaOf = (html: string, property: string) =>
    html.match(new RegExp(`<meta property="${property}" content="([^"]*)" />`))?.[1];

  it('M-05 a shared profile link carries og:title, og:description and the approved main image', async () => {
    const about = `${'Ik hou van fietsen & "koffie" <b>. '.repeat(10)}EINDE`;
    const m = await buildMember(web.app.db, {
      profile: { name: 'Eva "<x>', city: 'Gouda', about, dateOfBirth: '1990-01-01' },
    });
    const [main] = await web.app.db
      .insert(photos)
      .values({
        userId: m.id,
        filename: `og${m.id}.webp`,
        thumbFilename: `og${m.id}_t.webp`,
        width: 1,
        height: 1,
      })
      .returning({ id: photos.id });
    await web.app.db.update(profiles).set({ mainPhotoId: main?.id }).where(eq(profiles.userId, m.id));

    const html = await page(`/members/${m.id}`);
    expect(metaOf(html, 'og:title')).toMatch(/^Eva &quot;&lt;x&gt;, \d+, Gouda$/);
    const description = metaOf(html, 'og:description') ?? '';
    expect(description).toContain('fietsen &amp; &quot;koffie&quot; &lt;b&gt;');
    expect(description).not.toContain('EINDE');
    const decoded = description
      .replaceAll('&quot;', '"')
      .replaceAll('&lt;', '<')
      .replaceAll('&gt;', '>')
      .replaceAll('&amp;', '&');
    expect(decoded).toBe(about.slice(0, 150).trim());
    expect(metaOf(html, 'og:image')).toBe(`http://localhost/media/og${m.id}.webp`);
    expect(html).not.toContain('<x>');
    expect(html).not.toContain('<b>');
    expect(html).not.toContain(m.email);

    await web.app.db.update(photos).set({ status: 'pending' }).where(eq(photos.userId, m.id));
    const pending = await page(`/members/${m.id}/`);
    expect(metaOf(pending, 'og:title')).toBeDefined();
    expect(metaOf(pending, 'og:image')).toBeUndefined();
  });

  it("M-05 unknown, unlisted or malformed profile links share the site, never a member's name or photo", async () => {
    const invisible = await buildMember(web.app.db, { invisible: true });
    const plain = await page('/members');
    expect(plain).toContain('<meta property="og:type" content="website" />');
    expect(plain).not.toContain('og:image');
    for (const path of [
      '/members/2147483647',
      `/members/${invisible.id}`,
      '/members/99999999999',
      `/members/${invisible.id}/chat`,
    ]) {
      const html = await page(path);
      expect(html, path).not.toContain('content="profile"');
      expect(html, path).not.toContain('og:image');
      expect(html, path).not.toContain(invisible.name);
    }
  });
});

// ---------------------------------------------------------------- nothing leaks

describe('M-10 what never leaves the server', () => {
  it('M-10 no answer of these endpoints carries coordinates, e-mail addresses or private photo paths', async () => {
    expect(answers.length).toBeGreaterThan(50);
    const coordinateKey = /"(lat|lon|lng|latitude|longitude|lat_coarse|lon_coarse|latCoarse|lonCoarse)"\s*:/;
    const rows = await t.app.db.select({ lat: profiles.latCoarse, lon: profiles.lonCoarse }).from(profiles);
    const values = rows
      .flatMap((r) => [r.lat, r.lon])
      .filter((v): v is number => v !== null && !Number.isInteger(v))
      .map(String);
    const privateFiles = (await t.app.db.select().from(photos).where(eq(photos.isPrivate, true))).map((p) =>
      p.filename.replace('.webp', ''),
    );
    expect(values.length).toBeGreaterThan(3);
    expect(privateFiles.length).toBeGreaterThan(0);
    for (const body of successes) expect(body).not.toMatch(coordinateKey);
    for (const body of answers) {
      for (const v of values) expect(body).not.toContain(v);
      for (const e of emails) expect(body).not.toContain(e);
      for (const f of privateFiles) expect(body).not.toContain(f);
    }
  });
});
