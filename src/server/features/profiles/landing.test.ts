import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZMemberLanding } from '../../../shared/contract/profiles.ts';
import { blocks, photos, profiles, users } from '../../db/schema.ts';
import { aboutLine } from '../../kernel/member-card.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember, type TestMember } from '../../test/members.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function withPhoto(m: TestMember, opts: { isPrivate?: boolean; status?: 'active' | 'pending' } = {}) {
  const [photo] = await t.app.db
    .insert(photos)
    .values({
      userId: m.id,
      filename: `ld${m.id}.webp`,
      thumbFilename: `ld${m.id}_t.webp`,
      width: 800,
      height: 1000,
      isPrivate: opts.isPrivate ?? false,
      status: opts.status ?? 'active',
      position: 0,
      // Approved by a moderator: a public landing shows no one's unreviewed photo (issue 27).
      reviewedAt: (opts.status ?? 'active') === 'active' ? new Date() : null,
    })
    .returning({ id: photos.id });
  await t.app.db.update(profiles).set({ mainPhotoId: photo?.id }).where(eq(profiles.userId, m.id));
  return m;
}

async function landing(id: number, cookies: Record<string, string> = {}) {
  const res = await t.app.inject({ url: `/api/members/${id}/landing`, cookies });
  expect(res.statusCode, res.body).toBe(200);
  return ZMemberLanding.parse(res.json());
}

describe("a member's landing page (L-08, issue 25)", () => {
  let others: TestMember[];
  beforeAll(async () => {
    others = [];
    for (let i = 0; i < 3; i++) others.push(await withPhoto(await buildMember(t.app.db)));
  });

  it('L-08 shows a listed member with their photo and first line, and others like them', async () => {
    const m = await withPhoto(
      await buildMember(t.app.db, {
        name: 'Lotte',
        profile: {
          about: 'Ik hou van fietsen langs de Amstel. En verder van goede koffie.',
          city: 'Amsterdam',
        },
      }),
    );
    const page = await landing(m.id);
    expect(page.member).toMatchObject({
      id: m.id,
      name: 'Lotte',
      city: 'Amsterdam',
      about_line: 'Ik hou van fietsen langs de Amstel.',
      photo: { url: `/media/ld${m.id}.webp`, is_main: true },
    });
    expect(page.others.map((o) => o.id)).not.toContain(m.id);
    expect(page.others.map((o) => o.id)).toEqual(expect.arrayContaining(others.map((o) => o.id)));
    expect(page.others.every((o) => o.thumb_url !== null)).toBe(true);
  });

  it('L-08 a private or unapproved photo is never the landing photo', async () => {
    const priv = await withPhoto(await buildMember(t.app.db), { isPrivate: true });
    const pending = await withPhoto(await buildMember(t.app.db), { status: 'pending' });
    expect((await landing(priv.id)).member?.photo).toBeNull();
    expect((await landing(pending.id)).member?.photo).toBeNull();
  });

  it('L-08 unknown, unlisted, banned, deleted, foreign and blocking members give others, never their data', async () => {
    const invisible = await buildMember(t.app.db, { invisible: true, name: 'Verstopt' });
    const banned = await buildMember(t.app.db, { status: 'banned', name: 'Geband' });
    const deleted = await buildMember(t.app.db, { name: 'Weg' });
    await t.app.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    const foreign = await buildMember(t.app.db, { name: 'Buitenland', profile: { country: 'JP' } });
    const blocker = await buildMember(t.app.db, { name: 'Blokkeert' });
    const viewer = await buildMember(t.app.db);
    await t.app.db.insert(blocks).values({ blockerId: blocker.id, blockedId: viewer.id });
    const cases: [number, Record<string, string>][] = [
      [99_999_999, {}],
      [invisible.id, {}],
      [banned.id, {}],
      [deleted.id, {}],
      [foreign.id, {}],
      [blocker.id, viewer.cookies],
    ];
    for (const [id, cookies] of cases) {
      const res = await t.app.inject({ url: `/api/members/${id}/landing`, cookies });
      expect(res.statusCode, String(id)).toBe(200);
      const page = ZMemberLanding.parse(res.json());
      expect(page.member, String(id)).toBeNull();
      expect(page.others.length, String(id)).toBeGreaterThan(0);
      expect(res.body).not.toMatch(/Verstopt|Geband|Weg"|Buitenland|Blokkeert/);
    }
    // The blocked viewer's landing of the blocker shows no blocker; a visitor sees the member.
    expect((await landing(blocker.id)).member?.name).toBe('Blokkeert');
  });

  it('L-08 a bad id is a clear 400, not a 500', async () => {
    for (const bad of ['abc', '-1', '1%00', '9'.repeat(30)]) {
      const res = await t.app.inject({ url: `/api/members/${bad}/landing` });
      expect(res.statusCode, bad).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, bad).toBeLessThan(500);
    }
  });

  it('L-08 the first line is cut at a word and never longer than 160 characters', () => {
    expect(aboutLine(null)).toBeNull();
    expect(aboutLine('   ')).toBeNull();
    expect(aboutLine('Kort.')).toBe('Kort.');
    const long = aboutLine('woord '.repeat(60)) ?? '';
    expect([...long].length).toBeLessThanOrEqual(160);
    expect(long.endsWith('…')).toBe(true);
    expect(long).not.toMatch(/wo…$/);
  });
});
