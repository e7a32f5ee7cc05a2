import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZLikeResponse } from '../../../shared/contract/likes.ts';
import { ZMemberResponse } from '../../../shared/contract/profiles.ts';
import { likes, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember, type TestMember } from '../../test/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const member = (overrides: Parameters<typeof buildMember>[1] = {}) => buildMember(t.app.db, overrides);

async function call(m: TestMember | null, method: 'GET' | 'POST' | 'DELETE', url: string) {
  return t.app.inject({ method, url, ...(m ? { cookies: m.cookies } : {}) });
}
const like = (m: TestMember | null, id: number) => call(m, 'POST', `/api/members/${id}/like`);
const unlike = (m: TestMember | null, id: number) => call(m, 'DELETE', `/api/members/${id}/like`);

async function profileAs(viewer: TestMember, id: number) {
  const res = await call(viewer, 'GET', `/api/members/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZMemberResponse.parse(res.json()).profile;
}

const likeRow = async (likerId: number, likedId: number) =>
  (
    await t.app.db
      .select()
      .from(likes)
      .where(and(eq(likes.likerId, likerId), eq(likes.likedId, likedId)))
  )[0];

describe('M-05 like and unlike from a profile page', () => {
  it('M-05 a like shows on the profile page for the liker and, as likes_me, for the liked member', async () => {
    const a = await member();
    const b = await member();
    const res = await like(a, b.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(ZLikeResponse.parse(res.json())).toEqual({ liked: true, match: false });
    expect(await profileAs(a, b.id)).toMatchObject({ liked_by_me: true, likes_me: false });
    expect(await profileAs(b, a.id)).toMatchObject({ liked_by_me: false, likes_me: true });
  });

  it('M-05 liking back is a match; liking twice changes nothing', async () => {
    const a = await member();
    const b = await member();
    await like(a, b.id);
    const first = await likeRow(a.id, b.id);
    expect((await like(a, b.id)).json()).toEqual({ liked: true, match: false });
    expect((await likeRow(a.id, b.id))?.createdAt).toEqual(first?.createdAt);
    expect((await like(b, a.id)).json()).toEqual({ liked: true, match: true });
    expect(await profileAs(a, b.id)).toMatchObject({ liked_by_me: true, likes_me: true });
  });

  it('M-05 unlike takes the like back, and doing it twice is fine', async () => {
    const a = await member();
    const b = await member();
    await like(a, b.id);
    for (let i = 0; i < 2; i++) {
      const res = await unlike(a, b.id);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ liked: false, match: false });
    }
    expect(await likeRow(a.id, b.id)).toBeUndefined();
    expect(await profileAs(b, a.id)).toMatchObject({ likes_me: false });
  });

  it('D-03 opening the profile of someone who liked you marks their like as seen', async () => {
    const a = await member();
    const b = await member();
    await like(a, b.id);
    expect((await likeRow(a.id, b.id))?.isNew).toBe(true);
    await profileAs(a, b.id); // the liker looking again changes nothing
    expect((await likeRow(a.id, b.id))?.isNew).toBe(true);
    await profileAs(b, a.id);
    expect((await likeRow(a.id, b.id))?.isNew).toBe(false);
  });

  it('M-05 visitors must log in to like', async () => {
    const b = await member();
    const res = await like(null, b.id);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'authentication_required',
      authentication_required: true,
    });
    expect(await t.app.db.select().from(likes).where(eq(likes.likedId, b.id))).toHaveLength(0);
  });

  it('M-05 nobody can like themself', async () => {
    const a = await member();
    const res = await like(a, a.id);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('like_self');
    expect(res.json().error.message).toBeTruthy();
  });

  it('M-06 members who blocked you, and members nobody can find, answer the same 404 as a missing id', async () => {
    const a = await member();
    const blocker = await member();
    await call(blocker, 'POST', `/api/members/${a.id}/block`);
    const invisible = await member({ invisible: true });
    const banned = await member({ status: 'banned' });
    const deleted = await member({ deletedAt: new Date() });
    for (const id of [blocker.id, invisible.id, banned.id, deleted.id, 2147483646]) {
      const res = await like(a, id);
      expect(res.statusCode, `member ${id}`).toBe(404);
      expect(res.json().error.code).toBe('not_found');
    }
    expect(await t.app.db.select().from(likes).where(eq(likes.likerId, a.id))).toHaveLength(0);
  });

  it('M-06 a member you blocked must be unblocked before a like; a block ends the likes both ways', async () => {
    const a = await member();
    const b = await member();
    await like(a, b.id);
    await like(b, a.id);
    expect((await call(a, 'POST', `/api/members/${b.id}/block`)).statusCode).toBe(200);
    expect(await likeRow(a.id, b.id)).toBeUndefined();
    expect(await likeRow(b.id, a.id)).toBeUndefined();
    const res = await like(a, b.id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('blocked');
    await call(a, 'DELETE', `/api/members/${b.id}/block`);
    expect((await like(a, b.id)).json()).toEqual({ liked: true, match: false });
  });

  it('M-05 bad ids are a clean 400, never a 500', async () => {
    const a = await member();
    for (const id of ['abc', '0', '-4', '99999999999999', '%00', '1.5']) {
      const res = await like(a, id as unknown as number);
      expect(res.statusCode, id).toBe(400);
    }
  });

  it('M-05 likes go with a deleted account when it is purged', async () => {
    const a = await member();
    const b = await member();
    await like(a, b.id);
    await like(b, a.id);
    await t.app.db.delete(users).where(eq(users.id, a.id));
    expect(await likeRow(b.id, a.id)).toBeUndefined();
  });

  it('M-05 a like needs the Origin of the site: a cross-site form cannot like for you', async () => {
    const a = await member();
    const b = await member();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/members/${b.id}/like`,
      cookies: a.cookies,
      headers: { origin: 'https://evil.example' },
    });
    expect(res.statusCode).toBe(403);
    expect(await likeRow(a.id, b.id)).toBeUndefined();
  });

  it('A-12 the data export lists my likes both ways, with ids and dates only', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await like(a, b.id);
    await like(c, a.id);
    const res = await call(a, 'GET', '/api/account/export');
    expect(res.statusCode).toBe(200);
    const { likes: exported } = res.json();
    expect(exported.given).toEqual([{ member_id: b.id, date: expect.any(String) }]);
    expect(exported.received).toEqual([{ member_id: c.id, date: expect.any(String) }]);
    expect(res.body).not.toContain(b.email);
    expect(res.body).not.toContain(c.email);
  });
});
