import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ZPhoto, ZPhotoList } from '../../../shared/contract/photos.ts';
import { catalogs } from '../../../shared/i18n/catalogs.ts';
import { photos, profiles, sites, users } from '../../db/schema.ts';
import { t as translate } from '../../platform/i18n.ts';
import { getMediaSigningSecret, signMediaUrl, verifyMediaUrl } from '../../platform/signed-urls.ts';
import { createDiskStorage } from '../../platform/storage.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { keyOf, multipart, type Part, sendParts, testJpeg, uploadPhotoAs } from '../../test/uploads.ts';
import { deleteAllPhotosOf, getMainImage, presentMainImage } from './service.ts';

let t: TestApp;
let dataDir: string;
let mediaDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'vonk-photos-'));
  mediaDir = join(dataDir, 'media');
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

// ---------------------------------------------------------------- helpers

const send = (m: TestMember, parts: Part[]) => sendParts(t.app, m, parts);
const upload = (m: TestMember, data: Buffer, opts: Parameters<typeof uploadPhotoAs>[3] = {}) =>
  uploadPhotoAs(t.app, m, data, opts);

const api = (m: TestMember | null, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, ...(m ? { cookies: m.cookies } : {}), ...(payload ? { payload } : {}) });

const solid = (width = 800, height = 1000) =>
  sharp({ create: { width, height, channels: 3, background: '#c66' } });
