import { z } from 'zod';
import { LOCALES } from '../i18n/locales.ts';
import { ZClientId, ZGiftCode, ZMessageBody } from './chat.ts';
import { endpoints } from './endpoint.ts';
import { ZIdParam } from './ids.ts';
import { zMultiline } from './text.ts';

// The chat desk of the back office (issue 23, O-05): operators answer members who wrote to a fictional
// profile. Paths under /api/admin/desk.

/** A claim lapses after this long without activity (typing, opening, answering). */
export const DESK_CLAIM_MS = 3 * 60_000;
/** The queue shows at most this many waiting conversations at once (oldest first). */
export const DESK_QUEUE_LIMIT = 100;
export const DESK_HISTORY_PAGE = 50;
export const DESK_OPENER_MAX = 1000;

const ZLocale = z.enum(LOCALES, { message: 'admin.desk.locale_invalid' });

export const ZDeskQueueQuery = z.object({
  site: ZIdParam.optional(),
  locale: ZLocale.optional(),
});

export const ZDeskQueueItem = z.object({
  conversation_id: z.number(),
  site_id: z.number(),
  locale: z.string(),
  waiting_since: z.string(),
  wait_seconds: z.number(),
  unread: z.number(),
  member: z.object({
    id: z.number(),
    name: z.string(),
    age: z.number().nullable(),
    city: z.string().nullable(),
  }),
  fictional: z.object({ id: z.number(), name: z.string() }),
  /** The operator who holds it (a claim active within the last 3 minutes), else null. */
  claim: z.object({ staff_id: z.number(), name: z.string(), mine: z.boolean() }).nullable(),
});
export type TDeskQueueItem = z.infer<typeof ZDeskQueueItem>;

export const ZDeskQueueResponse = z.object({
  items: z.array(ZDeskQueueItem),
  /** Waiting conversations matching the filter (the list shows the oldest DESK_QUEUE_LIMIT). */
  total: z.number(),
  now: z.string(),
});
export type TDeskQueueResponse = z.infer<typeof ZDeskQueueResponse>;

export const ZDeskConversationParams = z.object({ conversationId: ZIdParam });
export const ZDeskMediaParams = z.object({
  conversationId: ZIdParam,
  key: z.string().regex(/^[A-Za-z0-9_.-]{1,200}$/),
});

export const ZDeskViewQuery = z.object({
  before_seq: ZIdParam.optional(),
});

const ZPhoto = z.object({ url: z.string(), thumb_url: z.string() });

export const ZDeskProfile = z.object({
  id: z.number(),
  name: z.string(),
  age: z.number().nullable(),
  gender: z.string().nullable(),
  looking_for: z.array(z.string()).nullable(),
  city: z.string().nullable(),
  region: z.string().nullable(),
  country: z.string().nullable(),
  about: z.string(),
  /** The other profile fields that are filled in (hair colour, body type, ...), by field name. */
  fields: z.record(z.string(), z.string()),
  interests: z.array(z.string()),
  photos: z.array(ZPhoto.extend({ id: z.number() })),
  language: z.string(),
});
export type TDeskProfile = z.infer<typeof ZDeskProfile>;

export const ZDeskMessage = z.object({
  id: z.number(),
  seq: z.number(),
  /** Who wrote it: the member, or the fictional profile (an operator, or the profile's demo past). */
  from: z.enum(['member', 'fictional']),
  sent_by: z.enum(['member', 'operator']),
  kind: z.enum(['text', 'gift', 'photo']),
  body: z.string().nullable(),
  gift: z.object({ code: z.string(), name: z.string(), image_url: z.string() }).nullable(),
  photo: ZPhoto.nullable(),
  created_at: z.string(),
});
export type TDeskMessage = z.infer<typeof ZDeskMessage>;

export const ZDeskHold = z.enum(['claim', 'followup']).nullable();

export const ZDeskViewResponse = z.object({
  conversation: z.object({
    id: z.number(),
    site: z.object({ id: z.number(), name: z.string(), domain: z.string() }),
    locale: z.string(),
    waiting_since: z.string().nullable(),
    unread: z.number(),
    last_seq: z.number(),
    /** How far the member has read (read receipts of the fictional profile's messages). */
    member_read_seq: z.number(),
    claim: z
      .object({ staff_id: z.number(), name: z.string(), mine: z.boolean(), active_at: z.string() })
      .nullable(),
    /**
     * What this operator may do: `claim` holds the waiting conversation, `followup` answered it within the
     * claim's life (more messages may follow), null: only view.
     */
    hold: ZDeskHold,
  }),
  member: ZDeskProfile,
  fictional: ZDeskProfile,
  messages: z.array(ZDeskMessage),
  has_more_before: z.boolean(),
});
export type TDeskViewResponse = z.infer<typeof ZDeskViewResponse>;

export const ZDeskClaimResponse = z.object({
  conversation_id: z.number(),
  claim_active_at: z.string(),
});

export const ZDeskActivityRequest = z.object({ typing: z.boolean().optional() }).optional().default({});

export const ZDeskAnswerRequest = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('text'),
      client_id: ZClientId,
      body: ZMessageBody,
      release: z.boolean().optional(),
    }),
    z.object({
      kind: z.literal('gift'),
      client_id: ZClientId,
      gift_code: ZGiftCode,
      release: z.boolean().optional(),
    }),
    /** One of the fictional profile's own photos, sent as a private chat photo. */
    z.object({
      kind: z.literal('photo'),
      client_id: ZClientId,
      photo_id: z.number().int().positive().max(2_147_483_647),
      release: z.boolean().optional(),
    }),
  ],
  { message: 'admin.desk.kind_invalid' },
);
export type TDeskAnswerRequest = z.input<typeof ZDeskAnswerRequest>;

