import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHOTO_UPLOAD } from '../../../shared/contract/photos.ts';
import { LOCALE_COOKIE, LOCALES } from '../../../shared/i18n/locales.ts';
import { photos, profiles } from '../../db/schema.ts';
import { seedDemoMembers } from '../../demo/seed-members.ts';
import { t as translate } from '../../platform/i18n.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/members.ts';
import { addressOf, keyOf, multipart, testJpeg, uploadPhotoAs } from '../../test/uploads.ts';
import { IMAGE_WORK, imageWork, uploadWork } from './image-work.ts';
import { isKnownPublic } from './public-keys.ts';

let t: TestApp;
let dataDir: string;
let mediaDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vonk-photos-hard-'));
  mediaDir = join(dataDir, 'media');
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The hostile file of issue 10 item 7: a real PNG of 100000x200 grey pixels, a few KB compressed. */
const hostilePng = (width = 100_000, height = 200) =>
  sharp({ create: { width, height, channels: 3, background: '#808080' } })
    .png({ compressionLevel: 9 })
    .toBuffer();

const mediaFiles = () => (existsSync(mediaDir) ? readdirSync(mediaDir).sort() : []);

describe('M-03 image decode cost (issue 10 item 7)', () => {
  it('M-03 issue 10 item 7: a 100000x200 PNG is refused from its header with a localised 422; nothing is stored', async () => {
    const m = await buildMember(t.app.db);
    const before = mediaFiles();
    const png = await hostilePng();
    expect(png.length).toBeLessThan(100_000);
    for (const [file, locale] of [
      [png, 'nl'],
      [await hostilePng(200, 100_000), 'en'],
      [await hostilePng(3000, 500), 'de'],
    ] as const) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/photos',
        cookies: { ...m.cookies, [LOCALE_COOKIE]: locale },
        remoteAddress: addressOf(m),
        ...multipart([{ name: 'photo', value: file, filename: 'wide.png', type: 'image/png' }]),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().error).toEqual({
        code: 'photo_bad_shape',
        message: translate(locale, 'photos.bad_shape', {
          max_ratio: PHOTO_UPLOAD.maxAspectRatio,
          max_side: PHOTO_UPLOAD.maxSide,
        }),
      });
    }
    expect(mediaFiles()).toEqual(before);
    expect(await t.app.db.select().from(photos).where(eq(photos.userId, m.id))).toHaveLength(0);
  });

  it('M-03 issue 10 item 7: a side over the maximum is refused even at a normal shape; the limits hold at the edge', async () => {
    const m = await buildMember(t.app.db);
    // Headers alone: these are never decoded, so no pixels are needed.
    const tooLong = await uploadPhotoAs(t.app, m, await hostilePng(PHOTO_UPLOAD.maxSide + 1, 2_100), {
      type: 'image/png',
    });
    expect(tooLong.json().error.code).toBe('photo_bad_shape');
    const decodesBefore = imageWork.started();
    const edge = await uploadPhotoAs(t.app, m, await testJpeg(1_000, 200), {});
    expect(edge.statusCode).toBe(201);
    expect(imageWork.started()).toBe(decodesBefore + 1);
    const past = await uploadPhotoAs(t.app, m, await testJpeg(1_005, 200), {});
    expect(past.json().error.code).toBe('photo_bad_shape');
  });

  it('M-03 issue 10 item 7: 20 hostile uploads at once are all refused with a 4xx while /media keeps answering', async () => {
    const owner = await buildMember(t.app.db);
    const photo = (await uploadPhotoAs(t.app, owner, await testJpeg())).json();
    const members = await Promise.all(Array.from({ length: 20 }, () => buildMember(t.app.db)));
    const png = await hostilePng();
    const decodesBefore = imageWork.started();
    const [answers, media] = await Promise.all([
      Promise.all(members.map((m) => uploadPhotoAs(t.app, m, png, { type: 'image/png' }))),
      Promise.all(Array.from({ length: 10 }, () => t.app.inject({ url: photo.url }))),
    ]);
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(422));
    // Refused from the header: not one of them got to decoding.
    expect(imageWork.started()).toBe(decodesBefore);
    expect(media.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect(imageWork.load()).toEqual({ running: 0, waiting: 0 });
    expect(uploadWork.load()).toEqual({ running: 0, waiting: 0 });
  });

  it('M-03 issue 10 item 7: uploads are limited per member, whatever address they come from', async () => {
    const limitedDir = mkdtempSync(join(tmpdir(), 'vonk-photos-limit-'));
    const limited = await createTestApp({ DATA_DIR: limitedDir, RATE_LIMIT_FACTOR: '1' });
    try {
      const m = await buildMember(limited.app.db);
      const other = await buildMember(limited.app.db);
      const png = await hostilePng(3000, 500);
      const statuses: number[] = [];
      for (let i = 0; i <= PHOTO_UPLOAD.perMemberPerHour; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/photos',
          cookies: m.cookies,
          remoteAddress: `10.20.${i >> 8}.${i & 255}`,
          ...multipart([{ name: 'photo', value: png, filename: 'a.png', type: 'image/png' }]),
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.json().error.code).toBe('rate_limited');
      }
      expect(statuses.slice(0, -1)).toEqual(Array(PHOTO_UPLOAD.perMemberPerHour).fill(422));
      expect(statuses.at(-1)).toBe(429);
      // Another member is not held up by the first one's limit.
      expect((await uploadPhotoAs(limited.app, other, await testJpeg())).statusCode).toBe(201);
    } finally {
      await limited.close();
      rmSync(limitedDir, { recursive: true, force: true });
    }
  });

  it('M-03 issue 10 item 7: image work runs a bounded number of jobs at once and answers 503 when the line is full', async () => {
    let active = 0;
    let peak = 0;
    const releases: Array<() => void> = [];
    const job = () =>
      imageWork.run(async () => {
        active++;
        peak = Math.max(peak, active);
        await new Promise<void>((resolve) => releases.push(resolve));
        active--;
        return 'done';
      });
    const total = IMAGE_WORK.concurrency + IMAGE_WORK.maxWaiting;
    const jobs = Array.from({ length: total }, job);
    await new Promise((resolve) => setImmediate(resolve));
    expect(imageWork.load()).toEqual({ running: IMAGE_WORK.concurrency, waiting: IMAGE_WORK.maxWaiting });
    await expect(job()).rejects.toMatchObject({ status: 503, code: 'photo_busy' });
    while (releases.length > 0 || active > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await Promise.all(jobs)).toEqual(Array(total).fill('done'));
    expect(peak).toBe(IMAGE_WORK.concurrency);
    expect(imageWork.load()).toEqual({ running: 0, waiting: 0 });
    for (const locale of LOCALES) expect(translate(locale, 'photos.busy')).not.toBe('photos.busy');
  });
});

