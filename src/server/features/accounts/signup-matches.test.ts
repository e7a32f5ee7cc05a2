import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photos, profiles } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember, type TestMember } from '../../test/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A man the new member could match, somewhere, seen `minutesAgo`. */
async function man(
  name: string,
  where: { country: string; region: string | null; city: string; lat: number; lon: number },
  opts: { photo?: boolean; minutesAgo?: number } = {},
): Promise<TestMember> {
  const m = await buildMember(t.app.db, {
    name,
    lastActiveAt: new Date(Date.now() - (opts.minutesAgo ?? 10) * 60_000),
    profile: {
      gender: 'male',
      lookingFor: 'female',
      country: where.country,
      region: where.region,
      city: where.city,
      latCoarse: where.lat,
      lonCoarse: where.lon,
    },
  });
  if (opts.photo) {
    const [photo] = await t.app.db
      .insert(photos)
      .values({
        userId: m.id,
        filename: `sm${m.id}.webp`,
        thumbFilename: `sm${m.id}_t.webp`,
        width: 600,
        height: 800,
      })
      .returning();
    await t.app.db.update(profiles).set({ mainPhotoId: photo?.id }).where(eq(profiles.userId, m.id));
  }
  return m;
}

const AMSTERDAM = { country: 'NL', region: 'NL-NH', city: 'Amsterdam', lat: 52.37, lon: 4.9 };

describe('A-11 first matches after signup (issue 10, bugs met on the way)', () => {
  it("A-11 issue 10: a Dutch member's first matches come from the Netherlands: with a photo first, own province first, nearest first", async () => {
    const stamp = Date.now().toString(36);
    // Abroad and most recently active: they came first before the fix.
    await man(
      `Stuttgart${stamp}`,
      { country: 'DE', region: 'DE-BW', city: 'Stuttgart', lat: 48.78, lon: 9.18 },
      { photo: true, minutesAgo: 1 },
    );
    await man(
      `Birmingham${stamp}`,
      { country: 'GB', region: null, city: 'Birmingham', lat: 52.49, lon: -1.89 },
      { photo: true, minutesAgo: 1 },
    );
    await man(
      `Espoo${stamp}`,
      { country: 'FI', region: 'FI-18', city: 'Espoo', lat: 60.2, lon: 24.66 },
      { photo: true, minutesAgo: 1 },
    );
    // Home.
    await man(
      `Groningen${stamp}`,
      { country: 'NL', region: 'NL-GR', city: 'Groningen', lat: 53.22, lon: 6.57 },
      { photo: true, minutesAgo: 2 },
    );
    await man(
      `Haarlem${stamp}`,
      { country: 'NL', region: 'NL-NH', city: 'Haarlem', lat: 52.38, lon: 4.64 },
      { photo: true, minutesAgo: 50 },
    );
    await man(
      `DenHelder${stamp}`,
      { country: 'NL', region: 'NL-NH', city: 'Den Helder', lat: 52.96, lon: 4.76 },
      { photo: true, minutesAgo: 3 },
    );
    await man(
      `Zaandam${stamp}`,
      { country: 'NL', region: 'NL-NH', city: 'Zaandam', lat: 52.44, lon: 4.83 },
      { minutesAgo: 1 },
    );
    await man(
      `Leiden${stamp}`,
      { country: 'NL', region: 'NL-ZH', city: 'Leiden', lat: 52.16, lon: 4.49 },
      { photo: true, minutesAgo: 4 },
    );

    const me = await buildMember(t.app.db, {
      profile: {
        gender: 'female',
        lookingFor: 'male',
        ...AMSTERDAM,
        latCoarse: AMSTERDAM.lat,
        lonCoarse: AMSTERDAM.lon,
      },
    });
    const res = await t.app.inject({ url: '/api/signup-matches', cookies: me.cookies });
    expect(res.statusCode).toBe(200);
    const names = (res.json().profiles as Array<{ name: string }>)
      .map((p) => p.name)
      .filter((n) => n.endsWith(stamp))
      .map((n) => n.slice(0, -stamp.length));
    // Issue 11: members with a photo first, then strictly by distance (Leiden, 36 km, before Den Helder of
    // the own province, 66 km), each with a rounded distance.
    expect(names).toEqual(['Haarlem', 'Leiden', 'DenHelder', 'Groningen', 'Zaandam']);
    const haarlem = (res.json().profiles as Array<{ name: string; distance: unknown }>).find(
      (p) => p.name === `Haarlem${stamp}`,
    );
    expect(haarlem?.distance).toEqual({ km: 18, less_than: false });
  });

  it('A-11 issue 11: a place given at signup is stored as city, province and a rounded position; outside the site it is a field error', async () => {
    const body = (email: string, place: { lat: number; lon: number }) => ({
      email,
      name: `Plek${Date.now().toString(36)}`,
      password: 'een-lang-wachtwoord-9',
      date_of_birth: '1990-02-03',
      gender: 'female',
      looking_for: 'male',
      terms: true,
      place,
    });
    const stamp = Date.now().toString(36);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: body(`plek-${stamp}@example.test`, { lat: 52.0907, lon: 5.1214 }),
    });
    expect(res.statusCode).toBe(201);
    const { user } = res.json() as { user: { id: number } };
    const [row] = await t.app.db.select().from(profiles).where(eq(profiles.userId, user.id));
    expect(row).toMatchObject({
      country: 'NL',
      region: 'NL-UT',
      city: 'Utrecht',
      latCoarse: 52.09,
      lonCoarse: 5.12,
    });
    const far = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: body(`ver-${stamp}@example.test`, { lat: 35.68, lon: 139.69 }),
    });
    expect(far.statusCode).toBe(400);
    expect(far.json().error.fields?.place ?? JSON.stringify(far.json())).toBeTruthy();
    expect(JSON.stringify(far.json())).toContain('place');
  });

  it('A-11 issue 11: the city search finds places of the site by the start of their name, largest first, accents ignored', async () => {
    const res = await t.app.inject({ url: '/api/places?q=utre' });
    expect(res.statusCode).toBe(200);
    const places = res.json().places as Array<{
      city: string;
      country: string;
      region: { code: string } | null;
    }>;
    expect(places[0]).toMatchObject({ city: 'Utrecht', country: 'NL', region: { code: 'NL-UT' } });
    const zurich = (await t.app.inject({ url: '/api/places?q=zurich' })).json().places as Array<{
      city: string;
    }>;
    expect(zurich[0]?.city).toBe('Zürich');
    // Tokyo is no place of this site.
    expect((await t.app.inject({ url: '/api/places?q=tokyo' })).json().places).toEqual([]);
    expect((await t.app.inject({ url: '/api/places' })).statusCode).toBe(400);
  });

  it('A-11 issue 10: without a place the first matches still keep to the own country', async () => {
    const me = await buildMember(t.app.db, {
      profile: { gender: 'female', lookingFor: 'male', country: 'DE' },
    });
    const res = await t.app.inject({ url: '/api/signup-matches', cookies: me.cookies });
    const cities = (res.json().profiles as Array<{ city: string | null }>).map((p) => p.city);
    expect(cities).toContain('Stuttgart');
    expect(cities.filter((c) => c !== 'Stuttgart')).toEqual([]);
  });

  it('A-11 first matches need a session', async () => {
    expect((await t.app.inject({ url: '/api/signup-matches' })).statusCode).toBe(403);
  });
});
