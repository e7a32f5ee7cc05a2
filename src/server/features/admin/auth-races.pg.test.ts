import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff } from '../../db/schema.ts';
import { STAFF_COOKIE } from '../../platform/staff.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { createAdmin } from './auth-enrolment.ts';

// Races between connections only show on a real PostgreSQL server (`npm run test:pg`).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'correct horse battery';
let ip = 0;
const post = (url: string, payload: object, cookies: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    cookies,
    remoteAddress: `10.66.${Math.floor(++ip / 250)}.${(ip % 250) + 1}`,
  });
const cookieOf = (res: { cookies: { name: string; value: string }[] }): Record<string, string> => {
  const c = res.cookies.find((x) => x.name === STAFF_COOKIE);
  return c ? { [STAFF_COOKIE]: c.value } : {};
};
const code = (secret: string, email: string, at: number) =>
  new TOTP({ label: email, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

async function enrolled(email: string) {
  const { token } = await createAdmin(t.app.db, { email });
  await post(`/api/admin/enrol/${token}/password`, { name: 'Race', password: PASSWORD });
  const { secret } = (await post(`/api/admin/enrol/${token}/totp/start`, {})).json();
  expect(
    (await post(`/api/admin/enrol/${token}/totp`, { code: code(secret, email, Date.now()) })).statusCode,
  ).toBe(200);
  return secret as string;
}

describe('staff sign-in races (O-06)', () => {
  it('O-06 18 wrong passwords at once: at most four answer 401 before the lock, the rest 429', async () => {
    await enrolled('race-lock@example.test');
    const answers = await Promise.all(
      Array.from({ length: 18 }, (_, i) =>
        post('/api/admin/auth/login', { email: 'race-lock@example.test', password: `wrong ${i}` }),
      ),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBeLessThanOrEqual(4);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThanOrEqual(14);
    const [row] = await t.app.db.select().from(staff).where(eq(staff.email, 'race-lock@example.test'));
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('O-06 one code sent by ten sessions at once signs in one of them', async () => {
    const secret = await enrolled('race-code@example.test');
    const sessions = [];
    for (let i = 0; i < 10; i++)
      sessions.push(
        cookieOf(
          await post('/api/admin/auth/login', { email: 'race-code@example.test', password: PASSWORD }),
        ),
      );
    const next = code(secret, 'race-code@example.test', Date.now() + 30_000);
    const answers = await Promise.all(sessions.map((s) => post('/api/admin/auth/totp', { code: next }, s)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });
});
