import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db } from '../../db/client.ts';
import { loginDevices } from '../../db/schema.ts';
import { getOrCreateSecret } from '../../platform/secrets.ts';

/**
 * Device cookies (A-06, issue 21; OWASP "Slow Down Online Guessing Attacks with Device Cookies"): a
 * successful login gives the browser a cookie signed by the server and bound to the account. Wrong
 * passwords from elsewhere still lock the account for everybody else, but a browser showing a valid
 * device cookie for the account is not held by that lock: it has its own smaller limit (DEVICE_LOCKOUT),
 * after which that cookie counts as an unknown device until its own lock has passed.
 */
export const DEVICE_COOKIE = 'vonk_device';
export const DEVICE_LOCKOUT = { maxFailures: 3, minutes: 15 } as const;
export const DEVICE_COOKIE_DAYS = 180;

export interface Device {
  userId: number;
  nonce: string;
}

export const getDeviceCookieSecret = (db: Db) =>
  getOrCreateSecret(db, 'device-cookie', () => randomBytes(32).toString('base64url'));

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/** Gives the browser a fresh device cookie for the account (after a successful login). */
export function setDeviceCookie(
  reply: FastifyReply,
  secret: string,
  userId: number,
  now: Date,
  secure: boolean,
) {
  const payload = `${userId}.${Math.floor(now.getTime() / 1000)}.${randomBytes(16).toString('base64url')}`;
  reply.setCookie(DEVICE_COOKIE, `${payload}.${sign(secret, payload)}`, {
    httpOnly: true,
    sameSite: 'strict',
    secure,
    path: '/api/user.php',
    maxAge: DEVICE_COOKIE_DAYS * 86_400,
  });
}

/** The device a cookie names, if its signature holds and it is not older than DEVICE_COOKIE_DAYS. */
export function readDeviceCookie(value: string | undefined, secret: string, now: Date): Device | null {
  if (!value || value.length > 200) return null;
  const match = /^(\d{1,10})\.(\d{1,12})\.([\w-]{22})\.([\w-]{43})$/.exec(value);
  if (!match) return null;
  const [, id, issued, nonce, signature] = match as unknown as [string, string, string, string, string];
  const expected = Buffer.from(sign(secret, `${id}.${issued}.${nonce}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  if (now.getTime() - Number(issued) * 1000 > DEVICE_COOKIE_DAYS * 86_400_000) return null;
  return { userId: Number(id), nonce };
}

/** Until when a device is locked out of its account, if it is. */
export async function deviceLockedUntil(db: Db, device: Device, now: Date): Promise<Date | null> {
  const [row] = await db
    .select({ lockedUntil: loginDevices.lockedUntil })
    .from(loginDevices)
    .where(and(eq(loginDevices.nonce, device.nonce), eq(loginDevices.userId, device.userId)));
  return row?.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
}

/**
 * Counts a wrong password from a known device, in one statement so parallel attempts each count: the
 * DEVICE_LOCKOUT.maxFailures-th locks the device. Answers the lock, if the device is locked now.
 */
export async function recordDeviceFailure(db: Db, device: Device, now: Date): Promise<Date | null> {
  const lockUntil = new Date(now.getTime() + DEVICE_LOCKOUT.minutes * 60_000);
  const unlocked = or(isNull(loginDevices.lockedUntil), lte(loginDevices.lockedUntil, now));
  const reaches = sql`${loginDevices.failedLogins} + 1 >= ${DEVICE_LOCKOUT.maxFailures}`;
  await db
    .insert(loginDevices)
    .values({ nonce: device.nonce, userId: device.userId, failedLogins: 0, updatedAt: now })
    .onConflictDoNothing();
  const [row] = await db
    .update(loginDevices)
    .set({
      failedLogins: sql`case when ${reaches} then 0 else ${loginDevices.failedLogins} + 1 end`,
      lockedUntil: sql`case when ${reaches} then ${lockUntil.toISOString()}::timestamptz else null end`,
      updatedAt: now,
    })
    .where(and(eq(loginDevices.nonce, device.nonce), eq(loginDevices.userId, device.userId), unlocked))
    .returning({ lockedUntil: loginDevices.lockedUntil });
  if (row) return row.lockedUntil && row.lockedUntil > now ? row.lockedUntil : null;
  return deviceLockedUntil(db, device, now);
}

/** A right password from the device: its count starts over. */
export async function clearDeviceFailures(db: Db, device: Device) {
  await db.delete(loginDevices).where(eq(loginDevices.nonce, device.nonce));
}
