import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/members.ts';
import { buildStaff } from '../../test/staff.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('staff sessions are their own (O-01, O-06)', () => {
  it('O-01 a signed-in staff member reads who they are, with roles per site', async () => {
    const s = await buildStaff(t.app.db, { roles: ['operator', { role: 'moderator', siteId: 1 }] });
    const res = await t.app.inject({ url: '/api/admin/me', cookies: s.cookies });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: s.id,
      email: s.email,
      grants: expect.arrayContaining([
        { role: 'operator', siteId: null },
        { role: 'moderator', siteId: 1 },
      ]),
    });
  });

  it('O-06 a member session is not a staff session, and anonymous callers get staff_required', async () => {
    const m = await buildMember(t.app.db);
    for (const cookies of [m.cookies, {}]) {
      const res = await t.app.inject({ url: '/api/admin/me', cookies });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('staff_required');
    }
  });

  it('O-06 a staff cookie logs nobody in as a member', async () => {
    const s = await buildStaff(t.app.db);
    const res = await t.app.inject({
      url: '/api/profile',
      cookies: { vonk_session: s.cookies.vonk_staff as string },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('authentication_required');
  });

  it('O-06 logout ends the staff session', async () => {
    const s = await buildStaff(t.app.db);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/admin/logout',
      cookies: s.cookies,
      payload: {},
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'vonk_staff')).toMatchObject({ path: '/api/admin' });
    expect((await t.app.inject({ url: '/api/admin/me', cookies: s.cookies })).statusCode).toBe(401);
  });

  it('O-06 the audit log refuses changes and removals, even from the application', async () => {
    await t.app.db
      .insert(auditLog)
      .values({ staffEmail: 'x@example.test', role: 'admin', action: 'test', objectType: 'test' });
    for (const change of [
      sql`update audit_log set action = 'changed'`,
      sql`delete from audit_log`,
      sql`truncate audit_log`,
    ]) {
      const err = await t.app.db.execute(change).then(
        () => null,
        (e: Error) => e,
      );
      expect(String((err?.cause as Error | undefined)?.message)).toMatch(/append-only/);
    }
    // Every line is still there as written (the logout above wrote its own line too).
    const actions = (await t.app.db.select().from(auditLog)).map((r) => r.action);
    expect(actions.filter((a) => a === 'test')).toHaveLength(1);
    expect(actions).not.toContain('changed');
  });
});
