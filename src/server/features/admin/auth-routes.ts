import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZEnrolDone,
  ZEnrolPasswordRequest,
  ZEnrolState,
  ZRecoveryCode,
  ZStaffFactors,
  ZStaffLoginRequest,
  ZTotpCode,
  ZTotpSetup,
  ZWebAuthnResponse,
} from '../../../shared/contract/admin-staff.ts';
import { errorResponses } from '../../../shared/contract/errors.ts';
import { zLine } from '../../../shared/contract/text.ts';
import { staff, staffPasskeys, staffSessions, staffTokens } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import {
  clearStaffCookie,
  createStaffSession,
  currentStaff,
  STAFF_ROLES,
  setStaffCookie,
  staffOnly,
  writeAudit,
} from '../../platform/staff.ts';
import {
  assertNotLocked,
  assertPasswordRules,
  authenticationOptions,
  checkStaffPassword,
  claimTotpStep,
  clearFailures,
  type Enrolment,
  factorsOf,
  failFactor,
  findEnrolment,
  hashStaffPassword,
  newTotpSetup,
  registrationOptions,
  replaceRecoveryCodes,
  totpStep,
  useRecoveryCode,
  verifyAuthentication,
  verifyRegistration,
  verifyTotp,
  writeAuthAudit,
} from './auth-service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

const ZToken = z.object({ token: zLine(200) });
const ZWebAuthnOptions = z.record(z.string(), z.unknown());
const ZOkFactor = z.object({ ok: z.literal(true) });

type Factor =
  | { kind: 'passkey'; credential: Awaited<ReturnType<typeof verifyRegistration>> }
  | {
      kind: 'totp';
      secret: string;
      step: number;
    };

