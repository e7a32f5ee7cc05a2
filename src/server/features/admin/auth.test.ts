import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff, staffRecoveryCodes, staffSessions, staffTokens } from '../../db/schema.ts';
import { STAFF_COOKIE } from '../../platform/staff.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildStaff, TEST_STAFF_PASSWORD } from '../../test/staff.ts';
import { createAdmin } from './auth-enrolment.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';
let ip = 0;
/** Each call from its own address, so the per-address limits do not stand in for the lockout. */
const nextIp = () => `10.88.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`;

const post = (url: string, payload: unknown, cookies: Record<string, string> = {}, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    cookies,
    remoteAddress: nextIp(),
    headers: { 'accept-language': lang },
  });

const cookieOf = (res: { cookies: { name: string; value: string }[] }): Record<string, string> => {
  const c = res.cookies.find((x) => x.name === STAFF_COOKIE);
  return c ? { [STAFF_COOKIE]: c.value } : {};
};

const code = (secret: string, email: string, at = Date.now()) =>
  new TOTP({ issuer: 'x', label: email, secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: at,
  });

const auditOf = async (action: string) => t.app.db.select().from(auditLog).where(eq(auditLog.action, action));

/** An admin made by the command's function, enrolled with a one-time code app through the API. */
async function enrolWithTotp(email: string) {
  const made = await createAdmin(t.app.db, { email });
  const token = made.token as string;
  const password = await post(`/api/admin/enrol/${token}/password`, {
    name: 'Ada Admin',
    password: PASSWORD,
  });
  expect(password.statusCode).toBe(200);
  const setup = (await post(`/api/admin/enrol/${token}/totp/start`, {})).json();
  const done = await post(`/api/admin/enrol/${token}/totp`, { code: code(setup.secret, email) });
  expect(done.statusCode).toBe(200);
  return {
    id: made.id,
    token,
    secret: setup.secret as string,
    cookies: cookieOf(done),
    codes: done.json().recoveryCodes as string[],
  };
}

