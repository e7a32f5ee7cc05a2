import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZCountsResponse } from '../../../shared/contract/counts.ts';
import { ZAutoLikeResponse, ZLikesResponse } from '../../../shared/contract/likes.ts';
import { ZNotificationsResponse, ZPopupResponse } from '../../../shared/contract/notifications.ts';
import { blocks, dailyCounters, likes, notifications, profiles, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { createNotification } from '../notifications/index.ts';
import { localDay } from './local-day.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const member = (overrides: Parameters<typeof buildMember>[1] = {}) => buildMember(t.app.db, overrides);
async function call(
  m: TestMember | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    ...(m ? { cookies: m.cookies } : {}),
    ...(payload ? { payload } : {}),
  });
}
const like = (m: TestMember, id: number) => call(m, 'POST', `/api/members/${id}/like`);
async function likesOf(m: TestMember, query = '') {
  const res = await call(m, 'GET', `/api/likes${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZLikesResponse.parse(res.json());
}
async function counts(m: TestMember) {
  const res = await call(m, 'GET', '/api/counts');
  expect(res.statusCode, res.body).toBe(200);
  return ZCountsResponse.parse(res.json());
}
async function popup(m: TestMember, after = 0) {
  const res = await call(m, 'GET', `/api/notifications/popup?after=${after}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZPopupResponse.parse(res.json()).popup;
}

describe('D-03 likes pages: GET /api/likes', () => {
  it('D-03 received likes: new ones first, then newest, with liked_by items; given and mutual lists', async () => {
    const me = await member();
    const [a, b, c] = [await member(), await member(), await member()];
    await like(a, me.id);
    await like(b, me.id);
    await like(c, me.id);
    await call(me, 'GET', `/api/members/${c.id}`); // c's like is seen: no longer new
    await like(me, b.id); // mutual with b, which also sees b's like
    const received = await likesOf(me);
    expect(received.profiles.map((p) => p.id)).toEqual([a.id, c.id, b.id]);
    expect(received.liked_by).toEqual(
      expect.arrayContaining([
        { id: a.id, like_new: true },
        { id: b.id, like_new: false },
        { id: c.id, like_new: false },
      ]),
    );
    expect((await likesOf(me, '?type=given')).profiles.map((p) => p.id)).toEqual([b.id]);
    expect((await likesOf(me, '?type=mutual')).profiles.map((p) => p.id)).toEqual([b.id]);
    // Liking back saw the like: only a's is new.
    expect((await counts(me)).new_likes).toBe(1);
  });

  it('D-03 pages by cursor without gaps or repeats', async () => {
    const me = await member();
    const likers: number[] = [];
    for (let i = 0; i < 7; i++) {
      const m = await member();
      likers.push(m.id);
      await like(m, me.id);
    }
    await call(me, 'GET', `/api/members/${likers[2]}`);
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const page = await likesOf(me, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.profiles.length).toBeLessThanOrEqual(3);
      seen.push(...page.profiles.map((p) => p.id));
      cursor = page.next_cursor;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
    expect(seen.at(-1)).toBe(likers[2]); // the seen like comes after every new one
  });

  it('D-10 invisible, banned, deleted and blocked-either-way members never appear, nor count', async () => {
    const me = await member();
    const shown = await member();
    const gone = [await member(), await member(), await member(), await member(), await member()];
    for (const m of [shown, ...gone]) await like(m, me.id);
    const [invisible, banned, deleted, blocker, blocked] = gone as [
      TestMember,
      TestMember,
      TestMember,
      TestMember,
      TestMember,
    ];
    await t.app.db.update(users).set({ status: 'banned' }).where(eq(users.id, banned.id));
    await t.app.db.update(profiles).set({ listed: false }).where(eq(profiles.userId, invisible.id));
    await t.app.db.update(profiles).set({ listed: false }).where(eq(profiles.userId, banned.id));
    await t.app.db.update(profiles).set({ listed: false }).where(eq(profiles.userId, deleted.id));
    // Blocks made straight in the table: the block endpoint would remove the likes.
    await t.app.db.insert(blocks).values([
      { blockerId: blocker.id, blockedId: me.id },
      { blockerId: me.id, blockedId: blocked.id },
    ]);
    expect((await likesOf(me)).profiles.map((p) => p.id)).toEqual([shown.id]);
    expect((await counts(me)).new_likes).toBe(1);
    const list = ZNotificationsResponse.parse((await call(me, 'GET', '/api/notifications')).json());
    expect(list.notifications.map((n) => n.member?.id)).toEqual([shown.id]);
    expect((await counts(me)).unread_notifications).toBe(1);
  });

  it('D-03 a member sees only their own likes; visitors must log in; bad cursors are a clean 400', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await like(a, b.id);
    expect((await likesOf(c)).profiles).toEqual([]);
    expect((await likesOf(c, '?type=given')).profiles).toEqual([]);
    expect((await call(null, 'GET', '/api/likes')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/counts')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/notifications')).statusCode).toBe(403);
    for (const cursor of ['x', 'WzEsIjIwMjAiLDFd', '%00', 'a'.repeat(300), '%E2%80%AE']) {
      const res = await call(b, 'GET', `/api/likes?cursor=${cursor}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    expect((await call(b, 'GET', '/api/likes?type=everyone')).statusCode).toBe(400);
  });
});

describe('D-04 D-09 N-01 notifications, popup and counts', () => {
  it('D-04 a like and a match each show in the modal once, for the right members', async () => {
    const a = await member();
    const b = await member();
    const other = await member();
    await like(a, b.id);
    expect(await popup(a)).toBeNull();
    const first = await popup(b);
    expect(first).toMatchObject({ kind: 'like', member: { id: a.id } });
    expect(await popup(other)).toBeNull();
    // Another member cannot dismiss b's popup.
    await call(other, 'POST', `/api/notifications/${first?.id}/popup-seen`);
    expect((await popup(b))?.id).toBe(first?.id);
    await call(b, 'POST', `/api/notifications/${first?.id}/popup-seen`);
    expect(await popup(b)).toBeNull();
    expect((await like(b, a.id)).json()).toEqual({ liked: true, match: true });
    for (const [m, them] of [
      [a, b],
      [b, a],
    ] as const) {
      const p = await popup(m);
      expect(p).toMatchObject({ kind: 'match', member: { id: them.id }, me: { name: m.name } });
      await call(m, 'POST', `/api/notifications/${p?.id}/popup-seen`);
      expect(await popup(m)).toBeNull();
    }
  });

  it('N-01 notifications newest first, cursor-paged, read up to what was seen, own rows only', async () => {
    const me = await member();
    const other = await member();
    for (let i = 0; i < 35; i++)
      await createNotification(t.app.db, { userId: me.id, kind: 'system', payload: { n: i } });
    expect((await counts(me)).unread_notifications).toBe(35);
    const first = ZNotificationsResponse.parse((await call(me, 'GET', '/api/notifications')).json());
    expect(first.notifications).toHaveLength(30);
    expect(first.notifications[0]?.payload).toEqual({ n: 34 });
    const second = ZNotificationsResponse.parse(
      (await call(me, 'GET', `/api/notifications?cursor=${first.next_cursor}`)).json(),
    );
    expect(second.notifications.map((n) => n.payload.n)).toEqual([4, 3, 2, 1, 0]);
    expect(second.next_cursor).toBeNull();
    const upTo = first.notifications[0]?.id ?? 0;
    // Another member marking my ids read changes nothing.
    expect((await call(other, 'POST', '/api/notifications/read', { up_to: upTo })).statusCode).toBe(200);
    expect((await counts(me)).unread_notifications).toBe(35);
    await call(me, 'POST', '/api/notifications/read', { up_to: upTo });
    expect((await counts(me)).unread_notifications).toBe(0);
    expect((await call(me, 'POST', '/api/notifications/read', { up_to: 'x' })).statusCode).toBe(400);
  });

  it("D-04 only likes that arrive while the member is on the site pop up: after the page's first look", async () => {
    const a = await member();
    const b = await member();
    await like(a, b.id);
    const first = ZPopupResponse.parse((await call(b, 'GET', '/api/notifications/popup')).json());
    expect(first.popup).toBeNull();
    expect(first.latest_id).toBeGreaterThan(0);
    expect(await popup(b, first.latest_id)).toBeNull();
    const c = await member();
    await like(c, b.id);
    expect((await popup(b, first.latest_id))?.member.id).toBe(c.id);
  });

  it('P-06 counts: credits and paid state of the member; chat unread is 0 until the chat exists', async () => {
    const m = await member({ credits: 7, paidUser: true });
    expect(await counts(m)).toEqual({
      unread_messages: 0,
      new_likes: 0,
      unread_notifications: 0,
      credits: 7,
      paid_user: true,
    });
  });
});

describe('D-06 auto-like', () => {
  it('D-06 a fitting fictional profile likes the member, a few a day, never a real member', async () => {
    const me = await member({
      profile: { gender: 'male', lookingFor: 'female', country: 'BE', dateOfBirth: '1988-02-29' },
    });
    const real = await member({ profile: { gender: 'female', lookingFor: 'male', country: 'BE' } });
    const fictional = [];
    for (let i = 0; i < 5; i++)
      fictional.push(
        await member({
          profile: {
            gender: 'female',
            lookingFor: 'male',
            country: 'BE',
            fictional: true,
            listed: true,
            dateOfBirth: '1990-01-01',
          },
        }),
      );
    const misfit = await member({
      profile: { gender: 'male', lookingFor: 'male', country: 'BE', fictional: true, listed: true },
    });
    const got: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await call(me, 'POST', '/api/likes/auto');
      expect(res.statusCode, res.body).toBe(200);
      const { profile } = ZAutoLikeResponse.parse(res.json());
      if (profile) got.push(profile.id);
    }
    expect(got).toHaveLength(3);
    expect(new Set(got).size).toBe(3);
    const fictionalIds = fictional.map((f) => f.id);
    for (const id of got) expect(fictionalIds).toContain(id);
    expect(got).not.toContain(real.id);
    expect(got).not.toContain(misfit.id);
    const stored = await t.app.db.select().from(likes).where(eq(likes.likedId, me.id));
    expect(stored.map((l) => l.likerId).sort()).toEqual([...got].sort());
  });
});

describe('issue 10 item 13: match race', () => {
  it('M-05 of simultaneous mutual likes at least the second reports the match (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const a = await member();
      const b = await member();
      const [ra, rb] = await Promise.all([like(a, b.id), like(b, a.id)]);
      const matches = [ra.json().match, rb.json().match];
      expect(matches, `round ${round}`).toContain(true);
      // Both get exactly one match notification.
      const rows = await t.app.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.kind, 'match'), eq(notifications.actorId, b.id)));
      expect(rows.map((r) => r.userId)).toEqual([a.id]);
    }
  });
});

describe('D-07 swipe game', () => {
  const fitting = (photo = true) =>
    member({ profile: { gender: 'male', lookingFor: 'female', country: 'DK', listed: true }, photo });

  it('D-07 stack of fitting cards, only members with a photo; a pass is remembered and can be undone; likes leave the stack', async () => {
    const me = await member({ profile: { gender: 'female', lookingFor: 'male', country: 'DK' } });
    const x = await fitting();
    const y = await fitting();
    const faceless = await fitting(false);
    const stack = (await call(me, 'GET', '/api/swipe')).json();
    expect(stack.likes_left).toBe(4);
    const ids = stack.cards.map((c: { id: number }) => c.id);
    expect(ids).toEqual(expect.arrayContaining([x.id, y.id]));
    expect(ids).not.toContain(me.id);
    // Issue 27: a swipe card is a photo; a member without one never comes up.
    expect(ids).not.toContain(faceless.id);
    expect((await call(me, 'POST', `/api/swipe/${x.id}`, { action: 'pass' })).json()).toMatchObject({
      liked: false,
    });
    expect((await call(me, 'POST', `/api/swipe/${y.id}`, { action: 'like' })).json()).toEqual({
      liked: true,
      match: false,
      likes_left: 3,
    });
    const after = (await call(me, 'GET', '/api/swipe')).json().cards.map((c: { id: number }) => c.id);
    expect(after).not.toContain(x.id);
    expect(after).not.toContain(y.id);
    const undo = (await call(me, 'DELETE', '/api/swipe/passes/last')).json();
    expect(undo.card.id).toBe(x.id);
    expect((await call(me, 'DELETE', '/api/swipe/passes/last')).json()).toEqual({ card: null });
    expect((await call(me, 'GET', '/api/swipe')).json().cards.map((c: { id: number }) => c.id)).toContain(
      x.id,
    );
    expect((await call(me, 'POST', `/api/swipe/${me.id}`, { action: 'like' })).statusCode).toBe(400);
    expect((await call(me, 'POST', `/api/swipe/${x.id}`, { action: 'superlike' })).statusCode).toBe(400);
  });

  it('D-07 20 parallel likes with 4 left: exactly 4 stored, 16 refused with the limit message', async () => {
    const me = await member({ profile: { gender: 'female', lookingFor: 'male', country: 'DK' } });
    const targets = [];
    for (let i = 0; i < 20; i++) targets.push(await fitting());
    const results = await Promise.all(
      targets.map((m) => call(me, 'POST', `/api/swipe/${m.id}`, { action: 'like' })),
    );
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 403);
    expect(ok).toHaveLength(4);
    expect(refused).toHaveLength(16);
    for (const r of refused) {
      expect(r.json().error.code).toBe('swipe_limit');
      expect(r.json().error.message).toBeTruthy();
    }
    expect(await t.app.db.select().from(likes).where(eq(likes.likerId, me.id))).toHaveLength(4);
    const [counter] = await t.app.db.select().from(dailyCounters).where(eq(dailyCounters.userId, me.id));
    expect(counter).toMatchObject({ kind: 'swipe_like', count: 4, day: localDay('DK', new Date()) });
    expect((await call(me, 'GET', '/api/swipe')).json().likes_left).toBe(0);
    // Profile-page likes are not the swipe game's: they still work.
    expect((await like(me, targets[19]?.id ?? 0)).statusCode).toBe(200);
  });

  it('D-07 paid members swipe without a limit', async () => {
    const me = await member({
      paidUser: true,
      profile: { gender: 'female', lookingFor: 'male', country: 'DK' },
    });
    expect((await call(me, 'GET', '/api/swipe')).json().likes_left).toBeNull();
    for (let i = 0; i < 6; i++) {
      const m = await fitting();
      expect((await call(me, 'POST', `/api/swipe/${m.id}`, { action: 'like' })).statusCode).toBe(200);
    }
  });
});

describe('D-08 matchfinder', () => {
  it('D-08 ranks shared interests first and says why', async () => {
    const me = await member({
      profile: {
        gender: 'female',
        lookingFor: 'male',
        country: 'FI',
        region: 'FI-18',
        interests: ['cooking', 'hiking', 'wine'],
      },
    });
    const plain = await member({
      profile: { gender: 'male', lookingFor: 'female', country: 'FI', listed: true },
    });
    const twin = await member({
      profile: {
        gender: 'male',
        lookingFor: 'female',
        country: 'FI',
        listed: true,
        region: 'FI-18',
        interests: ['cooking', 'hiking'],
      },
    });
    const wrongGender = await member({
      profile: { gender: 'female', country: 'FI', listed: true, interests: ['cooking'] },
    });
    const res = await call(me, 'GET', '/api/match-finder');
    expect(res.statusCode, res.body).toBe(200);
    const ids = res.json().suggestions.map((s: { card: { id: number } }) => s.card.id);
    expect(ids[0]).toBe(twin.id);
    expect(ids).toContain(plain.id);
    expect(ids).not.toContain(wrongGender.id);
    expect(res.json().suggestions[0].reasons).toMatchObject({
      shared_interests: expect.arrayContaining(['cooking', 'hiking']),
      same_region: true,
      recently_active: true,
    });
    expect((await call(me, 'GET', '/api/match-finder?min_age=50&max_age=20')).statusCode).toBe(400);
  });

  it('D-08 the age range and region a member chooses are remembered for them and rank the suggestions', async () => {
    const me = await member({
      profile: {
        gender: 'female',
        lookingFor: 'male',
        country: 'IE',
        region: 'IE-L',
        dateOfBirth: '1990-01-01',
      },
    });
    const other = await member({ profile: { country: 'IE', region: 'IE-L' } });
    const man = (region: string, dateOfBirth: string) =>
      member({ profile: { gender: 'male', lookingFor: 'female', country: 'IE', region, dateOfBirth } });
    const near = await man('IE-L', '1989-01-01');
    const older = await man('IE-M', '1960-01-01');
    const get = async (m: typeof me) => {
      const res = await call(m, 'GET', '/api/match-finder');
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { suggestions: { card: { id: number } }[]; preferences: object };
    };
    // Defaults: ages around her own, her own region.
    const before = await get(me);
    expect(before.preferences).toMatchObject({ region: 'IE-L', min_age: expect.any(Number) });
    expect(before.suggestions[0]?.card.id).toBe(near.id);

    const prefs = { min_age: 60, max_age: 70, region: 'IE-M' };
    const put = await call(me, 'PUT', '/api/match-finder/preferences', prefs);
    expect(put.statusCode, put.body).toBe(200);
    const after = await get(me);
    expect(after.preferences).toEqual(prefs);
    expect(after.suggestions[0]?.card.id).toBe(older.id);
    // Hers alone: another member keeps the defaults.
    expect((await get(other)).preferences).not.toEqual(prefs);
    // "Any" at both ends and no region are preferences too.
    const open = { min_age: null, max_age: null, region: null };
    expect((await call(me, 'PUT', '/api/match-finder/preferences', open)).statusCode).toBe(200);
    expect((await get(me)).preferences).toEqual(open);

    // Bad input: a clear 400 and nothing saved.
    for (const bad of [
      { min_age: 50, max_age: 30, region: null },
      { min_age: 17, max_age: 30, region: null },
      { min_age: 20, max_age: 30, region: 'NL-UT' },
      { min_age: 20, max_age: 30, region: 'IE-\u0000' },
      { min_age: 20, max_age: 30 },
    ]) {
      const res = await call(me, 'PUT', '/api/match-finder/preferences', bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    const abroad = await call(me, 'PUT', '/api/match-finder/preferences', { ...prefs, region: 'NL-UT' });
    expect(abroad.json().error).toMatchObject({
      code: 'unknown_region',
      message: 'Kies een regio in je eigen land.',
    });
    expect((await get(me)).preferences).toEqual(open);
    // A region saved before she moves abroad is dropped, not used in another country.
    await call(me, 'PUT', '/api/match-finder/preferences', prefs);
    await t.app.db.update(profiles).set({ country: 'GB', region: null }).where(eq(profiles.userId, me.id));
    expect((await get(me)).preferences).toEqual({ ...prefs, region: null });
    expect([401, 403]).toContain(
      (await call(null, 'PUT', '/api/match-finder/preferences', prefs)).statusCode,
    );
  });
});
