import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../db/schema.ts';
import { STAFF_ROLES } from '../../platform/staff.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { buildStaff, type TestStaff } from '../../test/staff.ts';

/**
 * Issue 23, item 7: every admin endpoint, sent anonymously, with a member's session, and with a staff
 * member of each single role. Only the roles the route names (and admin) get past authorisation; the
 * others get 403 `forbidden`, and callers without a staff session 401 `staff_required`. A route that
 * names no roles and is not a sign-in step fails the test.
 */
let t: TestApp;
let member: TestMember;
const byRole = new Map<StaffRole, TestStaff>();
beforeAll(async () => {
  t = await createTestApp();
  member = await buildMember(t.app.db);
  for (const role of STAFF_ROLES) byRole.set(role, await buildStaff(t.app.db, { roles: [role] }));
});
afterAll(() => t.close());

/** A concrete address for a route: every parameter a number (no object 999999 exists). */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '999999').replace(/\*$/, 'x');

function call(method: string, url: string, cookies: Record<string, string>) {
  const body = method === 'GET' || method === 'DELETE' ? undefined : {};
  return t.app.inject({ method: method as 'GET', url: concrete(url), cookies, payload: body });
}

describe('the back office authorisation matrix (O-01, O-06, issue 23 item 7)', () => {
  it('O-01 every admin route names the roles that may call it, or is a sign-in step', () => {
    expect(t.app.adminRouteTable.length).toBeGreaterThan(1);
    const undeclared = t.app.adminRouteTable.filter((r) => r.roles === null && !r.public);
    expect(undeclared.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('O-06 no admin route lets in an anonymous caller or a member', async () => {
    for (const route of t.app.adminRouteTable.filter((r) => !r.public)) {
      for (const cookies of [{}, member.cookies]) {
        const res = await call(route.method, route.url, cookies);
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
        expect(res.json().error.code, `${route.method} ${route.url}`).toBe('staff_required');
      }
    }
  });

  it('O-01 each role passes exactly the routes that name it; admin passes all', async () => {
    for (const route of t.app.adminRouteTable.filter((r) => r.roles !== null)) {
      for (const role of STAFF_ROLES) {
        const who = byRole.get(role) as TestStaff;
        const res = await call(route.method, route.url, who.cookies);
        const allowed = role === 'admin' || (route.roles ?? []).includes(role);
        const label = `${role} ${route.method} ${route.url} -> ${res.statusCode} ${res.body.slice(0, 120)}`;
        if (allowed)
          expect([401, 403].includes(res.statusCode) && res.json().error?.code !== 'not_found', label).toBe(
            false,
          );
        else {
          expect(res.statusCode, label).toBe(403);
          expect(res.json().error.code, label).toBe('forbidden');
        }
      }
    }
  });
});
