import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditBundles, creditLedger, emailTokens, payments, sites, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember, TEST_PASSWORD } from '../../test/members.ts';
import { banMember, purgeDeletedAccounts } from './account-settings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let counter = 0;
function signupBody(overrides: Record<string, unknown> = {}) {
  counter++;
  return {
    email: `new${counter}-${Date.now()}@example.test`,
    name: `Nieuw${counter}`,
    password: 'a-long-passphrase',
    date_of_birth: '1995-03-20',
    signup_message: 'Hoi!',
    gender: 'male',
    looking_for: 'female',
    terms: true,
    ...overrides,
  };
}

async function signup(overrides: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/signup', payload: signupBody(overrides), headers });
}

function sessionCookie(res: { cookies: { name: string; value: string }[] }): Record<string, string> {
  const c = res.cookies.find((c) => c.name === 'vonk_session');
  return c ? { vonk_session: c.value } : {};
}

async function latestMailTo(email: string) {
  const mails = (await t.app.inject({ url: '/dev/mail.json' })).json() as {
    to: string;
    text: string;
    subject: string;
  }[];
  const mail = mails.find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return mail;
}
const tokenIn = (text: string) => text.match(/token=([\w-]+)/)?.[1] ?? '';

describe('signup', () => {
  it('A-01 creates the member, logs them in with a safe cookie, grants signup credits and mails an activation link', async () => {
    const body = signupBody({ tracking: { network: 'aff1', sub1: 'x' } });
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: body });
    expect(res.statusCode).toBe(201);
    const { user } = res.json();
    expect(user).toMatchObject({
      email: body.email,
      status: 'not_confirmed',
      credits: 10,
      paid_user: false,
      signup_step: 1,
    });
    expect(user.profile).toMatchObject({ name: body.name, status: 'disabled', main_image: null });
    const cookie = res.cookies.find((c) => c.name === 'vonk_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: 30 * 86_400 });
    const ledger = await t.app.db.select().from(creditLedger).where(eq(creditLedger.userId, user.id));
    expect(ledger).toEqual([expect.objectContaining({ amount: 10, balanceAfter: 10, reason: 'signup' })]);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.tracking).toEqual({ network: 'aff1', sub1: 'x' });
    const mail = await latestMailTo(body.email);
    expect(mail.subject).toContain('Vonk');
    expect(mail.text).toMatch(/\/api\/activate\?token=[\w-]{20,}/);
    expect(res.body).not.toMatch(/argon2|password_hash/);
  });

  it('A-03 answers the exact Dutch texts of spec §5', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { name: 'zelfde@example.test', email: 'zelfde@example.test' },
        'name',
        'Je profielnaam moet anders zijn dan je e-mailadres',
      ],
      [{ name: '@hallo' }, 'name', 'Je profielnaam mag niet beginnen met een @'],
      [{ date_of_birth: '' }, 'date_of_birth', 'Vul uw geboortedatum in (18+ jaar)'],
      [{ date_of_birth: '2015-01-01' }, 'date_of_birth', 'Vul uw geboortedatum in (18+ jaar)'],
      [{ date_of_birth: '1990-02-31' }, 'date_of_birth', 'Ongeldige geboortedatum.'],
      [{ date_of_birth: '1800-01-01' }, 'date_of_birth', 'Ongeldige geboortedatum.'],
      [{ email: 'geen-email' }, 'email', 'Ongeldige e-mail'],
      [{ password: 'password1' }, 'password', 'Dit wachtwoord is te makkelijk te raden. Kies een ander.'],
      [{ password: 'kort' }, 'password', 'Je wachtwoord moet minstens 8 tekens hebben.'],
    ];
    for (const [overrides, field, text] of cases) {
      const res = await signup(overrides, { 'accept-language': 'nl' });
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error.fields[field], JSON.stringify(overrides)).toBe(text);
    }
  });

  it('A-03 texts are localised for other languages, with the site minimum age', async () => {
    const res = await signup({ date_of_birth: '2015-01-01' }, { cookie: 'i18n_redirected=en' });
    expect(res.json().error.fields.date_of_birth).toMatch(/18/);
    expect(res.json().error.fields.date_of_birth).not.toBe('Vul uw geboortedatum in (18+ jaar)');
  });

  it('A-01 a taken e-mail is a 409 and makes nothing; bad input never makes a half member', async () => {
    const body = signupBody();
    expect((await t.app.inject({ method: 'POST', url: '/api/signup', payload: body })).statusCode).toBe(201);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: { ...body, email: body.email.toUpperCase() },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('email_taken');
    const rows = await t.app.db.select().from(users).where(eq(users.email, body.email));
    expect(rows).toHaveLength(1);
    for (const junk of [{}, { email: 5 }, 'x'.repeat(2000), { ...body, terms: false }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: junk as object });
      expect([400, 415]).toContain(res.statusCode);
      expect(res.json().error.message).toMatch(/\w/);
    }
  });

  it('A-02 a site that only takes signups with a traffic source refuses one without', async () => {
    await t.app.db.update(sites).set({ signups: 'with_trafficsource' }).where(eq(sites.domain, '127.0.0.1'));
    const other = await createTestApp();
    try {
      await other.app.db
        .update(sites)
        .set({ signups: 'with_trafficsource' })
        .where(eq(sites.domain, '127.0.0.1'));
      const headers = { host: '127.0.0.1' };
      const closed = await other.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: signupBody(),
        headers,
      });
      expect(closed.statusCode).toBe(403);
      expect(closed.json().error).toMatchObject({
        code: 'signups_closed',
        message: 'Aanmelden is op dit moment niet mogelijk.',
      });
      const open = await other.app.inject({
        method: 'POST',
        url: '/api/signup',
        payload: signupBody({ tracking: { network: 'partner' } }),
        headers,
      });
      expect(open.statusCode).toBe(201);
    } finally {
      await other.close();
    }
  });

  it('A-01 steps move forward and save the about-me fields', async () => {
    const res = await signup();
    const cookies = sessionCookie(res);
    const step = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/signup/step', payload, cookies });
    expect((await step({ step: 1 })).json().user.signup_step).toBe(2);
    expect(
      (await step({ step: 2, about: { sexuality: 'hetero', signup_reason: 'dating' } })).json().user
        .signup_step,
    ).toBe(3);
    expect(
      (await step({ step: 4, about: { interests: ['wine', 'wine', 'music'], about: 'Hallo' } })).json().user
        .signup_step,
    ).toBe(5);
    expect((await step({ step: 2 })).json().user.signup_step, 'never backwards').toBe(5);
    expect((await step({ step: 9 })).statusCode).toBe(400);
    const exported = (await t.app.inject({ url: '/api/account/export', cookies })).json();
    expect(exported.profile).toMatchObject({
      sexuality: 'hetero',
      signup_reason: 'dating',
      interests: ['wine', 'music'],
      about: 'Hallo',
    });
  });
});

