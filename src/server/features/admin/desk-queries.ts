// The chat desk's SQL (O-05). The queue table is kept by triggers on conversation_members (migration
// 0027); a claim is `claimed_by` with `claim_active_at` younger than DESK_CLAIM_MS.
import { and, asc, desc, eq, gte, inArray, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { DESK_CLAIM_MS } from '../../../shared/contract/admin-desk.ts';
import type { Db } from '../../db/client.ts';
import {
  auditLog,
  blocks,
  conversationMembers,
  conversations,
  deskAnswers,
  deskQueue,
  messages,
  photos,
  profiles,
  sites,
  staff,
  users,
} from '../../db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;

const claimLife = sql.raw(`interval '${DESK_CLAIM_MS / 1000} seconds'`);
/** A claim still alive: taken or refreshed within the claim's life. */
const claimAlive = sql`${deskQueue.claimActiveAt} >= now() - ${claimLife}`;

const fictionalProfile = alias(profiles, 'fictional_profile');
const fictionalSide = alias(conversationMembers, 'fictional_side');

type QueueFilter = { sites: number[] | null; site?: number | undefined; locale?: string | undefined };

export interface QueueRow {
  conversationId: number;
  siteId: number;
  locale: string;
  waitingSince: Date;
  claimedBy: number | null;
  claimerName: string | null;
  memberId: number;
  memberName: string;
  memberBirth: string;
  memberCity: string | null;
  fictionalId: number;
  fictionalName: string;
  unread: number;
  /** Waiting conversations within the filter (the same on every row). */
  total: number;
}

/**
 * The oldest waiting conversations (within the sites the operator works for), with what the list shows:
 * the member's card, the fictional profile's name, the unread count and who holds a claim. The page is an
 * ordered walk of desk_queue_waiting_idx or desk_queue_all_idx that checks each row's member by its key
 * (a scalar subquery, so the walk stops after `limit` rows instead of joining every waiting row), then
 * looks up the rest for those rows only (bench/desk.ts: p99 <= 10 ms at 10,000 waiting).
 */
export async function findQueue(db: Conn, filter: QueueFilter, limit: number): Promise<QueueRow[]> {
  const result = await db.execute(sql`
    select q.conversation_id, q.site_id, q.locale, q.waiting_since, q.member_id, q.fictional_id,
           case when q.claim_active_at >= now() - ${claimLife} then q.claimed_by end as claimed_by,
           case when q.claim_active_at >= now() - ${claimLife} then s.name end as claimer_name,
           mp.name as member_name, mp.date_of_birth as member_birth, mp.city as member_city,
           fp.name as fictional_name, coalesce(cm.unread, 0) as unread,
           (select count(*)::int from ${deskQueue} q where ${queueWhere(filter)}) as total
      from (select * from ${deskQueue} q
             where ${queueWhere(filter)}
               and (select u.deleted_at is null and u.status <> 'banned' from ${users} u where u.id = q.member_id)
             order by q.waiting_since, q.conversation_id
             limit ${limit}) q
      cross join lateral (select p.name, p.date_of_birth, p.city from ${profiles} p where p.user_id = q.member_id offset 0) mp
      cross join lateral (select p.name from ${profiles} p where p.user_id = q.fictional_id offset 0) fp
      left join lateral (select c.unread from ${conversationMembers} c
                          where c.conversation_id = q.conversation_id and c.member_id = q.fictional_id offset 0) cm on true
      left join lateral (select st.name from ${staff} st where st.id = q.claimed_by offset 0) s on true
     order by q.waiting_since, q.conversation_id`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return rows.map((r) => ({
    conversationId: Number(r.conversation_id),
    siteId: Number(r.site_id),
    locale: String(r.locale),
    waitingSince: new Date(r.waiting_since as string),
    claimedBy: r.claimed_by === null ? null : Number(r.claimed_by),
    claimerName: (r.claimer_name as string | null) ?? null,
    memberId: Number(r.member_id),
    memberName: String(r.member_name),
    memberBirth: String(r.member_birth),
    memberCity: (r.member_city as string | null) ?? null,
    fictionalId: Number(r.fictional_id),
    fictionalName: String(r.fictional_name),
    unread: Number(r.unread),
    total: Number(r.total),
  }));
}

/** The queue's page and how many wait in all: one statement, a second only when the page is empty. */
export async function queuePage(db: Conn, filter: QueueFilter, limit: number) {
  const rows = await findQueue(db, filter, limit);
  return { rows, total: rows[0]?.total ?? (await countQueue(db, filter)) };
}

function queueWhere(filter: QueueFilter): SQL {
  const parts: SQL[] = [sql`true`];
  if (filter.sites !== null) parts.push(sql`q.site_id = any(${`{${filter.sites.join(',')}}`}::int[])`);
  if (filter.site !== undefined) parts.push(sql`q.site_id = ${filter.site}`);
  if (filter.locale !== undefined) parts.push(sql`q.locale = ${filter.locale}`);
  return sql.join(parts, sql` and `);
}

/**
 * How many conversations wait within the filter: the queue's own index only (members banned or deleted
 * since they wrote are counted until their rows go; the list leaves them out). Joining every waiting row
 * to its member would cost more than the whole budget of the queue at 10,000 waiting.
 */
export async function countQueue(db: Conn, filter: QueueFilter) {
  const result = await db.execute(
    sql`select count(*)::int as n from ${deskQueue} q where ${queueWhere(filter)}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/**
 * Claims a waiting conversation for an operator in one statement: only when nobody holds it, the
 * operator holds it already, or the holder's claim lapsed. Of any number of parallel claims one row
 * update wins (the row lock orders them; the losers re-check the condition and find it taken).
 */
export async function claim(db: Conn, conversationId: number, staffId: number) {
  const [row] = await db
    .update(deskQueue)
    .set({ claimedBy: staffId, claimActiveAt: sql`now()` })
    .where(
      and(
        eq(deskQueue.conversationId, conversationId),
        or(
          isNull(deskQueue.claimedBy),
          eq(deskQueue.claimedBy, staffId),
          lt(deskQueue.claimActiveAt, sql`now() - ${claimLife}`),
        ),
        // An operator who answered within the claim's life and kept it holds the member's next message.
        sql`not exists (select 1 from (${lastDeskActionQuery(conversationId)}) last
          where last.action = ${DESK_ACTIONS.answer} and last.staff_id <> ${staffId} and last.fresh)`,
      ),
    )
    .returning({ conversationId: deskQueue.conversationId, claimActiveAt: deskQueue.claimActiveAt });
  return row;
}

/** The audit log's object type and actions of the desk: the latest says who holds a conversation after an answer. */
export const DESK_OBJECT = 'desk_conversation';
export const DESK_ACTIONS = { claim: 'desk.claim', release: 'desk.release', answer: 'desk.answer' } as const;

const lastDeskActionQuery = (conversationId: number) =>
  sql`select ${auditLog.staffId} as staff_id, ${auditLog.action} as action,
      ${auditLog.createdAt} >= now() - ${claimLife} as fresh
    from ${auditLog}
    where ${auditLog.objectType} = ${DESK_OBJECT} and ${auditLog.objectId} = ${String(conversationId)}
    order by ${auditLog.id} desc limit 1`;

/**
 * The latest desk action on a conversation (claim, release, answer), whose and whether it is younger than
 * a claim's life: an answer kept (not released) lets its operator follow up and hold the next wait.
 */
export async function lastDeskAction(db: Conn, conversationId: number) {
  const result = await db.execute(lastDeskActionQuery(conversationId));
  const [row] = (result as unknown as { rows: { staff_id: number | null; action: string; fresh: boolean }[] })
    .rows;
  return row ? { staffId: row.staff_id, action: row.action, fresh: row.fresh } : undefined;
}

/** Keeps the operator's own live claim alive (typing, opening); undefined when they hold none. */
export async function touchClaim(db: Conn, conversationId: number, staffId: number) {
  const [row] = await db
    .update(deskQueue)
    .set({ claimActiveAt: sql`now()` })
    .where(and(eq(deskQueue.conversationId, conversationId), eq(deskQueue.claimedBy, staffId), claimAlive))
    .returning({ claimActiveAt: deskQueue.claimActiveAt });
  return row;
}

/** Lets go of the operator's claim; true when there was one. */
export async function releaseClaim(db: Conn, conversationId: number, staffId: number) {
  const rows = await db
    .update(deskQueue)
    .set({ claimedBy: null, claimActiveAt: null })
    .where(and(eq(deskQueue.conversationId, conversationId), eq(deskQueue.claimedBy, staffId)))
    .returning({ conversationId: deskQueue.conversationId });
  return rows.length > 0;
}

/**
 * A conversation with a fictional profile as the desk sees it: its two members (which one is fictional),
 * the member's site and language and account state, and the queue row while the member waits.
 */
export async function findDeskConversation(db: Conn, conversationId: number) {
  const [row] = await db
    .select({
      id: conversations.id,
      lastSeq: conversations.lastSeq,
      fictionalId: fictionalSide.memberId,
      memberId: fictionalSide.otherId,
      fictionalReadSeq: fictionalSide.readSeq,
      unread: fictionalSide.unread,
      memberSiteId: users.siteId,
      memberLanguage: users.language,
      memberStatus: users.status,
      memberDeletedAt: users.deletedAt,
      waitingSince: deskQueue.waitingSince,
      claimedBy: sql<number | null>`case when ${claimAlive} then ${deskQueue.claimedBy} end`,
      claimActiveAt: deskQueue.claimActiveAt,
      claimerName: sql<string | null>`case when ${claimAlive} then ${staff.name} end`,
      memberReadSeq: sql<number>`(select ${conversationMembers.readSeq} from ${conversationMembers} where ${conversationMembers.conversationId} = ${conversations.id} and ${conversationMembers.memberId} = ${fictionalSide.otherId})`,
    })
    .from(conversations)
    .innerJoin(fictionalSide, eq(fictionalSide.conversationId, conversations.id))
    .innerJoin(
      fictionalProfile,
      and(eq(fictionalProfile.userId, fictionalSide.memberId), eq(fictionalProfile.fictional, true)),
    )
    .innerJoin(users, eq(users.id, fictionalSide.otherId))
    .leftJoin(deskQueue, eq(deskQueue.conversationId, conversations.id))
    .leftJoin(staff, eq(staff.id, deskQueue.claimedBy))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  return row;
}
export type DeskConversation = NonNullable<Awaited<ReturnType<typeof findDeskConversation>>>;

export async function insertAnswer(tx: Conn, row: typeof deskAnswers.$inferInsert) {
  await tx.insert(deskAnswers).values(row);
}

export async function findSite(db: Conn, siteId: number) {
  const [row] = await db.select().from(sites).where(eq(sites.id, siteId)).limit(1);
  return row;
}

export async function findProfile(db: Conn, userId: number) {
  const [row] = await db
    .select({ profile: profiles, language: users.language })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(eq(profiles.userId, userId))
    .limit(1);
  return row;
}

/** A member's photos the desk shows: active ones, main photo first, then by position. */
export async function findPhotos(db: Conn, userId: number) {
  return db
    .select({ id: photos.id, filename: photos.filename, thumbFilename: photos.thumbFilename })
    .from(photos)
    .innerJoin(profiles, eq(profiles.userId, photos.userId))
    .where(and(eq(photos.userId, userId), eq(photos.status, 'active')))
    .orderBy(sql`${photos.id} = ${profiles.mainPhotoId} desc`, asc(photos.position), asc(photos.id));
}

export async function findPhoto(db: Conn, userId: number, photoId: number) {
  const [row] = await db
    .select({ filename: photos.filename })
    .from(photos)
    .where(and(eq(photos.id, photoId), eq(photos.userId, userId), eq(photos.status, 'active')))
    .limit(1);
  return row;
}

/** The newest messages of a conversation (before `beforeSeq`), oldest first, one more than asked. */
export async function listHistory(
  db: Conn,
  conversationId: number,
  beforeSeq: number | undefined,
  limit: number,
) {
  const rows = await db
    .select()
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        beforeSeq !== undefined ? lt(messages.seq, beforeSeq) : undefined,
      ),
    )
    .orderBy(desc(messages.seq))
    .limit(limit + 1);
  return rows.reverse();
}

export async function findMessage(db: Conn, messageId: number) {
  const [row] = await db.select().from(messages).where(eq(messages.id, messageId)).limit(1);
  return row;
}

/** Whether a stored file belongs to this conversation: a chat photo in it, or a photo of one of its two. */
export async function fileOfConversation(db: Conn, conversationId: number, key: string, memberIds: number[]) {
  const [inChat] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, conversationId),
        or(eq(messages.photoFilename, key), eq(messages.photoThumbFilename, key)),
      ),
    )
    .limit(1);
  if (inChat) return true;
  const [onProfile] = await db
    .select({ id: photos.id })
    .from(photos)
    .where(
      and(
        inArray(photos.userId, memberIds),
        ne(photos.status, 'rejected'),
        or(eq(photos.filename, key), eq(photos.thumbFilename, key)),
      ),
    )
    .limit(1);
  return onProfile !== undefined;
}

/** Whether the member blocked the fictional profile or the other way round: typing is not shown then. */
export async function blockedBetween(db: Conn, a: number, b: number) {
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)),
        and(eq(blocks.blockerId, b), eq(blocks.blockedId, a)),
      ),
    )
    .limit(1);
  return row !== undefined;
}

// ---------------------------------------------------------------- figures

const figureColumns = {
  answered: sql<number>`count(*)::int`,
  median: sql<number>`coalesce(percentile_cont(0.5) within group (order by ${deskAnswers.waitedMs}), 0)::float8`,
  p90: sql<number>`coalesce(percentile_cont(0.9) within group (order by ${deskAnswers.waitedMs}), 0)::float8`,
};

/** Answers per operator and per site in [from, to): how many, the median and the 90th percentile wait. */
export async function figures(db: Conn, range: { from: Date; to: Date; sites: number[] | null }) {
  const where = and(
    gte(deskAnswers.createdAt, range.from),
    lt(deskAnswers.createdAt, range.to),
    range.sites !== null ? inArray(deskAnswers.siteId, range.sites.length ? range.sites : [-1]) : undefined,
  );
  const [operators, bySite] = await Promise.all([
    db
      .select({ staffId: deskAnswers.staffId, name: staff.name, ...figureColumns })
      .from(deskAnswers)
      .leftJoin(staff, eq(staff.id, deskAnswers.staffId))
      .where(where)
      .groupBy(deskAnswers.staffId, staff.name)
      .orderBy(desc(sql`count(*)`)),
    db
      .select({ siteId: deskAnswers.siteId, name: sites.name, ...figureColumns })
      .from(deskAnswers)
      .innerJoin(sites, eq(sites.id, deskAnswers.siteId))
      .where(where)
      .groupBy(deskAnswers.siteId, sites.name)
      .orderBy(asc(deskAnswers.siteId)),
  ]);
  return { operators, bySite };
}