export const ZDeskAnswerResponse = z.object({
  message: ZDeskMessage,
  duplicate: z.boolean(),
  waited_ms: z.number().nullable(),
  hold: ZDeskHold,
});
export type TDeskAnswerResponse = z.infer<typeof ZDeskAnswerResponse>;

export const ZDeskOpener = z.object({
  id: z.number(),
  site_id: z.number().nullable(),
  locale: z.string(),
  body: z.string(),
  position: z.number(),
});
export type TDeskOpener = z.infer<typeof ZDeskOpener>;

export const ZDeskOpenersQuery = z.object({
  locale: ZLocale.optional(),
  site: ZIdParam.optional(),
});
export const ZDeskOpenersResponse = z.object({ openers: z.array(ZDeskOpener) });

export const ZDeskOpenerBody = z.object({
  locale: ZLocale,
  site_id: z.number().int().positive().max(2_147_483_647).nullable().default(null),
  body: zMultiline(DESK_OPENER_MAX, { min: 1, minMessage: 'admin.desk.opener_empty' }),
  position: z.number().int().min(0).max(10_000).default(0),
});
export const ZDeskOpenerPatch = ZDeskOpenerBody.partial();
export const ZDeskOpenerParams = z.object({ id: ZIdParam });

export const ZDeskFiguresQuery = z.object({
  from: z.iso.date({ message: 'admin.desk.date_invalid' }).optional(),
  to: z.iso.date({ message: 'admin.desk.date_invalid' }).optional(),
});

const ZFigure = z.object({ answered: z.number(), median_wait_ms: z.number(), p90_wait_ms: z.number() });
export const ZDeskFiguresResponse = z.object({
  from: z.string(),
  to: z.string(),
  operators: z.array(ZFigure.extend({ staff_id: z.number().nullable(), name: z.string() })),
  sites: z.array(ZFigure.extend({ site_id: z.number(), name: z.string() })),
});
export type TDeskFiguresResponse = z.infer<typeof ZDeskFiguresResponse>;

/** The desk's live stream (server-sent events): what the member does in the open conversation. */
export type TDeskEvent =
  | { type: 'message'; message: TDeskMessage }
  | { type: 'typing'; typing: boolean }
  | { type: 'read'; read_seq: number };

const errors = [400, 401, 403, 404, 409] as const;
const ZOpenerAnswer = z.object({ opener: ZDeskOpener });

export const ADMIN_DESK_API = endpoints('admin-desk', {
  'GET /api/admin/desk/queue': {
    summary: 'Waiting conversations with fictional profiles, oldest first, with the wait time (O-05)',
    query: ZDeskQueueQuery,
    answer: ZDeskQueueResponse,
    errors,
  },
  'GET /api/admin/desk/figures': {
    summary: 'Answers per operator and per site: how many, median and p90 wait (O-05)',
    query: ZDeskFiguresQuery,
    answer: ZDeskFiguresResponse,
    errors,
  },
  'GET /api/admin/desk/openers': {
    summary: 'Canned openers, per language (and site), for the desk',
    query: ZDeskOpenersQuery,
    answer: ZDeskOpenersResponse,
    errors,
  },
  'POST /api/admin/desk/openers': {
    summary: 'Add a canned opener (admin)',
    body: ZDeskOpenerBody,
    answer: ZOpenerAnswer,
    status: 201,
    replayStatus: 200,
    errors,
  },
  'PATCH /api/admin/desk/openers/:id': {
    summary: 'Change a canned opener (admin)',
    params: ZDeskOpenerParams,
    body: ZDeskOpenerPatch,
    answer: ZOpenerAnswer,
    errors,
  },
  'DELETE /api/admin/desk/openers/:id': {
    summary: 'Remove a canned opener (admin)',
    params: ZDeskOpenerParams,
    answer: z.null(),
    status: 204,
    errors,
  },
  'GET /api/admin/desk/:conversationId': {
    summary: "The member's profile, the whole history (paged back) and the fictional profile's facts",
    params: ZDeskConversationParams,
    query: ZDeskViewQuery,
    answer: ZDeskViewResponse,
    errors,
  },
  'POST /api/admin/desk/:conversationId/claim': {
    summary: 'Claim a waiting conversation: one operator wins; a claim lapses after 3 idle minutes',
    params: ZDeskConversationParams,
    answer: ZDeskClaimResponse,
    errors,
  },
  'POST /api/admin/desk/:conversationId/release': {
    summary: 'Let go of a claim',
    params: ZDeskConversationParams,
    answer: z.null(),
    status: 204,
    errors,
  },
  'POST /api/admin/desk/:conversationId/activity': {
    summary: "The operator is active (keeps the claim); `typing` shows as the profile's typing",
    params: ZDeskConversationParams,
    body: ZDeskActivityRequest,
    answer: z.object({
      hold: z.enum(['claim', 'followup']).nullable(),
      claim_active_at: z.string().nullable(),
    }),
    errors,
  },
  'POST /api/admin/desk/:conversationId/messages': {
    summary: 'Answer as the fictional profile (text, gift, or one of its photos); claim holder only',
    params: ZDeskConversationParams,
    body: ZDeskAnswerRequest,
    answer: ZDeskAnswerResponse,
    status: 201,
    replayStatus: 200,
    errors: [...errors, 402],
  },
  'GET /api/admin/desk/:conversationId/media/:key': {
    summary: 'A photo of the conversation (the image itself)',
    params: ZDeskMediaParams,
    answer: null,
    hidden: true,
    errors,
  },
  'GET /api/admin/desk/:conversationId/events': {
    summary: "The open conversation's live side as server-sent events: messages, typing, read receipts",
    params: ZDeskConversationParams,
    answer: null,
    hidden: true,
    errors,
  },
});