describe('activation', () => {
  it('A-04 the link confirms once, then shows the error page; the token never appears in a redirect', async () => {
    const body = signupBody();
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: body });
    const token = tokenIn((await latestMailTo(body.email)).text);
    const first = await t.app.inject({ url: `/api/activate?token=${token}` });
    expect(first.statusCode).toBe(303);
    expect(first.headers.location).toBe('/activate/done');
    const me = (await t.app.inject({ url: '/api/user.php', cookies: sessionCookie(res) })).json().user;
    expect(me).toMatchObject({ status: 'confirmed', profile: { status: 'active' } });
    // A reused link of an active account says it is active and offers the login (issue 11).
    const again = await t.app.inject({ url: `/api/activate?token=${token}` });
    expect(again.headers.location).toBe('/activate/done?already=1');
    expect((await t.app.inject({ url: '/api/activate?token=nonsense-token-value' })).headers.location).toBe(
      '/activate/error',
    );
  });

  it('A-04 a failed link of an account still waiting offers a new mail without login; unknown links do not', async () => {
    const body = signupBody();
    await t.app.inject({ method: 'POST', url: '/api/signup', payload: body });
    const first = tokenIn((await latestMailTo(body.email)).text);
    // A second mail replaces the first link.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: body.email, password: body.password },
    });
    await t.app.inject({ method: 'POST', url: '/api/activation/resend', cookies: sessionCookie(login) });
    const second = tokenIn((await latestMailTo(body.email)).text);
    expect(second).not.toBe(first);
    const old = await t.app.inject({ url: `/api/activate?token=${first}` });
    expect(old.headers.location).toBe('/activate/error');
    expect(old.headers.location).not.toContain(first);
    const cookie = old.cookies.find((c) => c.name === 'activation_resend');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.path).toBe('/api/activation');
    const resend = await t.app.inject({
      method: 'POST',
      url: '/api/activation/resend-link',
      cookies: { activation_resend: cookie?.value ?? '' },
    });
    expect(resend.statusCode).toBe(200);
    const third = tokenIn((await latestMailTo(body.email)).text);
    expect(third).not.toBe(second);
    expect((await t.app.inject({ url: `/api/activate?token=${third}` })).headers.location).toBe(
      '/activate/done',
    );
    // Without the cookie, or with a made-up token, nothing is sent.
    const none = await t.app.inject({ method: 'POST', url: '/api/activation/resend-link' });
    expect(none.statusCode).toBe(400);
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/activation/resend-link',
      cookies: { activation_resend: 'nonsense-token-value' },
    });
    expect(made.statusCode).toBe(400);
    const unknown = await t.app.inject({ url: '/api/activate?token=nonsense-token-value' });
    expect(unknown.cookies.find((c) => c.name === 'activation_resend')).toBeUndefined();
  });

  it('A-04 an expired activation link fails', async () => {
    const body = signupBody();
    await t.app.inject({ method: 'POST', url: '/api/signup', payload: body });
    const token = tokenIn((await latestMailTo(body.email)).text);
    await t.app.db.update(emailTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await t.app.inject({ url: `/api/activate?token=${token}` })).headers.location).toBe(
      '/activate/error',
    );
  });
});

