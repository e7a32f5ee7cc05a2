import { eq } from 'drizzle-orm';
import { isUniqueViolation } from '../../db/errors.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { deleteSessionsOf, hashToken } from '../../platform/session.ts';
import { sendAccountNotice } from './account-notices.ts';
import {
  consumeToken,
  countTokensSince,
  findAccount,
  findTokenOwner,
  findUserByEmail,
  revokeAllTokens,
  updateProfile,
  updateUser,
} from './queries.ts';
import { type Deps, hashPassword, type RequestContext, sendTokenMail, verifyPassword } from './service.ts';

export const RESET_MAILS_PER_DAY = 3;

/** Confirms the e-mail address from the activation link; the profile becomes visible. */
export async function activate(deps: Deps, token: string, now: Date): Promise<number | null> {
  const row = await consumeToken(deps.db, 'activation', hashToken(token), now);
  if (!row) return null;
  await updateUser(deps.db, row.userId, { status: 'confirmed' });
  await updateProfile(deps.db, row.userId, { status: 'active' });
  return row.userId;
}

/**
 * Where an activation link that did not activate leads (issue 11): an account that is already active
 * says so and offers the login; a link of an account still waiting (expired, or replaced by a newer
 * mail) may ask for a new mail; anything else is simply a failed activation.
 */
export async function failedActivation(
  deps: Deps,
  token: string,
): Promise<'already_active' | 'resend' | 'unknown'> {
  const owner = await findTokenOwner(deps.db, 'activation', hashToken(token));
  if (!owner || owner.deletedAt) return 'unknown';
  if (owner.status === 'confirmed') return 'already_active';
  return owner.status === 'not_confirmed' ? 'resend' : 'unknown';
}

/**
 * A new activation mail from the link of an earlier one (issue 11): whoever holds a link that was
 * mailed to the address may ask for a fresh one without logging in. Nothing is said about accounts
 * the link does not belong to.
 */
export async function resendActivationByLink(deps: Deps, token: string, ctx: RequestContext) {
  const owner = await findTokenOwner(deps.db, 'activation', hashToken(token));
  if (!owner || owner.deletedAt || owner.status === 'banned')
    throw new AppError(400, 'link_invalid', 'activate.failed');
  if (owner.status === 'confirmed') throw new AppError(409, 'already_confirmed', 'activate.already');
  await sendTokenMail(deps, owner.userId, 'activation', ctx);
}

export async function resendActivation(deps: Deps, userId: number, ctx: RequestContext) {
  const bundle = await findAccount(deps.db, userId);
  if (bundle?.user.status !== 'not_confirmed')
    throw new AppError(409, 'already_confirmed', 'activate.already');
  await sendTokenMail(deps, userId, 'activation', ctx);
}

/** Sends a reset link, at most three a day per member. */
export async function requestPasswordReset(deps: Deps, email: string, ctx: RequestContext) {
  const user = await findUserByEmail(deps.db, email);
  // Fictional profiles are run by the site: nobody may take one over through a reset link.
  const bundle = user ? await findAccount(deps.db, user.id) : null;
  if (!user || user.deletedAt || user.status === 'banned' || bundle?.profile.fictional) {
    throw new AppError(404, 'email_not_found', 'reset.email_not_found');
  }
  const since = new Date(ctx.now.getTime() - 86_400_000);
  if ((await countTokensSince(deps.db, user.id, 'reset', since)) >= RESET_MAILS_PER_DAY) {
    throw new AppError(429, 'reset_limit', 'reset.daily_limit');
  }
  await sendTokenMail(deps, user.id, 'reset', ctx);
}

/**
 * Sets a new password from a reset link; every other session and every other mailed link of the member
 * ends, and the address gets a notice.
 */
export async function resetPassword(
  deps: Deps,
  token: string,
  password: string,
  ctx: RequestContext,
): Promise<number> {
  const now = ctx.now;
  const row = await consumeToken(deps.db, 'reset', hashToken(token), now);
  if (!row) throw new AppError(400, 'link_invalid', 'reset.link_invalid');
  await deleteSessionsOf(deps.db, row.userId);
  await revokeAllTokens(deps.db, row.userId, now);
  // Following the link proved the address, so an unconfirmed account is confirmed too.
  const bundle = await findAccount(deps.db, row.userId);
  await updateUser(deps.db, row.userId, {
    passwordHash: await hashPassword(password),
    failedLogins: 0,
    lockedUntil: null,
    ...(bundle?.user.status === 'not_confirmed' ? { status: 'confirmed' as const } : {}),
  });
  if (bundle?.user.status === 'not_confirmed') await updateProfile(deps.db, row.userId, { status: 'active' });
  if (bundle) await sendAccountNotice(deps, bundle, { kind: 'password_changed' }, ctx);
  return row.userId;
}

export async function changePassword(
  deps: Deps,
  userId: number,
  sessionId: number,
  oldPassword: string,
  password: string,
  ctx: RequestContext,
) {
  const bundle = await findAccount(deps.db, userId);
  if (!bundle || !(await verifyPassword(bundle.user.passwordHash, oldPassword))) {
    throw new AppError(400, 'old_password_wrong', 'validation.old_password_wrong', {
      details: { fieldIds: { old_password: 'validation.old_password_wrong' } },
    });
  }
  await updateUser(deps.db, userId, { passwordHash: await hashPassword(password) });
  await deleteSessionsOf(deps.db, userId, sessionId);
  // Reset and activation links sent before the change must not undo it (issue 10 item 10).
  await revokeAllTokens(deps.db, userId, ctx.now);
  await sendAccountNotice(deps, bundle, { kind: 'password_changed' }, ctx);
}

/** Sends a confirmation link to the new address; the e-mail changes only when that link is opened. */
export async function requestEmailChange(
  deps: Deps,
  userId: number,
  email: string,
  password: string,
  ctx: RequestContext,
) {
  const bundle = await findAccount(deps.db, userId);
  if (!bundle || !(await verifyPassword(bundle.user.passwordHash, password))) {
    throw new AppError(400, 'password_wrong', 'validation.password_wrong', {
      details: { fieldIds: { password: 'validation.password_wrong' } },
    });
  }
  const other = await findUserByEmail(deps.db, email);
  if (other) {
    throw new AppError(409, 'email_taken', 'validation.email_taken', {
      details: { fieldIds: { email: 'validation.email_taken' } },
    });
  }
  await sendTokenMail(deps, userId, 'mail_change', ctx, email);
}

/**
 * Confirms a new e-mail address: every other mailed link ends (a reset link sent to the old address no
 * longer works), every session of the member but the one that opened the link (when it is theirs) ends,
 * and the old address is told where the account went.
 */
export async function confirmEmailChange(
  deps: Deps,
  token: string,
  ctx: RequestContext,
  openedBySession?: number,
): Promise<number> {
  const row = await consumeToken(deps.db, 'mail_change', hashToken(token), ctx.now);
  if (!row?.newEmail) throw new AppError(400, 'link_invalid', 'reset.link_invalid');
  const before = await findAccount(deps.db, row.userId);
  try {
    await deps.db
      .update(users)
      .set({ email: row.newEmail, status: 'confirmed', notificationsDisabled: [] })
      .where(eq(users.id, row.userId));
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError(409, 'email_taken', 'validation.email_taken');
    throw err;
  }
  await revokeAllTokens(deps.db, row.userId, ctx.now);
  await deleteSessionsOf(deps.db, row.userId, openedBySession);
  if (before && before.user.email !== row.newEmail) {
    await sendAccountNotice(deps, before, { kind: 'email_changed', newEmail: row.newEmail }, ctx);
  }
  return row.userId;
}
