import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  ComplaintStatus,
  TComplaintDetail,
  TComplaintList,
  TComplaintListQuery,
  TComplaintRow,
} from '../../../shared/contract/admin-moderation.ts';
import { type ComplaintTopic, complaintReference } from '../../../shared/contract/complaints.ts';
import { DEFAULT_LOCALE, toLocale } from '../../../shared/i18n/locales.ts';
import type { Db } from '../../db/client.ts';
import { endMemberSockets } from '../../platform/bus.ts';
import { AppError } from '../../platform/errors.ts';
import { t } from '../../platform/i18n.ts';
import { renderMailLayout } from '../../platform/mail-layout.ts';
import { jobOrigin } from '../../platform/site.ts';
import { assertSite, currentStaff, sitesFor, writeAudit } from '../../platform/staff.ts';
import { banMember } from '../accounts/index.ts';
import {
  type ComplaintListRow,
  findAssignable,
  findComplaint,
  findComplaints,
  findMemberStanding,
  findReplies,
  findSite,
  insertReply,
  lockComplaint,
  updateComplaint,
} from './complaints-queries.ts';

const MODERATOR = ['moderator'] as const;
const EXCERPT = 140;

const notFound = () => new AppError(404, 'not_found', 'admin.error.not_found');

function presentRow(r: ComplaintListRow): TComplaintRow {
  const c = r.complaint;
  const text = c.message.replace(/\s+/g, ' ').trim();
  const chars = Array.from(text);
  return {
    id: c.id,
    reference: complaintReference(c.id),
    site_id: c.siteId,
    site_name: r.siteName,
    topic: c.topic as ComplaintTopic,
    name: c.name,
    email: c.email,
    excerpt: chars.length > EXCERPT ? `${chars.slice(0, EXCERPT - 1).join('')}…` : text,
    status: c.status,
    assigned_to: r.assigneeId !== null ? { id: r.assigneeId, name: r.assigneeName ?? '' } : null,
    member:
      r.memberId !== null && r.memberSiteId !== null
        ? {
            id: r.memberId,
            name: r.memberName ?? '',
            status: r.memberStatus ?? '',
            site_id: r.memberSiteId,
          }
        : null,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
}

/** Complaints of the moderator's sites (O-03, L-09), filtered and paged on the server. */
export async function listComplaints(
  db: Db,
  req: FastifyRequest,
  q: TComplaintListQuery,
): Promise<TComplaintList> {
  const me = currentStaff(req);
  const mine = sitesFor(me, MODERATOR);
  if (q.site !== undefined && mine !== null && !mine.includes(q.site))
    throw new AppError(403, 'forbidden', 'admin.error.forbidden');
  const { rows, total } = await findComplaints(db, {
    siteIds: q.site !== undefined ? [q.site] : mine,
    status: q.status,
    assigned: q.assigned === 'me' ? me.id : q.assigned,
    sort: q.sort,
    offset: (q.page - 1) * q.page_size,
    limit: q.page_size,
  });
  return {
    rows: rows.map(presentRow),
    total,
    page: q.page,
    page_size: q.page_size,
  };
}

/** One complaint of a site the moderator holds: 404 when there is none, 403 when another site's. */
async function complaintFor(db: Db, req: FastifyRequest, id: number) {
  const row = await findComplaint(db, id);
  if (!row) throw notFound();
  assertSite(req, MODERATOR, row.complaint.siteId);
  return row;
}

export async function complaintDetail(db: Db, req: FastifyRequest, id: number): Promise<TComplaintDetail> {
  const row = await complaintFor(db, req, id);
  const [replies, assignable, site] = await Promise.all([
    findReplies(db, id),
    findAssignable(db, row.complaint.siteId),
    findSite(db, row.complaint.siteId),
  ]);
  return {
    ...presentRow(row),
    message: row.complaint.message,
    locale: row.complaint.locale,
    sender_id: row.complaint.userId,
    replies: replies.map((r) => ({
      id: r.id,
      body: r.body,
      staff: r.staffId !== null ? { id: r.staffId, name: r.staffName ?? '' } : null,
      created_at: r.createdAt.toISOString(),
    })),
    assignable,
    reply_from: site ? `${site.mailName} <${site.supportEmail}>` : '',
  };
}

/** Changes a complaint's status or who handles it; the audit log keeps before and after. */
export async function changeComplaint(
  db: Db,
  req: FastifyRequest,
  id: number,
  change: { status?: ComplaintStatus | undefined; assigned_to?: number | null | undefined },
): Promise<TComplaintDetail> {
  const row = await complaintFor(db, req, id);
  if (change.assigned_to !== undefined && change.assigned_to !== null) {
    const assignable = await findAssignable(db, row.complaint.siteId);
    if (!assignable.some((s) => s.id === change.assigned_to))
      throw new AppError(400, 'not_assignable', 'admin.complaints.not_assignable');
  }
  await db.transaction(async (tx) => {
    const current = await lockComplaint(tx, id);
    if (!current) throw notFound();
    const next = {
      status: change.status ?? current.status,
      assignedTo: change.assigned_to === undefined ? current.assignedTo : change.assigned_to,
    };
    if (next.status === current.status && next.assignedTo === current.assignedTo) return;
    await updateComplaint(tx, id, { ...next, updatedAt: new Date() });
    await writeAudit(tx, req, {
      action: 'complaint.update',
      objectType: 'complaint',
      objectId: id,
      siteId: current.siteId,
      roles: MODERATOR,
      before: { status: current.status, assigned_to: current.assignedTo },
      after: { status: next.status, assigned_to: next.assignedTo },
    });
  });
  return complaintDetail(db, req, id);
}

/**
 * Answers a complaint's sender by mail (O-03): from the site's own address, in the language the sender
 * wrote in, with the reference. The reply is stored and audit-logged in the same transaction as the
 * mail; the complaint moves on (in progress unless told otherwise) and is the replier's if nobody's.
 */
export async function replyToComplaint(
  app: FastifyInstance,
  req: FastifyRequest,
  id: number,
  input: { body: string; status?: ComplaintStatus | undefined },
): Promise<TComplaintDetail> {
  const row = await complaintFor(app.db, req, id);
  const site = await findSite(app.db, row.complaint.siteId);
  if (!site) throw notFound();
  const me = currentStaff(req);
  await app.db.transaction(async (tx) => {
    const current = await lockComplaint(tx, id);
    if (!current) throw notFound();
    const replyId = await insertReply(tx, { complaintId: id, staffId: me.id, body: input.body });
    const status = input.status ?? (current.status === 'open' ? 'in_progress' : current.status);
    const assignedTo = current.assignedTo ?? me.id;
    await updateComplaint(tx, id, { status, assignedTo, updatedAt: new Date() });
    const locale = toLocale(current.locale) ?? DEFAULT_LOCALE;
    const reference = complaintReference(id);
    const v = { site: site.name, reference, name: current.name };
    const origin = jobOrigin(site, app.config);
    await app.mailer.queue(tx, {
      to: current.email,
      from: `${site.mailName} <${site.supportEmail}>`,
      headers: { 'Reply-To': site.supportEmail },
      ...renderMailLayout({
        site,
        locale,
        subject: t(locale, 'complaints.mail_reply.subject', v),
        heading: t(locale, 'complaints.mail_reply.heading', v),
        body: input.body
          .split(/\n+/)
          .map((p) => p.trim())
          .filter(Boolean),
        button: t(locale, 'complaints.mail_reply.button', v),
        link: origin,
        footer: t(locale, 'complaints.mail_reply.footer', v),
      }),
    });
    await writeAudit(tx, req, {
      action: 'complaint.reply',
      objectType: 'complaint',
      objectId: id,
      siteId: current.siteId,
      roles: MODERATOR,
      before: { status: current.status, assigned_to: current.assignedTo },
      after: { status, assigned_to: assignedTo, reply_id: replyId, to: current.email, locale },
    });
  });
  return complaintDetail(app.db, req, id);
}

/**
 * Bans the member a complaint is about (A-10 from O-03): through the accounts feature's banMember, with a
 * mandatory reason, in one transaction with the audit line; the member's open sockets end after the
 * commit. Step-up is the route's.
 */
export async function banFromComplaint(
  app: FastifyInstance,
  req: FastifyRequest,
  id: number,
  reason: string,
): Promise<TComplaintDetail> {
  const row = await complaintFor(app.db, req, id);
  const memberId = row.complaint.memberId;
  if (memberId === null) throw new AppError(409, 'no_member', 'admin.complaints.no_member');
  const standing = await findMemberStanding(app.db, memberId);
  if (!standing || standing.deletedAt !== null) throw notFound();
  assertSite(req, MODERATOR, standing.siteId);
  if (standing.status === 'banned')
    throw new AppError(409, 'already_banned', 'admin.complaints.already_banned');
  const now = new Date();
  await app.db.transaction(async (tx) => {
    await banMember(tx, memberId, reason, now);
    await writeAudit(tx, req, {
      action: 'member.ban',
      objectType: 'member',
      objectId: memberId,
      siteId: standing.siteId,
      roles: MODERATOR,
      before: { status: standing.status },
      after: { status: 'banned', complaint_id: id },
      reason,
    });
  });
  endMemberSockets(app.bus, memberId, 'banned');
  return complaintDetail(app.db, req, id);
}