describe('session', () => {
  it('A-05 logs in with a new token every time, answers the user of spec §3, and logout ends it on the server', async () => {
    const m = await buildMember(t.app.db);
    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user.php',
        payload: { email: m.email, password: TEST_PASSWORD },
      });
    const a = await login();
    const b = await login();
    expect(a.statusCode).toBe(200);
    expect(sessionCookie(a).vonk_session).not.toBe(sessionCookie(b).vonk_session);
    const user = (await t.app.inject({ url: '/api/user.php', cookies: sessionCookie(a) })).json().user;
    for (const field of [
      'status',
      'credits',
      'notifications_disabled',
      'paid_user',
      'language',
      'signup_date',
    ]) {
      expect(user).toHaveProperty(field);
    }
    for (const field of ['name', 'country', 'status', 'main_image'])
      expect(user.profile).toHaveProperty(field);
    await t.app.inject({ url: '/api/logout.php', cookies: sessionCookie(a) });
    expect((await t.app.inject({ url: '/api/user.php', cookies: sessionCookie(a) })).json().user).toBeNull();
    expect((await t.app.inject({ url: '/api/user.php', cookies: sessionCookie(b) })).json().user.id).toBe(
      m.id,
    );
  });

  it('A-05 issue 21: another site cannot log a member out; this site, a sibling subdomain and a typed address can', async () => {
    const m = await buildMember(t.app.db);
    const login = async () =>
      sessionCookie(
        await t.app.inject({
          method: 'POST',
          url: '/api/user.php',
          payload: { email: m.email, password: TEST_PASSWORD },
        }),
      );
    const cookies = await login();
    const loggedIn = async () =>
      (await t.app.inject({ url: '/api/user.php', cookies })).json().user?.id === m.id;
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'cross-site', origin: 'https://vonk.test' },
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'same-site', origin: 'https://evil.vonk.test' },
      { origin: 'null' },
    ]) {
      const res = await t.app.inject({
        url: '/api/logout.php',
        cookies,
        headers: { host: 'vonk.test', 'accept-language': 'nl', ...headers },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json().error).toEqual({
        code: 'cross_origin',
        message: 'Dit verzoek kwam niet van onze site en is geweigerd.',
      });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await loggedIn()).toBe(true);
    }
    for (const headers of [
      { 'sec-fetch-site': 'same-origin' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' },
      { origin: 'https://vonk.test' },
    ]) {
      Object.assign(cookies, await login());
      const res = await t.app.inject({
        url: '/api/logout.php',
        cookies,
        headers: { host: 'vonk.test', ...headers },
      });
      expect(res.statusCode, JSON.stringify(headers)).toBe(200);
      expect(await loggedIn()).toBe(false);
    }
  });

  it('P-05 a members-only call without a session is a 403 with authentication_required', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/privacy',
      payload: { invisible: true },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'authentication_required',
      authentication_required: true,
    });
  });

  it('A-06 wrong passwords say so, and the fifth locks the account for 15 minutes', async () => {
    const m = await buildMember(t.app.db);
    const attempt = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/user.php', payload: { email: m.email, password } });
    for (let i = 0; i < 4; i++) {
      const res = await attempt('wrong password');
      expect(res.statusCode).toBe(401);
      expect(res.json().error.message).toBe('Login mislukt, probeer opnieuw');
    }
    const locked = await attempt('wrong password');
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.message).toBe('Te veel foute pogingen, account voor 15 min geblokkeerd.');
    const right = await attempt(TEST_PASSWORD);
    expect(right.statusCode, 'even the right password waits').toBe(429);
    await t.app.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, m.id));
    expect((await attempt(TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('A-06 an unknown e-mail gets the same answer as a wrong password', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: 'nobody@example.test', password: 'x' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('Login mislukt, probeer opnieuw');
  });

  it('refuses an unsafe request from another site (CSRF)', async () => {
    const m = await buildMember(t.app.db);
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/privacy',
      payload: { invisible: true },
      cookies: m.cookies,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('password reset', () => {
  it('A-07 the three texts of spec §8, single use, and other sessions end', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      payload: { email: 'niemand@example.test' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('E-mailadres niet gevonden');

    const m = await buildMember(t.app.db);
    const ask = () =>
      t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { email: m.email } });
    expect((await ask()).statusCode).toBe(200);
    const token = tokenIn((await latestMailTo(m.email)).text);
    const reset = (tok: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/password-reset/do',
        payload: { token: tok, password: 'a brand new secret', password_confirm: 'a brand new secret' },
      });
    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/user.php', cookies: m.cookies })).json().user,
      'old session ended',
    ).toBeNull();
    const reused = await reset(token);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: m.email, password: 'a brand new secret' },
    });
    expect(login.statusCode).toBe(200);

    expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(200);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toBe(
      'Te veel wachtwoordherstelmails verstuurd, probeer het morgen nog eens.',
    );
  });

  it('A-07 an expired reset link fails and the passwords must match', async () => {
    const m = await buildMember(t.app.db);
    await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { email: m.email } });
    const token = tokenIn((await latestMailTo(m.email)).text);
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset/do',
      payload: { token, password: 'a brand new secret', password_confirm: 'another secret!' },
    });
    expect(mismatch.json().error.fields.password_confirm).toBe('De opgegeven wachtwoorden zijn niet gelijk.');
    await t.app.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(emailTokens.userId, m.id));
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset/do',
      payload: { token, password: 'a brand new secret', password_confirm: 'a brand new secret' },
    });
    expect(expired.json().error.message).toBe('Link verlopen of invalide, vraag een nieuwe e-mail aan');
  });
});

