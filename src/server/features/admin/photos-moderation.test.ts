import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ZPhotoQueue } from '../../../shared/contract/admin-moderation.ts';
import { auditLog, mailOutbox, notifications, photoReviews, photos, sites, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { buildStaff, type TestStaff } from '../../test/staff.ts';
import { keyOf, testJpeg, uploadPhotoAs } from '../../test/uploads.ts';

let t: TestApp;
let dataDir: string;
let siteA: number;
let siteB: number;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vonk-moderation-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const rows = await t.app.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id));
  siteA = rows[0]?.id as number;
  siteB = rows[1]?.id as number;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// Every test starts from an empty queue: photos made by earlier tests count as reviewed.
beforeEach(async () => {
  await t.app.db.execute(sql`update photos set reviewed_at = now() where reviewed_at is null`);
});

const setModeration = (siteId: number, mode: 'pre' | 'post') =>
  t.app.db.update(sites).set({ photoModeration: mode }).where(eq(sites.id, siteId));

async function upload(m: TestMember) {
  const res = await uploadPhotoAs(t.app, m, await testJpeg());
  expect(res.statusCode).toBe(201);
  return res.json() as { id: number; url: string; thumb_url: string; status: string };
}

const asStaff = (s: TestStaff, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url, cookies: s.cookies, ...(payload ? { payload } : {}) });

const fileOnDisk = (key: string) => existsSync(join(dataDir, 'media', key));

async function photoRow(id: number) {
  const [row] = await t.app.db.select().from(photos).where(eq(photos.id, id));
  return row;
}

