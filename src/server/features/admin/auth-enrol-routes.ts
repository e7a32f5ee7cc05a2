// Staff enrolment routes: the one-time link, the password, then a passkey or a code app (O-01).
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZEnrolDone,
  ZEnrolPasswordRequest,
  ZEnrolState,
  ZTotpCode,
  ZTotpSetup,
  ZWebAuthnResponse,
} from '../../../shared/contract/admin-staff.ts';
import { staff, staffPasskeys, staffTokens } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { type Enrolment, findEnrolment } from './auth-enrolment.ts';
import {
  claimTotpStep,
  newTotpSetup,
  registrationOptions,
  replaceRecoveryCodes,
  totpStep,
  verifyRegistration,
} from './auth-factors.ts';
import { assertPasswordRules, hashStaffPassword, writeAuthAudit } from './auth-password.ts';
import { authKit, errors, ZToken, ZWebAuthnOptions } from './auth-route-kit.ts';

type Factor =
  | { kind: 'passkey'; credential: Awaited<ReturnType<typeof verifyRegistration>> }
  | {
      kind: 'totp';
      secret: string;
      step: number;
    };

/** Enrolment by a one-time link: name, password, then a passkey or a one-time code app, then recovery codes. */
export const enrolRoutes: FastifyPluginAsyncZod = async (app) => {
  const { limit, signIn } = authKit(app);

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
};
