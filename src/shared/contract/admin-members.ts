import { z } from 'zod';
import { endpoints } from './endpoint.ts';
import { ZId, ZIdParam } from './ids.ts';
import { zLine } from './text.ts';

/**
 * The back office's members area (issue 23 item 2, O-02): search, a member's page and the staff actions on
 * an account (ban, credits, refund, activation mail, deletion).
 */

export const MEMBER_STATUSES = ['confirmed', 'not_confirmed', 'banned', 'deleted'] as const;
export type TMemberStatus = (typeof MEMBER_STATUSES)[number];

/** Sort keys of the search; a leading `-` sorts descending. `created` is the signup order (the id). */
export const MEMBER_SORTS = [
  '-created',
  'created',
  '-last_active',
  'last_active',
  '-credits',
  'credits',
] as const;
export type TMemberSort = (typeof MEMBER_SORTS)[number];

export const MEMBERS_PAGE_SIZE = 25;
/**
 * Counting stops here: the screen says "more than 1,000" rather than reading every row of a wide filter
 * for each page (a count of 10,000 rows alone costs several milliseconds at 100,000 members).
 */
export const MEMBERS_COUNT_CAP = 1_000;

export const ZMemberSearchQuery = z.object({
  /** An id (exactly), an e-mail address (case-insensitive prefix) or a name (case-insensitive prefix). */
  q: zLine(254, { form: 'NFKC' }).optional(),
  site: ZIdParam.optional(),
  status: z.enum(MEMBER_STATUSES).optional(),
  sort: z.enum(MEMBER_SORTS).default('-created'),
  page: z.coerce.number().int().min(1).max(400).default(1),
});
export type TMemberSearchQuery = z.infer<typeof ZMemberSearchQuery>;

export const ZMemberRow = z.object({
  id: ZId,
  email: z.string(),
  name: z.string().nullable(),
  site_id: ZId,
  status: z.enum(MEMBER_STATUSES),
  fictional: z.boolean(),
  credits: z.number().int(),
  paid_user: z.boolean(),
  created_at: z.string(),
  last_active_at: z.string(),
});
export type TMemberRow = z.infer<typeof ZMemberRow>;

export const ZMemberSearch = z.object({
  items: z.array(ZMemberRow),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Matches, counted up to MEMBERS_COUNT_CAP. */
  total: z.number().int(),
  /** True when there are more than `total` matches. */
  total_capped: z.boolean(),
});
export type TMemberSearch = z.infer<typeof ZMemberSearch>;

export const ZMemberIdParams = z.object({ id: ZIdParam });

export const ZLedgerItem = z.object({
  id: z.number().int(),
  amount: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string(),
  reference: z.string().nullable(),
  /** What the staff member wrote for a staff adjustment (also shown to the member). */
  note: z.string().nullable(),
  created_at: z.string(),
});
export const ZLedgerPage = z.object({
  items: z.array(ZLedgerItem),
  page: z.number().int(),
  pages: z.number().int(),
});
export type TLedgerPage = z.infer<typeof ZLedgerPage>;
export const ZLedgerQuery = z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) });

export const ZMemberPayment = z.object({
  id: z.string(),
  credits: z.number().int(),
  amount_cents: z.number().int(),
  currency: z.string(),
  method: z.string(),
  provider: z.string(),
  status: z.string(),
  discount_code: z.string().nullable(),
  refunded_credits: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
  /** Paid and within the site's refund days. */
  refundable: z.boolean(),
});

export const ZMemberPhoto = z.object({
  id: z.number().int(),
  url: z.string(),
  thumb_url: z.string(),
  is_private: z.boolean(),
  is_main: z.boolean(),
  status: z.string(),
  reviewed: z.boolean(),
  created_at: z.string(),
});

const ZComplaintLine = z.object({
  id: z.number().int(),
  reference: z.string(),
  topic: z.string(),
  status: z.string(),
  /** The other side: who was complained about (complaints by) or who complained (complaints about). */
  other_id: z.number().int().nullable(),
  name: z.string(),
  message: z.string(),
  created_at: z.string(),
});

export const ZMemberConversation = z.object({
  id: z.number().int(),
  partner: z.object({ id: z.number().int(), name: z.string().nullable(), fictional: z.boolean() }),
  messages: z.number().int(),
  started_by_member: z.boolean(),
  unread: z.number().int(),
  last_activity_at: z.string(),
});