describe('M-09 pre- and post-moderation of new photos', () => {
  it('M-09 on a pre-moderated site a new photo is pending: its owner sees it awaiting review, nobody else sees it', async () => {
    await setModeration(siteA, 'pre');
    try {
      const owner = await buildMember(t.app.db, { profile: { country: 'NL' } });
      const other = await buildMember(t.app.db, { profile: { country: 'NL' } });
      const photo = await upload(owner);
      expect(photo.status).toBe('pending');
      expect(await photoRow(photo.id)).toMatchObject({ status: 'pending', reviewedAt: null });

      // The owner's own list: awaiting review, through a link signed for them (not the public path).
      const own = await t.app.inject({ url: '/api/photos', cookies: owner.cookies });
      expect(own.json().photos).toEqual([
        expect.objectContaining({ id: photo.id, status: 'pending', is_main: true }),
      ]);
      expect(photo.url).toMatch(/^\/media\/private\//);
      expect((await t.app.inject({ url: photo.url, cookies: owner.cookies })).statusCode).toBe(200);

      // Another member: no photo on the profile, no main image, no thumbnail on cards, no public file.
      const profile = await t.app.inject({ url: `/api/members/${owner.id}`, cookies: other.cookies });
      expect(profile.statusCode).toBe(200);
      expect(profile.json().profile).toMatchObject({ photos: [], main_image: null });
      const search = await t.app.inject({ url: `/api/members?country=NL`, cookies: other.cookies });
      const card = (search.json().page?.results ?? []).find((c: { id: number }) => c.id === owner.id);
      if (card) expect(card.thumb_url).toBeNull();
      expect((await t.app.inject({ url: `/media/${keyOf(photo.url)}` })).statusCode).toBe(404);
      expect((await t.app.inject({ url: photo.url, cookies: other.cookies })).statusCode).toBe(403);
    } finally {
      await setModeration(siteA, 'post');
    }
  });

  it('M-09 on a post-moderated site a new photo shows at once and still waits in the queue', async () => {
    const owner = await buildMember(t.app.db);
    const other = await buildMember(t.app.db);
    const photo = await upload(owner);
    expect(photo.status).toBe('active');
    expect(await photoRow(photo.id)).toMatchObject({ status: 'active', reviewedAt: null });
    const profile = await t.app.inject({ url: `/api/members/${owner.id}`, cookies: other.cookies });
    expect(profile.json().profile.photos.map((p: { id: number }) => p.id)).toEqual([photo.id]);

    const mod = await buildStaff(t.app.db, { roles: [{ role: 'moderator', siteId: siteA }] });
    const queue = ZPhotoQueue.parse((await asStaff(mod, 'GET', '/api/admin/photos/queue')).json());
    expect(queue.items.map((i) => i.id)).toEqual([photo.id]);
  });
});

describe('M-09 O-03 the moderation queue', () => {
  it('M-09 lists waiting photos oldest first with member, site and a link signed for this moderator', async () => {
    const first = await buildMember(t.app.db, { name: 'Eerstefoto' });
    const second = await buildMember(t.app.db, { name: 'Tweedefoto' });
    const a = await upload(second);
    const b = await upload(first);
    // The first member's photo is older, though uploaded second.
    await t.app.db
      .update(photos)
      .set({ createdAt: sql`now() - interval '1 hour'` })
      .where(eq(photos.id, b.id));
    const mod = await buildStaff(t.app.db, { roles: [{ role: 'moderator', siteId: siteA }] });
    const res = await asStaff(mod, 'GET', `/api/admin/photos/queue?site=${siteA}`);
    expect(res.statusCode).toBe(200);
    const queue = ZPhotoQueue.parse(res.json());
    expect(queue.items.map((i) => i.id)).toEqual([b.id, a.id]);
    expect(queue.waiting).toBe(2);
    expect(queue.items[0]?.member).toMatchObject({ id: first.id, name: 'Eerstefoto', site_id: siteA });
    expect(queue.items[0]?.member.site_name).toBeTruthy();

    const url = queue.items[0]?.url as string;
    expect(url).toMatch(/^\/api\/admin\/photos\/file\/[^?]+\?exp=\d+&v=\d+&sig=/);
    const image = await asStaff(mod, 'GET', url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    // The link is this moderator's: another staff member, a member or nobody cannot use it.
    const colleague = await buildStaff(t.app.db, { roles: ['moderator'] });
    expect((await asStaff(colleague, 'GET', url)).statusCode).toBe(404);
    expect((await t.app.inject({ url, cookies: first.cookies })).statusCode).toBe(401);
    // Nor is it a member's signed link.
    expect(
      (await t.app.inject({ url: url.replace('/api/admin/photos/file/', '/media/private/') })).statusCode,
    ).toBe(403);

    const count = await asStaff(mod, 'GET', '/api/admin/photos/waiting');
    expect(count.json()).toEqual({ count: 2 });
  });

  it('M-09 a moderator of another site neither sees nor decides on the photo', async () => {
    const owner = await buildMember(t.app.db);
    const photo = await upload(owner);
    const elsewhere = await buildStaff(t.app.db, { roles: [{ role: 'moderator', siteId: siteB }] });
    const queue = ZPhotoQueue.parse((await asStaff(elsewhere, 'GET', '/api/admin/photos/queue')).json());
    expect(queue.items.map((i) => i.id)).not.toContain(photo.id);
    expect((await asStaff(elsewhere, 'GET', `/api/admin/photos/queue?site=${siteA}`)).statusCode).toBe(403);
    for (const [url, body] of [
      [`/api/admin/photos/${photo.id}/approve`, {}],
      [`/api/admin/photos/${photo.id}/reject`, { reason: 'explicit' }],
    ] as const) {
      const res = await asStaff(elsewhere, 'POST', url, body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('forbidden');
    }
    expect((await asStaff(elsewhere, 'GET', `/api/admin/photos/member/${owner.id}`)).statusCode).toBe(403);
    // An operator holds no moderation rights at all.
    const operator = await buildStaff(t.app.db, { roles: ['operator'] });
    expect((await asStaff(operator, 'GET', '/api/admin/photos/queue')).statusCode).toBe(403);
    expect(await photoRow(photo.id)).toMatchObject({ status: 'active', reviewedAt: null });
  });
});

describe('M-09 approve and reject', () => {
  it('M-09 approving a pending photo makes it visible to others, once, with the review and the audit line', async () => {
    await setModeration(siteA, 'pre');
    let photo: { id: number; url: string };
    const owner = await buildMember(t.app.db);
    try {
      photo = await upload(owner);
    } finally {
      await setModeration(siteA, 'post');
    }
    const other = await buildMember(t.app.db);
    const mod = await buildStaff(t.app.db, { roles: [{ role: 'moderator', siteId: siteA }] });
    const res = await asStaff(mod, 'POST', `/api/admin/photos/${photo.id}/approve`, {});
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: photo.id, decision: 'approved', status: 'active' });
    expect(await photoRow(photo.id)).toMatchObject({ status: 'active', reviewedAt: expect.any(Date) });

    const profile = await t.app.inject({ url: `/api/members/${owner.id}`, cookies: other.cookies });
    expect(profile.json().profile.photos.map((p: { id: number }) => p.id)).toEqual([photo.id]);
    expect(profile.json().profile.main_image).toMatchObject({ id: photo.id, status: 'active' });

    const [review] = await t.app.db.select().from(photoReviews).where(eq(photoReviews.photoId, photo.id));
    expect(review).toMatchObject({ decision: 'approved', staffId: mod.id, userId: owner.id, reason: null });
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'photo'), eq(auditLog.objectId, String(photo.id))));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'photo.approve',
        staffId: mod.id,
        role: 'moderator',
        siteId: siteA,
        before: expect.objectContaining({ status: 'pending' }),
        after: expect.objectContaining({ status: 'active' }),
      }),
    ]);

    // A second decision on a reviewed photo: 409, nothing written.
    const again = await asStaff(mod, 'POST', `/api/admin/photos/${photo.id}/approve`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('already_reviewed');
    const queue = ZPhotoQueue.parse((await asStaff(mod, 'GET', '/api/admin/photos/queue')).json());
    expect(queue.items.map((i) => i.id)).not.toContain(photo.id);
  });

  it('M-09 O-03 rejecting removes the photo and its files and tells the member in their language, by notification and mail', async () => {
    const owner = await buildMember(t.app.db, { language: 'de', name: 'Lieselotte' });
    const kept = await upload(owner);
    const photo = await upload(owner);
    const files = [keyOf(photo.url), keyOf(photo.thumb_url)];
    expect(files.every(fileOnDisk)).toBe(true);
    const mod = await buildStaff(t.app.db, { roles: [{ role: 'moderator', siteId: siteA }] });

    const res = await asStaff(mod, 'POST', `/api/admin/photos/${photo.id}/reject`, {
      reason: 'contact_details',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: photo.id, decision: 'rejected', status: null });

    expect(await photoRow(photo.id)).toBeUndefined();
    expect(files.some(fileOnDisk)).toBe(false);
    expect([keyOf(kept.url), keyOf(kept.thumb_url)].every(fileOnDisk)).toBe(true);
    const own = await t.app.inject({ url: '/api/photos', cookies: owner.cookies });
    expect(own.json().photos.map((p: { id: number }) => p.id)).toEqual([kept.id]);

    const [review] = await t.app.db.select().from(photoReviews).where(eq(photoReviews.photoId, photo.id));
    expect(review).toMatchObject({ decision: 'rejected', reason: 'contact_details', staffId: mod.id });
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'photo.reject'), eq(auditLog.objectId, String(photo.id))));
    expect(audit).toMatchObject({ reason: 'contact_details', staffId: mod.id, siteId: siteA });

    const notes = await t.app.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    expect(notes).toEqual([
      expect.objectContaining({ kind: 'photo_rejected', payload: { reason: 'contact_details' } }),
    ]);
    const list = await t.app.inject({ url: '/api/notifications', cookies: owner.cookies });
    expect(list.json().notifications[0]).toMatchObject({ kind: 'photo_rejected', read: false });

    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email));
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.subject).toBe('Dein Foto bei Vonk wurde nicht freigegeben');
    expect(mail?.text).toContain('Hallo Lieselotte');
    expect(mail?.text).toContain('Auf dem Foto sind Kontaktdaten zu sehen');
    expect(mail?.text).toContain('/profile');
    expect(mail?.from).toBe('Vonk <support@vonk.test>');
    expect(mail?.html).toContain('lang="de"');
  });

  it('M-09 rejecting the main photo moves the main image on to the next public photo', async () => {
    const owner = await buildMember(t.app.db);
    const main = await upload(owner);
    const next = await upload(owner);
    const mod = await buildStaff(t.app.db, { roles: ['moderator'] });
    const res = await asStaff(mod, 'POST', `/api/admin/photos/${main.id}/reject`, { reason: 'low_quality' });
    expect(res.statusCode).toBe(200);
    const own = await t.app.inject({ url: '/api/photos', cookies: owner.cookies });
    expect(own.json().photos).toEqual([expect.objectContaining({ id: next.id, is_main: true })]);
  });

  it("M-09 a banned or deleted member's photos do not wait in the queue", async () => {
    const banned = await buildMember(t.app.db);
    const photo = await upload(banned);
    await t.app.db.update(users).set({ status: 'banned' }).where(eq(users.id, banned.id));
    const mod = await buildStaff(t.app.db, { roles: ['moderator'] });
    const queue = ZPhotoQueue.parse((await asStaff(mod, 'GET', '/api/admin/photos/queue')).json());
    expect(queue.items.map((i) => i.id)).not.toContain(photo.id);
  });

  it('M-09 hostile input answers a clear localised 400, never a 500', async () => {
    const mod = await buildStaff(t.app.db, { roles: ['moderator'], language: 'en' });
    const owner = await buildMember(t.app.db);
    const photo = await upload(owner);
    const bad = [
      ['POST', `/api/admin/photos/${photo.id}/reject`, { reason: 'bogus' }],
      ['POST', `/api/admin/photos/${photo.id}/reject`, { reason: 'explicit\u0000' }],
      ['POST', `/api/admin/photos/${photo.id}/reject`, {}],
      ['POST', '/api/admin/photos/1e3/approve', {}],
      ['POST', '/api/admin/photos/99999999999/approve', {}],
      ['GET', '/api/admin/photos/queue?site=%E2%80%AE1', undefined],
      ['GET', '/api/admin/photos/queue?limit=100000', undefined],
    ] as const;
    for (const [method, url, payload] of bad) {
      const res = await t.app.inject({
        method,
        url,
        cookies: mod.cookies,
        headers: { 'accept-language': 'nl' },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message, url).toBeTruthy();
    }
    const reason = await t.app.inject({
      method: 'POST',
      url: `/api/admin/photos/${photo.id}/reject`,
      cookies: mod.cookies,
      headers: { 'accept-language': 'nl' },
      payload: { reason: 'bogus' },
    });
    expect(JSON.stringify(reason.json())).toContain('Kies een reden uit de lijst.');
    const missing = await asStaff(mod, 'POST', '/api/admin/photos/2147483647/approve', {});
    expect(missing.statusCode).toBe(404);
    // Nothing happened to the photo.
    expect(await photoRow(photo.id)).toMatchObject({ reviewedAt: null });
    expect(
      await t.app.db
        .select()
        .from(photoReviews)
        .where(inArray(photoReviews.photoId, [photo.id])),
    ).toEqual([]);
  });
});
