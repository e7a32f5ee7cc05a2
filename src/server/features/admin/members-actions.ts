// The members area's actions: ban, unban, credits, refund, activation mail, delete (issue 23 item 2).
import type { Locale } from '../../../shared/i18n/locales.ts';
import type { Db } from '../../db/client.ts';
import { type Bus, endMemberSockets } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentProvider } from '../../platform/payments/provider.ts';
import type { SiteRow } from '../../platform/site.ts';
import {
  banMember,
  bookCredits,
  deleteAccountForMember,
  resendActivation,
  unbanMember,
} from '../accounts/index.ts';
import {
  type ReceiptDeps,
  refundPayment,
  STAFF_ADJUSTMENT_REASON,
  STAFF_CREDITS_ACTION,
} from '../credits/index.ts';
import { findBooking, findMemberStanding, memberPayment, siteRowOf } from './members-queries.ts';

import { type Audit, MEMBER_ROLES } from './members-service.ts';

async function standing(db: Db, id: number) {
  const row = await findMemberStanding(db, id);
  if (!row) throw new AppError(404, 'not_found', 'admin.error.not_found');
  return row;
}

/**
 * Bans a member through the accounts feature's ban: in one transaction with its audit line; then
 * the member's open sockets close on every instance, and each open session answers `banned` at once.
 */
export async function banAction(
  deps: { db: Db; bus: Pick<Bus, 'publish'>; audit: Audit; now: Date },
  id: number,
  reason: string,
) {
  const { db, audit } = deps;
  const before = await standing(db, id);
  if (before.deletedAt) throw new AppError(409, 'member_deleted', 'admin.members.error.deleted');
  if (before.status === 'banned')
    throw new AppError(409, 'already_banned', 'admin.members.error.already_banned');
  await db.transaction(async (tx) => {
    await banMember(tx, id, reason, deps.now);
    await audit(tx, {
      action: 'member.ban',
      roles: MEMBER_ROLES.ban,
      siteId: before.siteId,
      memberId: id,
      before: { status: before.status },
      after: { status: 'banned', ban_reason: reason },
      reason,
    });
  });
  endMemberSockets(deps.bus, id, 'banned');
}

/** Lifts a ban: the status before it comes back (confirmed, or not confirmed when never activated). */
export async function unbanAction(deps: { db: Db; audit: Audit }, id: number, reason: string) {
  const { db, audit } = deps;
  const before = await standing(db, id);
  if (before.status !== 'banned') throw new AppError(409, 'not_banned', 'admin.members.error.not_banned');
  await db.transaction(async (tx) => {
    await unbanMember(tx, id);
    const after = await findMemberStanding(tx, id);
    await audit(tx, {
      action: 'member.unban',
      roles: MEMBER_ROLES.ban,
      siteId: before.siteId,
      memberId: id,
      before: { status: 'banned', ban_reason: before.banReason },
      after: { status: after?.status },
      reason,
    });
  });
}

/**
 * Adds or takes credits through the one booking function, with its audit line in the same transaction:
 * the member sees the booking and the reason in their transactions. The dialog's client id makes a resent
 * request one booking. Taking more than the member has is refused.
 */
export async function creditsAction(
  deps: { db: Db; audit: Audit },
  id: number,
  input: { amount: number; reason: string; client_id: string },
): Promise<number> {
  const { db, audit } = deps;
  const before = await standing(db, id);
  if (before.deletedAt) throw new AppError(409, 'member_deleted', 'admin.members.error.deleted');
  const done = await findBooking(db, id, STAFF_ADJUSTMENT_REASON, input.client_id);
  if (done) return done.balanceAfter;
  try {
    return await db.transaction(async (tx) => {
      const balance = await bookCredits(tx, id, input.amount, {
        reason: STAFF_ADJUSTMENT_REASON,
        reference: input.client_id,
      });
      await audit(tx, {
        action: STAFF_CREDITS_ACTION,
        roles: MEMBER_ROLES.credits,
        siteId: before.siteId,
        memberId: id,
        before: { credits: balance - input.amount },
        after: { credits: balance, amount: input.amount, reference: input.client_id },
        reason: input.reason,
      });
      return balance;
    });
  } catch (err) {
    if (err instanceof AppError && err.code === 'insufficient_credits') {
      throw new AppError(409, 'insufficient_credits', 'admin.members.error.insufficient_credits', {
        values: { credits: before.credits },
      });
    }
    throw err;
  }
}

