import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db/client.ts';
import { getOrCreateSecret } from './secrets.ts';
import { isSafeKey } from './storage.ts';

/** The key that signs media URLs, made on first start and shared by every instance. */
export const getMediaSigningSecret = (db: Db) =>
  getOrCreateSecret(db, 'media-signing', () => randomBytes(32).toString('hex'));

// Expiry is rounded up to the minute so one viewer gets the same URL for a while and the browser cache
// can serve repeated list loads.
const EXP_STEP_SECONDS = 60;

function signature(secret: string, key: string, exp: number, viewerId: number): string {
  return createHmac('sha256', secret).update(`media\n${key}\n${exp}\n${viewerId}`).digest('base64url');
}

/**
 * A short-lived path to a non-public media file, good for one viewer only:
 * `/media/private/<key>?exp=<unix seconds>&v=<viewerId>&sig=<HMAC-SHA256>`.
 */
export function signMediaUrl(
  secret: string,
  key: string,
  viewerId: number,
  ttlSeconds: number,
  now: Date = new Date(),
): string {
  if (!isSafeKey(key)) throw new Error('unsafe media key');
  const exp =
    Math.ceil((Math.floor(now.getTime() / 1000) + ttlSeconds) / EXP_STEP_SECONDS) * EXP_STEP_SECONDS;
  return `/media/private/${key}?exp=${exp}&v=${viewerId}&sig=${signature(secret, key, exp, viewerId)}`;
}

export interface SignedMediaQuery {
  exp?: string | undefined;
  v?: string | undefined;
  sig?: string | undefined;
}

/**
 * True when the query signs this key, has not expired, and names this viewer. A viewer of null (not
 * logged in) never passes.
 */
export function verifyMediaUrl(
  secret: string,
  key: string,
  query: SignedMediaQuery,
  viewerId: number | null,
  now: Date = new Date(),
): boolean {
  const { exp, v, sig } = query;
  if (viewerId === null || !exp || !v || !sig) return false;
  if (!/^\d{1,12}$/.test(exp) || !/^\d{1,12}$/.test(v) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return false;
  if (Number(v) !== viewerId || Number(exp) * 1000 <= now.getTime()) return false;
  const expected = Buffer.from(signature(secret, key, Number(exp), viewerId));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
