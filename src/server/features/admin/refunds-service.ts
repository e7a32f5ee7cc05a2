import type { FastifyRequest } from 'fastify';
import type {
  TRefundRequestList,
  TRefundRequestListQuery,
  TRefundRequestRow,
} from '../../../shared/contract/admin-refunds.ts';
import type { Currency } from '../../../shared/data/payment-methods.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import type { PaymentProvider } from '../../platform/payments/provider.ts';
import { assertSite, currentStaff, sitesFor } from '../../platform/staff.ts';
import {
  findRefundRequestById,
  findRefundRequests,
  type ReceiptDeps,
  type RefundRequestListRow,
  refundUntil,
  refuseRefundRequest,
} from '../credits/index.ts';
import { refundAction } from './members-actions.ts';
import { type Audit, MEMBER_ROLES } from './members-service.ts';

const FINANCE = MEMBER_ROLES.refund;
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const notFound = () => new AppError(404, 'not_found', 'admin.error.not_found');

function present(r: RefundRequestListRow, now: Date): TRefundRequestRow {
  const until = r.payment.paidAt ? refundUntil(r.payment.paidAt, r.refundDays) : null;
  return {
    id: r.request.id,
    status: r.request.status,
    reason: r.request.reason,
    created_at: r.request.createdAt.toISOString(),
    decided_at: iso(r.request.decidedAt),
    decided_by: r.decidedByName,
    note: r.request.note,
    site: { id: r.member.siteId, name: r.siteName },
    member: { id: r.member.id, name: r.name ?? '', email: r.member.email, balance: r.member.credits },
    payment: {
      id: r.payment.publicId,
      status: r.payment.status,
      credits: r.payment.credits,
      amount_cents: r.payment.amountCents,
      currency: r.payment.currency as Currency,
      method: r.payment.method,
      paid_at: iso(r.payment.paidAt),
    },
    refund_until: iso(until),
    refundable: r.payment.status === 'paid' && until !== null && now.getTime() <= until.getTime(),
  };
}

/** Members' refund requests of the finance staff member's sites (issue 26), paged on the server. */
export async function listRefundRequests(
  db: Db,
  req: FastifyRequest,
  q: TRefundRequestListQuery,
  now: Date,
): Promise<TRefundRequestList> {
  const mine = sitesFor(currentStaff(req), FINANCE);
  if (q.site !== undefined && mine !== null && !mine.includes(q.site))
    throw new AppError(403, 'forbidden', 'admin.error.forbidden');
  const { rows, total } = await findRefundRequests(db, {
    siteIds: q.site !== undefined ? [q.site] : mine,
    status: q.status,
    offset: (q.page - 1) * q.page_size,
    limit: q.page_size,
  });
  return { rows: rows.map((r) => present(r, now)), total, page: q.page, page_size: q.page_size };
}

/** One request of a site the staff member holds finance for: 404 when there is none, 403 for another site. */
async function requestFor(db: Db, req: FastifyRequest, id: number) {
  const row = await findRefundRequestById(db, id);
  if (!row) throw notFound();
  assertSite(req, FINANCE, row.member.siteId);
  return row;
}

/**
 * Approves a member's request: the back office's refund of that payment (its rules, its audit line, the
 * receipt), which marks the request approved in the refund's own transaction. A request decided already
 * answers 409, so two staff approving at once refund once.
 */
export async function approveRefundRequest(
  deps: { db: Db; provider: PaymentProvider | null; audit: Audit; now: Date; receipts: ReceiptDeps },
  req: FastifyRequest,
  id: number,
): Promise<TRefundRequestRow> {
  const row = await requestFor(deps.db, req, id);
  if (row.request.status !== 'open')
    throw new AppError(409, 'refund_request_decided', 'admin.refunds.error.decided');
  await refundAction(
    { ...deps, staffId: currentStaff(req).id },
    row.member.id,
    row.payment.publicId,
    `refund request ${row.request.id}`,
  );
  return present(await requestFor(deps.db, req, id), deps.now);
}

/** Refuses a member's open request with the answer the member reads; audited with it. */
export async function refuseRefund(
  deps: { db: Db; audit: Audit; now: Date },
  req: FastifyRequest,
  id: number,
  note: string,
): Promise<TRefundRequestRow> {
  const row = await requestFor(deps.db, req, id);
  await deps.db.transaction(async (tx) => {
    await refuseRefundRequest(tx, id, { staffId: currentStaff(req).id, note, now: deps.now });
    await deps.audit(tx, {
      action: 'member.refund_refused',
      roles: FINANCE,
      siteId: row.member.siteId,
      memberId: row.member.id,
      before: { request: id, payment: row.payment.publicId, status: 'open' },
      after: { request: id, payment: row.payment.publicId, status: 'refused' },
      reason: note,
    });
  });
  return present(await requestFor(deps.db, req, id), deps.now);
}
