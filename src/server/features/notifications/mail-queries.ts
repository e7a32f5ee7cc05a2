import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  blocks,
  conversationMembers,
  conversations,
  notificationDeliveries,
  notifications,
  profiles,
  users,
} from '../../db/schema.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/**
 * Members who may get notification mail of `type` (N-03, N-04): a confirmed, live account whose mail
 * did not bounce or get marked as spam, with that type switched on (on unless switched off).
 */
export const mailable = (userId: unknown, type: unknown) => sql`exists (
  select 1 from ${users} u where u.id = ${userId} and u.status = 'confirmed' and u.deleted_at is null
    and not (u.notifications_disabled ?| array['fbl', 'bounce'])
    and (u.notification_settings ->> ${type}) is distinct from 'false')`;

/** Neither member blocked the other (M-06): a member who blocked someone hears nothing about them. */
const noBlock = (a: unknown, b: unknown) => sql`not exists (
  select 1 from ${blocks} b where (b.blocker_id = ${a} and b.blocked_id = ${b})
    or (b.blocker_id = ${b} and b.blocked_id = ${a}))`;

/** The other member is still there: not deleted, not banned. */
const liveMember = (id: unknown) =>
  sql`exists (select 1 from ${users} o where o.id = ${id} and o.deleted_at is null and o.status <> 'banned')`;

const delivered = (key: unknown) =>
  sql`exists (select 1 from ${notificationDeliveries} d where d.key = ${key})`;

export interface UnreadBatch {
  member_id: number;
  conversation_id: number;
  last_seq: number;
  unread: number;
  is_new: boolean;
}

/**
 * Conversations with unread messages that have been quiet since `quietBefore` (the batching of N-03: one
 * mail for several quick messages) and were not mailed about at this sequence, nor in the last
 * `spacingSince`. New conversations (started by the other member, never read) follow the member's
 * new_conversations switch, the others new_messages.
 */
export async function findUnreadBatches(db: Db, quietBefore: Date, since: Date, spacingSince: Date) {
  const isNew = sql`(c.started_by = cm.other_id and cm.read_seq = 0)`;
  const key = sql`'mail:msg:' || cm.member_id || ':' || cm.conversation_id || ':' || c.last_seq`;
  return rowsOf<UnreadBatch>(
    await db.execute(sql`
    select cm.member_id, cm.conversation_id, c.last_seq, cm.unread, ${isNew} as is_new
    from ${conversationMembers} cm join ${conversations} c on c.id = cm.conversation_id
    where cm.has_unread and cm.deleted_at is null
      and cm.last_activity_at <= ${quietBefore.toISOString()} and cm.last_activity_at > ${since.toISOString()}
      and ${mailable(sql`cm.member_id`, sql`case when ${isNew} then 'new_conversations' else 'new_messages' end`)}
      and ${liveMember(sql`cm.other_id`)} and ${noBlock(sql`cm.member_id`, sql`cm.other_id`)}
      and not ${delivered(key)}
      and not exists (select 1 from ${notificationDeliveries} d where d.user_id = cm.member_id
        and d.ref = 'conv:' || cm.conversation_id and d.created_at > ${spacingSince.toISOString()})
    order by cm.member_id, cm.conversation_id
    limit 500`),
  ).map((r) => ({ ...r, member_id: Number(r.member_id), conversation_id: Number(r.conversation_id) }));
}

export interface LikeNotice {
  id: number;
  user_id: number;
  kind: 'like' | 'match';
}

/** Unread likes and matches between `since` and `quietBefore` not mailed yet, whose member may be shown. */
export async function findLikeNotices(db: Db, quietBefore: Date, since: Date) {
  return rowsOf<LikeNotice>(
    await db.execute(sql`
    select n.id, n.user_id, n.kind from ${notifications} n
    join ${profiles} p on p.user_id = n.actor_id
    where n.kind in ('like', 'match') and n.read_at is null
      and n.created_at <= ${quietBefore.toISOString()} and n.created_at > ${since.toISOString()}
      and p.listed and ${mailable(sql`n.user_id`, 'like')} and ${noBlock(sql`n.user_id`, sql`n.actor_id`)}
      and not ${delivered(sql`'mail:n:' || n.id`)}
    order by n.user_id, n.id
    limit 500`),
  ).map((r) => ({ ...r, id: Number(r.id), user_id: Number(r.user_id) }));
}

