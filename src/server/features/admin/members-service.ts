import type { FastifyRequest } from 'fastify';
import {
  MEMBERS_COUNT_CAP,
  MEMBERS_PAGE_SIZE,
  type TLedgerPage,
  type TMemberPage,
  type TMemberSearch,
  type TMemberSearchQuery,
  type TMemberStatus,
} from '../../../shared/contract/admin-members.ts';
import { complaintReference } from '../../../shared/contract/complaints.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import type { Db } from '../../db/client.ts';
import type { StaffRole } from '../../db/schema.ts';
import { mediaPath } from '../../kernel/member-card.ts';
import { type Bus, endMemberSockets } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentProvider } from '../../platform/payments/provider.ts';
import type { SiteRow } from '../../platform/site.ts';
import { writeAudit } from '../../platform/staff.ts';
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
  staffNotesOf,
} from '../credits/index.ts';
import {
  conversationMessages,
  findBooking,
  findMemberAccount,
  findMemberStanding,
  ledgerPage,
  memberComplaints,
  memberConversation,
  memberConversations,
  memberDevices,
  memberPayment,
  memberPayments,
  memberPhotos,
  memberSessions,
  searchMembers,
  siteRowOf,
} from './members-queries.ts';

/** Who may do what in the members area (issue 23 item 2). Admin holds every role. */
export const MEMBER_ROLES = {
  view: ['moderator', 'support', 'finance'],
  ban: ['moderator', 'support'],
  credits: ['support', 'finance'],
  refund: ['finance'],
  activation: ['support'],
  delete: ['support', 'admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

export const LEDGER_PAGE_SIZE = 25;
const DAY_MS = 86_400_000;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Writes the audit line of an action in its transaction (the route binds it to the request). */
export type Audit = (
  tx: Tx | Db,
  entry: {
    action: string;
    roles: readonly StaffRole[];
    siteId: number;
    memberId: number;
    before?: unknown;
    after?: unknown;
    reason?: string | null;
  },
) => Promise<void>;

/** The audit writer of one staff request acting on a member (the member is the audit line's object). */
export const memberAuditOf =
  (req: FastifyRequest): Audit =>
  (tx, e) =>
    writeAudit(tx, req, {
      action: e.action,
      objectType: 'member',
      objectId: e.memberId,
      siteId: e.siteId,
      roles: e.roles,
      before: e.before,
      after: e.after,
      reason: e.reason ?? null,
    });

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function statusOf(u: { status: 'not_confirmed' | 'confirmed' | 'banned'; deletedAt: Date | null }) {
  return (u.deletedAt ? 'deleted' : u.status) as TMemberStatus;
}

export async function findMembers(
  db: Db,
  input: TMemberSearchQuery,
  siteIds: number[] | null,
): Promise<TMemberSearch> {
  const { items, total } = await searchMembers(db, input, siteIds);
  return {
    items: items.map((r) => ({
      id: r.id,
      email: r.email,
      name: r.name,
      site_id: r.siteId,
      status: statusOf(r),
      fictional: r.fictional ?? false,
      credits: r.credits,
      paid_user: r.paidUser,
      created_at: r.createdAt.toISOString(),
      last_active_at: r.lastActiveAt.toISOString(),
    })),
    page: input.page,
    page_size: MEMBERS_PAGE_SIZE,
    total: Math.min(total, MEMBERS_COUNT_CAP),
    total_capped: total > MEMBERS_COUNT_CAP,
  };
}

/** The member's site, for the site check before anything is read or done; 404 for an unknown id. */
export async function memberSite(db: Db, id: number): Promise<number> {
  const row = await findMemberStanding(db, id);
  if (!row) throw new AppError(404, 'not_found', 'admin.error.not_found');
  return row.siteId;
}

export async function memberLedger(db: Db, id: number, page: number): Promise<TLedgerPage> {
  const { rows, total } = await ledgerPage(db, id, LEDGER_PAGE_SIZE, (page - 1) * LEDGER_PAGE_SIZE);
  const notes = await staffNotesOf(db, id, rows);
  return {
    items: rows.map((r) => ({
      id: r.id,
      amount: r.amount,
      balance_after: r.balanceAfter,
      reason: r.reason,
      reference: r.reference,
      note: r.reason === STAFF_ADJUSTMENT_REASON && r.reference ? (notes.get(r.reference) ?? null) : null,
      created_at: r.createdAt.toISOString(),
    })),
    page,
    pages: Math.max(1, Math.ceil(total / LEDGER_PAGE_SIZE)),
  };
}

/**
 * Everything staff see of a member (O-02). Photos: public active ones by their public path, as members
 * see them; private and unreviewed ones only through the staff-only media route. Conversations: counts and
 * partners, never message text (that is read per conversation, and only with a fictional profile).
 */
export async function memberPage(db: Db, id: number, now: Date): Promise<TMemberPage> {
  const found = await findMemberAccount(db, id);
  if (!found) throw new AppError(404, 'not_found', 'admin.error.not_found');
  const { user, profile, site } = found;
  const [photoRows, paymentRows, ledger, sessionRows, deviceRows, complaints, conversations] =
    await Promise.all([
      memberPhotos(db, id),
      memberPayments(db, id),
      memberLedger(db, id, 1),
      memberSessions(db, id),
      memberDevices(db, id),
      memberComplaints(db, id),
      memberConversations(db, id),
    ]);
  const photoUrl = (key: string, open: boolean) =>
    open
      ? `${site.cdnPrefix.replace(/\/+$/, '')}${mediaPath(key)}`
      : `/api/admin/members/${id}/media/${encodeURIComponent(key)}`;
  const complaint = (c: (typeof complaints.by)[number], other: number | null) => ({
    id: c.id,
    reference: complaintReference(c.id),
    topic: c.topic,
    status: c.status,
    other_id: other,
    name: c.name,
    message: c.message,
    created_at: c.createdAt.toISOString(),
  });
  return {
    account: {
      id: user.id,
      email: user.email,
      site: { id: site.id, name: site.name, domain: site.domain },
      status: statusOf(user),
      ban_reason: user.banReason,
      banned_at: iso(user.bannedAt),
      deleted_at: iso(user.deletedAt),
      credits: user.credits,
      paid_user: user.paidUser,
      language: user.language,
      signup_step: user.signupStep,
      failed_logins: user.failedLogins,
      locked_until: iso(user.lockedUntil),
      created_at: user.createdAt.toISOString(),
      last_active_at: user.lastActiveAt.toISOString(),
    },
    profile: profile
      ? {
          name: profile.name,
          fictional: profile.fictional,
          gender: profile.gender,
          looking_for: profile.lookingFor,
          date_of_birth: profile.dateOfBirth,
          country: profile.country,
          region: profile.region,
          city: profile.city,
          about: profile.about,
          status: profile.status,
          listed: profile.listed,
        }
      : null,
    photos: photoRows.map((p) => {
      const open = !p.isPrivate && p.status === 'active';
      return {
        id: p.id,
        url: photoUrl(p.filename, open),
        thumb_url: photoUrl(p.thumbFilename, open),
        is_private: p.isPrivate,
        is_main: profile?.mainPhotoId === p.id,
        status: p.status,
        reviewed: p.reviewedAt !== null,
        created_at: p.createdAt.toISOString(),
      };
    }),
    payments: paymentRows.map((p) => ({
      id: p.publicId,
      credits: p.credits,
      amount_cents: p.amountCents,
      currency: p.currency,
      method: p.method,
      provider: p.provider,
      status: p.status,
      discount_code: p.discountCode,
      refunded_credits: p.refundedCredits,
      created_at: p.createdAt.toISOString(),
      paid_at: iso(p.paidAt),
      refunded_at: iso(p.refundedAt),
      refundable:
        p.status === 'paid' &&
        p.paidAt !== null &&
        now.getTime() - p.paidAt.getTime() <= site.refundDays * DAY_MS,
    })),
    ledger,
    sessions: sessionRows.map((s) => ({
      id: s.id,
      created_at: s.createdAt.toISOString(),
      expires_at: s.expiresAt.toISOString(),
      user_agent: s.userAgent,
    })),
    devices: deviceRows.map((d) => ({
      device: d.nonce.slice(0, 8),
      failed_logins: d.failedLogins,
      locked_until: iso(d.lockedUntil),
      updated_at: d.updatedAt.toISOString(),
    })),
    complaints: {
      by: complaints.by.map((c) => complaint(c, c.memberId)),
      about: complaints.about.map((c) => complaint(c, c.userId)),
    },
    conversations: {
      total: conversations.total,
      messages_sent: conversations.sent,
      items: conversations.items.map((c) => ({
        id: c.id,
        partner: { id: c.partnerId, name: c.partnerName, fictional: c.partnerFictional ?? false },
        messages: c.messages,
        started_by_member: c.startedBy === id,
        unread: c.unread,
        last_activity_at: c.lastActivityAt.toISOString(),
      })),
    },
  };
}

/**
 * The messages of one of the member's conversations, for a conversation with a fictional profile only
 * (the desk answers those for the site); between two real members staff read no message text.
 */
export async function fictionalConversation(db: Db, memberId: number, conversationId: number) {
  const side = await memberConversation(db, memberId, conversationId);
  if (!side) throw new AppError(404, 'not_found', 'admin.error.not_found');
  if (!side.fictional) throw new AppError(403, 'not_fictional', 'admin.members.error.not_fictional');
  const rows = await conversationMessages(db, conversationId);
  return {
    items: rows.map((m) => ({
      seq: m.seq,
      from_member: m.senderId === memberId,
      sent_by: m.sentBy,
      kind: m.kind,
      body: m.body,
      gift_code: m.giftCode,
      created_at: m.createdAt.toISOString(),
    })),
  };
}

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