/** Refunds one of the member's payments by the credits feature's refund rules (Pay-11), then audits it. */
export async function refundAction(
  deps: {
    db: Db;
    provider: PaymentProvider | null;
    audit: Audit;
    now: Date;
    /** The member's refund receipt (issue 26). */
    receipts?: ReceiptDeps;
    /** Who refunds: the member's open request for the payment is approved in their name. */
    staffId?: number;
  },
  id: number,
  paymentId: string,
  reason: string,
) {
  const { db, audit } = deps;
  const before = await standing(db, id);
  const payment = await memberPayment(db, id, paymentId);
  if (!payment) throw new AppError(404, 'not_found', 'admin.error.not_found');
  if (!deps.provider) throw new AppError(409, 'not_refundable', 'admin.members.error.not_refundable');
  let result: Awaited<ReturnType<typeof refundPayment>>;
  try {
    result = await refundPayment(
      {
        db,
        provider: deps.provider,
        now: deps.now,
        staffId: deps.staffId ?? null,
        ...(deps.receipts ? { receipts: deps.receipts } : {}),
      },
      paymentId,
    );
  } catch (err) {
    if (err instanceof AppError && err.code === 'refund_window_over') {
      throw new AppError(409, 'refund_window_over', 'admin.members.error.refund_window_over', {
        values: err.values ?? {},
      });
    }
    if (err instanceof AppError && err.code === 'not_refundable') {
      throw new AppError(409, 'not_refundable', 'admin.members.error.not_refundable');
    }
    throw err;
  }
  // The refund commits before the provider pays back; its audit line follows the provider's answer.
  await audit(db, {
    action: 'member.refund',
    roles: MEMBER_ROLES.refund,
    siteId: before.siteId,
    memberId: id,
    before: { payment: paymentId, status: payment.status, credits: before.credits },
    after: {
      payment: paymentId,
      status: 'refunded',
      refunded_cents: result.refunded_cents,
      credits_removed: result.credits_removed,
      credits: result.balance,
    },
    reason,
  });
  return result.balance;
}

/** A new activation mail to a member who has not confirmed yet, from their site in their language. */
export async function activationAction(
  deps: {
    db: Db;
    mailer: Parameters<typeof resendActivation>[0]['mailer'];
    audit: Audit;
    now: Date;
    origin: (site: SiteRow) => string;
    locale: (language: string) => Locale;
  },
  id: number,
) {
  const { db, audit } = deps;
  const before = await standing(db, id);
  if (before.deletedAt || before.status === 'banned')
    throw new AppError(409, 'not_waiting', 'admin.members.error.not_waiting');
  if (before.status !== 'not_confirmed')
    throw new AppError(409, 'already_confirmed', 'admin.members.error.already_confirmed');
  const site = await siteRowOf(db, before.siteId);
  if (!site) throw new AppError(404, 'not_found', 'admin.error.not_found');
  await resendActivation({ db, mailer: deps.mailer }, id, {
    site,
    locale: deps.locale(before.language),
    origin: deps.origin(site),
    now: deps.now,
  });
  await audit(db, {
    action: 'member.activation_mail',
    roles: MEMBER_ROLES.activation,
    siteId: before.siteId,
    memberId: id,
  });
}

/** Deletes the account by the member's own deletion rules; sessions and sockets end at once. */
export async function deleteAction(
  deps: { db: Db; bus: Pick<Bus, 'publish'>; audit: Audit; now: Date },
  id: number,
  reason: string,
) {
  const { db, audit } = deps;
  const before = await standing(db, id);
  if (before.deletedAt) throw new AppError(409, 'member_deleted', 'admin.members.error.deleted');
  await db.transaction(async (tx) => {
    await deleteAccountForMember(tx, id, reason, deps.now);
    await audit(tx, {
      action: 'member.delete',
      roles: MEMBER_ROLES.delete,
      siteId: before.siteId,
      memberId: id,
      before: { status: before.status, deleted_at: null },
      after: { status: 'deleted', deleted_at: deps.now.toISOString() },
      reason,
    });
  });
  endMemberSockets(deps.bus, id, 'ended');
}
