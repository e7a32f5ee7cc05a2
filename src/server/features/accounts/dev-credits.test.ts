import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { closeCheckingLedgers } from '../../test/ledger.ts';
import { buildMember } from '../../test/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeCheckingLedgers(t));

describe('issue 8 e2e helper POST /dev/credits (development only)', () => {
  it('C-03 grants credits to a member when called from this machine', async () => {
    const m = await buildMember(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/credits',
      payload: { email: m.email, credits: 7 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ credits: 7 });
    const me = await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: m.cookie } });
    expect(me.json().user.credits).toBe(7);
    expect(me.json().user.paid_user).toBe(false);
  });

  it('C-04 M-04 can make the member premium, as a first purchase does', async () => {
    const m = await buildMember(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/credits',
      payload: { email: m.email, credits: 3, paid_user: true },
    });
    expect(res.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: m.cookie } });
    expect(me.json().user).toMatchObject({ credits: 3, paid_user: true });
  });

  it('C-03 answers 404 to a caller from another address and grants nothing', async () => {
    const m = await buildMember(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/dev/credits',
      remoteAddress: '10.1.2.3',
      payload: { email: m.email, credits: 7 },
    });
    expect(res.statusCode).toBe(404);
    const me = await t.app.inject({ method: 'GET', url: '/api/user.php', headers: { cookie: m.cookie } });
    expect(me.json().user.credits).toBe(0);
  });
});
