import { type AnyColumn, and, asc, desc, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  blocks,
  chatAllowances,
  conversationMembers,
  conversations,
  gifts,
  messages,
  profiles,
  users,
} from '../../db/schema.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;
export type GiftRow = typeof gifts.$inferSelect;

export const me = conversationMembers;
export const other = alias(conversationMembers, 'other_side');

// ---------------------------------------------------------------- members

export const blockedBy = (blocker: number | SQL | AnyColumn, blocked: number | SQL | AnyColumn) =>
  sql<boolean>`exists (select 1 from ${blocks} where ${blocks.blockerId} = ${blocker} and ${blocks.blockedId} = ${blocked})`;

/** What decides whether a viewer may write to a member: listing, e-mail status, blocks either way. */
export async function findCounterpart(db: Conn, viewerId: number, memberId: number) {
  const [row] = await db
    .select({
      id: users.id,
      status: users.status,
      language: users.language,
      listed: profiles.listed,
      fictional: profiles.fictional,
      blockedByMe: blockedBy(viewerId, memberId),
      blockedMe: blockedBy(memberId, viewerId),
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, memberId))
    .limit(1);
  return row;
}

/** The sender's own account as a send needs it, read inside the send's transaction. */
export async function findSender(db: Conn, memberId: number) {
  const [row] = await db
    .select({ paidUser: users.paidUser, siteId: users.siteId, credits: users.credits })
    .from(users)
    .where(eq(users.id, memberId))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------- messages

export async function findMessageByClientId(db: Conn, senderId: number, clientId: string) {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.senderId, senderId), eq(messages.clientId, clientId)))
    .limit(1);
  return row;
}

/**
 * Messages of a conversation the member may see (after their cleared position), oldest first:
 * the newest `limit`, the `limit` before `beforeSeq`, or the first `limit` after `afterSeq`. One more than
 * asked is read to tell whether there are more.
 */
export async function listMessages(
  db: Conn,
  conversationId: number,
  opts: { clearedSeq: number; beforeSeq?: number; afterSeq?: number; limit: number },
): Promise<MessageRow[]> {
  const floor = Math.max(opts.clearedSeq, opts.afterSeq ?? 0);
  const where = and(
    eq(messages.conversationId, conversationId),
    gt(messages.seq, floor),
    opts.beforeSeq !== undefined ? lt(messages.seq, opts.beforeSeq) : undefined,
  );
  if (opts.afterSeq !== undefined) {
    return db
      .select()
      .from(messages)
      .where(where)
      .orderBy(asc(messages.seq))
      .limit(opts.limit + 1);
  }
  const rows = await db
    .select()
    .from(messages)
    .where(where)
    .orderBy(desc(messages.seq))
    .limit(opts.limit + 1);
  return rows.reverse();
}

/** The two members of the conversation that holds a chat photo file, or undefined. */
export async function findChatPhotoMembers(db: Conn, key: string) {
  const [row] = await db
    .select({
      low: conversations.memberLow,
      high: conversations.memberHigh,
      senderId: messages.senderId,
      blocked: sql<boolean>`(${blockedBy(conversations.memberLow, conversations.memberHigh)} or ${blockedBy(conversations.memberHigh, conversations.memberLow)})`,
    })
    .from(messages)
    .innerJoin(conversations, eq(conversations.id, messages.conversationId))
    .where(or(eq(messages.photoFilename, key), eq(messages.photoThumbFilename, key)))
    .limit(1);
  return row;
}

// ---------------------------------------------------------------- free tier

/** Locks the member's allowance row (made on first use) until the transaction ends. */
export async function lockAllowance(tx: Tx, memberId: number) {
  await tx.insert(chatAllowances).values({ memberId }).onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(chatAllowances)
    .where(eq(chatAllowances.memberId, memberId))
    .for('update');
  if (!row) throw new Error('allowance vanished');
  return row;
}

export async function countStarted(tx: Tx, memberId: number) {
  await tx
    .update(chatAllowances)
    .set({ conversationsStarted: sql`${chatAllowances.conversationsStarted} + 1` })
    .where(eq(chatAllowances.memberId, memberId));
}

/**
 * Takes back a start that stored nothing (a gift from the profile page the database refused): the empty
 * conversation goes and the free start is given back, under the allowance lock the start took. A
 * conversation that holds a message by now (a parallel send) stays.
 */
