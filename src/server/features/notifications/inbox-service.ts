import { COUNTS_CAP, type TCountsResponse } from '../../../shared/contract/counts.ts';
import {
  NOTIFICATIONS_PAGE_SIZE,
  type TNotificationsResponse,
  type TPopupResponse,
} from '../../../shared/contract/notifications.ts';
import type { Db } from '../../db/client.ts';
import { type CardContext, presentMemberCard, publicMediaUrl } from '../../kernel/member-card.ts';
import type { MemberCardRow } from '../../kernel/members.ts';
import {
  findCounts,
  findLatestNotificationId,
  findNotificationsPage,
  findOwnCard,
  findPendingPopup,
  insertNotifications,
  markNotificationsRead,
  markPopupSeen,
  type NewNotification,
  notifiedSince,
} from './inbox-queries.ts';

export type { NewNotification };

/**
 * Adds notifications for members (D-09, N-01). The one way other features write them: pass the
 * transaction that makes the event, so the notice exists exactly when the event does. Answers the new
 * rows' ids with their owners.
 */
export async function createNotification(
  db: Db,
  ...rows: NewNotification[]
): Promise<{ id: number; userId: number }[]> {
  return insertNotifications(db, rows);
}

/**
 * createNotification, less the notices their member had of the same kind about the same actor since
 * `since`: something taken back and done again (a like toggled on and off) is told once, not each time.
 * Call it under the lock that orders the events it tells of.
 */
export async function createNotificationOnce(
  db: Db,
  since: Date,
  ...rows: NewNotification[]
): Promise<{ id: number; userId: number }[]> {
  const fresh: NewNotification[] = [];
  for (const row of rows) if (!(await notifiedSince(db, row, since))) fresh.push(row);
  return insertNotifications(db, fresh);
}

/** Left-joined card columns are all null when the notification is about nobody. */
const cardOf = (card: MemberCardRow | null, ctx: CardContext) =>
  card?.userId ? presentMemberCard(card, ctx) : null;

export async function listNotifications(
  db: Db,
  userId: number,
  cursor: string | undefined,
  ctx: CardContext,
): Promise<TNotificationsResponse> {
  const beforeId = cursor && /^\d{1,10}$/.test(cursor) ? Number(cursor) : null;
  const rows = await findNotificationsPage(db, userId, beforeId, NOTIFICATIONS_PAGE_SIZE + 1);
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  return {
    notifications: page.map((r) => ({
      id: r.id,
      kind: r.kind,
      created_at: r.createdAt.toISOString(),
      read: r.readAt !== null,
      member: cardOf(r.card as MemberCardRow | null, ctx),
      payload: r.payload,
    })),
    next_cursor: rows.length > NOTIFICATIONS_PAGE_SIZE ? String(page.at(-1)?.id) : null,
  };
}

/** The member saw their notifications up to `upTo`; only their own rows change. */
export async function readNotifications(db: Db, userId: number, upTo: number, now: Date): Promise<void> {
  await markNotificationsRead(db, userId, upTo, now);
}

export async function getPopup(
  db: Db,
  userId: number,
  after: number | undefined,
  ctx: CardContext,
): Promise<TPopupResponse> {
  const latest = await findLatestNotificationId(db, userId);
  const row = after === undefined ? undefined : await findPendingPopup(db, userId, after);
  if (!row) return { latest_id: latest, popup: null };
  const me = await findOwnCard(db, userId);
  return {
    latest_id: latest,
    popup: {
      id: row.id,
      kind: row.kind === 'match' ? 'match' : 'like',
      member: presentMemberCard(row.card, ctx),
      me: {
        name: me?.name ?? '',
        thumb_url: me?.thumbFilename ? publicMediaUrl(ctx.cdnPrefix, me.thumbFilename) : null,
      },
    },
  };
}

export async function dismissPopup(db: Db, userId: number, id: number, now: Date): Promise<void> {
  await markPopupSeen(db, userId, id, now);
}

/** The member's counts for the badges and the title (spec §3 chat state, P-06, P-13), one statement. */
export async function getCounts(db: Db, userId: number): Promise<TCountsResponse> {
  const counts = await findCounts(db, userId, COUNTS_CAP);
  return {
    unread_messages: Math.min(counts?.unreadMessages ?? 0, COUNTS_CAP),
    new_likes: counts?.newLikes ?? 0,
    unread_notifications: counts?.unreadNotifications ?? 0,
    credits: Math.max(0, counts?.credits ?? 0),
    paid_user: counts?.paidUser ?? false,
  };
}