describe('settings', () => {
  it('A-08 password change checks the old one and the repeat', async () => {
    const m = await buildMember(t.app.db);
    const change = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/account/password', payload, cookies: m.cookies });
    const wrongOld = await change({
      old_password: 'nope',
      password: 'fresh password 1',
      password_confirm: 'fresh password 1',
    });
    expect(wrongOld.json().error.fields.old_password).toBe('Controleer je oude wachtwoord.');
    const mismatch = await change({
      old_password: TEST_PASSWORD,
      password: 'fresh password 1',
      password_confirm: 'fresh password 2',
    });
    expect(mismatch.json().error.fields.password_confirm).toBe('De opgegeven wachtwoorden zijn niet gelijk.');
    expect(
      (
        await change({
          old_password: TEST_PASSWORD,
          password: 'fresh password 1',
          password_confirm: 'fresh password 1',
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await t.app.inject({ url: '/api/user.php', cookies: m.cookies })).json().user.id,
      'this session stays',
    ).toBe(m.id);
  });

  it('A-08 a new e-mail is used only after its confirmation link', async () => {
    const m = await buildMember(t.app.db);
    const next = `changed-${Date.now()}@example.test`;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/email',
      payload: { email: next, password: TEST_PASSWORD },
      cookies: m.cookies,
    });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user.php', cookies: m.cookies })).json().user.email).toBe(
      m.email,
    );
    const token = tokenIn((await latestMailTo(next)).text);
    const done = await t.app.inject({
      method: 'POST',
      url: '/api/mail-change/do',
      payload: { token },
      cookies: m.cookies,
    });
    expect(done.json().user.email).toBe(next);
    const other = await buildMember(t.app.db);
    const taken = await t.app.inject({
      method: 'PUT',
      url: '/api/account/email',
      payload: { email: next, password: TEST_PASSWORD },
      cookies: other.cookies,
    });
    expect(taken.statusCode).toBe(409);
  });

  it('A-08 I-04 notifications per type, invisible mode, location options and language', async () => {
    const m = await buildMember(t.app.db);
    const put = (url: string, payload: object) =>
      t.app.inject({ method: 'PUT', url, payload, cookies: m.cookies });
    const n = (
      await put('/api/account/notifications', { notification_settings: { promotions: false } })
    ).json().user;
    expect(n.notification_settings).toMatchObject({ promotions: false, new_messages: true });
    expect(
      (await put('/api/account/notifications', { notification_settings: { spam: true } })).statusCode,
    ).toBe(400);
    expect((await put('/api/account/privacy', { invisible: true })).json().user.invisible).toBe(true);
    expect(
      (await put('/api/account/location', { use_gps: true, show_distance: false })).json().user
        .location_options,
    ).toEqual({
      use_gps: true,
      show_distance: false,
    });
    expect((await put('/api/user.php', { language: 'de' })).json().user.language).toBe('de');
    expect((await put('/api/user.php', { language: 'xx' })).statusCode).toBe(400);
  });
});

