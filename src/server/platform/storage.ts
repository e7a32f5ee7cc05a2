import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Where member media lives. The disk store is the default; with S3_BUCKET set, an S3-compatible bucket
 * (storage-s3.ts) that every instance shares. Keys are flat, random, server-made names (never anything a
 * client sent).
 */
export interface MediaStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  /** The stored bytes, or null when there is nothing under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the key; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
  /** Lets go of connections, when the store holds any (called when the app closes). */
  close?(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    media: MediaStorage;
  }
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

/** Throws unless the key is one flat, harmless file name: no separators, no "..", no control characters. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe media key: ${JSON.stringify(key)}`);
}

export const isSafeKey = (key: string) => SAFE_KEY.test(key) && !key.includes('..');

/** A new random key: 128 bits, hex, with an optional suffix such as ".webp" or "_t.webp". */
export const randomKey = (suffix = '') => `${randomBytes(16).toString('hex')}${suffix}`;

/** Files under one folder (`<DATA_DIR>/media` by default), one file a key. */
export function createDiskStorage(dir: string): MediaStorage {
  let ready: Promise<unknown> | null = null;
  const ensureDir = () => {
    ready ??= mkdir(dir, { recursive: true }).catch((err) => {
      ready = null;
      throw err;
    });
    return ready;
  };
  return {
    async put(key, data) {
      assertSafeKey(key);
      await ensureDir();
      // Written aside and renamed, so a reader never sees half a file.
      const tmp = join(dir, `.${key}.${randomBytes(4).toString('hex')}.tmp`);
      try {
        await writeFile(tmp, data, { flag: 'wx' });
        await rename(tmp, join(dir, key));
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        return await readFile(join(dir, key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      assertSafeKey(key);
      await rm(join(dir, key), { force: true });
    },
  };
}