describe('enrolment (O-01)', () => {
  it('O-01 an admin made by the command enrols: name and password, one-time code app, ten recovery codes, signed in', async () => {
    const made = await createAdmin(t.app.db, { email: 'first.admin@example.test', name: 'First' });
    expect(made.token).toMatch(/^[\w-]{40,}$/);
    const [tokenRow] = await t.app.db.select().from(staffTokens).where(eq(staffTokens.staffId, made.id));
    expect(tokenRow?.tokenHash).not.toBe(made.token);
    expect(tokenRow?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23.9 * 3_600_000);
    const token = made.token as string;

    const state = await t.app.inject({ url: `/api/admin/enrol/${token}` });
    expect(state.json()).toEqual({ email: 'first.admin@example.test', name: 'First', passwordSet: false });
    // No factor before the password.
    expect((await post(`/api/admin/enrol/${token}/totp/start`, {})).json().error.code).toBe('password_first');
    const short = await post(`/api/admin/enrol/${token}/password`, { name: 'Ada', password: 'eleven char' });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toBe('Choose a password of at least 12 characters.');
    expect(
      (await post(`/api/admin/enrol/${token}/password`, { name: 'Ada', password: PASSWORD })).json(),
    ).toMatchObject({
      passwordSet: true,
    });
    // Not active yet: the password alone does not sign in.
    expect(
      (await post('/api/admin/auth/login', { email: 'first.admin@example.test', password: PASSWORD }))
        .statusCode,
    ).toBe(401);

    const setup = (await post(`/api/admin/enrol/${token}/totp/start`, {})).json();
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.uri).toMatch(/^otpauth:\/\/totp\//);
    expect(setup.qr).toMatch(/^data:image\/png;base64,/);
    const wrong = await post(`/api/admin/enrol/${token}/totp`, { code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('code_wrong');
    const done = await post(`/api/admin/enrol/${token}/totp`, {
      code: code(setup.secret, 'first.admin@example.test'),
    });
    expect(done.statusCode).toBe(200);
    const codes = done.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await t.app.db
      .select()
      .from(staffRecoveryCodes)
      .where(eq(staffRecoveryCodes.staffId, made.id));
    expect(stored).toHaveLength(10);
    expect(stored.map((s) => s.codeHash)).not.toContain(codes[0]);

    const me = await t.app.inject({ url: '/api/admin/me', cookies: cookieOf(done) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'first.admin@example.test',
      name: 'Ada',
      grants: [{ role: 'admin', siteId: null }],
    });
    const [row] = await t.app.db.select().from(staff).where(eq(staff.id, made.id));
    expect(row?.status).toBe('active');
    // The link is used up.
    expect((await t.app.inject({ url: `/api/admin/enrol/${token}` })).statusCode).toBe(404);
    expect((await auditOf('staff.enrol')).some((a) => a.staffId === made.id)).toBe(true);
    expect((await auditOf('staff.create')).some((a) => a.objectId === String(made.id))).toBe(true);
  });

  it('O-01 the command gives a not yet enrolled admin a new link (the old one stops), and never touches an enrolled one', async () => {
    const first = await createAdmin(t.app.db, { email: 'twice@example.test' });
    const second = await createAdmin(t.app.db, { email: 'TWICE@example.test' });
    expect(second).toMatchObject({ id: first.id, existing: 'invited' });
    expect((await t.app.inject({ url: `/api/admin/enrol/${first.token}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/admin/enrol/${second.token}` })).statusCode).toBe(200);
    const enrolled = await enrolWithTotp('enrolled@example.test');
    expect(await createAdmin(t.app.db, { email: 'enrolled@example.test' })).toMatchObject({
      id: enrolled.id,
      token: null,
      existing: 'active',
    });
  });

  it('O-01 an expired link is refused, and a bogus passkey answer is a clear 400', async () => {
    const made = await createAdmin(t.app.db, { email: 'late@example.test' });
    const token = made.token as string;
    await post(`/api/admin/enrol/${token}/password`, { name: 'Late', password: PASSWORD });
    const options = await post(`/api/admin/enrol/${token}/passkey/options`, {});
    expect(options.statusCode).toBe(200);
    expect(options.json()).toMatchObject({
      rp: { id: 'localhost', name: 'Vonk back office' },
      challenge: expect.any(String),
    });
    const bogus = await post(`/api/admin/enrol/${token}/passkey`, {
      id: 'abc',
      rawId: 'abc',
      type: 'public-key',
      response: { clientDataJSON: 'e30', attestationObject: 'oA' },
      clientExtensionResults: {},
    });
    expect(bogus.statusCode).toBe(400);
    expect(bogus.json().error).toMatchObject({
      code: 'passkey_failed',
      message: 'The passkey was not accepted. Try again.',
    });
    await t.app.db
      .update(staffTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffTokens.staffId, made.id));
    const gone = await t.app.inject({
      url: `/api/admin/enrol/${token}`,
      headers: { 'accept-language': 'nl' },
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(
      'Deze aanmeldlink is niet (meer) geldig. Vraag een beheerder om een nieuwe.',
    );
  });
});

describe('sign-in (O-01, O-06)', () => {
  it('O-06 password, then the code app: a pending session reaches nothing else, a used code is refused', async () => {
    const a = await enrolWithTotp('signin@example.test');
    const unknown = await post('/api/admin/auth/login', { email: 'nobody@example.test', password: PASSWORD });
    const wrong = await post('/api/admin/auth/login', {
      email: 'signin@example.test',
      password: 'not the password',
    });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());

    const login = await post('/api/admin/auth/login', { email: 'Signin@Example.test', password: PASSWORD });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toEqual({ passkey: false, totp: true });
    const pending = cookieOf(login);
    const cookie = login.cookies.find((c) => c.name === STAFF_COOKIE);
    expect(cookie).toMatchObject({ path: '/api/admin', httpOnly: true, sameSite: 'Strict' });
    for (const url of ['/api/admin/me', '/api/admin/staff', '/api/admin/audit']) {
      const res = await t.app.inject({ url, cookies: pending });
      expect(res.statusCode, url).toBe(401);
      expect(res.json().error.code).toBe('staff_required');
    }
    expect((await post('/api/admin/auth/step-up/totp', { code: '123456' }, pending)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/auth/factors', cookies: pending })).json()).toEqual({
      passkey: false,
      totp: true,
    });

    // The code of the step used at enrolment is spent.
    const reused = await post(
      '/api/admin/auth/totp',
      { code: code(a.secret, 'signin@example.test') },
      pending,
    );
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('code_wrong');
    const next = code(a.secret, 'signin@example.test', Date.now() + 30_000);
    const ok = await post('/api/admin/auth/totp', { code: next }, pending);
    expect(ok.statusCode).toBe(200);
    const signedIn = cookieOf(ok);
    expect(signedIn[STAFF_COOKIE]).not.toBe(pending[STAFF_COOKIE]);
    expect((await t.app.inject({ url: '/api/admin/me', cookies: signedIn })).statusCode).toBe(200);
    // The pending token was replaced, not promoted.
    expect((await t.app.inject({ url: '/api/admin/me', cookies: pending })).statusCode).toBe(401);
    // The staff list shows the sign-in, also after signing out.
    await post('/api/admin/logout', {}, signedIn);
    const other = await buildStaff(t.app.db);
    const listed = (await t.app.inject({ url: '/api/admin/staff', cookies: other.cookies })).json();
    expect(Date.parse(listed.find((s: { id: number }) => s.id === a.id).lastSignInAt)).toBeGreaterThan(
      Date.now() - 60_000,
    );

    // The same code once more, in a new sign-in: refused.
    const again = cookieOf(
      await post('/api/admin/auth/login', { email: 'signin@example.test', password: PASSWORD }),
    );
    expect((await post('/api/admin/auth/totp', { code: next }, again)).json().error.code).toBe('code_wrong');

    const actions = (await t.app.db.select().from(auditLog).where(eq(auditLog.staffId, a.id))).map(
      (r) => r.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining(['staff.enrol', 'staff.sign_in_failed', 'staff.sign_in', 'staff.factor_failed']),
    );
    const failed = await t.app.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'staff.sign_in_failed'), eq(auditLog.staffEmail, 'nobody@example.test')),
      );
    expect(failed).toHaveLength(1);
  });

  it('O-06 a recovery code signs in once', async () => {
    const a = await enrolWithTotp('recovery@example.test');
    const first = cookieOf(
      await post('/api/admin/auth/login', { email: 'recovery@example.test', password: PASSWORD }),
    );
    const typed = (a.codes[3] as string).toUpperCase().replace('-', ' ');
    expect((await post('/api/admin/auth/recovery', { code: typed }, first)).statusCode).toBe(200);
    const second = cookieOf(
      await post('/api/admin/auth/login', { email: 'recovery@example.test', password: PASSWORD }),
    );
    const reused = await post('/api/admin/auth/recovery', { code: a.codes[3] }, second);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe('This recovery code is not right or was used already.');
    expect((await post('/api/admin/auth/recovery', { code: a.codes[4] }, second)).statusCode).toBe(200);
    const rows = await t.app.db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, a.id));
    expect(rows.filter((r) => r.usedAt !== null)).toHaveLength(2);
  });

  it('O-06 five wrong passwords lock the account for 15 minutes, with a localised message; the right one is refused then', async () => {
    await enrolWithTotp('locked@example.test');
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        await post(
          '/api/admin/auth/login',
          { email: 'locked@example.test', password: `wrong ${i}` },
          {},
          'nl',
        ),
      );
    expect(answers.map((r) => r.statusCode)).toEqual([401, 401, 401, 401, 429]);
    const right = await post(
      '/api/admin/auth/login',
      { email: 'locked@example.test', password: PASSWORD },
      {},
      'nl',
    );
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toMatchObject({
      code: 'staff_locked',
      message: 'Te veel foute pogingen: dit account is 15 minuten geblokkeerd.',
      minutes: 15,
    });
    expect(right.cookies.find((c) => c.name === STAFF_COOKIE)).toBeUndefined();
    // After the lock has run out, the right password works again.
    await t.app.db
      .update(staff)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(staff.email, 'locked@example.test'));
    expect(
      (await post('/api/admin/auth/login', { email: 'locked@example.test', password: PASSWORD })).statusCode,
    ).toBe(200);
  });

  it('O-06 wrong codes count too: the fifth locks the account and its pending session gets no further', async () => {
    const a = await enrolWithTotp('codes@example.test');
    const pending = cookieOf(
      await post('/api/admin/auth/login', { email: 'codes@example.test', password: PASSWORD }),
    );
    const codes = [];
    for (let i = 0; i < 5; i++)
      codes.push((await post('/api/admin/auth/totp', { code: `00000${i}` }, pending)).statusCode);
    expect(codes).toEqual([400, 400, 400, 400, 429]);
    const right = await post(
      '/api/admin/auth/totp',
      { code: code(a.secret, 'codes@example.test', Date.now() + 30_000) },
      pending,
    );
    expect(right.statusCode).toBe(429);
  });

  it('O-06 sessions end after 30 idle minutes and after 12 hours', async () => {
    const s = await buildStaff(t.app.db);
    expect((await t.app.inject({ url: '/api/admin/me', cookies: s.cookies })).statusCode).toBe(200);
    await t.app.db
      .update(staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(staffSessions.id, s.sessionId));
    expect((await t.app.inject({ url: '/api/admin/me', cookies: s.cookies })).statusCode).toBe(401);

    const u = await buildStaff(t.app.db);
    await t.app.db
      .update(staffSessions)
      .set({ lastSeenAt: new Date(Date.now() - 29 * 60_000) })
      .where(eq(staffSessions.id, u.sessionId));
    expect(
      (await t.app.inject({ url: '/api/admin/me', cookies: u.cookies })).statusCode,
      'not idle yet',
    ).toBe(200);
    await t.app.db
      .update(staffSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffSessions.id, u.sessionId));
    expect((await t.app.inject({ url: '/api/admin/me', cookies: u.cookies })).statusCode).toBe(401);
  });

  it('O-06 sign-out ends the session and is in the audit log', async () => {
    const s = await buildStaff(t.app.db);
    expect((await post('/api/admin/logout', {}, s.cookies)).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/admin/me', cookies: s.cookies })).statusCode).toBe(401);
    expect((await auditOf('staff.sign_out')).some((r) => r.staffId === s.id)).toBe(true);
  });
});