describe('deletion, ban, export', () => {
  it('A-09 offers solutions, deletes at once, and a login within 14 days reactivates', async () => {
    const m = await buildMember(t.app.db);
    const retention = (await t.app.inject({ url: '/api/account/retention', cookies: m.cookies })).json();
    expect(retention.solutions).toEqual(
      expect.arrayContaining([
        { kind: 'invisible' },
        { kind: 'pause_email' },
        { kind: 'discount', percentage: 50 },
      ]),
    );
    const wrong = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: 'x', reasons: [] },
      cookies: m.cookies,
    });
    expect(wrong.statusCode).toBe(400);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: TEST_PASSWORD, reasons: ['found_partner'], comment: 'bedankt' },
      cookies: m.cookies,
    });
    expect(del.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/user.php', cookies: m.cookies })).json().user).toBeNull();
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: m.email, password: TEST_PASSWORD },
    });
    expect(back.statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, m.id));
    expect(row?.deletedAt).toBeNull();
  });

  it('A-09 after 14 days the account cannot come back and the purge removes it', async () => {
    const m = await buildMember(t.app.db);
    await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: TEST_PASSWORD, reasons: [] },
      cookies: m.cookies,
    });
    await t.app.db
      .update(users)
      .set({ deletedAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(users.id, m.id));
    const late = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: m.email, password: TEST_PASSWORD },
    });
    expect(late.statusCode).toBe(401);
    const removed: number[] = [];
    const purged = await purgeDeletedAccounts(t.app.db, async (id) => void removed.push(id), new Date());
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(removed).toContain(m.id);
    expect(await t.app.db.select().from(users).where(eq(users.id, m.id))).toEqual([]);
  });

  it('A-10 a banned member is logged out at once and cannot log in', async () => {
    const m = await buildMember(t.app.db);
    await banMember(t.app.db, m.id, 'spam', new Date());
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/account/privacy',
      payload: { invisible: true },
      cookies: m.cookies,
    });
    expect(res.statusCode).toBe(403);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: m.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().error.code).toBe('banned');
  });

  it('A-12 the export holds my data and nothing secret; each member only ever sees their own account', async () => {
    const a = await buildMember(t.app.db, { name: 'Anna' });
    const b = await buildMember(t.app.db, { name: 'Bram' });
    const exportA = await t.app.inject({ url: '/api/account/export', cookies: a.cookies });
    expect(exportA.headers['content-disposition']).toMatch(/attachment; filename="vonk-data-/);
    const data = exportA.json();
    expect(data.account.email).toBe(a.email);
    expect(data.profile.name).toBe('Anna');
    expect(exportA.body).not.toMatch(/password|token_hash|\$argon2/i);
    expect(exportA.body).not.toContain(b.email);
    expect((await t.app.inject({ url: '/api/user.php', cookies: b.cookies })).json().user.email).toBe(
      b.email,
    );
  });
});

