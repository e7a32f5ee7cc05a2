import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { emailTokens, loginDevices, sessions } from '../../db/schema.ts';
import type { Job } from '../../platform/jobs.ts';
import { DEVICE_COOKIE_DAYS } from './device-cookie.ts';

/** Mailed tokens stay a day after they ended: the daily limit on reset mails counts them. */
export const TOKEN_KEEP_MS = 86_400_000;

/**
 * Deletes sessions past their life and mailed tokens (activation, reset, change of e-mail) that have
 * expired or been used, once they are older than a day, and the failure counts of device cookies that
 * have expired since (no failure for DEVICE_COOKIE_DAYS). None of them can log anyone in any more; the
 * rows only held hashes and dates. Safe to run on several instances: it only deletes what still qualifies.
 */
export async function purgeExpiredTokens(db: Db, now: Date) {
  const dead = await db.delete(sessions).where(lt(sessions.expiresAt, now)).returning({ id: sessions.id });
  const keepSince = new Date(now.getTime() - TOKEN_KEEP_MS);
  const used = await db
    .delete(emailTokens)
    .where(
      and(
        lt(emailTokens.createdAt, keepSince),
        or(lt(emailTokens.expiresAt, now), isNotNull(emailTokens.usedAt)),
      ),
    )
    .returning({ id: emailTokens.id });
  const devices = await db
    .delete(loginDevices)
    .where(lt(loginDevices.updatedAt, new Date(now.getTime() - DEVICE_COOKIE_DAYS * 86_400_000)))
    .returning({ nonce: loginDevices.nonce });
  return { sessions: dead.length, tokens: used.length, devices: devices.length };
}

export const tokenPurgeJob = (db: Db): Job => ({
  name: 'purge-expired-tokens',
  everyMs: 3_600_000,
  run: (now) => purgeExpiredTokens(db, now),
});
