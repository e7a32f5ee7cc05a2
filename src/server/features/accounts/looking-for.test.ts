import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZUser } from '../../../shared/contract/accounts.ts';
import { ZOwnProfileResponse } from '../../../shared/contract/profiles.ts';
import { profiles } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/members.ts';

// "Ik zoek" takes one gender or several (issue 11, decision 0015), stored as a set; `looking_for` keeps
// answering one gender (null when several) for clients that know only that.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
async function signup(looking_for: unknown) {
  counter++;
  return t.app.inject({
    method: 'POST',
    url: '/api/signup',
    headers: { 'accept-language': 'nl' },
    payload: {
      email: `zoek${counter}-${Date.now()}@example.test`,
      name: `Zoeker${counter}`,
      password: 'a-long-passphrase',
      date_of_birth: '1994-02-11',
      gender: 'male',
      looking_for,
      terms: true,
    },
  });
}

function cookieOf(res: { cookies: { name: string; value: string }[] }): Record<string, string> {
  const c = res.cookies.find((c) => c.name === 'vonk_session');
  if (!c) throw new Error('no session cookie');
  return { vonk_session: c.value };
}

const storedFor = async (id: number) =>
  (await t.app.db.select({ l: profiles.lookingFor }).from(profiles).where(eq(profiles.userId, id)))[0]?.l;

describe('A-01 M-01 "Ik zoek" with one choice or several', () => {
  it('A-01 signup takes several genders, stores the set in GENDERS order, and answers both fields', async () => {
    const res = await signup(['female', 'male', 'female']);
    expect(res.statusCode, res.body).toBe(201);
    const user = ZUser.parse(res.json().user);
    expect(user.profile.looking_for).toBeNull();
    expect(user.profile.looking_for_genders).toEqual(['male', 'female']);
    expect(await storedFor(user.id)).toEqual(['male', 'female']);
  });

  it('A-01 one gender as a plain value still works, as before', async () => {
    const res = await signup('female');
    expect(res.statusCode, res.body).toBe(201);
    const user = ZUser.parse(res.json().user);
    expect(user.profile.looking_for).toBe('female');
    expect(user.profile.looking_for_genders).toEqual(['female']);
    expect(await storedFor(user.id)).toEqual(['female']);
  });

  it('A-03 none, an empty set or an unknown gender is a localised field error, never a 500', async () => {
    for (const wrong of [undefined, [], ['female', 'robot'], 'robot', 7]) {
      const res = await signup(wrong);
      expect(res.statusCode, JSON.stringify(wrong)).toBe(400);
      expect(res.json().error.fields.looking_for, JSON.stringify(wrong)).toBe('Maak een keuze.');
    }
  });

  it('M-01 the profile edit changes the set; the own profile answers it', async () => {
    const m = await buildMember(t.app.db, { profile: { gender: 'female', lookingFor: 'male' } });
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      cookies: m.cookies,
      payload: { looking_for: ['couple', 'male'] },
    });
    expect(put.statusCode, put.body).toBe(200);
    const own = ZOwnProfileResponse.parse(
      (await t.app.inject({ url: '/api/profile', cookies: m.cookies })).json(),
    ).profile;
    expect(own.looking_for).toBeNull();
    expect(own.looking_for_genders).toEqual(['male', 'couple']);
    const back = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      cookies: m.cookies,
      payload: { looking_for: 'male' },
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await storedFor(m.id)).toEqual(['male']);
  });

  it('D-01 A-11 search starts at any gender for a member who seeks several; the first matches keep to the set', async () => {
    const stamp = Date.now().toString(36);
    // A province no other test here uses, so only these members are there.
    const where = { country: 'NL', region: 'NL-ZE', city: 'Middelburg' };
    const man = await buildMember(t.app.db, {
      name: `Man${stamp}`,
      profile: { ...where, gender: 'male', lookingFor: 'male' },
    });
    const woman = await buildMember(t.app.db, {
      name: `Vrouw${stamp}`,
      profile: { ...where, gender: 'female', lookingFor: 'male' },
    });
    const couple = await buildMember(t.app.db, {
      name: `Stel${stamp}`,
      profile: { ...where, gender: 'couple', lookingFor: null },
    });
    for (const m of [man, woman, couple])
      await t.app.db.update(profiles).set({ listed: true }).where(eq(profiles.userId, m.id));
    const res = await signup(['male', 'female']);
    expect(res.statusCode, res.body).toBe(201);
    const cookies = cookieOf(res);
    const me = ZUser.parse(res.json().user);
    await t.app.db.update(profiles).set(where).where(eq(profiles.userId, me.id));

    const found = (
      await t.app.inject({ url: '/api/members?country=NL&countryregion=NL-ZE', cookies })
    ).json();
    expect(found.filters.gender).toBeNull();
    const ids = found.page.results.map((r: { id: number }) => r.id);
    expect(ids).toEqual(expect.arrayContaining([man.id, woman.id, couple.id]));
    // One gender asked: one gender found, as the spec's search state has it.
    const women = (
      await t.app.inject({ url: '/api/members?country=NL&countryregion=NL-ZE&gender=female', cookies })
    ).json();
    expect(women.page.results.map((r: { id: number }) => r.id)).toEqual([woman.id]);

    const matches = (await t.app.inject({ url: '/api/signup-matches', cookies })).json();
    const matchIds = matches.profiles.map((p: { id: number }) => p.id);
    expect(matchIds).toEqual(expect.arrayContaining([man.id, woman.id]));
    expect(matchIds).not.toContain(couple.id);
  });
});
