import { z } from 'zod';
import { COMPLAINT_TOPICS } from './complaints.ts';
import { endpoints } from './endpoint.ts';
import { ZId, ZIdParam } from './ids.ts';
import { PHOTO_REJECT_REASONS } from './photo-upload.ts';
import { ZMediaParams, ZPhotoStatus } from './photos.ts';
import { zLine, zMultiline } from './text.ts';

// The back office's photo moderation (M-09, O-03) and complaint handling (O-03, L-09), issue 23 items 3
// and 4. Error and field messages are ids of the admin catalogs (`admin.photos.*`, `admin.complaints.*`).

export { PHOTO_REJECT_REASONS, type PhotoRejectReason } from './photo-upload.ts';

/** `?site=`: one site the staff member may act on; without it, all of theirs. */
export const ZAdminSiteQuery = z.object({ site: ZIdParam.optional() });

export const ZPhotoQueueQuery = ZAdminSiteQuery.extend({
  limit: z.coerce.number().int().min(1).max(50).default(12),
});

/** A member as the moderation screens show them. */
export const ZModeratedMember = z.object({
  id: ZId,
  name: z.string(),
  email: z.string(),
  site_id: ZId,
  site_name: z.string(),
  language: z.string(),
  status: z.string(),
  photo_count: z.number().int().nonnegative(),
  signup_date: z.string(),
});

