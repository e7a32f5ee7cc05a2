import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember, TEST_PASSWORD } from '../../test/members.ts';

// Runs on PGlite, and on real PostgreSQL in `npm run test:pg`, where the attempts race on many connections.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const attempt = (email: string, password: string, i = 0) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user.php',
    payload: { email, password },
    // Many addresses, so the per-address rate limit does not stand in for the lockout.
    remoteAddress: `10.77.${Math.floor(i / 250)}.${(i % 250) + 1}`,
  });

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
