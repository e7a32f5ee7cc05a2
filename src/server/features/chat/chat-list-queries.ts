// A member's chat list, a page at a time, and the profile a chat shows.
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { conversations, messages, photos, profiles } from '../../db/schema.ts';
import { mainThumbJoin, memberCardColumns } from '../../kernel/members.ts';

import { blockedBy, type Conn, me } from './queries.ts';

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