/** A photo as a moderator sees it: the files through short-lived links signed for them. */
export const ZModeratedPhoto = z.object({
  id: ZId,
  status: ZPhotoStatus,
  is_private: z.boolean(),
  is_main: z.boolean(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  url: z.string(),
  thumb_url: z.string(),
});
export type TModeratedPhoto = z.infer<typeof ZModeratedPhoto>;

export const ZPhotoQueueItem = ZModeratedPhoto.extend({ member: ZModeratedMember });
export type TPhotoQueueItem = z.infer<typeof ZPhotoQueueItem>;

/** The oldest waiting photos first, and how many wait in all (on the staff member's sites). */
export const ZPhotoQueue = z.object({ items: z.array(ZPhotoQueueItem), waiting: z.number().int() });
export type TPhotoQueue = z.infer<typeof ZPhotoQueue>;

export const ZWaitingCount = z.object({ count: z.number().int().nonnegative() });

export const ZPhotoRejectRequest = z.object({
  reason: z.enum(PHOTO_REJECT_REASONS, { message: 'admin.photos.reason_required' }),
});

export const ZPhotoDecision = z.object({
  id: ZId,
  decision: z.enum(['approved', 'rejected']),
  /** The photo's status after an approval; null once a rejected photo is removed. */
  status: ZPhotoStatus.nullable(),
});

export const ZMemberPhotos = z.object({ member: ZModeratedMember, photos: z.array(ZModeratedPhoto) });
export type TMemberPhotos = z.infer<typeof ZMemberPhotos>;

export const ZAdminMediaQuery = z.object({
  exp: z.string().max(20).optional(),
  v: z.string().max(20).optional(),
  sig: z.string().max(100).optional(),
});

// ---------------------------------------------------------------- complaints

/** open is "new", handled is "done" on the screens. */
export const COMPLAINT_STATUSES = ['open', 'in_progress', 'handled'] as const;
export type ComplaintStatus = (typeof COMPLAINT_STATUSES)[number];

export const COMPLAINT_SORTS = ['created_at', '-created_at', 'updated_at', '-updated_at'] as const;

export const ZComplaintListQuery = ZAdminSiteQuery.extend({
  status: z.enum(COMPLAINT_STATUSES).optional(),
  /** `me`, `none` or a staff id. */
  assigned: z.union([z.enum(['me', 'none']), ZIdParam]).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(5).max(100).default(25),
  sort: z.enum(COMPLAINT_SORTS).default('-created_at'),
});
export type TComplaintListQuery = z.infer<typeof ZComplaintListQuery>;

const ZStaffRef = z.object({ id: ZId, name: z.string() });
const ZMemberRef = z.object({ id: ZId, name: z.string(), status: z.string(), site_id: ZId });

export const ZComplaintRow = z.object({
  id: ZId,
  reference: z.string(),
  site_id: ZId,
  site_name: z.string(),
  topic: z.enum(COMPLAINT_TOPICS),
  name: z.string(),
  email: z.string(),
  excerpt: z.string(),
  status: z.enum(COMPLAINT_STATUSES),
  assigned_to: ZStaffRef.nullable(),
  member: ZMemberRef.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type TComplaintRow = z.infer<typeof ZComplaintRow>;

export const ZComplaintList = z.object({
  rows: z.array(ZComplaintRow),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TComplaintList = z.infer<typeof ZComplaintList>;

export const ZComplaintReplyItem = z.object({
  id: ZId,
  body: z.string(),
  staff: ZStaffRef.nullable(),
  created_at: z.string(),
});

export const ZComplaintDetail = ZComplaintRow.extend({
  message: z.string(),
  locale: z.string(),
  /** The sender's own account when they were logged in. */
  sender_id: ZId.nullable(),
  replies: z.array(ZComplaintReplyItem),
  /** Who the complaint can be given to: moderators of its site. */
  assignable: z.array(ZStaffRef),
  /** The site's address replies come from. */
  reply_from: z.string(),
});
export type TComplaintDetail = z.infer<typeof ZComplaintDetail>;

export const ZComplaintUpdate = z
  .object({
    status: z.enum(COMPLAINT_STATUSES).optional(),
    /** A staff id, or null to take it off anyone. */
    assigned_to: ZId.nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.assigned_to !== undefined, {
    message: 'admin.complaints.nothing_to_change',
  });

export const COMPLAINT_REPLY_MAX = 5000;
export const ZComplaintReplyRequest = z.object({
  body: zMultiline(COMPLAINT_REPLY_MAX, { min: 2, minMessage: 'admin.complaints.reply_required' }),
  /** What the complaint becomes after this reply (default: in progress). */
  status: z.enum(COMPLAINT_STATUSES).optional(),
});

export const ZBanRequest = z.object({
  reason: zLine(500, { min: 3, minMessage: 'admin.complaints.ban_reason_required' }),
});

const ZIdParams = z.object({ id: ZIdParam });
const errors = [400, 401, 403, 404] as const;

export const ADMIN_MODERATION_API = endpoints('admin', {
  'GET /api/admin/photos/queue': {
    summary: 'Photos waiting for review, oldest first, with their members (M-09)',
    query: ZPhotoQueueQuery,
    answer: ZPhotoQueue,
    errors,
  },
  'GET /api/admin/photos/waiting': {
    summary: 'How many photos wait for review (the navigation badge; counted up to 100)',
    query: ZAdminSiteQuery,
    answer: ZWaitingCount,
    errors,
  },
  'POST /api/admin/photos/:id/approve': {
    summary: 'Approve a waiting photo: a pending one becomes visible (M-09)',
    params: ZIdParams,
    answer: ZPhotoDecision,
    errors: [...errors, 409],
  },
  'POST /api/admin/photos/:id/reject': {
    summary: 'Reject a photo with a reason: removed, and the member is told (M-09, O-03)',
    params: ZIdParams,
    body: ZPhotoRejectRequest,
    answer: ZPhotoDecision,
    errors,
  },
  'GET /api/admin/photos/member/:id': {
    summary: "A member's photos, for acting on a complaint about them (O-03)",
    params: ZIdParams,
    answer: ZMemberPhotos,
    errors,
  },
  'GET /api/admin/photos/file/:key': {
    summary: "A member photo's file by a link signed for this staff member (the image itself)",
    params: ZMediaParams,
    query: ZAdminMediaQuery,
    answer: null,
    hidden: true,
    errors,
  },
  'GET /api/admin/complaints': {
    summary: 'Complaints, newest first, by status, site and who handles them (O-03)',
    query: ZComplaintListQuery,
    answer: ZComplaintList,
    errors,
  },
  'GET /api/admin/complaints/:id': {
    summary: 'One complaint with its message, sender, member, replies and who can take it (O-03)',
    params: ZIdParams,
    answer: ZComplaintDetail,
    errors,
  },
  'PATCH /api/admin/complaints/:id': {
    summary: "Change a complaint's status or who handles it (O-03)",
    params: ZIdParams,
    body: ZComplaintUpdate,
    answer: ZComplaintDetail,
    errors,
  },
  'POST /api/admin/complaints/:id/replies': {
    summary: "Answer the sender by mail from the site's address, in their language (O-03)",
    params: ZIdParams,
    body: ZComplaintReplyRequest,
    answer: ZComplaintDetail,
    errors,
  },
  'POST /api/admin/complaints/:id/ban': {
    summary: 'Ban the member a complaint is about, with a reason (A-10, O-03; second factor again)',
    params: ZIdParams,
    body: ZBanRequest,
    answer: ZComplaintDetail,
    errors: [...errors, 409],
  },
});