const jpeg = testJpeg;
const noisyJpeg = () =>
  sharp({
    create: {
      width: 800,
      height: 1000,
      channels: 3,
      background: '#c66',
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg()
    .toBuffer();

const mediaFiles = () => (existsSync(mediaDir) ? readdirSync(mediaDir).sort() : []);
const rowsOf = (userId: number) => t.app.db.select().from(photos).where(eq(photos.userId, userId));
const mainOf = async (userId: number) =>
  (await t.app.db.select().from(profiles).where(eq(profiles.userId, userId)))[0]?.mainPhotoId ?? null;

/** Photo rows made directly in the database (no files): quick filler for limit tests. */
async function fillPhotos(userId: number, n: number) {
  if (n === 0) return;
  await t.app.db.insert(photos).values(
    Array.from({ length: n }, (_, i) => ({
      userId,
      filename: `fill${userId}x${i}.webp`,
      thumbFilename: `fill${userId}x${i}_t.webp`,
      width: 800,
      height: 1000,
      position: i,
    })),
  );
}

/** A PNG that is only a header claiming huge dimensions: a decompression bomb in 60 bytes. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// ---------------------------------------------------------------- upload

describe('M-03 upload', () => {
  it('M-03 an upload is stored as re-encoded WebP with a 3:4 thumbnail, and the first photo becomes main', async () => {
    const m = await buildMember(t.app.db);
    const before = mediaFiles();
    const res = await upload(m, await jpeg());
    expect(res.statusCode).toBe(201);
    const photo = ZPhoto.strict().parse(res.json());
    expect(photo).toMatchObject({
      width: 800,
      height: 1000,
      is_private: false,
      is_main: true,
      status: 'active',
    });

    const [row] = await rowsOf(m.id);
    expect(row?.filename).toMatch(/^[0-9a-f]{32}\.webp$/);
    expect(row?.thumbFilename).toMatch(/^[0-9a-f]{32}_t\.webp$/);
    expect(photo.url).toBe(`/media/${row?.filename}`);
    expect(photo.thumb_url).toBe(`/media/${row?.thumbFilename}`);
    expect(mediaFiles()).toEqual([...before, row?.filename, row?.thumbFilename].sort());

    const main = await sharp(readFileSync(join(mediaDir, row?.filename ?? ''))).metadata();
    const thumb = await sharp(readFileSync(join(mediaDir, row?.thumbFilename ?? ''))).metadata();
    expect(main).toMatchObject({ format: 'webp', width: 800, height: 1000 });
    expect(thumb).toMatchObject({ format: 'webp', width: 360, height: 480 });
    expect(await mainOf(m.id)).toBe(photo.id);

    const list = ZPhotoList.parse((await api(m, 'GET', '/api/photos')).json());
    expect(list).toMatchObject({ limit: 3, count: 1 });
    expect(list.photos[0]).toEqual(photo);
  });

  it('M-03 metadata (EXIF, GPS) is stripped and the photo is turned upright by its EXIF orientation', async () => {
    const m = await buildMember(t.app.db);
    const input = await solid(800, 1000)
      .jpeg()
      .withMetadata({
        orientation: 6,
        exif: {
          IFD0: { Copyright: 'SecretCopyright', Artist: 'SecretArtist' },
          IFD3: {
            GPSLatitudeRef: 'N',
            GPSLatitude: '52/1 22/1 0/1',
            GPSLongitudeRef: 'E',
            GPSLongitude: '4/1 53/1 0/1',
          },
        },
      })
      .toBuffer();
    const inMeta = await sharp(input).metadata();
    expect(inMeta.exif?.includes('SecretArtist')).toBe(true);
    expect(inMeta.orientation).toBe(6);

    const res = await upload(m, input);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 1000, height: 800 });
    const [row] = await rowsOf(m.id);
    for (const key of [row?.filename ?? '', row?.thumbFilename ?? '']) {
      const bytes = readFileSync(join(mediaDir, key));
      const meta = await sharp(bytes).metadata();
      expect(meta.exif, key).toBeUndefined();
      expect(meta.xmp, key).toBeUndefined();
      expect(meta.orientation, key).toBeUndefined();
      expect(bytes.includes('Secret'), key).toBe(false);
      expect(bytes.includes('GPS'), key).toBe(false);
    }
  });

  it('M-03 big photos are scaled to 1600 px on the long side', async () => {
    const m = await buildMember(t.app.db);
    const res = await upload(m, await jpeg(3000, 2000));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ width: 1600, height: 1067 });
  });

  it('M-03 PNG, WebP, AVIF and the first frame of an animated GIF are accepted and stored as WebP', async () => {
    const m = await buildMember(t.app.db, { paidUser: true });
    const red = await solid(300, 400).png().toBuffer(); // #c66, reddish
    const blue = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const gif = await sharp([red, blue], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const inputs: [string, Buffer, string][] = [
      ['me.png', red, 'image/png'],
      ['me.webp', await solid(300, 400).webp().toBuffer(), 'image/webp'],
      ['me.avif', await solid(300, 400).avif().toBuffer(), 'image/avif'],
      ['me.gif', gif, 'image/gif'],
    ];
    for (const [filename, data, type] of inputs) {
      const res = await upload(m, data, { filename, type });
      expect(res.statusCode, filename).toBe(201);
      expect(res.json(), filename).toMatchObject({ width: 300, height: 400 });
    }
    const rows = await rowsOf(m.id);
    const gifRow = rows.find((r) => r.position === 3);
    const stored = sharp(readFileSync(join(mediaDir, gifRow?.filename ?? '')));
    const meta = await stored.metadata();
    expect(meta.format).toBe('webp');
    expect(meta.pages ?? 1).toBe(1);
    // The first frame is the red one.
    const { dominant } = await stored.stats();
    expect(dominant.r).toBeGreaterThan(dominant.b + 50);
  });

  it('M-04 an upload with is_private=true is private, gets a signed link, and does not become main', async () => {
    const m = await buildMember(t.app.db);
    const res = await upload(m, await jpeg(), { isPrivate: true });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ is_private: true, is_main: false });
    expect(res.json().url).toMatch(/^\/media\/private\/[0-9a-f]{32}\.webp\?exp=\d+&v=\d+&sig=[\w-]{43}$/);
    expect(await mainOf(m.id)).toBeNull();
    const pub = await upload(m, await jpeg());
    expect(pub.json()).toMatchObject({ is_private: false, is_main: true });
  });

  it('M-03 a valid JPEG with a ZIP and HTML appended is re-encoded: the appended data does not survive', async () => {
    const m = await buildMember(t.app.db);
    const polyglot = Buffer.concat([
      await jpeg(),
      Buffer.from('PK\x03\x04\x14\x00\x00\x00<html><script>alert(1)</script></html>', 'latin1'),
    ]);
    const res = await upload(m, polyglot);
    expect(res.statusCode).toBe(201);
    const [row] = await rowsOf(m.id);
    for (const key of [row?.filename ?? '', row?.thumbFilename ?? '']) {
      const bytes = readFileSync(join(mediaDir, key));
      expect(bytes.includes('PK\x03\x04')).toBe(false);
      expect(bytes.includes('<script')).toBe(false);
    }
  });
});

// ---------------------------------------------------------------- limits

describe('M-03 photo limit', () => {
  it('M-03 a free member can keep 3 photos; the fourth is refused with the message', async () => {
    const m = await buildMember(t.app.db);
    for (let i = 0; i < 3; i++) expect((await upload(m, await jpeg())).statusCode).toBe(201);
    const before = mediaFiles();
    const res = await upload(m, await jpeg());
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'photo_limit',
      message: translate('nl', 'photos.limit_free', { max: 3, premium_max: 25 }),
    });
    expect(await rowsOf(m.id)).toHaveLength(3);
    expect(mediaFiles()).toEqual(before);
    const list = (await api(m, 'GET', '/api/photos')).json();
    expect(list).toMatchObject({ limit: 3, count: 3 });
  });

  it('M-03 a premium member can keep 25 photos; the 26th is refused', async () => {
    const m = await buildMember(t.app.db, { paidUser: true });
    await fillPhotos(m.id, 24);
    expect((await upload(m, await jpeg())).statusCode).toBe(201);
    const before = mediaFiles();
    const res = await upload(m, await jpeg());
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: 'photo_limit',
      message: translate('nl', 'photos.limit_premium', { max: 25 }),
    });
    expect(mediaFiles()).toEqual(before);
    expect((await api(m, 'GET', '/api/photos')).json()).toMatchObject({ limit: 25, count: 25 });
  });

  it('M-03 five uploads at once for a member with 2 photos: exactly one succeeds', async () => {
    const m = await buildMember(t.app.db);
    await fillPhotos(m.id, 2);
    const data = await jpeg();
    const before = mediaFiles();
    const results = await Promise.all(Array.from({ length: 5 }, () => upload(m, data)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 403, 403, 403, 403]);
    expect(await rowsOf(m.id)).toHaveLength(3);
    expect(mediaFiles()).toHaveLength(before.length + 2);
  });
});

// ---------------------------------------------------------------- refusals

const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
const svg = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><script>alert(1)</script><rect width="400" height="400"/></svg>',
);

const refusals: [string, () => Promise<Part[] | { json: true }>, number, string][] = [
  [
    'a text file named .jpg',
    async () => [{ name: 'photo', value: 'hello', filename: 'a.jpg', type: 'image/jpeg' }],
    415,
    'photo_bad_type',
  ],
  [
    'an SVG with a script',
    async () => [{ name: 'photo', value: svg, filename: 'a.svg', type: 'image/svg+xml' }],
    415,
    'photo_bad_type',
  ],
  [
    'an SVG sent as a JPEG',
    async () => [{ name: 'photo', value: svg, filename: 'a.jpg', type: 'image/jpeg' }],
    415,
    'photo_bad_type',
  ],
  [
    'an HTML page',
    async () => [{ name: 'photo', value: html, filename: 'a.jpg', type: 'image/jpeg' }],
    415,
    'photo_bad_type',
  ],
  [
    'a truncated JPEG',
    async () => {
      const full = await noisyJpeg();
      return [{ name: 'photo', value: full.subarray(0, full.length >> 1), filename: 'a.jpg' }];
    },
    422,
    'photo_unreadable',
  ],
  [
    'a JPEG header followed by HTML',
    async () => [
      {
        name: 'photo',
        value: Buffer.concat([(await noisyJpeg()).subarray(0, 700), html]),
        filename: 'a.jpg',
      },
    ],
    422,
    'photo_unreadable',
  ],
  [
    'a JPEG header followed by a ZIP',
    async () => [
      {
        name: 'photo',
        value: Buffer.concat([
          Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
          Buffer.from('PK\x03\x04', 'latin1'),
          randomBytes(2000),
        ]),
        filename: 'a.jpg',
      },
    ],
    422,
    'photo_unreadable',
  ],
  [
    'an empty file',
    async () => [{ name: 'photo', value: Buffer.alloc(0), filename: 'a.jpg' }],
    400,
    'photo_missing',
  ],
  [
    'a 50 MB file',
    async () => {
      const big = Buffer.alloc(50 * 1024 * 1024, 0x41);
      (await jpeg()).copy(big);
      return [{ name: 'photo', value: big, filename: 'a.jpg' }];
    },
    413,
    'photo_too_large',
  ],
  [
    'a decompression bomb',
    async () => [{ name: 'photo', value: pngBomb(100_000, 100_000), filename: 'a.png' }],
    422,
    'photo_too_many_pixels',
  ],
  [
    'a 48 megapixel image',
    async () => [{ name: 'photo', value: pngBomb(8000, 6000), filename: 'a.png' }],
    422,
    'photo_too_many_pixels',
  ],
  [
    'a 50x50 image',
    async () => [{ name: 'photo', value: await jpeg(50, 50), filename: 'a.jpg' }],
    422,
    'photo_too_small',
  ],
  [
    'a HEIC file this server cannot decode',
    async () => [
      {
        name: 'photo',
        value: Buffer.concat([
          Buffer.from('\0\0\0\x18ftypheic\0\0\0\0mif1heic', 'latin1'),
          randomBytes(2000),
        ]),
        filename: 'a.heic',
        type: 'image/heic',
      },
    ],
    415,
    'photo_heic_unsupported',
  ],
  [
    'a form without the photo field',
    async () => [{ name: 'picture', value: await jpeg(), filename: 'a.jpg' }],
    400,
    'photo_missing',
  ],
  ['a form with only fields', async () => [{ name: 'is_private', value: 'true' }], 400, 'photo_missing'],
  [
    'two files',
    async () => [
      { name: 'photo', value: await jpeg(), filename: 'a.jpg' },
      { name: 'photo', value: await jpeg(), filename: 'b.jpg' },
    ],
    400,
    'photo_one_file',
  ],
  [
    'a bad is_private value',
    async () => [
      { name: 'is_private', value: 'maybe' },
      { name: 'photo', value: await jpeg(), filename: 'a.jpg' },
    ],
    400,
    'validation',
  ],
  ['a JSON body', async () => ({ json: true }), 400, 'photo_missing'],
];

describe('M-03 refused uploads', () => {
  it.each(refusals)(
    'M-03 %s is refused with a clear 4xx and nothing is stored',
    async (_name, make, status, code) => {
      const m = await buildMember(t.app.db);
      const before = mediaFiles();
      const body = await make();
      const res =
        'json' in body
          ? await t.app.inject({
              method: 'POST',
              url: '/api/photos',
              cookies: m.cookies,
              payload: { photo: 'x' },
            })
          : await send(m, body);
      expect(res.statusCode).toBe(status);
      expect(res.json().error.code).toBe(code);
      expect(res.json().error.message).toMatch(/\w/);
      expect(await rowsOf(m.id)).toHaveLength(0);
      expect(mediaFiles()).toEqual(before);
      expect(await mainOf(m.id)).toBeNull();
    },
  );

  it('M-03 uploading needs a logged-in member', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/photos',
      ...multipart([{ name: 'photo', value: await jpeg(), filename: 'a.jpg' }]),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'authentication_required',
      authentication_required: true,
    });
    expect((await api(null, 'GET', '/api/photos')).statusCode).toBe(403);
  });
});

// ---------------------------------------------------------------- managing

async function memberWithPhotos(n: number, overrides: Parameters<typeof buildMember>[1] = {}) {
  const m = await buildMember(t.app.db, overrides);
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const res = await upload(m, await jpeg());
    expect(res.statusCode).toBe(201);
    ids.push(res.json().id);
  }
  return { m, ids };
}

describe('M-03 main image, order, privacy, delete', () => {
  it('M-03 the member chooses the main image', async () => {
    const { m, ids } = await memberWithPhotos(2);
    const res = await api(m, 'PUT', '/api/photos/main', { id: ids[1] });
    expect(res.statusCode).toBe(200);
    const list = ZPhotoList.parse(res.json());
    expect(list.photos.map((p) => p.is_main)).toEqual([false, true]);
    expect(await mainOf(m.id)).toBe(ids[1]);
  });

  it('M-03 photos are reordered; photos left out follow in their old order; duplicates are refused', async () => {
    const { m, ids } = await memberWithPhotos(3);
    const [a, b, c] = ids;
    const res = await api(m, 'PUT', '/api/photos/order', { ids: [c, a] });
    expect(res.statusCode).toBe(200);
    expect(res.json().photos.map((p: { id: number }) => p.id)).toEqual([c, a, b]);
    expect(res.json().photos.map((p: { position: number }) => p.position)).toEqual([0, 1, 2]);
    expect((await api(m, 'GET', '/api/photos')).json().photos.map((p: { id: number }) => p.id)).toEqual([
      c,
      a,
      b,
    ]);
    const dup = await api(m, 'PUT', '/api/photos/order', { ids: [a, a] });
    expect(dup.statusCode).toBe(400);
    expect(dup.json().error.code).toBe('validation');
  });

  it('M-04 a private photo cannot be main; making the main photo private moves main to the next public one', async () => {
    const { m, ids } = await memberWithPhotos(2);
    const [a, b] = ids;
    const priv = await api(m, 'PUT', `/api/photos/${a}/privacy`, { is_private: true });
    expect(priv.statusCode).toBe(200);
    expect(priv.json()).toMatchObject({ id: a, is_private: true, is_main: false });
    expect(await mainOf(m.id)).toBe(b);
    const refused = await api(m, 'PUT', '/api/photos/main', { id: a });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('photo_private');
    await api(m, 'PUT', `/api/photos/${b}/privacy`, { is_private: true });
    expect(await mainOf(m.id)).toBeNull();
    const back = await api(m, 'PUT', `/api/photos/${a}/privacy`, { is_private: false });
    expect(back.json()).toMatchObject({ is_private: false, is_main: true });
  });

  it('M-03 deleting the main photo removes its files and makes the next photo main, then none', async () => {
    const { m, ids } = await memberWithPhotos(2);
    const [a, b] = ids;
    const rows = await rowsOf(m.id);
    const first = rows.find((r) => r.id === a);
    const res = await api(m, 'DELETE', `/api/photos/${a}`);
    expect(res.statusCode).toBe(200);
    expect(ZPhotoList.parse(res.json())).toMatchObject({ count: 1, photos: [{ id: b, is_main: true }] });
    expect(existsSync(join(mediaDir, first?.filename ?? 'x'))).toBe(false);
    expect(existsSync(join(mediaDir, first?.thumbFilename ?? 'x'))).toBe(false);
    expect(await mainOf(m.id)).toBe(b);
    expect((await api(m, 'DELETE', `/api/photos/${b}`)).json()).toMatchObject({ count: 0, photos: [] });
    expect(await mainOf(m.id)).toBeNull();
    expect((await api(m, 'DELETE', `/api/photos/${b}`)).statusCode).toBe(404);
  });

  it("M-03 member B cannot see, choose, reorder, hide or delete member A's photos: 404 as for a missing id", async () => {
    const { m: a, ids } = await memberWithPhotos(1);
    const b = await buildMember(t.app.db);
    const id = ids[0] as number;
    const missing = await api(b, 'DELETE', '/api/photos/2147483000');
    expect(missing.statusCode).toBe(404);
    const attempts = [
      await api(b, 'PUT', '/api/photos/main', { id }),
      await api(b, 'PUT', '/api/photos/order', { ids: [id] }),
      await api(b, 'PUT', `/api/photos/${id}/privacy`, { is_private: true }),
      await api(b, 'DELETE', `/api/photos/${id}`),
    ];
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    expect((await api(b, 'GET', '/api/photos')).json().photos).toEqual([]);
    const [row] = await rowsOf(a.id);
    expect(row).toMatchObject({ id, isPrivate: false });
    expect(existsSync(join(mediaDir, row?.filename ?? 'x'))).toBe(true);
    expect(await mainOf(a.id)).toBe(id);
    expect(await mainOf(b.id)).toBeNull();
  });

  it('M-03 bad ids are a 400, not a server error', async () => {
    const m = await buildMember(t.app.db);
    for (const url of ['/api/photos/abc', '/api/photos/-1', '/api/photos/99999999999999']) {
      expect((await api(m, 'DELETE', url)).statusCode, url).toBe(400);
    }
    expect((await api(m, 'PUT', '/api/photos/main', { id: 1e12 })).statusCode).toBe(400);
  });
});

// ---------------------------------------------------------------- serving

describe('M-04 serving media', () => {
  it('M-03 public photos are served as WebP with long cache and nosniff headers', async () => {
    const { m } = await memberWithPhotos(1);
    const photo = (await api(m, 'GET', '/api/photos')).json().photos[0];
    for (const url of [photo.url, photo.thumb_url]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.equals(readFileSync(join(mediaDir, keyOf(url))))).toBe(true);
    }
  });

  it('M-03 unknown and unsafe media keys are a 404', async () => {
    for (const url of [
      '/media/0123456789abcdef0123456789abcdef.webp',
      '/media/..%2F..%2Fetc%2Fpasswd',
      '/media/.env',
    ]) {
      expect((await t.app.inject({ url })).statusCode, url).toBe(404);
    }
  });

  it('M-04 a private photo is served only with a valid signed link for the logged-in viewer', async () => {
    const { m: owner } = await memberWithPhotos(0);
    const other = await buildMember(t.app.db);
    const photo = (await upload(owner, await jpeg(), { isPrivate: true })).json();
    const key = keyOf(photo.url);

    expect((await t.app.inject({ url: `/media/${key}` })).statusCode).toBe(404);

    const ok = await t.app.inject({ url: photo.url, cookies: owner.cookies });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toBe('image/webp');
    expect(ok.headers['x-content-type-options']).toBe('nosniff');
    expect(ok.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    expect((await t.app.inject({ url: photo.thumb_url, cookies: owner.cookies })).statusCode).toBe(200);

    // Not logged in, or another member holding the link.
    expect((await t.app.inject({ url: photo.url })).statusCode).toBe(403);
    expect((await t.app.inject({ url: photo.url, cookies: other.cookies })).statusCode).toBe(403);
    // A tampered link, or the signature of the photo on the thumbnail.
    const sig = new URL(photo.url, 'http://x').searchParams.get('sig') ?? '';
    const tampered = photo.url.replace(
      `sig=${sig}`,
      `sig=${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`,
    );
    expect((await t.app.inject({ url: tampered, cookies: owner.cookies })).statusCode).toBe(403);
    const swapped = photo.url.replace(key, keyOf(photo.thumb_url));
    expect((await t.app.inject({ url: swapped, cookies: owner.cookies })).statusCode).toBe(403);
    const otherViewer = photo.url.replace(`v=${owner.id}`, `v=${other.id}`);
    expect((await t.app.inject({ url: otherViewer, cookies: other.cookies })).statusCode).toBe(403);
  });

  it('M-04 an expired signed link is refused', async () => {
    const owner = await buildMember(t.app.db);
    const photo = (await upload(owner, await jpeg(), { isPrivate: true })).json();
    const secret = await getMediaSigningSecret(t.app.db);
    const expired = signMediaUrl(secret, keyOf(photo.url), owner.id, 600, new Date(Date.now() - 3_600_000));
    const res = await t.app.inject({ url: expired, cookies: owner.cookies });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('media_link_invalid');
  });

  it("M-03 a banned member's public photos are no longer served", async () => {
    const { m } = await memberWithPhotos(1);
    const photo = (await api(m, 'GET', '/api/photos')).json().photos[0];
    expect((await t.app.inject({ url: photo.url })).statusCode).toBe(200);
    await t.app.db.update(users).set({ status: 'banned' }).where(eq(users.id, m.id));
    // Public keys are remembered for a few seconds per process (public-keys.ts); after that, 404.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 6_000);
      expect((await t.app.inject({ url: photo.url })).statusCode).toBe(404);
    } finally {
      vi.useRealTimers();
    }
  });

  it("M-03 public URLs carry the site's cdn_prefix; signed ones stay on the origin", async () => {
    await t.app.db
      .update(sites)
      .set({ cdnPrefix: 'https://cdn.example.test/' })
      .where(eq(sites.domain, '127.0.0.1'));
    const { m } = await memberWithPhotos(1);
    await upload(m, await jpeg(), { isPrivate: true });
    const res = await t.app.inject({
      url: '/api/photos',
      cookies: m.cookies,
      headers: { host: '127.0.0.1' },
    });
    const [pub, priv] = res.json().photos;
    expect(pub.url).toMatch(/^https:\/\/cdn\.example\.test\/media\/[0-9a-f]{32}\.webp$/);
    expect(priv.url).toMatch(/^\/media\/private\//);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

// ---------------------------------------------------------------- helpers for other features

describe('M-03 helpers for other features', () => {
  it('M-03 getMainImage and presentMainImage give the main image paths or null', async () => {
    const { m, ids } = await memberWithPhotos(1);
    const [row] = await rowsOf(m.id);
    expect(await getMainImage(t.app.db, m.id)).toEqual({
      id: ids[0],
      filename: `/media/${row?.filename}`,
      thumb_filename: `/media/${row?.thumbFilename}`,
      status: 'active',
    });
    expect(presentMainImage(null)).toBeNull();
    expect(await getMainImage(t.app.db, (await buildMember(t.app.db)).id)).toBeNull();
  });

  it('M-03 deleteAllPhotosOf removes every row and file of a member and clears the main image', async () => {
    const { m } = await memberWithPhotos(2);
    const rows = await rowsOf(m.id);
    expect(await deleteAllPhotosOf(t.app.db, createDiskStorage(mediaDir), m.id)).toBe(2);
    expect(await rowsOf(m.id)).toHaveLength(0);
    expect(await mainOf(m.id)).toBeNull();
    for (const r of rows) {
      expect(existsSync(join(mediaDir, r.filename))).toBe(false);
      expect(existsSync(join(mediaDir, r.thumbFilename))).toBe(false);
    }
  });

  it('M-04 signed links verify only for their key, viewer and time', () => {
    const secret = 'a'.repeat(64);
    const now = new Date('2025-01-01T12:00:00Z');
    const url = new URL(signMediaUrl(secret, 'k.webp', 7, 600, now), 'http://x');
    const q = Object.fromEntries(url.searchParams) as { exp: string; v: string; sig: string };
    expect(url.pathname).toBe('/media/private/k.webp');
    expect(verifyMediaUrl(secret, 'k.webp', q, 7, now)).toBe(true);
    expect(verifyMediaUrl(secret, 'k.webp', q, 8, now)).toBe(false);
    expect(verifyMediaUrl(secret, 'l.webp', q, 7, now)).toBe(false);
    expect(verifyMediaUrl('b'.repeat(64), 'k.webp', q, 7, now)).toBe(false);
    expect(verifyMediaUrl(secret, 'k.webp', q, null, now)).toBe(false);
    expect(verifyMediaUrl(secret, 'k.webp', { ...q, exp: String(Number(q.exp) + 60) }, 7, now)).toBe(false);
    expect(verifyMediaUrl(secret, 'k.webp', q, 7, new Date(now.getTime() + 661_000))).toBe(false);
  });

  it('M-03 disk storage refuses keys that could leave its folder', async () => {
    const storage = createDiskStorage(join(dataDir, 'storage-test'));
    for (const key of ['../x', 'a/b', '..', '', '.hidden', 'a\\b', 'a..b']) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(/unsafe/);
      expect(await storage.get(key)).toBeNull();
    }
    await storage.put('ok.webp', Buffer.from('x'), 'image/webp');
    expect((await storage.get('ok.webp'))?.toString()).toBe('x');
    await storage.delete('ok.webp');
    await storage.delete('ok.webp');
    expect(await storage.get('ok.webp')).toBeNull();
  });

  it('M-03 every photos message has Dutch and English text', () => {
    const incoming = (locale: string) => {
      const file = join(import.meta.dirname, `../../../shared/i18n/incoming/photos.${locale}.json`);
      return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
    };
    const sources = [
      'service.ts',
      'image.ts',
      'image-work.ts',
      'routes.ts',
      '../../../shared/contract/photos.ts',
    ].map((f) => readFileSync(join(import.meta.dirname, f), 'utf8'));
    const ids = new Set(sources.flatMap((s) => [...s.matchAll(/'(photos\.[a-z_]+)'/g)].map((m) => m[1])));
    expect(ids.size).toBeGreaterThan(10);
    for (const locale of ['nl', 'en'] as const) {
      const texts = { ...incoming(locale), ...catalogs[locale] };
      for (const id of ids) expect(texts[id as string], `${locale} ${id}`).toMatch(/\w/);
    }
  });
});