describe('A-12 the export holds messages and payments (issue 27)', () => {
  it("A-12 the export lists my messages both ways and my payments, never another member's", async () => {
    const a = await buildMember(t.app.db, { name: 'Anouk', credits: 100, profile: { lookingFor: 'male' } });
    const b = await buildMember(t.app.db, {
      name: 'Bas',
      credits: 100,
      profile: { gender: 'male', lookingFor: 'female' },
    });
    const c = await buildMember(t.app.db, { name: 'Cor', credits: 100, profile: { gender: 'male' } });
    const chatWith = async (from: typeof a, to: typeof a) => {
      const open = await t.app.inject({
        method: 'POST',
        url: `/api/members/${to.id}/chat`,
        cookies: from.cookies,
      });
      expect(open.statusCode, open.body).toBeLessThan(300);
      return (open.json() as { conversation: { id: number } }).conversation.id;
    };
    const send = async (from: typeof a, id: number, body: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/chats/${id}/messages`,
        cookies: from.cookies,
        payload: { kind: 'text', client_id: `export-${from.id}-${body.length}-${Date.now()}`, body },
      });
      expect(res.statusCode, res.body).toBe(201);
    };
    const ab = await chatWith(a, b);
    await send(a, ab, 'Hoi Bas, zin in koffie?');
    await send(b, ab, 'Graag, Anouk!');
    const bc = await chatWith(b, c);
    await send(b, bc, 'Geheim voor Anouk');
    const [bundle] = await t.app.db.select().from(creditBundles).limit(1);
    if (!bundle) throw new Error('no bundle');
    await t.app.db.insert(payments).values({
      publicId: `pay_export${a.id}abcdefabcdef`,
      userId: a.id,
      bundleId: bundle.id,
      credits: 15,
      amountCents: 995,
      currency: 'EUR',
      country: 'NL',
      method: 'ideal',
      provider: 'test',
      status: 'paid',
    });

    const data = (await t.app.inject({ url: '/api/account/export', cookies: a.cookies })).json();
    expect(
      data.messages.map((m: { body: string; sent_by_me: boolean; with_member_id: number }) => [
        m.body,
        m.sent_by_me,
        m.with_member_id,
      ]),
    ).toEqual([
      ['Hoi Bas, zin in koffie?', true, b.id],
      ['Graag, Anouk!', false, b.id],
    ]);
    expect(data.payments).toEqual([
      expect.objectContaining({
        id: `pay_export${a.id}abcdefabcdef`,
        credits: 15,
        amount_cents: 995,
        status: 'paid',
      }),
    ]);
    const forC = (await t.app.inject({ url: '/api/account/export', cookies: c.cookies })).json();
    expect(forC.messages.map((m: { body: string }) => m.body)).toEqual(['Geheim voor Anouk']);
    expect(forC.payments).toEqual([]);
  });
});

describe('rate limits', () => {
  it('A-06 login, signup and reset are limited per address', async () => {
    const strict = await createTestApp({ RATE_LIMIT_FACTOR: '1' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 22; i++) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/user.php',
          payload: { email: `x${i}@example.test`, password: 'x' },
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 20).every((c) => c === 401)).toBe(true);
      expect(codes.at(-1)).toBe(429);
      const limited = await strict.app.inject({
        method: 'POST',
        url: '/api/user.php',
        payload: { email: 'y@example.test', password: 'x' },
      });
      expect(limited.json().error).toMatchObject({ code: 'rate_limited' });
      // Another address is not affected.
      const other = await strict.app.inject({
        method: 'POST',
        url: '/api/user.php',
        payload: { email: 'y@example.test', password: 'x' },
        remoteAddress: '10.9.9.9',
      });
      expect(other.statusCode).toBe(401);
    } finally {
      await strict.close();
    }
  });
});

describe('listing', () => {
  it('D-10 a member is listed only while active, visible, not deleted and not banned', async () => {
    const { profiles } = await import('../../db/schema.ts');
    const listed = async (id: number) =>
      (await t.app.db.select({ listed: profiles.listed }).from(profiles).where(eq(profiles.userId, id)))[0]
        ?.listed;
    const body = signupBody();
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: body });
    const id = res.json().user.id;
    expect(await listed(id), 'not before activation').toBe(false);
    await t.app.inject({ url: `/api/activate?token=${tokenIn((await latestMailTo(body.email)).text)}` });
    expect(await listed(id)).toBe(true);
    const cookies = sessionCookie(res);
    await t.app.inject({ method: 'PUT', url: '/api/account/privacy', payload: { invisible: true }, cookies });
    expect(await listed(id), 'invisible').toBe(false);
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/privacy',
      payload: { invisible: false },
      cookies,
    });
    expect(await listed(id)).toBe(true);
    await t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      payload: { password: body.password, reasons: [] },
      cookies,
    });
    expect(await listed(id), 'deleted').toBe(false);
    await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: body.email, password: body.password },
    });
    expect(await listed(id), 'reactivated').toBe(true);
    await banMember(t.app.db, id, 'test', new Date());
    expect(await listed(id), 'banned').toBe(false);
  });
});

describe('fictional profiles', () => {
  it('M-08 a fictional profile cannot be taken over through a password reset', async () => {
    const f = await buildMember(t.app.db, { profile: { fictional: true } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/password-reset',
      payload: { email: f.email },
    });
    expect(res.statusCode).toBe(404);
  });
});
