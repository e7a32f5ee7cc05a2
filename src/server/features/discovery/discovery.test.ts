import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ageOn } from '../../../shared/contract/accounts.ts';
import { type TSearchResponse, ZSearchResponse } from '../../../shared/contract/discovery.ts';
import { ZMemberCard } from '../../../shared/contract/profiles.ts';
import { blocks, photos, profiles, sites, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { yearsBefore } from './service.ts';

let t: TestApp;
/** Every answer of this file, checked at the end for what must never leave the server. */
const answers: { status: number; body: string }[] = [];
const emails: string[] = [];

/** Sites with other visitor rules (D-02) and fewer search fields, made before anything caches them. */
const SITES = {
  closed: 'closed-search.test',
  source: 'source-search.test',
  fields: 'few-fields.test',
};

beforeAll(async () => {
  t = await createTestApp();
  const base = {
    companyId: 1,
    name: 'Test',
    indexTitle: 'Test',
    description: 'Test',
    countries: ['NL', 'BE', 'DE', 'AT', 'CH', 'DK', 'SE', 'FR', 'IT', 'ES'],
    supportPhone: '1',
    supportEmail: 'support@search.test',
    mailName: 'Test',
  };
  await t.app.db.insert(sites).values([
    { ...base, domain: SITES.closed, loggedOutSearch: false, loggedOutSearchTrafficsource: false },
    { ...base, domain: SITES.source, loggedOutSearch: false, loggedOutSearchTrafficsource: true },
    { ...base, domain: SITES.fields, searchFields: ['gender', 'country'] },
  ]);
});
afterAll(() => t.close());

// ---------------------------------------------------------------- helpers

type Overrides = Parameters<typeof buildMember>[1];
async function member(overrides: Overrides = {}): Promise<TestMember> {
  const m = await buildMember(t.app.db, overrides);
  emails.push(m.email);
  return m;
}
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000 - 1000);
/** Date of birth of someone `age` years old today, `plusDays` days younger than exactly. */
const bornAged = (age: number, plusDays = 0) => {
  const d = new Date(`${yearsBefore(new Date(), age)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + plusDays);
  return d.toISOString().slice(0, 10);
};

async function search(viewer: TestMember | null, query = '', host = 'localhost') {
  const res = await t.app.inject({
    url: `/api/members${query ? `?${query}` : ''}`,
    headers: { host },
    ...(viewer ? { cookies: viewer.cookies } : {}),
  });
  answers.push({ status: res.statusCode, body: res.body });
  return res;
}

async function found(viewer: TestMember | null, query = '', host = 'localhost'): Promise<TSearchResponse> {
  const res = await search(viewer, query, host);
  expect(res.statusCode, res.body).toBe(200);
  return ZSearchResponse.strict().parse(res.json());
}
const ids = (r: TSearchResponse) => r.page.results.map((c) => c.id);
const similarIds = (r: TSearchResponse) => r.similar?.results.map((c) => c.id) ?? [];

// ---------------------------------------------------------------- D-01

describe('D-01 member search', () => {
  it('D-01 finds listed members of the country and gender sought, newest activity first, with the count', async () => {
    const viewer = await member({ profile: { gender: 'male', lookingFor: 'female', country: 'DK' } });
    const women = [];
    for (const days of [3, 0, 9, 1])
      women.push(await member({ lastActiveAt: daysAgo(days), profile: { country: 'DK' } }));
    const men = [
      await member({ lastActiveAt: daysAgo(2), profile: { country: 'DK', gender: 'male' } }),
      await member({ lastActiveAt: daysAgo(5), profile: { country: 'DK', gender: 'male' } }),
    ];
    await member({ profile: { country: 'NO' } });

    const r = await found(viewer);
    expect(r.filters).toEqual({
      gender: 'female',
      country: 'DK',
      region: null,
      min_age: null,
      max_age: null,
      sort: 'near',
      max_km: null,
      online: false,
      photo: false,
    });
    expect(ids(r)).toEqual([women[1], women[3], women[0], women[2]].map((m) => m?.id));
    expect(r).toMatchObject({ numResults: 4, numResultsCapped: false, pageSize: 24, similar: null });
    expect(r.page.pageNumber).toBe(1);
    for (const card of r.page.results) ZMemberCard.strict().parse(card);
    expect(r.page.results[0]).toMatchObject({
      country: 'DK',
      fictional: false,
      online: true,
      thumb_url: null,
    });
    expect(r.page.results[2]?.online).toBe(false);

    // The viewer is a man too, but never finds himself.
    const m = await found(viewer, 'gender=male');
    expect(ids(m)).toEqual(men.map((x) => x.id));
    expect(ids(m)).not.toContain(viewer.id);
  });

  it('D-01 pages hold 24 members, the last one the rest, and no member twice', async () => {
    const viewer = await member({ profile: { gender: 'male', lookingFor: 'female', country: 'AT' } });
    const made = [];
    for (let i = 0; i < 30; i++)
      made.push(await member({ lastActiveAt: daysAgo(i), profile: { country: 'AT' } }));
    const [p1, p2, p3] = [await found(viewer), await found(viewer, 'page=2'), await found(viewer, 'page=3')];
    expect(p1.page.results).toHaveLength(24);
    expect(p2.page.results).toHaveLength(6);
    expect(p3.page.results).toHaveLength(0);
    expect([p1.page.pageNumber, p2.page.pageNumber, p3.page.pageNumber]).toEqual([1, 2, 3]);
    expect([...ids(p1), ...ids(p2)]).toEqual(made.map((m) => m.id));
    expect(p1.numResults).toBe(30);
    expect(p3.numResults).toBe(30);
  });

  it('D-01 region and age filters count whole years exactly', async () => {
    const viewer = await member({ profile: { gender: 'male', lookingFor: 'female', country: 'CH' } });
    const zurich = { country: 'CH', region: 'CH-ZH' };
    const turned30Today = await member({ profile: { ...zurich, dateOfBirth: bornAged(30) } });
    const turns30Tomorrow = await member({ profile: { ...zurich, dateOfBirth: bornAged(30, 1) } });
    const turned41Today = await member({ profile: { ...zurich, dateOfBirth: bornAged(41) } });
    const turns41Tomorrow = await member({ profile: { ...zurich, dateOfBirth: bornAged(41, 1) } });
    const bern = await member({ profile: { country: 'CH', region: 'CH-BE', dateOfBirth: bornAged(35) } });

    const r = await found(viewer, 'region=CH-ZH&min_age=30&max_age=40');
    expect(new Set(ids(r))).toEqual(new Set([turned30Today.id, turns41Tomorrow.id]));
    expect(r.filters).toMatchObject({ country: 'CH', region: 'CH-ZH', min_age: 30, max_age: 40 });
    expect(ids(r)).not.toContain(turns30Tomorrow.id);
    expect(ids(r)).not.toContain(turned41Today.id);
    // The spec's name of the region field works the same, in any case.
    expect(new Set(ids(await found(viewer, 'countryregion=ch-zh&min_age=30&max_age=40')))).toEqual(
      new Set(ids(r)),
    );
    expect(ids(await found(viewer, 'min_age=35&max_age=35'))).toEqual([bern.id]);
  });

  it('D-01 few results bring similar ones: region dropped and ages widened, with their own count', async () => {
    const viewer = await member({ profile: { gender: 'male', lookingFor: 'female', country: 'SE' } });
    const exact = [
      await member({ profile: { country: 'SE', region: 'SE-AB', dateOfBirth: bornAged(30) } }),
      await member({ profile: { country: 'SE', region: 'SE-AB', dateOfBirth: bornAged(31) } }),
    ];
    const otherRegion = [
      await member({ profile: { country: 'SE', region: 'SE-O', dateOfBirth: bornAged(30) } }),
      await member({ profile: { country: 'SE', region: null, dateOfBirth: bornAged(29) } }),
    ];
    const olderSameRegion = await member({
      profile: { country: 'SE', region: 'SE-AB', dateOfBirth: bornAged(37) },
    });
    const tooOld = await member({ profile: { country: 'SE', region: 'SE-AB', dateOfBirth: bornAged(38) } });
    const man = await member({
      profile: { country: 'SE', region: 'SE-AB', gender: 'male', dateOfBirth: bornAged(30) },
    });

    const r = await found(viewer, 'region=SE-AB&min_age=28&max_age=32');
    expect(new Set(ids(r))).toEqual(new Set(exact.map((m) => m.id)));
    expect(r.numResults).toBe(2);
    expect(r.similar?.numResults).toBe(3);
    expect(new Set(similarIds(r))).toEqual(new Set([...otherRegion, olderSameRegion].map((m) => m.id)));
    for (const id of [tooOld.id, man.id, viewer.id, ...exact.map((m) => m.id)])
      expect(similarIds(r)).not.toContain(id);

    // Nothing to widen: no similar results.
    expect((await found(viewer, 'gender=couple')).similar).toBeNull();
    // Enough results: no similar results either.
    expect((await found(viewer, 'country=AT')).similar).toBeNull();
  });

  it('D-01 similar results have further pages for members (issue 11), not for visitors', async () => {
    const viewer = await member({ profile: { gender: 'male', lookingFor: 'female', country: 'CH' } });
    await member({ profile: { country: 'CH', dateOfBirth: bornAged(60) } });
    const near = [];
    for (let i = 0; i < 26; i++)
      near.push(
        await member({
          lastActiveAt: daysAgo(i),
          profile: { country: 'CH', dateOfBirth: bornAged(56 + (i % 4)) },
        }),
      );
    const query = 'country=CH&min_age=60&max_age=60';
    const first = await found(viewer, query);
    const second = await found(viewer, `${query}&similar_page=2`);
    expect(first.similar?.numResults).toBe(26);
    expect(similarIds(first)).toHaveLength(24);
    expect(similarIds(second)).toHaveLength(2);
    expect(new Set([...similarIds(first), ...similarIds(second)])).toEqual(new Set(near.map((m) => m.id)));
    expect((await found(viewer, `${query}&similar_page=3`)).similar?.results).toEqual([]);
    // Visitors see the first page only (D-02), of the similar results too.
    expect((await search(null, `${query}&similar_page=2`)).statusCode).toBe(403);
  });

  it('D-01 cards show a thumbnail only of a public, approved main photo', async () => {
    const viewer = await member({ profile: { gender: 'male', lookingFor: 'female', country: 'ES' } });
    const withPhoto = await member({ lastActiveAt: daysAgo(1), profile: { country: 'ES' } });
    const pending = await member({ lastActiveAt: daysAgo(2), profile: { country: 'ES' } });
    for (const [m, status] of [
      [withPhoto, 'active'],
      [pending, 'pending'],
    ] as const) {
      const [p] = await t.app.db
        .insert(photos)
        .values({
          userId: m.id,
          filename: `s${m.id}.webp`,
          thumbFilename: `s${m.id}_t.webp`,
          width: 1,
          height: 1,
          status,
        })
        .returning({ id: photos.id });
      await t.app.db.update(profiles).set({ mainPhotoId: p?.id }).where(eq(profiles.userId, m.id));
    }
    const r = await found(viewer);
    expect(r.page.results.map((c) => c.thumb_url)).toEqual([`/media/s${withPhoto.id}_t.webp`, null]);
  });

  /** A public, approved main photo for `m`. */
  async function withPhoto(m: TestMember) {
    const [p] = await t.app.db
      .insert(photos)
      .values({
        userId: m.id,
        filename: `n${m.id}.webp`,
        thumbFilename: `n${m.id}_t.webp`,
        width: 1,
        height: 1,
      })
      .returning({ id: photos.id });
    await t.app.db.update(profiles).set({ mainPhotoId: p?.id }).where(eq(profiles.userId, m.id));
    return m;
  }
  const at = (lat: number, lon: number, city: string) => ({ latCoarse: lat, lonCoarse: lon, city });

  it('D-01 a member finds members nearest first with their distance in km, those without a photo last (issue 27)', async () => {
    const place = { country: 'GB' };
    const viewer = await member({
      profile: { gender: 'male', lookingFor: 'female', ...place, ...at(52.37, 4.89, 'Amsterdam') },
    });
    // Most recently active first by activity, the opposite of their distance.
    const rotterdam = await withPhoto(
      await member({ lastActiveAt: daysAgo(0), profile: { ...place, ...at(51.92, 4.48, 'Rotterdam') } }),
    );
    const haarlem = await withPhoto(
      await member({ lastActiveAt: daysAgo(1), profile: { ...place, ...at(52.38, 4.64, 'Haarlem') } }),
    );
    const nearby = await withPhoto(
      await member({ lastActiveAt: daysAgo(2), profile: { ...place, ...at(52.36, 4.9, 'Amsterdam') } }),
    );
    const noPlace = await withPhoto(await member({ lastActiveAt: daysAgo(0), profile: place }));
    const noPhoto = await member({
      lastActiveAt: daysAgo(0),
      profile: { ...place, ...at(52.37, 4.89, 'Amsterdam') },
    });

    const r = await found(viewer, 'country=GB');
    expect(r.filters.sort).toBe('near');
    expect(ids(r)).toEqual([nearby.id, haarlem.id, rotterdam.id, noPlace.id, noPhoto.id]);
    expect(r.page.results.map((c) => c.distance)).toEqual([
      { km: 5, less_than: true },
      { km: 17, less_than: false },
      { km: 57, less_than: false },
      null,
      { km: 5, less_than: true },
    ]);
    // City level only: no coordinates in the answer.
    expect(JSON.stringify(r)).not.toMatch(/52\.3|4\.89|lat|lon/);

    // Most recently active first, still photos first.
    const active = await found(viewer, 'country=GB&sort=active');
    expect(ids(active)).toEqual([noPlace.id, rotterdam.id, haarlem.id, nearby.id, noPhoto.id]);

    // A member who hides distances sees none, and shows none to others, but is still ordered by them.
    await t.app.db
      .update(users)
      .set({ locationOptions: { use_gps: false, show_distance: false } })
      .where(eq(users.id, haarlem.id));
    const hidden = await found(viewer, 'country=GB');
    expect(ids(hidden)).toEqual(ids(r));
    expect(hidden.page.results[1]?.distance).toBeNull();
  });

  it("D-01 filters: within a distance, online now, with a photo; a distance needs the member's place (issue 27)", async () => {
    const place = { country: 'IE' };
    const viewer = await member({
      profile: { gender: 'male', lookingFor: 'female', ...place, ...at(47.37, 8.54, 'Zürich') },
    });
    const close = await withPhoto(
      await member({ lastActiveAt: daysAgo(3), profile: { ...place, ...at(47.39, 8.51, 'Zürich') } }),
    );
    const far = await withPhoto(
      await member({ lastActiveAt: new Date(), profile: { ...place, ...at(46.0, 8.95, 'Lugano') } }),
    );
    const bare = await member({
      lastActiveAt: new Date(),
      profile: { ...place, ...at(47.38, 8.55, 'Zürich') },
    });

    expect(ids(await found(viewer, 'country=IE&max_km=25'))).toEqual([close.id, bare.id]);
    expect(ids(await found(viewer, 'country=IE&online=1'))).toEqual([far.id, bare.id]);
    expect(ids(await found(viewer, 'country=IE&photo=1'))).toEqual([close.id, far.id]);
    const both = await found(viewer, 'country=IE&photo=1&online=1&max_km=250');
    expect(ids(both)).toEqual([far.id]);
    expect(both.filters).toMatchObject({ max_km: 250, online: true, photo: true });
    expect(both.numResults).toBe(1);

    const bad = await search(viewer, 'country=IE&max_km=7');
    expect(bad.statusCode).toBe(400);
    const placeless = await member({ profile: { gender: 'male', lookingFor: 'female', ...place } });
    const needs = await search(placeless, 'country=IE&max_km=25');
    expect(needs.statusCode).toBe(400);
    expect(needs.json().error.fields.max_km).toBe('Vul eerst je woonplaats in om op afstand te zoeken.');
  });

  it('D-01 age bounds agree with ageOn on every day, 29 February included', () => {
    const day = (iso: string, plus: number) => {
      const d = new Date(`${iso}T00:00:00Z`);
      d.setUTCDate(d.getUTCDate() + plus);
      return d.toISOString().slice(0, 10);
    };
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2001-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.integer({ min: 18, max: 121 }),
        (today, years) => {
          const bound = yearsBefore(today, years);
          expect(ageOn(bound, today)).toBe(years);
          expect(ageOn(day(bound, 1), today)).toBe(years - 1);
        },
      ),
    );
    expect(yearsBefore(new Date('2024-02-29T12:00:00Z'), 18)).toBe('2006-02-28');
  });

  it('D-01 a site that offers fewer search fields ignores the others', async () => {
    const viewer = await member({ profile: { gender: 'male', lookingFor: 'female', country: 'BE' } });
    const young = await member({ profile: { country: 'BE', dateOfBirth: bornAged(25) } });
    const r = await found(viewer, 'min_age=60&country=BE', SITES.fields);
    expect(ids(r)).toContain(young.id);
    expect(r.filters).toMatchObject({ country: 'BE', min_age: null, max_age: null });
  });

  it('D-01 absurd input is a clean 400 in the error shape, never a 500', async () => {
    const viewer = await member();
    const long = 'x'.repeat(1024);
    const bad = [
      'min_age=40&max_age=30',
      'min_age=17',
      'max_age=121',
      'min_age=abc',
      'min_age=25.5',
      'min_age=-1',
      'max_age=1e9',
      'country=XX',
      'country=JP',
      'country=Nederland',
      'country=NL&region=DE-BY',
      'region=NL-XX',
      'gender=robot',
      'page=0',
      'page=-3',
      'page=1001',
      'page=1000000000',
      'page=1.5',
      'page=abc',
      'page=1&page=2',
      `gender=${long}`,
      `country=${long}`,
      `region=${long}`,
      `countryregion=${long}`,
      `network=${long}`,
      `min_age=${'9'.repeat(1024)}`,
    ];
    for (const query of bad) {
      for (const who of [viewer, null]) {
        const res = await search(who, query);
        expect(res.statusCode, `${query} ${res.body}`).toBe(400);
        expect(res.json().error.code, query).toBe('validation');
        expect(Object.keys(res.json().error.fields ?? {}).length, query).toBeGreaterThan(0);
      }
    }
    // The highest page is allowed and simply empty; empty fields count as not given.
    const last = await found(viewer, 'page=1000');
    expect(last.page).toEqual({ pageNumber: 1000, results: [] });
    expect((await found(viewer, 'min_age=&max_age=&gender=&region=')).filters.min_age).toBeNull();
  });
});

// ---------------------------------------------------------------- D-10 and blocks

describe('D-10 who never appears', () => {
  it('D-10 invisible, deleted, banned, not activated and blocked members never appear, nor in counts or similar results', async () => {
    const viewer = await member({
      profile: { gender: 'male', lookingFor: 'female', country: 'FR', region: 'FR-IDF' },
    });
    const fr = (region: string) => ({ country: 'FR', region, dateOfBirth: bornAged(30) });
    const visible = await member({ profile: fr('FR-IDF') });
    const visibleElsewhere = await member({ profile: fr('FR-ARA') });
    const hidden = [
      await member({ invisible: true, profile: fr('FR-IDF') }),
      await member({ deletedAt: new Date(), profile: fr('FR-IDF') }),
      await member({ status: 'banned', profile: fr('FR-IDF') }),
      await member({ status: 'not_confirmed', profile: { ...fr('FR-IDF'), status: 'disabled' } }),
      await member({ invisible: true, profile: fr('FR-ARA') }),
    ];
    const blockedByViewer = [
      await member({ profile: fr('FR-IDF') }),
      await member({ profile: fr('FR-ARA') }),
    ];
    const blockerOfViewer = [
      await member({ profile: fr('FR-IDF') }),
      await member({ profile: fr('FR-ARA') }),
    ];
    await t.app.db
      .insert(blocks)
      .values([
        ...blockedByViewer.map((m) => ({ blockerId: viewer.id, blockedId: m.id })),
        ...blockerOfViewer.map((m) => ({ blockerId: m.id, blockedId: viewer.id })),
      ]);

    const r = await found(viewer, 'region=FR-IDF&min_age=25&max_age=35');
    expect(ids(r)).toEqual([visible.id]);
    expect(r.numResults).toBe(1);
    expect(similarIds(r)).toEqual([visibleElsewhere.id]);
    expect(r.similar?.numResults).toBe(1);
    const all = await found(viewer);
    expect(new Set(ids(all))).toEqual(new Set([visible.id, visibleElsewhere.id]));
    expect(all.numResults).toBe(2);

    // Blocks only concern the two members: a visitor finds them, but never the unlisted.
    const visitor = await found(null, 'country=FR&gender=female');
    const expected = [visible, visibleElsewhere, ...blockedByViewer, ...blockerOfViewer].map((m) => m.id);
    expect(new Set(ids(visitor))).toEqual(new Set(expected));
    expect(visitor.numResults).toBe(expected.length);
    for (const m of hidden) expect(ids(visitor)).not.toContain(m.id);

    // Invisible mode through the API (D-10): gone at once, back when switched off.
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/privacy',
      cookies: visible.cookies,
      payload: { invisible: true },
    });
    expect(res.statusCode).toBe(200);
    expect(ids(await found(viewer))).toEqual([visibleElsewhere.id]);
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/privacy',
      cookies: visible.cookies,
      payload: { invisible: false },
    });
    expect(ids(await found(viewer))).toContain(visible.id);
  });

  it("M-06 blocking through the API removes both members from each other's search at once", async () => {
    const a = await member({
      profile: { gender: 'male', lookingFor: 'female', country: 'IT', region: 'IT-25' },
    });
    const b = await member({
      profile: { gender: 'female', lookingFor: 'male', country: 'IT', region: 'IT-25' },
    });
    expect(ids(await found(a, 'region=IT-25'))).toContain(b.id);
    expect(ids(await found(b, 'region=IT-25'))).toContain(a.id);
    const block = await t.app.inject({
      method: 'POST',
      url: `/api/members/${a.id}/block`,
      cookies: b.cookies,
    });
    expect(block.statusCode).toBe(200);
    expect(ids(await found(a, 'region=IT-25'))).not.toContain(b.id);
    expect(ids(await found(b, 'region=IT-25'))).not.toContain(a.id);
  });
});

// ---------------------------------------------------------------- D-02 visitors

describe('D-02 logged-out search', () => {
  it('D-02 visitors of a site with logged_out_search get the first page only, at most 12', async () => {
    for (let i = 0; i < 14; i++) await member({ lastActiveAt: daysAgo(i), profile: { country: 'DE' } });
    const r = await found(null, 'country=DE&gender=female');
    expect(r.page.results).toHaveLength(12);
    expect(r.pageSize).toBe(12);
    expect(r.numResults).toBe(14);
    const next = await search(null, 'country=DE&gender=female&page=2');
    expect(next.statusCode).toBe(403);
    expect(next.json().error).toMatchObject({
      code: 'authentication_required',
      authentication_required: true,
    });
    // Without a country, a visitor searches the country of the site.
    expect((await found(null)).filters.country).toBe('NL');
  });

  it('D-02 a site without logged_out_search asks visitors to log in, members search as usual', async () => {
    const res = await search(null, 'country=DE', SITES.closed);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'authentication_required',
      authentication_required: true,
    });
    expect(res.json().error.message).toBeTypeOf('string');
    // A traffic source does not open it when the site does not allow that.
    expect((await search(null, 'country=DE&network=aff', SITES.closed)).statusCode).toBe(403);
    const m = await member({ profile: { gender: 'male', lookingFor: 'female', country: 'DE' } });
    expect((await found(m, 'country=DE', SITES.closed)).page.results.length).toBeGreaterThan(0);
  });

  it('D-02 logged_out_search_trafficsource lets visitors with a network or ref search, others not', async () => {
    expect((await search(null, 'country=DE', SITES.source)).statusCode).toBe(403);
    expect((await search(null, 'country=DE&network=', SITES.source)).statusCode).toBe(403);
    for (const source of ['network=aff1', 'ref=partner']) {
      const r = await found(null, `country=DE&gender=female&${source}`, SITES.source);
      expect(r.page.results).toHaveLength(12);
      expect(r.pageSize).toBe(12);
    }
    expect((await search(null, 'country=DE&network=aff1&page=2', SITES.source)).statusCode).toBe(403);
  });
});

// ---------------------------------------------------------------- nothing leaks

describe('M-10 search answers', () => {
  it('M-10 no search answer carries coordinates or e-mail addresses', async () => {
    await member({ profile: { country: 'DK', latCoarse: 55.68, lonCoarse: 12.57 } });
    await found(null, 'country=DK');
    expect(answers.length).toBeGreaterThan(60);
    for (const { status, body } of answers) {
      if (status === 200)
        expect(body).not.toMatch(/"(lat|lon|latitude|longitude|lat_coarse|lon_coarse|latCoarse|lonCoarse)"/);
      expect(body).not.toContain('55.68');
      expect(body).not.toContain('12.57');
      expect(body).not.toContain('date_of_birth');
      for (const e of emails) expect(body).not.toContain(e);
    }
  });
});
