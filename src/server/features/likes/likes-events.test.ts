import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZServerFrame } from '../../../shared/contract/realtime.ts';
import { blocks, notifications, photos, profiles, sites } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { api, connectSocket, listenOn } from '../../test/chat.ts';
import { buildMember, type TestMember } from '../../test/members.ts';

// D-04 P-15: likes and matches reach the other member's open tabs as full events with the member card,
// so the modal opens at once; the counts hint still follows. Real sockets on a listening app.

const CDN = 'https://cdn.likes-events.example';

let t: TestApp;
let base = '';
beforeAll(async () => {
  t = await createTestApp();
  await t.app.db.update(sites).set({ cdnPrefix: CDN }).where(eq(sites.isDefault, true));
  base = await listenOn(t.app);
});
afterAll(() => t.close());

const connect = (m: TestMember) => connectSocket(base, m.cookie);
const like = (from: TestMember, to: TestMember) => api(t.app, from, 'POST', `/api/members/${to.id}/like`);

async function withPhoto(m: TestMember): Promise<TestMember> {
  const key = `likes-events-${m.id}`;
  const [photo] = await t.app.db
    .insert(photos)
    .values({
      userId: m.id,
      filename: `${key}.jpg`,
      thumbFilename: `${key}-thumb.jpg`,
      width: 600,
      height: 800,
    })
    .returning({ id: photos.id });
  await t.app.db.update(profiles).set({ mainPhotoId: photo?.id }).where(eq(profiles.userId, m.id));
  return m;
}

async function popupId(m: TestMember) {
  const res = await api(t.app, m, 'GET', '/api/notifications/popup?after=0');
  return res.json().popup?.id as number | undefined;
}

describe('D-04 P-15 like and match events on the real-time channel', () => {
  it('D-04 P-15 a like sends the liked member a like event with the card; a like back sends both a match event; a third member gets nothing', async () => {
    const a = await withPhoto(
      await buildMember(t.app.db, {
        name: 'Anouk',
        profile: { city: 'Utrecht', dateOfBirth: '1994-03-02', gender: 'female', lookingFor: 'male' },
      }),
    );
    const b = await withPhoto(
      await buildMember(t.app.db, {
        name: 'Bram',
        profile: { city: 'Zwolle', dateOfBirth: '1992-01-20', gender: 'male', lookingFor: 'female' },
      }),
    );
    const stranger = await buildMember(t.app.db);
    const [sa, sb, sx] = await Promise.all([connect(a), connect(b), connect(stranger)]);

    expect((await like(a, b)).json()).toEqual({ liked: true, match: false });
    const liked = await sb.next('like');
    expect(ZServerFrame.parse(liked)).toEqual(liked);
    expect(liked).toMatchObject({
      type: 'like',
      member: {
        id: a.id,
        name: 'Anouk',
        city: 'Utrecht',
        fictional: false,
        thumb_url: `${CDN}/media/likes-events-${a.id}-thumb.jpg`,
        photo_url: `${CDN}/media/likes-events-${a.id}.jpg`,
      },
      me: { name: 'Bram', thumb_url: `${CDN}/media/likes-events-${b.id}-thumb.jpg` },
    });
    expect(liked.member.age).toBeGreaterThanOrEqual(30);
    // The event names the notification the modal marks seen, the same one the popup would show.
    expect(liked.notification_id).toBe(await popupId(b));
    expect(await sb.next('counts')).toEqual({ type: 'counts' });
    // The liker hears nothing of their own like.
    expect(sa.events.filter((e) => e.type === 'like' || e.type === 'match')).toEqual([]);

    expect((await like(b, a)).json()).toEqual({ liked: true, match: true });
    const atA = await sa.next('match');
    const atB = await sb.next('match');
    expect(atA).toMatchObject({ member: { id: b.id, name: 'Bram', city: 'Zwolle' }, me: { name: 'Anouk' } });
    expect(atB).toMatchObject({ member: { id: a.id, name: 'Anouk' }, me: { name: 'Bram' } });
    expect(atA.notification_id).toBe(await popupId(a));
    expect(atA.notification_id).not.toBe(atB.notification_id);

    // Liking again changes nothing and announces nothing new.
    await like(a, b);
    await Promise.all([sb.caughtUp(), sx.caughtUp()]);
    expect(sb.events.filter((e) => e.type === 'like')).toHaveLength(1);
    expect(sx.events.filter((e) => e.type !== 'hello')).toEqual([]);
    for (const s of [sa, sb, sx]) s.socket.close();
  });

  it('D-04 D-10 never an event to or about a member with a block either way', async () => {
    const c = await buildMember(t.app.db);
    const d = await buildMember(t.app.db, { profile: { gender: 'male', lookingFor: 'female' } });
    const [sc, sd] = await Promise.all([connect(c), connect(d)]);
    await t.app.db.insert(blocks).values({ blockerId: d.id, blockedId: c.id });
    expect((await like(c, d)).statusCode).toBe(404);
    expect((await like(d, c)).statusCode).toBe(409);
    await Promise.all([sc.caughtUp(), sd.caughtUp()]);
    expect(sc.events.filter((e) => e.type !== 'hello')).toEqual([]);
    expect(sd.events.filter((e) => e.type !== 'hello')).toEqual([]);
    for (const s of [sc, sd]) s.socket.close();
  });

  it('D-04 D-10 a like from a member others cannot see sends only the counts hint, no card', async () => {
    const hidden = await buildMember(t.app.db, { invisible: true });
    const e = await buildMember(t.app.db, { profile: { gender: 'male', lookingFor: 'female' } });
    const se = await connect(e);
    expect((await like(hidden, e)).statusCode).toBe(200);
    expect(await se.next('counts')).toEqual({ type: 'counts' });
    await se.caughtUp();
    expect(se.events.filter((x) => x.type === 'like' || x.type === 'match')).toEqual([]);
    se.socket.close();
  });

  it('M-05 D-04 N-01 like, unlike, like again 20 times (10 of them at once): the liked member hears of it once', async () => {
    const x = await buildMember(t.app.db, { profile: { gender: 'male', lookingFor: 'female' } });
    const y = await buildMember(t.app.db, { profile: { gender: 'female', lookingFor: 'male' } });
    const sy = await connect(y);
    const unlike = () => api(t.app, x, 'DELETE', `/api/members/${y.id}/like`);
    for (let i = 0; i < 5; i++) {
      expect((await like(x, y)).statusCode).toBe(200);
      expect((await unlike()).statusCode).toBe(200);
    }
    const toggles = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? unlike() : like(x, y))));
    expect(toggles.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await like(x, y)).json()).toEqual({ liked: true, match: false });
    await sy.caughtUp();
    const notes = await t.app.db.select().from(notifications).where(eq(notifications.userId, y.id));
    expect(notes.map((n) => [n.kind, n.actorId])).toEqual([['like', x.id]]);
    expect(sy.events.filter((e) => e.type === 'like')).toHaveLength(1);

    // A match made, taken back and made again: each member hears of the match once.
    expect((await like(y, x)).json()).toEqual({ liked: true, match: true });
    for (let i = 0; i < 3; i++) {
      await unlike();
      expect((await like(x, y)).json()).toEqual({ liked: true, match: true });
    }
    for (const [owner, actor] of [
      [x, y],
      [y, x],
    ] as const) {
      const matches = await t.app.db.select().from(notifications).where(eq(notifications.userId, owner.id));
      expect(matches.filter((n) => n.kind === 'match').map((n) => n.actorId)).toEqual([actor.id]);
    }
    sy.socket.close();
  });
});
