import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember, TEST_PASSWORD } from '../../test/members.ts';
import { DEVICE_COOKIE, DEVICE_LOCKOUT } from './device-cookie.ts';

// Runs on PGlite, and on real PostgreSQL in `npm run test:pg`, where the attempts race on many connections.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const attempt = (email: string, password: string, i = 0, cookies: Record<string, string> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user.php',
    payload: { email, password },
    cookies,
    // Many addresses, so the per-address rate limit does not stand in for the lockout.
    remoteAddress: `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  });

/** The device cookie a successful login gives this browser. */
async function deviceOf(email: string): Promise<Record<string, string>> {
  const res = await attempt(email, TEST_PASSWORD, 200);
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  expect(cookie, 'a login gives a device cookie').toBeTruthy();
  return { [DEVICE_COOKIE]: cookie?.value ?? '' };
}
const lockByStrangers = async (email: string) => {
  for (let i = 0; i < 5; i++) await attempt(email, `stranger guess ${i}`, i);
  expect((await attempt(email, TEST_PASSWORD, 30)).statusCode, 'locked for strangers').toBe(429);
};

describe('issue 10 item 3: parallel wrong passwords', () => {
  it('A-06 18 wrong passwords at once lock the account, and the right one is refused afterwards', async () => {
    const m = await buildMember(t.app.db);
    const answers = await Promise.all(
      Array.from({ length: 18 }, (_, i) => attempt(m.email, `wrong password ${i}`, i)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length, 'at most four wrong answers before the lock').toBe(4);
    expect(codes.filter((c) => c === 429).length).toBe(14);
    const right = await attempt(m.email, TEST_PASSWORD, 100);
    expect(right.statusCode).toBe(429);
    expect(right.json().error).toMatchObject({
      code: 'account_locked',
      message: 'Te veel foute pogingen, account voor 15 min geblokkeerd.',
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, m.id));
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it('A-06 a right password sent together with wrong ones cannot lift a lock they set', async () => {
    const m = await buildMember(t.app.db);
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => attempt(m.email, `wrong ${i}`, i)),
      attempt(m.email, TEST_PASSWORD, 50),
    ]);
    // The right password may run before the lock (then it clears the count of at most four failures), or
    // after it (then it is refused): either way at most eight wrong answers say 401, and the rest 429.
    const wrong = answers.slice(0, 12).map((r) => r.statusCode);
    expect(wrong.every((c) => c === 401 || c === 429)).toBe(true);
    expect(wrong.filter((c) => c === 401).length).toBeLessThanOrEqual(8);
    expect([200, 429]).toContain(answers[12]?.statusCode);
    // Whatever order they ran in, the account ends locked: the right password never clears a lock.
    const [row] = await t.app.db.select().from(users).where(eq(users.id, m.id));
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now());
    expect((await attempt(m.email, TEST_PASSWORD, 60)).statusCode).toBe(429);
  });

  it('A-06 after the lock has passed, the right password logs in and clears the count', async () => {
    const m = await buildMember(t.app.db);
    for (let i = 0; i < 5; i++) await attempt(m.email, 'wrong', i);
    await t.app.db
      .update(users)
      .set({ lockedUntil: new Date(Date.now() - 1000) })
      .where(eq(users.id, m.id));
    expect((await attempt(m.email, TEST_PASSWORD)).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, m.id));
    expect(row).toMatchObject({ failedLogins: 0, lockedUntil: null });
  });
});

describe('issue 21: the lockout is no weapon against the owner (device cookies)', () => {
  it("A-06 the owner's browser that logged in before gets in while strangers keep the account locked", async () => {
    const m = await buildMember(t.app.db);
    const device = await deviceOf(m.email);
    await lockByStrangers(m.email);
    const owner = await attempt(m.email, TEST_PASSWORD, 40, device);
    expect(owner.statusCode).toBe(200);
    expect(owner.json().user.id).toBe(m.id);
    // The lock stays for everyone else: the owner's login does not lift it for the guesser.
    expect((await attempt(m.email, TEST_PASSWORD, 41)).statusCode).toBe(429);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, m.id));
    expect(row?.lockedUntil?.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
  });

  it(`A-06 a known browser has its own smaller limit: ${DEVICE_LOCKOUT.maxFailures} wrong passwords, then it is an unknown device`, async () => {
    const m = await buildMember(t.app.db);
    const device = await deviceOf(m.email);
    await lockByStrangers(m.email);
    const codes = [];
    for (let i = 0; i < DEVICE_LOCKOUT.maxFailures + 1; i++)
      codes.push((await attempt(m.email, `typo ${i}`, 50 + i, device)).statusCode);
    expect(codes).toEqual([...Array(DEVICE_LOCKOUT.maxFailures - 1).fill(401), 429, 429]);
    const refused = await attempt(m.email, TEST_PASSWORD, 60, device);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.code).toBe('account_locked');
  });

  it('A-06 parallel wrong passwords from one known browser each count against its limit', async () => {
    const m = await buildMember(t.app.db);
    const device = await deviceOf(m.email);
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => attempt(m.email, `wrong ${i}`, 70 + i, device)),
    );
    const codes = answers.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401)).toHaveLength(DEVICE_LOCKOUT.maxFailures - 1);
    expect(codes.filter((c) => c === 429)).toHaveLength(12 - DEVICE_LOCKOUT.maxFailures + 1);
    // The account itself was not counted against: a stranger's right password still gets in.
    expect((await attempt(m.email, TEST_PASSWORD, 90)).statusCode).toBe(200);
  });

  it('A-06 a device cookie of another account, or a made-up or altered one, does not pass the lock', async () => {
    const m = await buildMember(t.app.db);
    const other = await buildMember(t.app.db);
    const otherDevice = await deviceOf(other.email);
    const own = (await deviceOf(m.email))[DEVICE_COOKIE] as string;
    await lockByStrangers(m.email);
    const [, rest] = /^\d+(\..*)$/.exec(otherDevice[DEVICE_COOKIE] as string) ?? [];
    for (const value of [
      otherDevice[DEVICE_COOKIE] as string,
      `${m.id}${rest}`,
      `${own.slice(0, -2)}${own.endsWith('AA') ? 'BB' : 'AA'}`,
      'x',
    ]) {
      const res = await attempt(m.email, TEST_PASSWORD, 100, { [DEVICE_COOKIE]: value });
      expect(res.statusCode, value).toBe(429);
    }
  });

  it('A-06 the device cookie is HttpOnly, SameSite=Strict, sent only to the login and lasts 180 days', async () => {
    const m = await buildMember(t.app.db);
    const res = await attempt(m.email, TEST_PASSWORD, 120);
    const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/user.php',
      maxAge: 180 * 86_400,
    });
    expect(cookie?.value.startsWith(`${m.id}.`)).toBe(true);
  });
});
