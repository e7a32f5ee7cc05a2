// Staff sign-in in two steps (password, then the second factor) and sign-out (O-01/O-06).
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { staff, staffSessions } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import {
  clearStaffCookie,
  createStaffSession,
  STAFF_ROLES,
  setStaffCookie,
  writeAudit,
} from '../../platform/staff.ts';
import {
  authenticationOptions,
  factorsOf,
  useRecoveryCode,
  verifyAuthentication,
  verifyTotp,
} from './auth-factors.ts';
import {
  assertNotLocked,
  checkStaffPassword,
  clearFailures,
  failFactor,
  writeAuthAudit,
} from './auth-password.ts';
import { authKit, codeError, passkeyError } from './auth-route-kit.ts';

/** Sign-in: the password opens a pending session, the second factor turns it into a signed-in one. */
export const signInRoutes: FastifyPluginAsync = async (app) => {
  const { secure, limit, ua, signIn, takeChallenge } = authKit(app);

  route(
    app,
    'POST /api/admin/auth/login',
    {
      config: limit(10),
    },
    async ({ req, reply, body, now }) => {
      const result = await checkStaffPassword(app.db, body.email, body.password, now);
      if (result.outcome !== 'ok') {
        await writeAuthAudit(app.db, req, {
          staffId: result.id,
          email: body.email,
          action: 'staff.sign_in_failed',
          objectId: result.id,
          after: { reason: result.outcome.code },
        });
        throw result.outcome;
      }
      // A browser signing in again leaves its earlier session behind.
      const earlier = req.staff?.sessionId ?? req.staffPending?.sessionId;
      if (earlier !== undefined) await app.db.delete(staffSessions).where(eq(staffSessions.id, earlier));
      const { token } = await createStaffSession(app.db, result.id, { ip: req.ip, userAgent: ua(req), now });
      setStaffCookie(reply, token, secure);
      return factorsOf(app.db, result.id);
    },
  );

  /** The session waiting for its second factor, else 401 (sign in with the password first). */
  function pending(req: FastifyRequest) {
    if (!req.staffPending) throw new AppError(401, 'staff_required', 'admin.error.staff_required');
    return req.staffPending;
  }

  route(
    app,
    'GET /api/admin/auth/factors',
    {
      config: { staffPublic: true },
    },
    async ({ req }) => {
      const staffId = req.staff?.id ?? pending(req).staffId;
      return factorsOf(app.db, staffId);
    },
  );

  route(app, 'POST /api/admin/auth/passkey/options', { config: limit(20) }, async ({ req, now }) => {
    const p = pending(req);
    await assertNotLocked(app.db, p.staffId, now);
    const options = await authenticationOptions(app.db, req, p.staffId);
    await app.db
      .update(staffSessions)
      .set({ challenge: options.challenge })
      .where(eq(staffSessions.id, p.sessionId));
    return { ...options };
  });

  /** A second factor passed: the pending session becomes a signed-in one (new token), audited. */
  async function factorPassed(
    req: FastifyRequest,
    reply: FastifyReply,
    staffId: number,
    sessionId: number,
    method: string,
  ) {
    const now = new Date();
    await clearFailures(app.db, staffId, now);
    await app.db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
    await signIn(req, reply, staffId, now);
    const [row] = await app.db.select({ email: staff.email }).from(staff).where(eq(staff.id, staffId));
    await writeAuthAudit(app.db, req, {
      staffId,
      email: row?.email ?? '',
      action: 'staff.sign_in',
      objectId: staffId,
      after: { method },
    });
    return { ok: true as const };
  }

  async function factorFailed(
    req: FastifyRequest,
    staffId: number,
    method: string,
    error: AppError,
  ): Promise<never> {
    const [row] = await app.db.select({ email: staff.email }).from(staff).where(eq(staff.id, staffId));
    await writeAuthAudit(app.db, req, {
      staffId,
      email: row?.email ?? '',
      action: 'staff.factor_failed',
      objectId: staffId,
      after: { method },
    });
    return failFactor(app.db, staffId, new Date(), error);
  }

  route(
    app,
    'POST /api/admin/auth/passkey',
    {
      config: limit(20),
    },
    async ({ req, reply, body, now }) => {
      const p = pending(req);
      await assertNotLocked(app.db, p.staffId, now);
      const challenge = await takeChallenge(p.sessionId);
      if (!(await verifyAuthentication(app.db, req, p.staffId, body, challenge, now)))
        return factorFailed(req, p.staffId, 'passkey', passkeyError());
      return factorPassed(req, reply, p.staffId, p.sessionId, 'passkey');
    },
  );

  route(
    app,
    'POST /api/admin/auth/totp',
    {
      config: limit(20),
    },
    async ({ req, reply, body, now }) => {
      const p = pending(req);
      await assertNotLocked(app.db, p.staffId, now);
      if (!(await verifyTotp(app.db, p.staffId, body.code, now)))
        return factorFailed(req, p.staffId, 'totp', codeError());
      return factorPassed(req, reply, p.staffId, p.sessionId, 'totp');
    },
  );

  route(
    app,
    'POST /api/admin/auth/recovery',
    {
      config: limit(20),
    },
    async ({ req, reply, body, now }) => {
      const p = pending(req);
      await assertNotLocked(app.db, p.staffId, now);
      if (!(await useRecoveryCode(app.db, p.staffId, body.code, now)))
        return factorFailed(
          req,
          p.staffId,
          'recovery',
          new AppError(400, 'code_wrong', 'admin.auth.error.recovery_wrong'),
        );
      return factorPassed(req, reply, p.staffId, p.sessionId, 'recovery');
    },
  );

  // ---------------------------------------------------------------- sign-out

  /** Ends this staff session (also a session still waiting for its second factor). */
  route(app, 'POST /api/admin/logout', { config: { staffPublic: true } }, async ({ req, reply }) => {
    const sessionId = req.staff?.sessionId ?? req.staffPending?.sessionId;
    if (sessionId !== undefined) await app.db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
    if (req.staff) {
      await writeAudit(app.db, req, {
        action: 'staff.sign_out',
        objectType: 'staff',
        objectId: req.staff.id,
        roles: STAFF_ROLES,
      });
    }
    clearStaffCookie(reply, secure);
    return reply.status(204).send();
  });
};
