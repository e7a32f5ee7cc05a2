// Staff enrolment routes: the one-time link, the password, then a passkey or a code app (O-01).
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { staff, staffPasskeys, staffTokens } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
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
import { authKit } from './auth-route-kit.ts';

type Factor =
  | { kind: 'passkey'; credential: Awaited<ReturnType<typeof verifyRegistration>> }
  | {
      kind: 'totp';
      secret: string;
      step: number;
    };

/** Enrolment by a one-time link: name, password, then a passkey or a one-time code app, then recovery codes. */
export const enrolRoutes: FastifyPluginAsync = async (app) => {
  const { limit, signIn } = authKit(app);

  route(
    app,
    'GET /api/admin/enrol/:token',
    {
      config: limit(60),
    },
    async ({ params }) => {
      const e = await findEnrolment(app.db, params.token);
      return { email: e.email, name: e.name, passwordSet: e.passwordHash !== null };
    },
  );

  route(
    app,
    'POST /api/admin/enrol/:token/password',
    {
      config: limit(20),
    },
    async ({ params, body }) => {
      const e = await findEnrolment(app.db, params.token);
      assertPasswordRules(body.password);
      await app.db
        .update(staff)
        .set({ name: body.name, passwordHash: await hashStaffPassword(body.password) })
        .where(and(eq(staff.id, e.staffId), eq(staff.status, 'invited')));
      return { email: e.email, name: body.name, passwordSet: true };
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

  route(
    app,
    'POST /api/admin/enrol/:token/passkey/options',
    {
      config: limit(20),
    },
    async ({ req, params }) => {
      const e = await findEnrolment(app.db, params.token);
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

  route(
    app,
    'POST /api/admin/enrol/:token/passkey',
    {
      config: limit(20),
    },
    async ({ req, reply, params, body }) => {
      const e = await findEnrolment(app.db, params.token);
      passwordFirst(e);
      // The challenge is used once, whether the answer passes or not.
      await app.db.update(staffTokens).set({ challenge: null }).where(eq(staffTokens.id, e.tokenId));
      const credential = await verifyRegistration(req, body, e.challenge);
      return finishEnrolment(req, reply, e, { kind: 'passkey', credential });
    },
  );

  route(
    app,
    'POST /api/admin/enrol/:token/totp/start',
    {
      config: limit(20),
    },
    async ({ params }) => {
      const e = await findEnrolment(app.db, params.token);
      passwordFirst(e);
      const setup = await newTotpSetup(e.email);
      await app.db
        .update(staffTokens)
        .set({ pendingTotpSecret: setup.secret })
        .where(eq(staffTokens.id, e.tokenId));
      return setup;
    },
  );

  route(
    app,
    'POST /api/admin/enrol/:token/totp',
    {
      config: limit(20),
    },
    async ({ req, reply, params, body, now }) => {
      const e = await findEnrolment(app.db, params.token);
      passwordFirst(e);
      if (!e.pendingTotpSecret) throw new AppError(400, 'totp_not_started', 'admin.auth.error.code_wrong');
      const step = totpStep(e.pendingTotpSecret, e.email, body.code, now);
      if (step === null) throw new AppError(400, 'code_wrong', 'admin.auth.error.code_wrong');
      return finishEnrolment(req, reply, e, { kind: 'totp', secret: e.pendingTotpSecret, step });
    },
  );
};
