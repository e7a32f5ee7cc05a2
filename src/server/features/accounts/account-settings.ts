import type { TUser } from '../../../shared/contract/accounts.ts';
import type { RetentionKind, TRetentionSolution } from '../../../shared/contract/accounts-api.ts';
import { RULES } from '../../../shared/rules.ts';
import type { Db } from '../../db/client.ts';
import { type Bus, endMemberSockets } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import { deleteSessionsOf } from '../../platform/session.ts';
import type { CompanyRow } from '../../platform/site.ts';
import { messagesOf } from '../chat/index.ts';
import { likesOf } from '../likes/index.ts';
import {
  deleteUserRow,
  findAccount,
  findExpiredDeletions,
  paymentsOf,
  photosOf,
  sessionsOf,
  updateUser,
} from './queries.ts';
import { verifyPassword } from './service.ts';
import { ledgerOf } from './wallet.ts';

/** What we offer before someone leaves: stay hidden, stop e-mail, or the company's delete discount. */
export function retentionSolutions(user: TUser, company: CompanyRow | undefined) {
  const solutions: TRetentionSolution[] = [];
  if (!user.invisible) solutions.push({ kind: 'invisible' });
  if (Object.values(user.notification_settings).some(Boolean)) solutions.push({ kind: 'pause_email' });
  if (company && company.deleteDiscount > 0 && user.retention_discount === null) {
    solutions.push({ kind: 'discount', percentage: company.deleteDiscount });
  }
  return solutions;
}

export async function acceptRetention(
  db: Db,
  user: TUser,
  kind: RetentionKind,
  company: CompanyRow | undefined,
) {
  const offered = retentionSolutions(user, company).find((s) => s.kind === kind);
  if (!offered) throw new AppError(409, 'not_offered', 'error.bad_request');
  if (kind === 'invisible') await updateUser(db, user.id, { invisible: true });
  if (kind === 'pause_email') {
    const off = Object.fromEntries(Object.keys(user.notification_settings).map((k) => [k, false]));
    await updateUser(db, user.id, { notificationSettings: off });
  }
  // The credits feature applies this percentage to the member's next purchase.
  if (kind === 'discount') await updateUser(db, user.id, { retentionDiscount: offered.percentage ?? null });
}

/** Deletion: gone from every list at once, sessions ended; a login within 14 days brings it back. */
export async function deleteAccount(
  db: Db,
  userId: number,
  input: { password: string; reasons: string[]; comment: string },
  now: Date,
) {
  const bundle = await findAccount(db, userId);
  if (!bundle || !(await verifyPassword(bundle.user.passwordHash, input.password))) {
    throw new AppError(400, 'password_wrong', 'validation.password_wrong', {
      details: { fieldIds: { password: 'validation.password_wrong' } },
    });
  }
  await updateUser(db, userId, {
    deletedAt: now,
    deleteReasons: { reasons: input.reasons, comment: input.comment },
  });
  await deleteSessionsOf(db, userId);
}

/**
 * The back office deletes an account for its member (O-02), by the member's own rules: gone from every
 * list at once, sessions ended, a login within 14 days brings it back, the purge removes it after that.
 * The staff member's reason is kept as the deletion's comment. The caller ends the open sockets.
 */
export async function deleteAccountForMember(db: Db, userId: number, reason: string, now: Date) {
  await updateUser(db, userId, { deletedAt: now, deleteReasons: { reasons: ['staff'], comment: reason } });
  await deleteSessionsOf(db, userId);
}

/**
 * Removes accounts whose reactivation window has passed: their photos' files first, then every row
 * (profile, photos, sessions, tokens, ledger go with the user row). Safe to run on several instances.
 */
export async function purgeDeletedAccounts(
  db: Db,
  removeFiles: (userId: number) => Promise<void>,
  now: Date,
) {
  const before = new Date(now.getTime() - RULES.deletion.reactivationDays * 86_400_000);
  const expired = await findExpiredDeletions(db, before);
  for (const { id } of expired) {
    await removeFiles(id);
    await deleteUserRow(db, id);
  }
  return expired.length;
}

/** Everything we hold about a member, as one JSON document. */
export async function exportAccount(db: Db, userId: number) {
  const bundle = await findAccount(db, userId);
  if (!bundle) throw new AppError(404, 'not_found', 'error.not_found');
  const { user, profile } = bundle;
  return {
    exported_at: new Date().toISOString(),
    account: {
      email: user.email,
      status: user.status,
      language: user.language,
      signup_date: user.createdAt,
      signup_message: user.signupMessage,
      tracking: user.tracking,
      credits: user.credits,
      paid_user: user.paidUser,
      invisible: user.invisible,
      notification_settings: user.notificationSettings,
      location_options: user.locationOptions,
    },
    profile: {
      name: profile.name,
      gender: profile.gender,
      looking_for: profile.lookingFor,
      sexuality: profile.sexuality,
      date_of_birth: profile.dateOfBirth,
      about: profile.about,
      country: profile.country,
      region: profile.region,
      city: profile.city,
      hair_colour: profile.hairColour,
      eye_colour: profile.eyeColour,
      body_type: profile.bodyType,
      relationship_status: profile.relationshipStatus,
      tattoos: profile.tattoos,
      signup_reason: profile.signupReason,
      interests: profile.interests,
    },
    photos: await photosOf(db, userId),
    credit_ledger: await ledgerOf(db, userId),
    sessions: await sessionsOf(db, userId),
    likes: await likesOf(db, userId),
    messages: await messagesOf(db, userId),
    payments: await paymentsOf(db, userId),
  };
}

/**
 * An operator bans a member: logins are refused, and each open session answers 403 `banned` on every
 * request that needs a member until it logs out, so the member sees the ban page instead of a plain
 * logout. Their open sockets close at once on every instance (4403) when the bus is given, as
 * the back office gives `app.bus`; without it, each socket is refused at its next frame.
 */
export async function banMember(
  db: Db,
  userId: number,
  reason: string,
  now: Date,
  bus?: Pick<Bus, 'publish'>,
) {
  await updateUser(db, userId, { status: 'banned', bannedAt: now, banReason: reason });
  if (bus) endMemberSockets(bus, userId, 'banned');
}

export async function unbanMember(db: Db, userId: number) {
  const bundle = await findAccount(db, userId);
  if (!bundle) throw new AppError(404, 'not_found', 'error.not_found');
  await updateUser(db, userId, {
    status: bundle.profile.status === 'active' ? 'confirmed' : 'not_confirmed',
    bannedAt: null,
    banReason: null,
  });
}
