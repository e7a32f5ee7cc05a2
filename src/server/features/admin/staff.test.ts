import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, staff, staffSessions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildStaff } from '../../test/staff.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const send = (method: 'POST' | 'PUT', url: string, payload: unknown, cookies: Record<string, string>) =>
  t.app.inject({ method, url, payload: payload as object, cookies, headers: { 'accept-language': 'en' } });

describe('staff management (O-01)', () => {
  it('O-01 an admin invites, gives roles per site, disables and enables, resets a factor; each change is audited with before and after', async () => {
    const admin = await buildStaff(t.app.db, { roles: ['admin'] });
    const invite = await send(
      'POST',
      '/api/admin/staff',
      { email: 'New.Operator@example.test', name: 'Nora', grants: [{ role: 'operator', siteId: 1 }] },
      admin.cookies,
    );
    expect(invite.statusCode).toBe(201);
    const { id, enrolUrl } = invite.json();
    expect(enrolUrl).toMatch(/^http:\/\/localhost(:\d+)?\/admin\/enrol\/[\w-]{40,}$/);
    const token = enrolUrl.split('/').at(-1);
    expect((await t.app.inject({ url: `/api/admin/enrol/${token}` })).json()).toMatchObject({ name: 'Nora' });
    const again = await send(
      'POST',
      '/api/admin/staff',
      { email: 'new.operator@EXAMPLE.test', name: 'X', grants: [] },
      admin.cookies,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('There is already a staff account with this e-mail address.');

    const list = (await t.app.inject({ url: '/api/admin/staff', cookies: admin.cookies })).json();
    expect(list.find((s: { id: number }) => s.id === admin.id)).toMatchObject({ lastSignInAt: null });
    expect(list.find((s: { id: number }) => s.id === id)).toMatchObject({
      status: 'invited',
      grants: [{ role: 'operator', siteId: 1 }],
      factors: { passkey: false, totp: false },
    });

    const roles = await send(
      'PUT',
      `/api/admin/staff/${id}/roles`,
      {
        grants: [
          { role: 'operator', siteId: null },
          { role: 'moderator', siteId: 1 },
          { role: 'moderator', siteId: 1 },
        ],
      },
      admin.cookies,
    );
    expect(roles.statusCode).toBe(200);
    expect(roles.json().grants).toEqual([
      { role: 'operator', siteId: null },
      { role: 'moderator', siteId: 1 },
    ]);
    const unknownSite = await send(
      'PUT',
      `/api/admin/staff/${id}/roles`,
      { grants: [{ role: 'operator', siteId: 999 }] },
      admin.cookies,
    );
    expect(unknownSite.statusCode).toBe(400);
    expect(unknownSite.json().error.code).toBe('unknown_site');
    const badRole = await send(
      'PUT',
      `/api/admin/staff/${id}/roles`,
      { grants: [{ role: 'root', siteId: null }] },
      admin.cookies,
    );
    expect(badRole.statusCode).toBe(400);

    const [line] = await t.app.db.select().from(auditLog).where(eq(auditLog.action, 'staff.roles'));
    expect(line).toMatchObject({
      staffId: admin.id,
      role: 'admin',
      objectType: 'staff',
      objectId: String(id),
      before: { grants: [{ role: 'operator', siteId: 1 }] },
      after: {
        grants: [
          { role: 'operator', siteId: null },
          { role: 'moderator', siteId: 1 },
        ],
      },
    });

    // An enrolled operator with a live session: disabling ends it at once.
    const op = await buildStaff(t.app.db, { roles: ['operator'] });
    expect((await send('POST', `/api/admin/staff/${op.id}/disable`, {}, admin.cookies)).json()).toEqual({
      status: 'disabled',
    });
    expect((await t.app.inject({ url: '/api/admin/me', cookies: op.cookies })).statusCode).toBe(401);
    expect(await t.app.db.select().from(staffSessions).where(eq(staffSessions.staffId, op.id))).toHaveLength(
      0,
    );
    expect((await send('POST', `/api/admin/staff/${op.id}/reset-factor`, {}, admin.cookies)).statusCode).toBe(
      409,
    );
    expect((await send('POST', `/api/admin/staff/${op.id}/enable`, {}, admin.cookies)).json()).toEqual({
      status: 'invited',
    });

    const reset = await send('POST', `/api/admin/staff/${op.id}/reset-factor`, {}, admin.cookies);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().enrolUrl).toMatch(/\/admin\/enrol\//);
    const [row] = await t.app.db.select().from(staff).where(eq(staff.id, op.id));
    expect(row).toMatchObject({ status: 'invited', passwordHash: null, totpSecret: null });

    const actions = (await t.app.db.select().from(auditLog).where(eq(auditLog.staffId, admin.id))).map(
      (r) => r.action,
    );
    expect(actions).toEqual(
      expect.arrayContaining([
        'staff.invite',
        'staff.roles',
        'staff.disable',
        'staff.enable',
        'staff.reset_factor',
      ]),
    );
  });

  it('O-01 an admin cannot take away their own admin role, disable themselves or reset their own factor', async () => {
    const admin = await buildStaff(t.app.db, { roles: ['admin'] });
    const own = await send(
      'PUT',
      `/api/admin/staff/${admin.id}/roles`,
      { grants: [{ role: 'operator', siteId: null }] },
      admin.cookies,
    );
    expect(own.statusCode).toBe(400);
    expect(own.json().error).toMatchObject({
      code: 'own_admin',
      message: 'You cannot take away your own admin role for all sites. Ask another admin.',
    });
    // Adding a role to oneself while keeping admin is fine.
    expect(
      (
        await send(
          'PUT',
          `/api/admin/staff/${admin.id}/roles`,
          {
            grants: [
              { role: 'admin', siteId: null },
              { role: 'operator', siteId: 1 },
            ],
          },
          admin.cookies,
        )
      ).statusCode,
    ).toBe(200);
    const disable = await send('POST', `/api/admin/staff/${admin.id}/disable`, {}, admin.cookies);
    expect(disable.json().error).toMatchObject({
      code: 'own_account',
      message: 'You cannot disable your own account.',
    });
    expect(
      (await send('POST', `/api/admin/staff/${admin.id}/reset-factor`, {}, admin.cookies)).statusCode,
    ).toBe(400);
  });

  it('O-01 only admins of every site manage staff; changes need a fresh second factor', async () => {
    const siteAdmin = await buildStaff(t.app.db, { roles: [{ role: 'admin', siteId: 1 }] });
    const operator = await buildStaff(t.app.db, { roles: ['operator'] });
    const stale = await buildStaff(t.app.db, { roles: ['admin'], factorAgeMs: 11 * 60_000 });
    const body = { email: 'x1@example.test', name: 'X', grants: [{ role: 'admin', siteId: null }] };
    expect((await send('POST', '/api/admin/staff', body, siteAdmin.cookies)).statusCode).toBe(403);
    expect((await send('POST', '/api/admin/staff', body, operator.cookies)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/admin/staff', cookies: operator.cookies })).statusCode).toBe(403);
    const staleAnswer = await send('POST', '/api/admin/staff', body, stale.cookies);
    expect(staleAnswer.json().error.code).toBe('step_up_required');
    // Reading needs no step-up.
    expect((await t.app.inject({ url: '/api/admin/staff', cookies: stale.cookies })).statusCode).toBe(200);
  });
});

describe('audit log (O-06)', () => {
  it('O-06 admins read the log newest first, filtered and keyset-paged', async () => {
    const admin = await buildStaff(t.app.db, { roles: ['admin'] });
    for (let i = 0; i < 5; i++) {
      await t.app.db.insert(auditLog).values({
        staffId: admin.id,
        staffEmail: admin.email,
        role: 'admin',
        action: i % 2 ? 'member.ban' : 'site.update',
        objectType: i % 2 ? 'member' : 'site',
        objectId: String(100 + i),
        siteId: i % 2 ? 2 : 1,
      });
    }
    const get = (q: string) => t.app.inject({ url: `/api/admin/audit?${q}`, cookies: admin.cookies });
    const first = (await get(`staffId=${admin.id}&limit=2`)).json();
    expect(first.items.map((i: { objectId: string }) => i.objectId)).toEqual(['104', '103']);
    const second = (await get(`staffId=${admin.id}&limit=2&before=${first.next}`)).json();
    expect(second.items.map((i: { objectId: string }) => i.objectId)).toEqual(['102', '101']);
    const last = (await get(`staffId=${admin.id}&limit=2&before=${second.next}`)).json();
    expect(last).toMatchObject({ items: [{ objectId: '100' }], next: null });

    expect((await get(`staffId=${admin.id}&action=member.`)).json().items).toHaveLength(2);
    expect((await get(`staffId=${admin.id}&objectType=site&siteId=1`)).json().items).toHaveLength(3);
    expect((await get(`objectType=member&objectId=103`)).json().items).toHaveLength(1);
    // A % in the action filter is a character, not a wildcard.
    expect((await get(`staffId=${admin.id}&action=%25`)).json().items).toHaveLength(0);
    const today = new Date().toISOString().slice(0, 10);
    expect((await get(`staffId=${admin.id}&from=${today}&to=${today}`)).json().items).toHaveLength(5);
    expect((await get(`staffId=${admin.id}&to=2000-01-01`)).json().items).toHaveLength(0);
  });

  it('O-06 a site admin reads only their sites; other roles not at all', async () => {
    const siteAdmin = await buildStaff(t.app.db, { roles: [{ role: 'admin', siteId: 2 }] });
    await t.app.db.insert(auditLog).values([
      { staffEmail: 'a@x.test', role: 'admin', action: 'probe.site1', objectType: 'site', siteId: 1 },
      { staffEmail: 'a@x.test', role: 'admin', action: 'probe.site2', objectType: 'site', siteId: 2 },
    ]);
    const mine = (
      await t.app.inject({ url: '/api/admin/audit?action=probe.', cookies: siteAdmin.cookies })
    ).json();
    expect(mine.items.map((i: { action: string }) => i.action)).toEqual(['probe.site2']);
    expect(
      (await t.app.inject({ url: '/api/admin/audit?siteId=1', cookies: siteAdmin.cookies })).statusCode,
    ).toBe(403);
    const moderator = await buildStaff(t.app.db, { roles: ['moderator'] });
    expect((await t.app.inject({ url: '/api/admin/audit', cookies: moderator.cookies })).statusCode).toBe(
      403,
    );
  });
});