export async function withdrawStart(db: Db, conversationId: number, starterId: number) {
  await db.transaction(async (tx) => {
    await lockAllowance(tx, starterId);
    const gone = await tx
      .delete(conversations)
      .where(
        and(
          eq(conversations.id, conversationId),
          eq(conversations.startedBy, starterId),
          eq(conversations.lastSeq, 0),
        ),
      )
      .returning({ id: conversations.id });
    if (gone.length === 0) return;
    await tx
      .update(chatAllowances)
      .set({ conversationsStarted: sql`greatest(${chatAllowances.conversationsStarted} - 1, 0)` })
      .where(eq(chatAllowances.memberId, starterId));
  });
}

export async function freeMessagesUsed(db: Conn, memberId: number): Promise<number> {
  const [row] = await db
    .select({ used: chatAllowances.freeMessagesUsed })
    .from(chatAllowances)
    .where(eq(chatAllowances.memberId, memberId));
  return row?.used ?? 0;
}

// ---------------------------------------------------------------- gifts

/** The credits an active gift costs (null: the site's gift_credits); undefined for an unknown gift. */
export async function findGiftPrice(db: Conn, code: string): Promise<{ price: number | null } | undefined> {
  const [row] = await db
    .select({ price: gifts.price })
    .from(gifts)
    .where(and(eq(gifts.code, code), eq(gifts.active, true)));
  return row;
}

export async function listGiftRows(db: Conn): Promise<GiftRow[]> {
  return db.select().from(gifts).where(eq(gifts.active, true)).orderBy(asc(gifts.position), asc(gifts.code));
}

// ---------------------------------------------------------------- operators (fictional profiles)

/**
 * The operators' queue: conversations where a member wrote to a fictional profile and the profile has
 * not answered yet, the longest waiting first. Reads only sides with unread messages (partial index).
 */
export async function findFictionalQueue(db: Conn, limit: number) {
  const waitingSince = () =>
    sql`(select min(${messages.createdAt}) from ${messages} where ${messages.conversationId} = ${me.conversationId} and ${messages.senderId} = ${me.otherId} and ${messages.seq} > ${me.readSeq})`;
  return db
    .select({
      conversationId: me.conversationId,
      fictionalId: me.memberId,
      memberId: me.otherId,
      unread: me.unread,
      waitingSince: waitingSince().mapWith((v) => new Date(v as string)),
    })
    .from(me)
    .innerJoin(profiles, and(eq(profiles.userId, me.memberId), eq(profiles.fictional, true)))
    .where(sql`${me.hasUnread}`)
    .orderBy(sql`${waitingSince()} asc`, asc(me.conversationId))
    .limit(limit);
}

export async function isFictional(db: Conn, memberId: number): Promise<boolean> {
  const [row] = await db
    .select({ fictional: profiles.fictional })
    .from(profiles)
    .where(eq(profiles.userId, memberId))
    .limit(1);
  return row?.fictional === true;
}

/** A member's account status (confirmed, not_confirmed, banned). */
export async function accountStatus(db: Conn, memberId: number) {
  const [row] = await db.select({ status: users.status }).from(users).where(eq(users.id, memberId)).limit(1);
  return row?.status;
}

/**
 * Every message of the member's conversations, both ways, oldest first, for their data export (A-12,
 * issue 27): who it was with, whether they sent it, and what it held (text, photo file, gift).
 */
export async function messagesOf(db: Db, userId: number) {
  const rows = await db
    .select({
      conversationId: messages.conversationId,
      withMember: conversationMembers.otherId,
      senderId: messages.senderId,
      kind: messages.kind,
      body: messages.body,
      photo: messages.photoFilename,
      gift: messages.giftCode,
      credits: messages.creditsSpent,
      createdAt: messages.createdAt,
    })
    .from(conversationMembers)
    .innerJoin(messages, eq(messages.conversationId, conversationMembers.conversationId))
    .where(eq(conversationMembers.memberId, userId))
    .orderBy(asc(messages.createdAt), asc(messages.id));
  return rows.map((r) => ({
    conversation_id: r.conversationId,
    with_member_id: r.withMember,
    sent_by_me: r.senderId === userId,
    kind: r.kind,
    body: r.body,
    photo: r.photo,
    gift: r.gift,
    credits_spent: r.senderId === userId ? r.credits : 0,
    date: r.createdAt,
  }));
}