export const ZMemberPage = z.object({
  account: z.object({
    id: ZId,
    email: z.string(),
    site: z.object({ id: ZId, name: z.string(), domain: z.string() }),
    status: z.enum(MEMBER_STATUSES),
    ban_reason: z.string().nullable(),
    banned_at: z.string().nullable(),
    deleted_at: z.string().nullable(),
    credits: z.number().int(),
    paid_user: z.boolean(),
    language: z.string(),
    signup_step: z.number().int(),
    failed_logins: z.number().int(),
    locked_until: z.string().nullable(),
    created_at: z.string(),
    last_active_at: z.string(),
  }),
  profile: z
    .object({
      name: z.string(),
      fictional: z.boolean(),
      gender: z.string().nullable(),
      looking_for: z.array(z.string()).nullable(),
      date_of_birth: z.string(),
      country: z.string().nullable(),
      region: z.string().nullable(),
      city: z.string().nullable(),
      about: z.string(),
      status: z.string(),
      listed: z.boolean(),
    })
    .nullable(),
  photos: z.array(ZMemberPhoto),
  payments: z.array(ZMemberPayment),
  ledger: ZLedgerPage,
  sessions: z.array(
    z.object({
      id: z.number().int(),
      created_at: z.string(),
      expires_at: z.string(),
      user_agent: z.string(),
    }),
  ),
  devices: z.array(
    z.object({
      /** The first characters of the device cookie's nonce, to tell devices apart. */
      device: z.string(),
      failed_logins: z.number().int(),
      locked_until: z.string().nullable(),
      updated_at: z.string(),
    }),
  ),
  complaints: z.object({ by: z.array(ZComplaintLine), about: z.array(ZComplaintLine) }),
  conversations: z.object({
    total: z.number().int(),
    messages_sent: z.number().int(),
    items: z.array(ZMemberConversation),
  }),
});
export type TMemberPage = z.infer<typeof ZMemberPage>;

export const ZConversationParams = z.object({ id: ZIdParam, conversationId: ZIdParam });
export const ZDeskMessages = z.object({
  items: z.array(
    z.object({
      seq: z.number().int(),
      /** True: sent by the member whose page this is; false: by the fictional profile. */
      from_member: z.boolean(),
      sent_by: z.enum(['member', 'operator']),
      kind: z.string(),
      body: z.string().nullable(),
      gift_code: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
});

const reason = () =>
  zLine(500, {
    min: 3,
    minMessage: 'admin.members.error.reason_required',
    typeMessage: 'admin.members.error.reason_required',
  });

export const ZReasonRequest = z.object({ reason: reason() });

export const ZCreditsRequest = z.object({
  amount: z
    .number()
    .int()
    .min(-100_000)
    .max(100_000)
    .refine((n) => n !== 0, { message: 'admin.members.error.amount_zero' }),
  reason: reason(),
  /** The dialog's id for this adjustment: a resent request books once. */
  client_id: z.string().uuid(),
});

export const ZRefundParams = z.object({
  id: ZIdParam,
  paymentId: z.string().regex(/^[a-z]{2,4}_[A-Za-z0-9]{8,40}$/),
});

export const ZActionResult = z.object({ ok: z.literal(true), credits: z.number().int().optional() });

const errors = [400, 401, 403, 404, 409] as const;

export const ADMIN_MEMBERS_API = endpoints('admin', {
  'GET /api/admin/members': {
    summary: 'Search members by id, e-mail or name, with site and status filters (O-02)',
    query: ZMemberSearchQuery,
    answer: ZMemberSearch,
    errors,
  },
  'GET /api/admin/members/:id': {
    summary: "A member's account, profile, photos, payments, ledger, logins, complaints and chats",
    params: ZMemberIdParams,
    answer: ZMemberPage,
    errors,
  },
  'GET /api/admin/members/:id/ledger': {
    summary: "A page of a member's credit ledger, newest first",
    params: ZMemberIdParams,
    query: ZLedgerQuery,
    answer: ZLedgerPage,
    errors,
  },
  'GET /api/admin/members/:id/conversations/:conversationId': {
    summary: "The messages of a member's conversation with a fictional profile (none other)",
    params: ZConversationParams,
    answer: ZDeskMessages,
    errors,
  },
  'GET /api/admin/members/:id/media/:key': {
    summary: "One of a member's photo files (the image itself)",
    params: z.object({ id: ZIdParam, key: z.string().max(200) }),
    answer: null,
    hidden: true,
    errors,
  },
  'POST /api/admin/members/:id/ban': {
    summary: 'Ban a member with a reason: sessions and sockets end at once',
    params: ZMemberIdParams,
    body: ZReasonRequest,
    answer: ZActionResult,
    errors,
  },
  'POST /api/admin/members/:id/unban': {
    summary: 'Lift a ban, with a reason',
    params: ZMemberIdParams,
    body: ZReasonRequest,
    answer: ZActionResult,
    errors,
  },
  'POST /api/admin/members/:id/credits': {
    summary: 'Add or take credits with a reason the member sees in their transactions',
    params: ZMemberIdParams,
    body: ZCreditsRequest,
    answer: ZActionResult,
    errors,
  },
  'POST /api/admin/members/:id/payments/:paymentId/refund': {
    summary: "Refund a member's payment within the site's refund days",
    params: ZRefundParams,
    body: ZReasonRequest,
    answer: ZActionResult,
    errors,
  },
  'POST /api/admin/members/:id/activation-mail': {
    summary: 'Send the activation mail again to a member who has not confirmed',
    params: ZMemberIdParams,
    body: z.object({}).optional(),
    answer: ZActionResult,
    errors,
  },
  'DELETE /api/admin/members/:id': {
    summary: "Delete the account by the member's own rules (reactivation by login within 14 days)",
    params: ZMemberIdParams,
    body: ZReasonRequest,
    answer: ZActionResult,
    errors,
  },
});
