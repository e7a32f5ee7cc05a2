import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/members.ts';
import { banMember } from './account-settings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('a member banned during a session (A-10, issue 10)', () => {
  it('A-10 every racing request of the open session says banned, whichever comes first; none is a silent logout', async () => {
    const m = await buildMember(t.app.db);
    await banMember(t.app.db, m.id, 'spam', new Date());
    // What the web app sends at once on a refresh: public calls first, then member calls, 20 in parallel.
    const urls = ['/api/settings', '/api/members', '/api/user.php', '/api/profile', '/api/blocks'];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => urls[i % urls.length] as string).map(async (url) => ({
        url,
        res: await t.app.inject({ url, cookies: m.cookies }),
      })),
    );
    for (const { url, res } of answers) {
      if (url === '/api/settings' || url === '/api/members') expect(res.statusCode, url).toBe(200);
      else {
        expect(res.statusCode, url).toBe(403);
        expect(res.json().error.code, url).toBe('banned');
      }
    }
    // Later calls still say so: the client may have missed the first answers.
    const later = await t.app.inject({
      method: 'PUT',
      url: '/api/account/privacy',
      cookies: m.cookies,
      payload: { invisible: true },
    });
    expect(later.statusCode).toBe(403);
    expect(later.json().error).toMatchObject({ code: 'banned', authentication_required: true });
    expect((await t.app.inject({ url: '/api/user.php', cookies: m.cookies })).json().error.code).toBe(
      'banned',
    );
  });

  it('A-10 a banned member is never treated as logged in, and logging out ends the session', async () => {
    const m = await buildMember(t.app.db);
    await banMember(t.app.db, m.id, 'spam', new Date());
    const member = await t.app.inject({ url: `/api/members/${m.id}`, cookies: m.cookies });
    expect(member.statusCode).toBe(404); // banned profiles are hidden, also from their owner
    const out = await t.app.inject({ url: '/api/logout.php', cookies: m.cookies });
    expect(out.statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/user.php', cookies: m.cookies });
    expect(after.statusCode).toBe(200);
    expect(after.json().user).toBeNull();
  });

  it("A-10 another member is not affected by someone else's ban", async () => {
    const banned = await buildMember(t.app.db);
    const other = await buildMember(t.app.db);
    await banMember(t.app.db, banned.id, 'spam', new Date());
    const res = await t.app.inject({ url: '/api/user.php', cookies: other.cookies });
    expect(res.json().user.id).toBe(other.id);
  });
});
