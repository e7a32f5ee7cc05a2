import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/members.ts';

/** Issue 10: names (item 12) and the signup field errors, through the API in Dutch. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const nl = { 'accept-language': 'nl' };

describe('profile names through the API (issue 10 item 12)', () => {
  it('A-03 M-01 "＠admin" fails the @ rule; zero-width and bidi characters are refused; nothing is saved', async () => {
    const m = await buildMember(t.app.db, { name: 'Origineel' });
    const put = (name: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/profile',
        cookies: m.cookies,
        headers: nl,
        payload: { name },
      });
    const at = await put('＠admin');
    expect(at.statusCode).toBe(400);
    expect(at.json().error.fields.name).toBe('Je profielnaam mag niet beginnen met een @');
    for (const name of ['Ad\u200bmin', 'Anna\u202e', '\u2066Bob\u2069', 'Eva\u0000']) {
      const res = await put(name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().error.fields.name).toBe('Je profielnaam bevat tekens die niet zijn toegestaan.');
    }
    const own = await t.app.inject({ url: '/api/profile', cookies: m.cookies });
    expect(own.json().profile.name).toBe('Origineel');
    // Fullwidth letters are stored as the plain letters they mean (NFKC).
    expect((await put('Ｍａｒｋ')).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/profile', cookies: m.cookies })).json().profile.name).toBe(
      'Mark',
    );
  });

  it('A-01 signup refuses a fullwidth-@ name and a NUL in the signup message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: nl,
      payload: {
        email: `fw-${Date.now()}@example.test`,
        name: '＠vonk',
        password: 'a-long-passphrase',
        date_of_birth: '1990-01-01',
        signup_message: 'Hoi\u0000',
        gender: 'male',
        looking_for: 'female',
        terms: true,
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      name: 'Je profielnaam mag niet beginnen met een @',
      signup_message: 'Deze tekst bevat tekens die niet zijn toegestaan.',
    });
  });
});

describe('signup: "name equals e-mail" with the other field errors (issue 10)', () => {
  it('A-03 the server names it together with the other wrong fields', async () => {
    const email = `zelfde-${Date.now()}@ex.nl`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      headers: nl,
      payload: { email, name: email, password: 'kort', gender: 'male', looking_for: 'female', terms: true },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields).toMatchObject({
      name: 'Je profielnaam moet anders zijn dan je e-mailadres',
      password: 'Je wachtwoord moet minstens 8 tekens hebben.',
      date_of_birth: 'Vul uw geboortedatum in (18+ jaar)',
    });
  });
});
