import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { photos } from '../db/schema.ts';
import { seedDemo } from '../demo/seed.ts';
import { seedDemoMembers } from '../demo/seed-members.ts';
import { createTestDatabase } from '../test/app.ts';
import { buildMember } from '../test/members.ts';
import { type LocalS3, startLocalS3 } from '../test/s3-server.ts';
import { keyOf, testJpeg, uploadPhotoAs } from '../test/uploads.ts';
import { createS3Storage } from './storage-s3.ts';

let s3: LocalS3;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
const dirs: string[] = [];
let one: FastifyInstance;
let two: FastifyInstance;

/** One app instance with its own DATA_DIR, on the shared database and the shared bucket. */
async function instance(): Promise<FastifyInstance> {
  const dataDir = mkdtempSync(join(tmpdir(), 'vonk-s3-instance-'));
  dirs.push(dataDir);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, RATE_LIMIT_FACTOR: '100', ...s3.env });
  const app = await buildApp({ config, database });
  await app.ready();
  return app;
}

beforeAll(async () => {
  s3 = await startLocalS3();
  database = await createTestDatabase();
  await seedDemo(database.db);
  one = await instance();
  two = await instance();
});
afterAll(async () => {
  await one.close();
  await two.close();
  await database.drop();
  await s3.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const storage = () => createS3Storage(loadConfig(s3.env).s3 ?? (undefined as never));
/** Nothing lands on an instance's own disk: media live only in the bucket. */
const localMedia = () =>
  dirs.flatMap((d) => (existsSync(join(d, 'media')) ? readdirSync(join(d, 'media')) : []));

describe('M-03 media in an S3-compatible store shared by instances (issue 10 item 9)', () => {
  it('M-03 issue 10 item 9: a photo uploaded through instance 1 is served by instance 2', async () => {
    const m = await buildMember(database.db);
    const res = await uploadPhotoAs(one, m, await testJpeg());
    expect(res.statusCode).toBe(201);
    const photo = res.json();
    for (const url of [photo.url, photo.thumb_url]) {
      const served = await two.inject({ url });
      expect(served.statusCode, url).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
    }
    expect((await storage().get(keyOf(photo.url)))?.length).toBeGreaterThan(0);
    expect(localMedia()).toEqual([]);
  });

  it('M-04 issue 10 item 9: a signed link to a private photo made by instance 1 works on instance 2, for its owner only', async () => {
    const owner = await buildMember(database.db);
    const other = await buildMember(database.db);
    const photo = (await uploadPhotoAs(one, owner, await testJpeg(), { isPrivate: true })).json();
    expect((await two.inject({ url: photo.url, cookies: owner.cookies })).statusCode).toBe(200);
    expect((await two.inject({ url: photo.thumb_url, cookies: owner.cookies })).statusCode).toBe(200);
    expect((await two.inject({ url: photo.url, cookies: other.cookies })).statusCode).toBe(403);
    expect((await two.inject({ url: photo.url })).statusCode).toBe(403);
    expect((await two.inject({ url: `/media/${keyOf(photo.url)}` })).statusCode).toBe(404);
  });

  it('M-04 issue 10 items 9 and 11: a visibility change through instance 2 renames the objects in the bucket', async () => {
    const m = await buildMember(database.db);
    const photo = (await uploadPhotoAs(one, m, await testJpeg())).json();
    const hidden = await two.inject({
      method: 'PUT',
      url: `/api/photos/${photo.id}/privacy`,
      cookies: m.cookies,
      payload: { is_private: true },
    });
    expect(hidden.statusCode).toBe(200);
    expect(await storage().get(keyOf(photo.url))).toBeNull();
    expect((await one.inject({ url: photo.url })).statusCode).toBe(404);
    expect((await one.inject({ url: hidden.json().url, cookies: m.cookies })).statusCode).toBe(200);
  });

  it('M-03 issue 10 item 9: deleting through instance 2 removes the objects; instance 1 answers 404', async () => {
    const m = await buildMember(database.db);
    const photo = (await uploadPhotoAs(one, m, await testJpeg())).json();
    const del = await two.inject({ method: 'DELETE', url: `/api/photos/${photo.id}`, cookies: m.cookies });
    expect(del.statusCode).toBe(200);
    for (const url of [photo.url, photo.thumb_url]) {
      expect(await storage().get(keyOf(url))).toBeNull();
      expect((await one.inject({ url })).statusCode).toBe(404);
    }
  });

  it('M-03 issue 10 item 9: a demo portrait drawn by instance 1 is stored once in the bucket and read by instance 2', async () => {
    await seedDemoMembers(database.db, { count: 3 });
    const [row] = await database.db
      .select({ filename: photos.filename })
      .from(photos)
      .where(like(photos.filename, 'demo-%'))
      .limit(1);
    if (!row) throw new Error('no demo photo');
    expect(await storage().get(row.filename)).toBeNull();
    const drawn = await one.inject({ url: `/media/${row.filename}` });
    expect(drawn.statusCode).toBe(200);
    expect((await storage().get(row.filename))?.equals(drawn.rawPayload)).toBe(true);
    expect((await two.inject({ url: `/media/${row.filename}` })).rawPayload.equals(drawn.rawPayload)).toBe(
      true,
    );
  });

  it('M-03 issue 10 item 9: the store reads a missing key as null, deletes it without error and refuses unsafe keys', async () => {
    const store = storage();
    expect(await store.get('0123456789abcdef0123456789abcdef.webp')).toBeNull();
    await store.delete('0123456789abcdef0123456789abcdef.webp');
    expect(await store.get('../etc/passwd')).toBeNull();
    await expect(store.put('../escape', Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe media key/);
    await store.put('overwrite.webp', Buffer.from('one'), 'image/webp');
    await store.put('overwrite.webp', Buffer.from('two'), 'image/webp');
    expect((await store.get('overwrite.webp'))?.toString()).toBe('two');
    await store.close?.();
  });

  it('M-03 issue 10 item 9: a member row is all instance 2 needs: nothing is cached per instance', async () => {
    const m = await buildMember(database.db);
    const photo = (await uploadPhotoAs(two, m, await testJpeg())).json();
    const [row] = await database.db.select().from(photos).where(eq(photos.id, photo.id));
    expect(row?.filename).toBe(keyOf(photo.url));
    expect((await one.inject({ url: photo.url })).statusCode).toBe(200);
  });
});

describe('M-03 an unreachable store (issue 10 item 9)', () => {
  it('M-03 issue 10 item 9: with the store down an upload fails as a server error and leaves no photo row', async () => {
    const closed = await startLocalS3();
    const env = closed.env;
    await closed.close();
    const dataDir = mkdtempSync(join(tmpdir(), 'vonk-s3-down-'));
    dirs.push(dataDir);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, RATE_LIMIT_FACTOR: '100', ...env });
    const down = await buildApp({ config, database });
    await down.ready();
    try {
      const m = await buildMember(database.db);
      const res = await uploadPhotoAs(down, m, await testJpeg());
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('internal');
      expect(await database.db.select().from(photos).where(eq(photos.userId, m.id))).toEqual([]);
      // The instances on the live store are not affected.
      expect((await uploadPhotoAs(one, m, await testJpeg())).statusCode).toBe(201);
    } finally {
      await down.close();
    }
  });
});

describe('S3 configuration (issue 10 item 9)', () => {
  it('issue 10 item 9: the S3 variables are read and checked together', () => {
    expect(loadConfig({}).s3).toBeUndefined();
    expect(loadConfig(s3.env).s3).toEqual({
      bucket: 'vonk-media',
      endpoint: s3.env.S3_ENDPOINT,
      region: 'us-east-1',
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    });
    expect(loadConfig({ S3_BUCKET: 'media.example' }).s3).toMatchObject({
      endpoint: undefined,
      region: 'us-east-1',
      credentials: undefined,
      forcePathStyle: false,
    });
    const refused: Array<[Record<string, string>, RegExp]> = [
      [{ S3_ENDPOINT: 'http://127.0.0.1:9000' }, /S3_BUCKET: is needed with S3_ENDPOINT/],
      [{ S3_BUCKET: 'Bad_Bucket' }, /S3_BUCKET: must be an S3 bucket name/],
      [{ S3_BUCKET: 'media', S3_ENDPOINT: 'ftp://x' }, /S3_ENDPOINT/],
      [{ S3_BUCKET: 'media', S3_ACCESS_KEY_ID: 'key' }, /S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and/],
      [{ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'maybe' }, /S3_FORCE_PATH_STYLE/],
      [{ S3_BUCKET: 'media', S3_REGION: 'EU Central' }, /S3_REGION/],
    ];
    for (const [env, message] of refused) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(ConfigError);
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(message);
    }
  });
});
