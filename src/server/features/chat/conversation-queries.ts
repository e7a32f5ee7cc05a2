// The conversations of a member: memberships, the start of one, read positions, hiding, unread counts.
import { and, asc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import { conversationMembers, conversations, messages } from '../../db/schema.ts';

import { blockedBy, type Conn, type MessageRow, me, other, type Tx } from './queries.ts';

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
