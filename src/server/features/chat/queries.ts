import {
  type AnyColumn,
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  blocks,
  chatAllowances,
  conversationMembers,
  conversations,
  gifts,
  messages,
  photos,
  profiles,
  users,
} from '../../db/schema.ts';
import { mainThumbJoin, memberCardColumns } from '../../kernel/members.ts';

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Conn = Db | Tx;
export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;
export type GiftRow = typeof gifts.$inferSelect;

const me = conversationMembers;
const other = alias(conversationMembers, 'other_side');

// ---------------------------------------------------------------- members

const blockedBy = (blocker: number | SQL | AnyColumn, blocked: number | SQL | AnyColumn) =>
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

// ---------------------------------------------------------------- conversations

/**
 * The viewer's side of a conversation with the other side's read position; undefined when the viewer
 * is not one of its two members (the same answer as a conversation that does not exist).
 */
const membershipColumns = {
  conversationId: conversations.id,
  lastSeq: conversations.lastSeq,
  startedBy: conversations.startedBy,
  otherId: me.otherId,
  readSeq: me.readSeq,
  clearedSeq: me.clearedSeq,
  unread: me.unread,
  deletedAt: me.deletedAt,
  otherReadSeq: other.readSeq,
  /** A block either way: the other member's chat photos get no new links (issue 21). */
  blocked: sql<boolean>`(${blockedBy(me.memberId, me.otherId)} or ${blockedBy(me.otherId, me.memberId)})`,
};

/** The member's side of each of these conversations that is theirs, in one statement (a sync). */
export async function findMemberships(db: Conn, conversationIds: number[], viewerId: number) {
  if (conversationIds.length === 0) return [];
  return db
    .select(membershipColumns)
    .from(me)
    .innerJoin(conversations, eq(conversations.id, me.conversationId))
    .innerJoin(other, and(eq(other.conversationId, me.conversationId), eq(other.memberId, me.otherId)))
    .where(and(inArray(me.conversationId, conversationIds), eq(me.memberId, viewerId)));
}

/**
 * The first `limit` messages after a floor in each of several conversations, in one statement: a lateral
 * index scan per conversation, ordered by conversation and sequence.
 */
export async function listMessagesAfter(
  db: Conn,
  asked: { conversationId: number; floor: number }[],
  limit: number,
): Promise<MessageRow[]> {
  if (asked.length === 0) return [];
  const list = (values: number[]) =>
    sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    );
  const picked = sql`(select m.id from unnest(array[${list(asked.map((a) => a.conversationId))}]::int[],
      array[${list(asked.map((a) => a.floor))}]::int[]) as a(cid, floor)
    cross join lateral (select id from messages where conversation_id = a.cid and seq > a.floor
      order by seq limit ${limit}) m)`;
  return db
    .select()
    .from(messages)
    .where(inArray(messages.id, picked))
    .orderBy(asc(messages.conversationId), asc(messages.seq));
}

/** The member's side of one conversation, with the other side's read position, or undefined. */
export async function findMembership(db: Conn, conversationId: number, viewerId: number) {
  const [row] = await findMemberships(db, [conversationId], viewerId);
  return row;
}
export type Membership = NonNullable<Awaited<ReturnType<typeof findMembership>>>;

export async function findConversationBetween(db: Conn, a: number, b: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.memberLow, Math.min(a, b)), eq(conversations.memberHigh, Math.max(a, b))))
    .limit(1);
  return row?.id;
}

/**
 * Creates the conversation of a pair with both sides; the other side stays hidden until a first message.
 * Undefined when a concurrent request created it first.
 */
export async function insertConversation(tx: Tx, starterId: number, otherId: number, now: Date) {
  const [row] = await tx
    .insert(conversations)
    .values({
      memberLow: Math.min(starterId, otherId),
      memberHigh: Math.max(starterId, otherId),
      startedBy: starterId,
    })
    .onConflictDoNothing()
    .returning({ id: conversations.id });
  if (!row) return undefined;
  await tx.insert(conversationMembers).values([
    { conversationId: row.id, memberId: starterId, otherId, lastActivityAt: now },
    { conversationId: row.id, memberId: otherId, otherId: starterId, lastActivityAt: now, deletedAt: now },
  ]);
  return row.id;
}

/** Shows a conversation the member removed again (they opened it from the profile). */
export async function unhideFor(db: Conn, conversationId: number, memberId: number, now: Date) {
  await db
    .update(conversationMembers)
    .set({ deletedAt: null, lastActivityAt: now })
    .where(
      and(
        eq(conversationMembers.conversationId, conversationId),
        eq(conversationMembers.memberId, memberId),
        isNotNull(conversationMembers.deletedAt),
      ),
    );
}

/** Moves the member's read position forward to `seq` and recounts what is still unread after it. */
export async function markReadUpTo(db: Conn, conversationId: number, memberId: number, seq: number) {
  const unreadAfter = sql<number>`(select count(*)::int from ${messages} where ${messages.conversationId} = ${conversationId} and ${messages.senderId} <> ${memberId} and ${messages.seq} > greatest(${conversationMembers.readSeq}, ${seq}))`;
  const [row] = await db
    .update(conversationMembers)
    .set({ readSeq: sql`greatest(${conversationMembers.readSeq}, ${seq})`, unread: unreadAfter })
    .where(
      and(eq(conversationMembers.conversationId, conversationId), eq(conversationMembers.memberId, memberId)),
    )
    .returning({ readSeq: conversationMembers.readSeq, unread: conversationMembers.unread });
  return row;
}

