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
  deskOpeners,
  deskQueue,
  messages,
  photos,
  profiles,
  sites,
  staff,
  users,
} from '../../db/schema.ts';

// The chat desk's SQL (O-05). The queue table is kept by triggers on conversation_members (migration
// 0027); a claim is `claimed_by` with `claim_active_at` younger than DESK_CLAIM_MS.

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;

const claimLife = sql.raw(`interval '${DESK_CLAIM_MS / 1000} seconds'`);
/** A claim still alive: taken or refreshed within the claim's life. */
const claimAlive = sql`${deskQueue.claimActiveAt} >= now() - ${claimLife}`;

const memberProfile = alias(profiles, 'member_profile');
const fictionalProfile = alias(profiles, 'fictional_profile');
const fictionalSide = alias(conversationMembers, 'fictional_side');

/** Members who can be answered: not banned, not deleted. */
const answerable = and(isNull(users.deletedAt), ne(users.status, 'banned'));

function queueFilter(filter: {
  sites: number[] | null;
  site?: number | undefined;
  locale?: string | undefined;
}) {
  const parts: SQL[] = [];
  if (filter.sites !== null) parts.push(inArray(deskQueue.siteId, filter.sites.length ? filter.sites : [-1]));
  if (filter.site !== undefined) parts.push(eq(deskQueue.siteId, filter.site));
  if (filter.locale !== undefined) parts.push(eq(deskQueue.locale, filter.locale));
  return parts.length ? and(...parts) : undefined;
}

/**
 * The oldest waiting conversations (within the sites the operator works for), with what the list shows:
 * the member's card, the fictional profile's name, the unread count and who holds a claim. An ordered
 * index walk (desk_queue_waiting_idx or desk_queue_all_idx) that stops after `limit` rows.
 */
export async function findQueue(
  db: Conn,
  filter: { sites: number[] | null; site?: number | undefined; locale?: string | undefined },
  limit: number,
) {
  return db
    .select({
      conversationId: deskQueue.conversationId,
      siteId: deskQueue.siteId,
      locale: deskQueue.locale,
      waitingSince: deskQueue.waitingSince,
      claimedBy: sql<number | null>`case when ${claimAlive} then ${deskQueue.claimedBy} end`,
      claimerName: sql<string | null>`case when ${claimAlive} then ${staff.name} end`,
      memberId: deskQueue.memberId,
      memberName: memberProfile.name,
      memberBirth: memberProfile.dateOfBirth,
      memberCity: memberProfile.city,
      fictionalId: deskQueue.fictionalId,
      fictionalName: fictionalProfile.name,
      unread: fictionalSide.unread,
    })
    .from(deskQueue)
    .innerJoin(users, and(eq(users.id, deskQueue.memberId), answerable))
    .innerJoin(memberProfile, eq(memberProfile.userId, deskQueue.memberId))
    .innerJoin(fictionalProfile, eq(fictionalProfile.userId, deskQueue.fictionalId))
    .innerJoin(
      fictionalSide,
      and(
        eq(fictionalSide.conversationId, deskQueue.conversationId),
        eq(fictionalSide.memberId, deskQueue.fictionalId),
      ),
    )
    .leftJoin(staff, eq(staff.id, deskQueue.claimedBy))
    .where(queueFilter(filter))
    .orderBy(asc(deskQueue.waitingSince), asc(deskQueue.conversationId))
    .limit(limit);
}

/** How many conversations wait within the filter (members banned or deleted left out). */
export async function countQueue(
  db: Conn,
  filter: { sites: number[] | null; site?: number | undefined; locale?: string | undefined },
) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(deskQueue)
    .innerJoin(users, and(eq(users.id, deskQueue.memberId), answerable))
    .where(queueFilter(filter));
  return row?.n ?? 0;
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

// ---------------------------------------------------------------- openers

export async function listOpeners(
  db: Conn,
  filter: { locale?: string | undefined; site?: number | undefined },
) {
  return db
    .select()
    .from(deskOpeners)
    .where(
      and(
        filter.locale !== undefined ? eq(deskOpeners.locale, filter.locale) : undefined,
        filter.site !== undefined
          ? or(isNull(deskOpeners.siteId), eq(deskOpeners.siteId, filter.site))
          : undefined,
      ),
    )
    .orderBy(asc(deskOpeners.locale), asc(deskOpeners.position), asc(deskOpeners.id))
    .limit(500);
}

export async function findOpener(db: Conn, id: number) {
  const [row] = await db.select().from(deskOpeners).where(eq(deskOpeners.id, id)).limit(1);
  return row;
}

export async function insertOpener(db: Conn, row: typeof deskOpeners.$inferInsert) {
  const [created] = await db.insert(deskOpeners).values(row).returning();
  if (!created) throw new Error('no opener');
  return created;
}

export async function updateOpener(db: Conn, id: number, change: Partial<typeof deskOpeners.$inferInsert>) {
  const [row] = await db.update(deskOpeners).set(change).where(eq(deskOpeners.id, id)).returning();
  return row;
}

export async function deleteOpener(db: Conn, id: number) {
  await db.delete(deskOpeners).where(eq(deskOpeners.id, id));
}

export async function siteExists(db: Conn, id: number) {
  const [row] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, id)).limit(1);
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
