import { z } from 'zod';
import { ZWaitingCount } from './admin-moderation.ts';
import { ZCurrency } from './credits.ts';
import { endpoints } from './endpoint.ts';
import { ZId, ZIdParam } from './ids.ts';
import { zMultiline } from './text.ts';

// Members' refund requests in the back office (issue 26, Pay-11): finance staff approve (the refund of
// the members area's rules, through the one booking function) or refuse with an answer the member reads.
// Messages are ids of the admin catalogs (`admin.refunds.*`).

export const REFUND_REQUEST_STATUSES = ['open', 'approved', 'refused'] as const;

export const ZRefundRequestListQuery = z.object({
  site: ZIdParam.optional(),
  status: z.enum(REFUND_REQUEST_STATUSES).default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(5).max(100).default(25),
});
export type TRefundRequestListQuery = z.infer<typeof ZRefundRequestListQuery>;

export const ZRefundRequestRow = z.object({
  id: ZId,
  status: z.enum(REFUND_REQUEST_STATUSES),
  reason: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  note: z.string().nullable(),
  site: z.object({ id: ZId, name: z.string() }),
  member: z.object({ id: ZId, name: z.string(), email: z.string(), balance: z.number().int() }),
  payment: z.object({
    id: z.string(),
    status: z.string(),
    credits: z.number().int(),
    amount_cents: z.number().int(),
    currency: ZCurrency,
    method: z.string(),
    paid_at: z.string().nullable(),
  }),
  /** The last moment of the site's refund days. */
  refund_until: z.string().nullable(),
  /** Whether approving would refund now: still paid and within the refund days. */
  refundable: z.boolean(),
});
export type TRefundRequestRow = z.infer<typeof ZRefundRequestRow>;

export const ZRefundRequestList = z.object({
  rows: z.array(ZRefundRequestRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TRefundRequestList = z.infer<typeof ZRefundRequestList>;

/** A refusal's answer to the member (shown on their transaction page, in the language staff wrote it). */
export const ZRefundRefusal = z.object({
  note: zMultiline(1000, {
    min: 3,
    minMessage: 'admin.refunds.error.note_required',
    typeMessage: 'admin.refunds.error.note_required',
  }),
});
export type TRefundRefusal = z.infer<typeof ZRefundRefusal>;

const ZIdParams = z.object({ id: ZIdParam });
const errors = [400, 401, 403, 404, 409] as const;

export const ADMIN_REFUNDS_API = endpoints('admin', {
  'GET /api/admin/refund-requests': {
    summary: "Members' refund requests by status: open ones oldest first (Pay-11)",
    query: ZRefundRequestListQuery,
    answer: ZRefundRequestList,
    errors,
  },
  'GET /api/admin/refund-requests/waiting': {
    summary: 'How many refund requests wait for a decision (the navigation badge)',
    answer: ZWaitingCount,
    errors,
  },
  'POST /api/admin/refund-requests/:id/approve': {
    summary: "Approve a member's refund request: the payment is refunded (Pay-11)",
    params: ZIdParams,
    body: z.object({}).optional(),
    answer: ZRefundRequestRow,
    errors,
  },
  'POST /api/admin/refund-requests/:id/refuse': {
    summary: "Refuse a member's refund request with an answer the member reads (Pay-11)",
    params: ZIdParams,
    body: ZRefundRefusal,
    answer: ZRefundRequestRow,
    errors,
  },
});