describe('step-up (O-06)', () => {
  it('O-06 an old second factor is asked again: the code app sets it to now, a wrong code does not', async () => {
    const a = await enrolWithTotp('stepup@example.test');
    await t.app.db
      .update(staffSessions)
      .set({ factorAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(staffSessions.staffId, a.id));
    const invite = {
      email: 'stepped@example.test',
      name: 'Stepped',
      grants: [{ role: 'operator', siteId: null }],
    };
    const refused = await post('/api/admin/staff', invite, a.cookies);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('step_up_required');
    expect((await post('/api/admin/auth/step-up/totp', { code: '111111' }, a.cookies)).statusCode).toBe(400);
    const up = await post(
      '/api/admin/auth/step-up/totp',
      { code: code(a.secret, 'stepup@example.test', Date.now() + 30_000) },
      a.cookies,
    );
    expect(up.statusCode).toBe(200);
    expect((await post('/api/admin/staff', invite, a.cookies)).statusCode).toBe(201);
    expect(
      (await t.app.inject({ url: '/api/admin/me', cookies: a.cookies })).json().factorAgeSeconds,
    ).toBeLessThan(5);
    const lines = await t.app.db.select().from(auditLog).where(eq(auditLog.staffId, a.id));
    expect(lines.map((l) => l.action)).toEqual(
      expect.arrayContaining(['staff.step_up_failed', 'staff.step_up', 'staff.invite']),
    );
  });

  it('O-06 step-up with a passkey needs one: without, a clear 400', async () => {
    const s = await buildStaff(t.app.db, { language: 'en' });
    const res = await post('/api/admin/auth/step-up/passkey/options', {}, s.cookies);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('no_passkey');
  });
});

describe('hostile input (O-01)', () => {
  it('O-01 NUL, bidi controls, lone surrogates and over-long values get a localised 400, never a 500', async () => {
    const made = await createAdmin(t.app.db, { email: 'hostile@example.test' });
    const token = made.token as string;
    const bad: [string, unknown][] = [
      [`/api/admin/enrol/${token}/password`, { name: 'Ada\u202Egpj.exe', password: PASSWORD }],
      [`/api/admin/enrol/${token}/password`, { name: 'Ada\u0000', password: PASSWORD }],
      [`/api/admin/enrol/${token}/password`, { name: 'Ada', password: `${PASSWORD}\ud800` }],
      [`/api/admin/enrol/${token}/password`, { name: 'A'.repeat(81), password: PASSWORD }],
      [`/api/admin/enrol/${token}/password`, { name: 'Ada', password: 'x'.repeat(300) }],
      ['/api/admin/auth/login', { email: 'a\u0000@example.test', password: PASSWORD }],
      ['/api/admin/auth/login', { email: `${'a'.repeat(300)}@example.test`, password: PASSWORD }],
      ['/api/admin/auth/login', { email: 'x@example.test', password: 7 }],
      ['/api/admin/auth/totp', { code: '12345\u0000' }],
      ['/api/admin/auth/recovery', { code: '\ud800\ud800\ud800\ud800\ud800\ud800\ud800\ud800' }],
    ];
    for (const [url, body] of bad) {
      const res = await post(url, body, {}, 'nl');
      expect(res.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json().error.message).toMatch(/^[A-Z]/);
    }
    for (const weird of ['%00', 'a'.repeat(300), '..%2F..%2Fetc', '%E2%80%AE']) {
      const res = await t.app.inject({ url: `/api/admin/enrol/${weird}` });
      expect([400, 404, 414]).toContain(res.statusCode);
    }
    const audit = await t.app.inject({
      url: '/api/admin/audit?action=%00&from=yesterday',
      cookies: (await buildStaff(t.app.db)).cookies,
    });
    expect(audit.statusCode).toBe(400);
  });

  it('O-01 the sign-in is rate limited per address', async () => {
    const strict = await createTestApp({ RATE_LIMIT_FACTOR: '1' });
    try {
      const codes = [];
      for (let i = 0; i < 11; i++) {
        const res = await strict.app.inject({
          method: 'POST',
          url: '/api/admin/auth/login',
          payload: { email: `rate${i}@example.test`, password: TEST_STAFF_PASSWORD },
          remoteAddress: '10.99.0.1',
        });
        codes.push(res.statusCode);
      }
      expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
      expect(codes[10]).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
