// The members area's reading side: roles, the audit writer, search, the member page and ledger (item 2).
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
import type { Db } from '../../db/client.ts';
import type { StaffRole } from '../../db/schema.ts';
import { mediaPath } from '../../kernel/member-card.ts';
import { AppError } from '../../platform/errors.ts';
import { writeAudit } from '../../platform/staff.ts';
import { STAFF_ADJUSTMENT_REASON, staffNotesOf } from '../credits/index.ts';
import {
  conversationMessages,
  findMemberAccount,
  findMemberStanding,
  ledgerPage,
  memberComplaints,
  memberConversation,
  memberConversations,
  memberDevices,
  memberPayments,
  memberPhotos,
  memberSessions,
  searchMembers,
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