/**
 * Members with messages unread for more than a day (from conversations active in the last week) who had
 * no reminder since `spacingSince`.
 */
export async function findReminderMembers(db: Db, unreadBefore: Date, since: Date, spacingSince: Date) {
  return rowsOf<{ member_id: number; unread: number }>(
    await db.execute(sql`
    select cm.member_id, sum(cm.unread)::int as unread from ${conversationMembers} cm
    where cm.has_unread and cm.deleted_at is null
      and cm.last_activity_at <= ${unreadBefore.toISOString()} and cm.last_activity_at > ${since.toISOString()}
      and ${mailable(sql`cm.member_id`, 'unread_message_reminders')}
      and ${liveMember(sql`cm.other_id`)} and ${noBlock(sql`cm.member_id`, sql`cm.other_id`)}
      and not exists (select 1 from ${notificationDeliveries} d where d.user_id = cm.member_id
        and d.ref = 'reminder' and d.created_at > ${spacingSince.toISOString()})
    group by cm.member_id
    order by cm.member_id
    limit 500`),
  ).map((r) => ({ member_id: Number(r.member_id), unread: Number(r.unread) }));
}

/**
 * Members who have not been by for `awayBefore` (but within `since`), with new likes or unread messages
 * to tell them about, and no weekly update of this week yet.
 */
export async function findWeeklyMembers(db: Db, week: string, awayBefore: Date, since: Date) {
  return rowsOf<{ member_id: number; new_likes: number; unread: number }>(
    await db.execute(sql`
    select * from (
      select u.id as member_id,
        (select count(*)::int from likes l join ${profiles} p on p.user_id = l.liker_id
          where l.liked_id = u.id and l.is_new and p.listed and ${noBlock(sql`u.id`, sql`l.liker_id`)}) as new_likes,
        (select coalesce(sum(cm.unread), 0)::int from ${conversationMembers} cm
          where cm.member_id = u.id and cm.deleted_at is null and ${noBlock(sql`u.id`, sql`cm.other_id`)}) as unread
      from ${users} u
      where u.last_active_at <= ${awayBefore.toISOString()} and u.last_active_at > ${since.toISOString()}
        and ${mailable(sql`u.id`, 'weekly_updates')}
        and not ${delivered(sql`'mail:weekly:' || u.id || ':' || ${week}`)}
      order by u.id
      limit 200) w
    where w.new_likes > 0 or w.unread > 0`),
  ).map((r) => ({
    member_id: Number(r.member_id),
    new_likes: Number(r.new_likes),
    unread: Number(r.unread),
  }));
}

/** Claims idempotency keys; answers the ones this caller got (the others were sent already). */
export async function claimDeliveries(
  db: Db,
  rows: { key: string; userId: number; channel: 'mail' | 'push'; ref?: string }[],
): Promise<string[]> {
  if (rows.length === 0) return [];
  const claimed = await db
    .insert(notificationDeliveries)
    .values(rows.map((r) => ({ key: r.key, userId: r.userId, channel: r.channel, ref: r.ref ?? null })))
    .onConflictDoNothing()
    .returning({ key: notificationDeliveries.key });
  return claimed.map((r) => r.key);
}

/** What a notification mail needs of its recipient. */
export async function findRecipient(db: Db, userId: number) {
  const [row] = rowsOf<{
    id: number;
    email: string;
    language: string;
    site_id: number;
    name: string | null;
    country: string | null;
  }>(
    await db.execute(sql`
    select u.id, u.email, u.language, u.site_id, p.name, p.country from ${users} u
    left join ${profiles} p on p.user_id = u.id where u.id = ${userId}`),
  );
  return row;
}
