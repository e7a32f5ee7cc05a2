// What the staff sign-in routes share: errors, rate limits, sessions and passkey challenges (O-01).

import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { staffSessions } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { createStaffSession, setStaffCookie } from '../../platform/staff.ts';

export const passkeyError = () => new AppError(400, 'passkey_failed', 'admin.auth.error.passkey_failed');
export const codeError = () => new AppError(400, 'code_wrong', 'admin.auth.error.code_wrong');

/** The per-app helpers of the sign-in routes. The routes before the second factor are `staffPublic`. */
export function authKit(app: Pick<FastifyInstance, 'db' | 'config'>) {
  const secure = app.config.env === 'production';
  const limit = (max: number) => ({
    rateLimit: { max: Math.ceil(max * app.config.rateLimitFactor), timeWindow: '1 minute' },
    staffPublic: true,
  });
  const ua = (req: FastifyRequest) => req.headers['user-agent'] ?? '';

  /** A signed-in session after the second factor: a fresh token (the pending one is dropped). */
  async function signIn(req: FastifyRequest, reply: FastifyReply, staffId: number, now: Date) {
    const { token } = await createStaffSession(app.db, staffId, {
      ip: req.ip,
      userAgent: ua(req),
      factorAt: now,
      now,
    });
    setStaffCookie(reply, token, secure);
  }

  /** The challenge stored for a session, cleared as it is read: used once, also by parallel answers. */
  async function takeChallenge(sessionId: number) {
    const result = await app.db.execute(sql`
      update ${staffSessions} s set challenge = null
      from (select id, challenge from ${staffSessions} where id = ${sessionId} for update) old
      where s.id = old.id
      returning old.challenge as challenge`);
    const rows = (result as unknown as { rows: { challenge: string | null }[] }).rows;
    return rows[0]?.challenge ?? null;
  }
  return { secure, limit, ua, signIn, takeChallenge };
}
