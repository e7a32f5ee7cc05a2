import { z } from 'zod';
import { ZCountsResponse } from './counts.ts';
import { endpoints } from './endpoint.ts';
import { ZIdParam } from './ids.ts';
import { ZCursor } from './likes.ts';
import { ZMailEventsRequest } from './mail-events.ts';
import { ZMemberCard } from './profiles.ts';

/** Kinds this feature writes; other features add their own kinds (messages, payments) as strings. */
export const NOTIFICATION_KINDS = { like: 'like', match: 'match', system: 'system' } as const;

export const NOTIFICATIONS_PAGE_SIZE = 30;

export const ZNotificationsQuery = z.object({ cursor: ZCursor.optional() });

/**
 * One notification (D-09, N-01). `member`: the member it is about, when there is one the viewer may
 * see. `payload`: what the kind needs besides (a system notice's catalog id and values, for example).
 */
export const ZNotification = z.object({
  id: z.number().int().positive(),
  kind: z.string(),
  created_at: z.string(),
  read: z.boolean(),
  member: ZMemberCard.nullable(),
  payload: z.record(z.string(), z.unknown()),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationsResponse = z.object({
  notifications: z.array(ZNotification),
  next_cursor: z.string().nullable(),
});
export type TNotificationsResponse = z.infer<typeof ZNotificationsResponse>;

/** Mark read every notification up to and including `up_to` (the newest one the member saw). */
export const ZMarkReadRequest = z.object({ up_to: z.number().int().positive().max(2_147_483_647) });

/**
 * D-04 asks for likes and matches that arrive while the member is on the site: the page asks once
 * without `after` for the newest notification id so far, then for popups after it.
 */
export const ZPopupQuery = z.object({
  after: z.coerce.number().int().nonnegative().max(2_147_483_647).optional(),
});

/**
 * D-04: the next like or match (after `after`) the full-screen modal has not shown yet, with both
 * members' photos; null when there is none. `latest_id`: the member's newest notification id (0: none).
 */
export const ZPopupResponse = z.object({
  latest_id: z.number().int().nonnegative(),
  popup: z
    .object({
      id: z.number().int().positive(),
      kind: z.enum(['like', 'match']),
      member: ZMemberCard,
      me: z.object({ name: z.string(), thumb_url: z.string().nullable() }),
    })
    .nullable(),
});
export type TPopupResponse = z.infer<typeof ZPopupResponse>;

export const ZNotificationIdParams = z.object({
  id: ZIdParam,
});

const ZOk = z.object({ ok: z.literal(true) });
const errors = [400, 403, 429] as const;
const ZUnsubscribeQuery = z.object({ t: z.string().max(200).optional() });

export const NOTIFICATIONS_API = /* @__PURE__ */ endpoints('notifications', {
  'GET /api/counts': {
    summary: 'Unread messages, new likes, unread notifications and credits of the member (P-06)',
    answer: ZCountsResponse,
    errors,
  },
  'GET /api/notifications': {
    summary: 'The member’s notifications, newest first, cursor-paged (D-09, N-01)',
    query: ZNotificationsQuery,
    answer: ZNotificationsResponse,
    errors,
  },
  'POST /api/notifications/read': {
    summary: 'Mark the member’s notifications read up to an id (N-01)',
    body: ZMarkReadRequest,
    answer: ZOk,
    errors,
  },
  'GET /api/notifications/popup': {
    summary: 'The next like or match the full-screen modal has not shown (D-04)',
    query: ZPopupQuery,
    answer: ZPopupResponse,
    errors,
  },
  'POST /api/notifications/:id/popup-seen': {
    summary: 'The modal showed this like or match: never show it again (D-04)',
    params: ZNotificationIdParams,
    answer: ZOk,
    errors,
  },
  // The links of the mails (N-04): HTML pages for people, left out of the API's documentation.
  'GET /api/mail/unsubscribe': {
    summary: 'The confirmation page of an unsubscribe link (N-04)',
    query: ZUnsubscribeQuery,
    answer: null,
    errors: [],
    hidden: true,
  },
  'POST /api/mail/unsubscribe': {
    summary: 'Turn off the e-mail type of an unsubscribe link (N-04, RFC 8058 one-click)',
    query: ZUnsubscribeQuery,
    answer: null,
    errors: [],
    hidden: true,
  },
  'POST /api/mail/events': {
    summary: 'Bounce and complaint reports of the mail provider (N-04); Bearer MAIL_EVENTS_SECRET',
    body: ZMailEventsRequest,
    answer: z.object({ ok: z.literal(true), updated: z.number().int() }),
    errors: [400, 403, 404, 429],
  },
});