describe('M-04 visibility changes rename the files (issue 10 item 11)', () => {
  it('M-04 issue 10 item 11: making a public photo private gives it new names; the old address stops working, and back', async () => {
    const m = await buildMember(t.app.db);
    const photo = (await uploadPhotoAs(t.app, m, await testJpeg())).json();
    expect((await t.app.inject({ url: photo.url })).statusCode).toBe(200);

    const hidden = await t.app.inject({
      method: 'PUT',
      url: `/api/photos/${photo.id}/privacy`,
      cookies: m.cookies,
      payload: { is_private: true },
    });
    expect(hidden.statusCode).toBe(200);
    const priv = hidden.json();
    expect(keyOf(priv.url)).not.toBe(keyOf(photo.url));
    expect(keyOf(priv.thumb_url)).not.toBe(keyOf(photo.thumb_url));
    for (const url of [photo.url, photo.thumb_url]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
      expect(existsSync(join(mediaDir, keyOf(url))), url).toBe(false);
    }
    // The same picture under the new names, for its owner through the signed link.
    const signed = await t.app.inject({ url: priv.url, cookies: m.cookies });
    expect(signed.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/media/${keyOf(priv.url)}` })).statusCode).toBe(404);

    const shown = (
      await t.app.inject({
        method: 'PUT',
        url: `/api/photos/${photo.id}/privacy`,
        cookies: m.cookies,
        payload: { is_private: false },
      })
    ).json();
    expect(new Set([keyOf(shown.url), keyOf(priv.url), keyOf(photo.url)]).size).toBe(3);
    const open = await t.app.inject({ url: shown.url });
    expect(open.statusCode).toBe(200);
    expect(open.rawPayload.equals(signed.rawPayload)).toBe(true);
    // The old signed link names a file that no longer exists.
    expect((await t.app.inject({ url: priv.url, cookies: m.cookies })).statusCode).toBe(404);
    const [row] = await t.app.db.select().from(photos).where(eq(photos.id, photo.id));
    expect([row?.filename, row?.thumbFilename]).toEqual([keyOf(shown.url), keyOf(shown.thumb_url)]);
    const [profile] = await t.app.db.select().from(profiles).where(eq(profiles.userId, m.id));
    expect(profile?.mainPhotoId).toBe(photo.id);
  });

  it('M-04 issue 10 item 11: asking for the visibility a photo already has keeps its names', async () => {
    const m = await buildMember(t.app.db);
    const photo = (await uploadPhotoAs(t.app, m, await testJpeg())).json();
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/photos/${photo.id}/privacy`,
      cookies: m.cookies,
      payload: { is_private: false },
    });
    expect(same.json().url).toBe(photo.url);
  });

  it('M-04 issue 10 item 11: 20 visibility changes at once leave one consistent photo and no stray files', async () => {
    const m = await buildMember(t.app.db);
    const photo = (await uploadPhotoAs(t.app, m, await testJpeg())).json();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'PUT',
          url: `/api/photos/${photo.id}/privacy`,
          cookies: m.cookies,
          payload: { is_private: i % 2 === 0 },
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const [row] = await t.app.db.select().from(photos).where(eq(photos.id, photo.id));
    if (!row) throw new Error('photo gone');
    const mine = mediaFiles().filter((f) => !f.startsWith('.'));
    expect(mine).toContain(row.filename);
    expect(mine).toContain(row.thumbFilename);
    const rows = await t.app.db.select({ f: photos.filename, th: photos.thumbFilename }).from(photos);
    const referenced = new Set(rows.flatMap((r) => [r.f, r.th]));
    expect(mine.filter((f) => !referenced.has(f))).toEqual([]);
    expect(readFileSync(join(mediaDir, row.filename)).length).toBeGreaterThan(0);
  });

  it("M-04 issue 10 item 11: member B cannot change member A's photo visibility", async () => {
    const a = await buildMember(t.app.db);
    const b = await buildMember(t.app.db);
    const photo = (await uploadPhotoAs(t.app, a, await testJpeg())).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/photos/${photo.id}/privacy`,
      cookies: b.cookies,
      payload: { is_private: true },
    });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ url: photo.url })).statusCode).toBe(200);
  });
});

describe('M-05 demo photos follow the rules of member photos (issue 10 item 11)', () => {
  it('M-05 issue 10 item 11: photos the API locks for a visitor cannot be fetched by guessing demo names', async () => {
    await seedDemoMembers(t.app.db, { count: 40 });
    const rows = await t.app.db
      .select({
        userId: photos.userId,
        filename: photos.filename,
        n: sql<number>`count(*) over (partition by ${photos.userId})`,
      })
      .from(photos)
      .where(sql`${photos.filename} like 'demo-%'`);
    const withThree = rows.find((r) => Number(r.n) === 3);
    if (!withThree) throw new Error('no demo member with three photos');
    for (const r of rows) expect(r.filename).toMatch(/^demo-\d+-[1-9]-[0-9a-f]{32}\.webp$/);

    const page = (await t.app.inject({ url: `/api/members/${withThree.userId}` })).json();
    expect(page.profile.photos_locked).toBe(2);
    const index = /^demo-(\d+)-/.exec(withThree.filename)?.[1];
    for (const n of [1, 2, 3]) {
      for (const guess of [`demo-${index}-${n}.webp`, `demo-${index}-${n}_t.webp`]) {
        expect((await t.app.inject({ url: `/media/${guess}` })).statusCode, guess).toBe(404);
      }
    }
    // The photo the visitor is shown is served.
    expect((await t.app.inject({ url: page.profile.photos[0].url })).statusCode).toBe(200);
  });

  it('M-05 issue 10 item 11: the migration gives old guessable demo names a random part', async () => {
    const m = await buildMember(t.app.db);
    await t.app.db.insert(photos).values([
      {
        userId: m.id,
        filename: 'demo-77-1.webp',
        thumbFilename: 'demo-77-1_t.webp',
        width: 600,
        height: 800,
      },
      {
        userId: m.id,
        filename: 'demo-77-2.webp',
        thumbFilename: 'demo-77-2_t.webp',
        width: 600,
        height: 800,
      },
    ]);
    // Found by name: migration numbers change when parallel work is merged.
    const folder = join(import.meta.dirname, '../../db/migrations');
    const file = readdirSync(folder).find((f) => f.endsWith('_hard_media_demo_keys_custom.sql'));
    if (!file) throw new Error('demo keys migration not found');
    const migration = readFileSync(join(folder, file), 'utf8');
    await t.app.db.execute(sql.raw(migration));
    const rows = await t.app.db.select().from(photos).where(eq(photos.userId, m.id));
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.filename).toMatch(/^demo-77-[12]-[0-9a-f]{32}\.webp$/);
      expect(r.thumbFilename).toMatch(/^demo-77-[12]-[0-9a-f]{32}_t\.webp$/);
    }
  });
});

describe('M-03 public media lookups (issue 10 item 7)', () => {
  it('M-03 issue 10 item 7: a public key is remembered for a few seconds, forgotten at once when its photo changes here', async () => {
    const m = await buildMember(t.app.db);
    const photo = (await uploadPhotoAs(t.app, m, await testJpeg())).json();
    expect((await t.app.inject({ url: photo.url })).statusCode).toBe(200);
    const key = keyOf(photo.url);
    expect(isKnownPublic(key)).toBe(true);
    expect(isKnownPublic(key, Date.now() + 6_000)).toBe(false);
    expect(isKnownPublic(key)).toBe(false);
    expect((await t.app.inject({ url: photo.url })).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `/api/photos/${photo.id}`, cookies: m.cookies });
    expect(isKnownPublic(key)).toBe(false);
    expect((await t.app.inject({ url: photo.url })).statusCode).toBe(404);
  });
});
