import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const fields = () => {
  n += 1;
  return {
    email: `dev-member-${n}@example.test`,
    name: `Devlid${'abcdefgh'[n]}`,
    password: 'zomer-in-de-stad-42',
    date_of_birth: '1991-04-12',
    gender: 'female',
    looking_for: 'male',
  };
};
const cookieOf = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');

describe('issue 20 e2e helper POST /dev/members (development only)', () => {
  it('A-01 A-04 makes an activated member with a profile who is logged in and can log in again', async () => {
    const member = fields();
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/members',
      payload: { ...member, place: { country: 'BE', region: 'BE-VLI', city: 'Hasselt' } },
    });
    expect(res.statusCode).toBe(201);
    const me = await t.app.inject({ url: '/api/user.php', headers: { cookie: cookieOf(res) } });
    expect(me.json().user).toMatchObject({ email: member.email, profile: { name: member.name } });
    const [row] = await t.app.db.select().from(users).where(eq(users.email, member.email));
    expect(row?.status).toBe('confirmed');
    const profile = await t.app.inject({ url: '/api/profile', headers: { cookie: cookieOf(res) } });
    expect(profile.json().profile).toMatchObject({ country: 'BE', region: 'BE-VLI', city: 'Hasselt' });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: member.email, password: member.password },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.id).toBe(row?.id);
  });

  it('A-02 leaves the member waiting for activation when asked, as the signup form does', async () => {
    const member = fields();
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/members',
      payload: { ...member, activated: false },
    });
    expect(res.statusCode).toBe(201);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, member.email));
    expect(row?.status).toBe('not_confirmed');
  });

  it('A-03 checks the signup fields as the form does: a bad one is a 400, and nothing is made', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/members',
      payload: { ...fields(), date_of_birth: '2020-01-01' },
    });
    expect(res.statusCode).toBe(400);
  });

  it('A-04 answers 404 to a caller from another address and makes nobody', async () => {
    const member = fields();
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/members',
      remoteAddress: '192.0.2.10',
      payload: member,
    });
    expect(res.statusCode).toBe(404);
    const [row] = await t.app.db.select({ n: count() }).from(users).where(eq(users.email, member.email));
    expect(row?.n).toBe(0);
  });

  it('A-04 answers 404 in production, even on this machine, and makes nobody', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      const member = fields();
      const res = await prod.app.inject({ method: 'POST', url: '/dev/members', payload: member });
      expect(res.statusCode).toBe(404);
      const [row] = await prod.app.db.select({ n: count() }).from(users).where(eq(users.email, member.email));
      expect(row?.n).toBe(0);
    } finally {
      await prod.close();
    }
  });
});
