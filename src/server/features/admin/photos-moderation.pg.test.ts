import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPhotoQueue } from '../../../shared/contract/admin-moderation.ts';
import { auditLog, notifications, photoReviews, photos, sites } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/members.ts';
import { buildStaff } from '../../test/staff.ts';
import { testJpeg, uploadPhotoAs } from '../../test/uploads.ts';

// Races between moderators need a real server's connections (PGlite has one): of many decisions on one
// photo at once, exactly one is made, reviewed and told once.
let t: TestApp;
let dataDir: string;
let siteB: number;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vonk-moderation-pg-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  const rows = await t.app.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id));
  siteB = rows[1]?.id as number;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

async function newPhoto() {
  const owner = await buildMember(t.app.db);
  const res = await uploadPhotoAs(t.app, owner, await testJpeg());
  expect(res.statusCode).toBe(201);
  return { owner, id: (res.json() as { id: number }).id };
}

describe('M-09 moderators deciding at once (PostgreSQL)', () => {
  it('M-09 ten moderators approve one photo at once: one approval, nine 409, one review and audit line', async () => {
    const { id } = await newPhoto();
    const mods = await Promise.all(
      Array.from({ length: 10 }, () => buildStaff(t.app.db, { roles: ['moderator'] })),
    );
    const answers = await Promise.all(
      mods.map((m) =>
        t.app.inject({
          method: 'POST',
          url: `/api/admin/photos/${id}/approve`,
          cookies: m.cookies,
          payload: {},
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await t.app.db.select().from(photoReviews).where(eq(photoReviews.photoId, id))).toHaveLength(1);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.objectId, String(id)));
    expect(audit.filter((a) => a.action === 'photo.approve')).toHaveLength(1);
  });

  it('M-09 approve and reject of one photo at once: one wins, and the member is told only if it was a rejection', async () => {
    const { owner, id } = await newPhoto();
    const [a, b] = await Promise.all([
      buildStaff(t.app.db, { roles: ['moderator'] }),
      buildStaff(t.app.db, { roles: ['moderator'] }),
    ]);
    const answers = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: `/api/admin/photos/${id}/approve`,
        cookies: a.cookies,
        payload: {},
      }),
      t.app.inject({
        method: 'POST',
        url: `/api/admin/photos/${id}/reject`,
        cookies: b.cookies,
        payload: { reason: 'explicit' },
      }),
    ]);
    const [review] = await t.app.db.select().from(photoReviews).where(eq(photoReviews.photoId, id));
    const told = await t.app.db.select().from(notifications).where(eq(notifications.userId, owner.id));
    const [row] = await t.app.db.select().from(photos).where(eq(photos.id, id));
    if (review?.decision === 'rejected') {
      expect(row).toBeUndefined();
      expect(told).toHaveLength(1);
      expect(answers[1]?.statusCode).toBe(200);
    } else {
      // Approved first; the rejection came after and removed it (a moderator may remove a reviewed photo).
      expect(answers[0]?.statusCode).toBe(200);
      expect([200, 404]).toContain(answers[1]?.statusCode);
      expect(told.length).toBe(answers[1]?.statusCode === 200 ? 1 : 0);
    }
  });

  it('M-09 the queue of one site and its count on a real server', async () => {
    await t.app.db.execute(sql`update photos set reviewed_at = now() where reviewed_at is null`);
    const { id } = await newPhoto();
    const all = await buildStaff(t.app.db, { roles: ['moderator'] });
    const other = await buildStaff(t.app.db, { roles: [{ role: 'moderator', siteId: siteB }] });
    const mine = ZPhotoQueue.parse(
      (await t.app.inject({ url: '/api/admin/photos/queue', cookies: all.cookies })).json(),
    );
    expect(mine.items.map((i) => i.id)).toEqual([id]);
    expect(mine.waiting).toBe(1);
    const theirs = ZPhotoQueue.parse(
      (await t.app.inject({ url: '/api/admin/photos/queue', cookies: other.cookies })).json(),
    );
    expect(theirs).toEqual({ items: [], waiting: 0 });
  });
});