/** Removes conversations for one member: hidden, read, and its messages so far cleared for them. */
export async function hideConversations(db: Conn, memberId: number, ids: number[], now: Date) {
  if (ids.length === 0) return [];
  return db
    .update(conversationMembers)
    .set({
      deletedAt: now,
      unread: 0,
      clearedSeq: sql`(select ${conversations.lastSeq} from ${conversations} where ${conversations.id} = ${conversationMembers.conversationId})`,
      readSeq: sql`(select ${conversations.lastSeq} from ${conversations} where ${conversations.id} = ${conversationMembers.conversationId})`,
    })
    .where(
      and(
        eq(conversationMembers.memberId, memberId),
        inArray(conversationMembers.conversationId, ids),
        isNull(conversationMembers.deletedAt),
      ),
    )
    .returning({ id: conversationMembers.conversationId });
}

/** Conversations of the member with another member that the member still shows. */
export async function shownConversationsWith(db: Conn, memberId: number, otherId: number) {
  const rows = await db
    .select({ id: conversationMembers.conversationId })
    .from(conversationMembers)
    .where(
      and(
        eq(conversationMembers.memberId, memberId),
        eq(conversationMembers.otherId, otherId),
        isNull(conversationMembers.deletedAt),
      ),
    );
  return rows.map((r) => r.id);
}

/** Unread messages over all of a member's conversations (the badge; partial index on has_unread). */
export function unreadSumQuery(db: Conn, memberId: number | SQL) {
  return (
    db
      .select({ n: sql<number>`coalesce(sum(${conversationMembers.unread}), 0)::int` })
      .from(conversationMembers)
      // The flag itself, not a parameter, so a prepared statement's generic plan still matches the partial index.
      .where(and(eq(conversationMembers.memberId, memberId), sql`${conversationMembers.hasUnread}`))
  );
}

export async function sumUnread(db: Conn, memberId: number): Promise<number> {
  const [row] = await unreadSumQuery(db, memberId);
  return row?.n ?? 0;
}

// ---------------------------------------------------------------- chat list

const lastMessage = alias(messages, 'last_message');

/**
 * One page of a member's shown conversations, latest activity first, keyset after (at, id). The page is
 * picked from the member's own sides first (their rows sorted, no index on the activity time: decision
 * 0013), and only its rows are joined to the conversation, the other member's card, blocks and the last
 * message: for a member with thousands of conversations the joins no longer run for every one of them.
 */
export async function listChats(
  db: Db,
  memberId: number,
  after: { at: Date; id: number } | null,
  limit: number,
) {
  const keyset = after
    ? or(
        lt(me.lastActivityAt, after.at),
        and(eq(me.lastActivityAt, after.at), lt(me.conversationId, after.id)),
      )
    : undefined;
  const page = db
    .select({
      conversationId: me.conversationId,
      otherId: me.otherId,
      lastActivityAt: me.lastActivityAt,
      unread: me.unread,
      clearedSeq: me.clearedSeq,
    })
    .from(me)
    .where(and(eq(me.memberId, memberId), isNull(me.deletedAt), keyset))
    .orderBy(desc(me.lastActivityAt), desc(me.conversationId))
    .limit(limit)
    .as('page');
  return (
    db
      .select({
        conversationId: page.conversationId,
        lastActivityAt: page.lastActivityAt,
        unread: page.unread,
        clearedSeq: page.clearedSeq,
        lastSeq: conversations.lastSeq,
        startedBy: conversations.startedBy,
        card: memberCardColumns,
        gender: profiles.gender,
        listed: profiles.listed,
        blocked: sql<boolean>`(${blockedBy(memberId, page.otherId)} or ${blockedBy(page.otherId, memberId)})`,
        last: {
          kind: lastMessage.kind,
          body: lastMessage.body,
          senderId: lastMessage.senderId,
          createdAt: lastMessage.createdAt,
        },
      })
      .from(page)
      .innerJoin(conversations, eq(conversations.id, page.conversationId))
      // Every member has a profile from signup on (one transaction), so this join drops no row of the page.
      .innerJoin(profiles, eq(profiles.userId, page.otherId))
      .leftJoin(photos, mainThumbJoin)
      .leftJoin(
        lastMessage,
        and(
          eq(lastMessage.conversationId, page.conversationId),
          eq(lastMessage.seq, conversations.lastSeq),
          gt(lastMessage.seq, page.clearedSeq),
        ),
      )
      .orderBy(desc(page.lastActivityAt), desc(page.conversationId))
  );
}

/** The other member of a conversation as the chat's top bar shows them. */
export async function findChatProfile(db: Conn, viewerId: number, memberId: number) {
  const [row] = await db
    .select({
      card: memberCardColumns,
      gender: profiles.gender,
      listed: profiles.listed,
      blocked: sql<boolean>`(${blockedBy(viewerId, memberId)} or ${blockedBy(memberId, viewerId)})`,
    })
    .from(profiles)
    .leftJoin(photos, mainThumbJoin)
    .where(eq(profiles.userId, memberId))
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
