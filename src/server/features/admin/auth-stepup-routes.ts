// Staff step-up: the second factor again, before dangerous actions (O-01).
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { staffSessions } from '../../db/schema.ts';
import type { AppError } from '../../platform/errors.ts';
import { route } from '../../platform/route.ts';
import { currentStaff, STAFF_ROLES, staffOnly, writeAudit } from '../../platform/staff.ts';
import { authenticationOptions, verifyAuthentication, verifyTotp } from './auth-factors.ts';
import { assertNotLocked, clearFailures, failFactor } from './auth-password.ts';
import { authKit, codeError, passkeyError } from './auth-route-kit.ts';

/** Step-up: the second factor passed again opens dangerous actions for 10 minutes. */
export const stepUpRoutes: FastifyPluginAsync = async (app) => {
  const { limit, takeChallenge } = authKit(app);

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

  route(
    app,
    'POST /api/admin/auth/step-up/passkey/options',
    {
      ...anyRole,
      config: { ...anyRole.config, ...stepUpLimit },
    },
    async ({ req, now }) => {
      const me = currentStaff(req);
      await assertNotLocked(app.db, me.id, now);
      const options = await authenticationOptions(app.db, req, me.id);
      await app.db
        .update(staffSessions)
        .set({ challenge: options.challenge })
        .where(eq(staffSessions.id, me.sessionId));
      return { ...options };
    },
  );

  route(
    app,
    'POST /api/admin/auth/step-up/passkey',
    {
      ...anyRole,
      config: { ...anyRole.config, ...stepUpLimit },
    },
    async ({ req, body, now }) => {
      const me = currentStaff(req);
      await assertNotLocked(app.db, me.id, now);
      const challenge = await takeChallenge(me.sessionId);
      if (!(await verifyAuthentication(app.db, req, me.id, body, challenge, now)))
        return stepUpFailed(req, 'passkey', passkeyError());
      return steppedUp(req, 'passkey');
    },
  );

  route(
    app,
    'POST /api/admin/auth/step-up/totp',
    {
      ...anyRole,
      config: { ...anyRole.config, ...stepUpLimit },
    },
    async ({ req, body, now }) => {
      const me = currentStaff(req);
      await assertNotLocked(app.db, me.id, now);
      if (!(await verifyTotp(app.db, me.id, body.code, now))) return stepUpFailed(req, 'totp', codeError());
      return steppedUp(req, 'totp');
    },
  );
};
