import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BLOCKS, type TBlockListResponse, ZBlockListResponse } from '../../../shared/contract/blocks.ts';
import { blocks, photos, profiles, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { findBlockedMembers } from './queries.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A confirmed member with an active profile: listed (the database keeps `listed` by trigger). */
const member = () => buildMember(t.app.db);

const api = (m: TestMember | null, method: 'GET' | 'POST' | 'DELETE', url: string) =>
  t.app.inject({ method, url, ...(m ? { cookies: m.cookies } : {}) });

async function block(by: TestMember, id: number) {
  const res = await api(by, 'POST', `/api/members/${id}/block`);
  expect(res.statusCode, res.body).toBe(200);
}

async function myBlocks(m: TestMember): Promise<TBlockListResponse> {
  const res = await api(m, 'GET', '/api/blocks');
  expect(res.statusCode, res.body).toBe(200);
  return ZBlockListResponse.strict().parse(res.json());
}
const idsOf = (list: TBlockListResponse) => list.members.map((c) => c.id);

describe('M-06 the list of members I blocked', () => {
  it('M-06 GET /api/blocks lists the members I blocked, newest block first, and no one else’s', async () => {
    const me = await member();
    const someoneElse = await member();
    const [a, b, c, notBlocked] = [await member(), await member(), await member(), await member()];
    // Blocked in the order b, c, a: the list follows the time of blocking, not the ids.
    await block(me, b.id);
    await block(me, c.id);
    await block(me, a.id);
    await block(someoneElse, notBlocked.id);
    // Members who blocked me are not my blocks.
    await block(notBlocked, me.id);

    const res = await api(me, 'GET', '/api/blocks');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const list = ZBlockListResponse.strict().parse(res.json());
    expect(idsOf(list)).toEqual([a.id, c.id, b.id]);
    expect(list.total).toBe(3);
    expect(list.members[0]).toEqual({
      id: a.id,
      name: a.name,
      age: expect.any(Number),
      city: null,
      country: 'NL',
      thumb_url: null,
      fictional: false,
      online: true,
      profile_available: true,
    });
    expect(res.body).not.toContain(a.email);
    expect(idsOf(await myBlocks(someoneElse))).toEqual([notBlocked.id]);
    expect(await myBlocks(a)).toEqual({ members: [], total: 0 });
  });

  it('M-06 visitors get the same 403 as on every member route', async () => {
    const res = await api(null, 'GET', '/api/blocks');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'authentication_required',
      authentication_required: true,
    });
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('M-06 unblocking takes a member off the list, and blocking twice lists them once', async () => {
    const me = await member();
    const [a, b] = [await member(), await member()];
    await block(me, a.id);
    await block(me, b.id);
    await block(me, a.id);
    expect(idsOf(await myBlocks(me))).toEqual([b.id, a.id]);
    const res = await api(me, 'DELETE', `/api/members/${b.id}/block`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await myBlocks(me)).toMatchObject({ members: [{ id: a.id }], total: 1 });
  });

  it('M-06 a deleted account disappears; invisible and banned members stay, without photo or profile link', async () => {
    const me = await member();
    const [deleted, invisible, banned, withPhoto] = [
      await member(),
      await member(),
      await member(),
      await member(),
    ];
    for (const m of [deleted, invisible, banned, withPhoto]) await block(me, m.id);
    const [photo] = await t.app.db
      .insert(photos)
      .values({
        userId: withPhoto.id,
        filename: `bl${withPhoto.id}.webp`,
        thumbFilename: `bl${withPhoto.id}_t.webp`,
        width: 800,
        height: 1000,
        isPrivate: false,
        status: 'active',
        position: 0,
      })
      .returning({ id: photos.id });
    await t.app.db.update(profiles).set({ mainPhotoId: photo?.id }).where(eq(profiles.userId, withPhoto.id));
    expect((await myBlocks(me)).members[0]).toMatchObject({
      id: withPhoto.id,
      thumb_url: `/media/bl${withPhoto.id}_t.webp`,
      profile_available: true,
    });

    // The database takes each of them out of search (profiles.listed, by trigger).
    const setUser = (id: number, values: Partial<typeof users.$inferInsert>) =>
      t.app.db.update(users).set(values).where(eq(users.id, id));
    await setUser(deleted.id, { deletedAt: new Date() });
    await setUser(banned.id, { status: 'banned' });
    await setUser(invisible.id, { invisible: true });
    await setUser(withPhoto.id, { invisible: true });
    const listed = await t.app.db
      .select({ listed: profiles.listed })
      .from(profiles)
      .where(eq(profiles.userId, banned.id));
    expect(listed).toEqual([{ listed: false }]);

    const list = await myBlocks(me);
    expect(idsOf(list)).toEqual([withPhoto.id, banned.id, invisible.id]);
    expect(list.total).toBe(3);
    for (const card of list.members) {
      expect(card).toMatchObject({ thumb_url: null, online: false, profile_available: false });
    }
    // The block row of the deleted account is still there (until the purge), just not shown.
    expect(await t.app.db.select().from(blocks).where(eq(blocks.blockedId, deleted.id))).toHaveLength(1);
  });

  it(`M-06 the list is capped (${BLOCKS.listMax}) at the newest blocks and counts them all`, async () => {
    const me = await member();
    const others = await Promise.all(Array.from({ length: 3 }, () => member()));
    const now = Date.now();
    // Block times set directly: the second member was blocked last, the third first.
    await t.app.db.insert(blocks).values(
      [1, 0, 2].map((age, i) => ({
        blockerId: me.id,
        blockedId: (others[i] as TestMember).id,
        createdAt: new Date(now - age * 60_000),
      })),
    );
    const order = [others[1], others[0], others[2]].map((o) => o?.id);
    expect(idsOf(await myBlocks(me))).toEqual(order);
    // The cap, on a smaller limit than BLOCKS.listMax: the newest rows, and the count of all.
    const capped = await findBlockedMembers(t.app.db, me.id, 2);
    expect(capped.map((r) => r.userId)).toEqual(order.slice(0, 2));
    expect(capped.map((r) => r.total)).toEqual([3, 3]);
  });
});