/**
 * Staff sign-in (issue 23, O-01/O-06): enrolment by a one-time link (name, password, then a passkey or a
 * one-time code app, then ten recovery codes), sign-in in two steps (password, then the second factor),
 * step-up (the second factor again for dangerous actions) and sign-out. The routes before the second
 * factor are open (`config.staffPublic`); each is rate limited per address.
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
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

  // ---------------------------------------------------------------- enrolment

  app.get(
    '/api/admin/enrol/:token',
    {
      config: limit(60),
      schema: { tags: ['admin'], params: ZToken, response: { 200: ZEnrolState, ...errors } },
    },
    async (req) => {
      const e = await findEnrolment(app.db, req.params.token);
      return { email: e.email, name: e.name, passwordSet: e.passwordHash !== null };
    },
  );

  app.post(
    '/api/admin/enrol/:token/password',
    {
      config: limit(20),
      schema: {
        tags: ['admin'],
        params: ZToken,
        body: ZEnrolPasswordRequest,
        response: { 200: ZEnrolState, ...errors },
      },
    },
    async (req) => {
      const e = await findEnrolment(app.db, req.params.token);
      assertPasswordRules(req.body.password);
      await app.db
        .update(staff)
        .set({ name: req.body.name, passwordHash: await hashStaffPassword(req.body.password) })
        .where(and(eq(staff.id, e.staffId), eq(staff.status, 'invited')));
      return { email: e.email, name: req.body.name, passwordSet: true };
    },
  );

  const passwordFirst = (e: Enrolment) => {
    if (e.passwordHash === null) throw new AppError(400, 'password_first', 'admin.auth.error.password_first');
  };

  /** The last step of an enrolment: the factor stored, recovery codes made, active and signed in. */
  async function finishEnrolment(req: FastifyRequest, reply: FastifyReply, e: Enrolment, factor: Factor) {
    const now = new Date();
    const recoveryCodes = await app.db.transaction(async (tx) => {
      const used = await tx
        .update(staffTokens)
        .set({ usedAt: now })
        .where(and(eq(staffTokens.id, e.tokenId), isNull(staffTokens.usedAt)))
        .returning({ id: staffTokens.id });
      if (used.length === 0) throw new AppError(404, 'enrol_invalid', 'admin.auth.error.enrol_invalid');
      if (factor.kind === 'passkey') {
        await tx.insert(staffPasskeys).values({ staffId: e.staffId, ...factor.credential, name: 'Passkey' });
      } else {
        await tx.update(staff).set({ totpSecret: factor.secret }).where(eq(staff.id, e.staffId));
        await claimTotpStep(tx, e.staffId, factor.step);
      }
      await tx
        .update(staff)
        .set({ status: 'active', failedLogins: 0, lockedUntil: null })
        .where(eq(staff.id, e.staffId));
      const codes = await replaceRecoveryCodes(tx, e.staffId);
      await writeAuthAudit(tx, req, {
        staffId: e.staffId,
        email: e.email,
        action: 'staff.enrol',
        objectId: e.staffId,
        after: { status: 'active', factor: factor.kind },
      });
      return codes;
    });
    await signIn(req, reply, e.staffId, now);
    return { recoveryCodes };
  }

  app.post(
    '/api/admin/enrol/:token/passkey/options',
    {
      config: limit(20),
      schema: { tags: ['admin'], params: ZToken, response: { 200: ZWebAuthnOptions, ...errors } },
    },
    async (req) => {
      const e = await findEnrolment(app.db, req.params.token);
      passwordFirst(e);
      const options = await registrationOptions(app.db, req, {
        staffId: e.staffId,
        email: e.email,
        name: e.name,
      });
      await app.db
        .update(staffTokens)
        .set({ challenge: options.challenge })
        .where(eq(staffTokens.id, e.tokenId));
      return { ...options };
    },
  );

  app.post(
    '/api/admin/enrol/:token/passkey',
    {
      config: limit(20),
      schema: {
        tags: ['admin'],
        params: ZToken,
        body: ZWebAuthnResponse,
        response: { 200: ZEnrolDone, ...errors },
      },
    },
    async (req, reply) => {
      const e = await findEnrolment(app.db, req.params.token);
      passwordFirst(e);
      // The challenge is used once, whether the answer passes or not.
      await app.db.update(staffTokens).set({ challenge: null }).where(eq(staffTokens.id, e.tokenId));
      const credential = await verifyRegistration(req, req.body, e.challenge);
      return finishEnrolment(req, reply, e, { kind: 'passkey', credential });
    },
  );

  app.post(
    '/api/admin/enrol/:token/totp/start',
    {
      config: limit(20),
      schema: { tags: ['admin'], params: ZToken, response: { 200: ZTotpSetup, ...errors } },
    },
    async (req) => {
      const e = await findEnrolment(app.db, req.params.token);
      passwordFirst(e);
      const setup = await newTotpSetup(e.email);
      await app.db
        .update(staffTokens)
        .set({ pendingTotpSecret: setup.secret })
        .where(eq(staffTokens.id, e.tokenId));
      return setup;
    },
  );

  app.post(
    '/api/admin/enrol/:token/totp',
    {
      config: limit(20),
      schema: {
        tags: ['admin'],
        params: ZToken,
        body: z.object({ code: ZTotpCode }),
        response: { 200: ZEnrolDone, ...errors },
      },
    },
    async (req, reply) => {
      const e = await findEnrolment(app.db, req.params.token);
      passwordFirst(e);
      if (!e.pendingTotpSecret) throw new AppError(400, 'totp_not_started', 'admin.auth.error.code_wrong');
      const step = totpStep(e.pendingTotpSecret, e.email, req.body.code, new Date());
      if (step === null) throw new AppError(400, 'code_wrong', 'admin.auth.error.code_wrong');
      return finishEnrolment(req, reply, e, { kind: 'totp', secret: e.pendingTotpSecret, step });
    },
  );

  // ---------------------------------------------------------------- sign-in

  app.post(
    '/api/admin/auth/login',
    {
      config: limit(10),
      schema: { tags: ['admin'], body: ZStaffLoginRequest, response: { 200: ZStaffFactors, ...errors } },
    },
    async (req, reply) => {
      const now = new Date();
      const result = await checkStaffPassword(app.db, req.body.email, req.body.password, now);
      if (result.outcome !== 'ok') {
        await writeAuthAudit(app.db, req, {
          staffId: result.id,
          email: req.body.email,
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

  app.get(
    '/api/admin/auth/factors',
    {
      config: { staffPublic: true },
      schema: { tags: ['admin'], response: { 200: ZStaffFactors, ...errors } },
    },
    async (req) => {
      const staffId = req.staff?.id ?? pending(req).staffId;
      return factorsOf(app.db, staffId);
    },
  );

  app.post(
    '/api/admin/auth/passkey/options',
    { config: limit(20), schema: { tags: ['admin'], response: { 200: ZWebAuthnOptions, ...errors } } },
    async (req) => {
      const p = pending(req);
      await assertNotLocked(app.db, p.staffId, new Date());
      const options = await authenticationOptions(app.db, req, p.staffId);
      await app.db
        .update(staffSessions)
        .set({ challenge: options.challenge })
        .where(eq(staffSessions.id, p.sessionId));
      return { ...options };
    },
  );

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

  app.post(
    '/api/admin/auth/passkey',
    {
      config: limit(20),
      schema: { tags: ['admin'], body: ZWebAuthnResponse, response: { 200: ZOkFactor, ...errors } },
    },
    async (req, reply) => {
      const p = pending(req);
      const now = new Date();
      await assertNotLocked(app.db, p.staffId, now);
      const challenge = await takeChallenge(p.sessionId);
      if (!(await verifyAuthentication(app.db, req, p.staffId, req.body, challenge, now)))
        return factorFailed(req, p.staffId, 'passkey', passkeyError());
      return factorPassed(req, reply, p.staffId, p.sessionId, 'passkey');
    },
  );

  app.post(
    '/api/admin/auth/totp',
    {
      config: limit(20),
      schema: {
        tags: ['admin'],
        body: z.object({ code: ZTotpCode }),
        response: { 200: ZOkFactor, ...errors },
      },
    },
    async (req, reply) => {
      const p = pending(req);
      const now = new Date();
      await assertNotLocked(app.db, p.staffId, now);
      if (!(await verifyTotp(app.db, p.staffId, req.body.code, now)))
        return factorFailed(req, p.staffId, 'totp', codeError());
      return factorPassed(req, reply, p.staffId, p.sessionId, 'totp');
    },
  );

  app.post(
    '/api/admin/auth/recovery',
    {
      config: limit(20),
      schema: {
        tags: ['admin'],
        body: z.object({ code: ZRecoveryCode }),
        response: { 200: ZOkFactor, ...errors },
      },
    },
    async (req, reply) => {
      const p = pending(req);
      const now = new Date();
      await assertNotLocked(app.db, p.staffId, now);
      if (!(await useRecoveryCode(app.db, p.staffId, req.body.code, now)))
        return factorFailed(
          req,
          p.staffId,
          'recovery',
          new AppError(400, 'code_wrong', 'admin.auth.error.recovery_wrong'),
        );
      return factorPassed(req, reply, p.staffId, p.sessionId, 'recovery');
    },
  );

  // ---------------------------------------------------------------- step-up

  const anyRole = staffOnly(STAFF_ROLES);
  const stepUpLimit = { rateLimit: limit(20).rateLimit };

  /** The second factor passed again in this session: dangerous actions are open for 10 minutes. */
  async function steppedUp(req: FastifyRequest, method: string) {
    const me = currentStaff(req);
    const now = new Date();
    await clearFailures(app.db, me.id, now);
    await app.db
      .update(staffSessions)
      .set({ factorAt: now, challenge: null })
      .where(eq(staffSessions.id, me.sessionId));
    await writeAudit(app.db, req, {
      action: 'staff.step_up',
      objectType: 'staff',
      objectId: me.id,
      roles: STAFF_ROLES,
      after: { method },
    });
    return { ok: true as const };
  }

  async function stepUpFailed(req: FastifyRequest, method: string, error: AppError): Promise<never> {
    const me = currentStaff(req);
    await writeAudit(app.db, req, {
      action: 'staff.step_up_failed',
      objectType: 'staff',
      objectId: me.id,
      roles: STAFF_ROLES,
      after: { method },
    });
    return failFactor(app.db, me.id, new Date(), error);
  }

  app.post(
    '/api/admin/auth/step-up/passkey/options',
    {
      ...anyRole,
      config: { ...anyRole.config, ...stepUpLimit },
      schema: { tags: ['admin'], response: { 200: ZWebAuthnOptions, ...errors } },
    },
    async (req) => {
      const me = currentStaff(req);
      await assertNotLocked(app.db, me.id, new Date());
      const options = await authenticationOptions(app.db, req, me.id);
      await app.db
        .update(staffSessions)
        .set({ challenge: options.challenge })
        .where(eq(staffSessions.id, me.sessionId));
      return { ...options };
    },
  );

  app.post(
    '/api/admin/auth/step-up/passkey',
    {
      ...anyRole,
      config: { ...anyRole.config, ...stepUpLimit },
      schema: { tags: ['admin'], body: ZWebAuthnResponse, response: { 200: ZOkFactor, ...errors } },
    },
    async (req) => {
      const me = currentStaff(req);
      const now = new Date();
      await assertNotLocked(app.db, me.id, now);
      const challenge = await takeChallenge(me.sessionId);
      if (!(await verifyAuthentication(app.db, req, me.id, req.body, challenge, now)))
        return stepUpFailed(req, 'passkey', passkeyError());
      return steppedUp(req, 'passkey');
    },
  );

  app.post(
    '/api/admin/auth/step-up/totp',
    {
      ...anyRole,
      config: { ...anyRole.config, ...stepUpLimit },
      schema: {
        tags: ['admin'],
        body: z.object({ code: ZTotpCode }),
        response: { 200: ZOkFactor, ...errors },
      },
    },
    async (req) => {
      const me = currentStaff(req);
      const now = new Date();
      await assertNotLocked(app.db, me.id, now);
      if (!(await verifyTotp(app.db, me.id, req.body.code, now)))
        return stepUpFailed(req, 'totp', codeError());
      return steppedUp(req, 'totp');
    },
  );

  // ---------------------------------------------------------------- sign-out

  /** Ends this staff session (also a session still waiting for its second factor). */
  app.post(
    '/api/admin/logout',
    { config: { staffPublic: true }, schema: { tags: ['admin'] } },
    async (req, reply) => {
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
    },
  );
};

const passkeyError = () => new AppError(400, 'passkey_failed', 'admin.auth.error.passkey_failed');
const codeError = () => new AppError(400, 'code_wrong', 'admin.auth.error.code_wrong');
