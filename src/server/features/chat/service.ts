import {
  CHAT,
  CHAT_ERRORS,
  type TChatListResponse,
  type TChatMessagesResponse,
  type TDeleteChatResponse,
  type TGiftsResponse,
  type TOpenChatResponse,
  type TReadResponse,
  type TSendMessageResponse,
} from '../../../shared/contract/chat.ts';
import { REALTIME, type RealtimeEventMap } from '../../../shared/contract/realtime.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { assertCanWrite, assertConfirmedSender, membershipOf, notFound } from './access.ts';
import { findChatProfile, listChats } from './chat-list-queries.ts';
import {
  findConversationBetween,
  findMembership,
  findMemberships,
  hideConversations,
  insertConversation,
  listMessagesAfter,
  markReadUpTo,
  shownConversationsWith,
  sumUnread,
  unhideFor,
} from './conversation-queries.ts';
import {
  type ChatDeps,
  type ChatViewer,
  presentChatProfile,
  presentContext,
  presentGift,
  presentMessage,
  presentState,
} from './present.ts';
import {
  countStarted,
  findFictionalQueue,
  findGiftPrice,
  findMessageByClientId,
  findSender,
  listGiftRows,
  listMessages,
  lockAllowance,
  withdrawStart,
} from './queries.ts';
import { refusal, sendMessage } from './send.ts';

// ---------------------------------------------------------------- conversations

/**
 * Opens the conversation with a member, starting it when there is none (C-10). A free member may start
 * CHAT.freeStartedConversations conversations (spec §6); counting happens under a lock of their
 * allowance row, so parallel starts cannot pass the limit. A conversation the viewer removed comes back.
 */
export async function openChat(
  deps: ChatDeps,
  viewer: ChatViewer,
  memberId: number,
): Promise<TOpenChatResponse> {
  const { db, now } = deps;
  await assertCanWrite(db, viewer.id, memberId);
  const existing = await findConversationBetween(db, viewer.id, memberId);
  if (existing) {
    await unhideFor(db, existing, viewer.id, now);
    return { conversation: { id: existing }, created: false };
  }
  assertConfirmedSender(viewer);
  const result = await db.transaction(async (tx) => {
    const allowance = await lockAllowance(tx, viewer.id);
    const account = await findSender(tx, viewer.id);
    if (!account?.paidUser && allowance.conversationsStarted >= CHAT.freeStartedConversations) {
      throw new AppError(403, CHAT_ERRORS.freeConversationLimit, 'chat.free_conversation_limit', {
        values: { max: CHAT.freeStartedConversations },
      });
    }
    const id = await insertConversation(tx, viewer.id, memberId, now);
    if (id === undefined) return undefined;
    await countStarted(tx, viewer.id);
    return id;
  });
  if (result !== undefined) return { conversation: { id: result }, created: true };
  // The other member started it at the same moment: theirs is ours.
  const raced = await findConversationBetween(db, viewer.id, memberId);
  if (!raced) throw notFound();
  await unhideFor(db, raced, viewer.id, now);
  return { conversation: { id: raced }, created: false };
}

/** The start of a text, cut between characters (never inside a surrogate pair). */
const previewOf = (body: string) => Array.from(body).slice(0, CHAT.previewLength).join('');

function decodeCursor(cursor: string | undefined): { at: Date; id: number } | null {
  if (!cursor) return null;
  const match = /^(\d{1,16})\.(\d{1,10})$/.exec(cursor);
  if (!match)
    throw new AppError(400, 'validation', 'error.validation', {
      details: { fieldIds: { cursor: 'error.invalid_field' } },
    });
  return { at: new Date(Number(match[1]) / 1000), id: Number(match[2]) };
}

/** The member's conversations, latest activity first (C-01), in pages. */
export async function listChatsOf(
  deps: ChatDeps,
  viewerId: number,
  query: { cursor?: string | undefined; limit: number },
): Promise<TChatListResponse> {
  const after = decodeCursor(query.cursor);
  const rows = await listChats(deps.db, viewerId, after, query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const ctx = { cdnPrefix: deps.site.cdnPrefix, now: deps.now };
  return {
    chats: page.map((row) => ({
      conversation: {
        id: row.conversationId,
        last_seq: row.lastSeq,
        started_by_me: row.startedBy === viewerId,
      },
      profile: presentChatProfile(row, ctx),
      num_unread_messages: row.unread,
      last_message:
        row.last?.kind && row.last.createdAt
          ? {
              kind: row.last.kind,
              preview: row.last.kind === 'text' ? previewOf(row.last.body ?? '') : null,
              mine: row.last.senderId === viewerId,
              created_at: row.last.createdAt.toISOString(),
            }
          : null,
      last_activity_at: row.lastActivityAt.toISOString(),
    })),
    // Microseconds would be lost in a JS Date; milliseconds suffice because ties are broken by id.
    next_cursor:
      rows.length > query.limit && last
        ? `${last.lastActivityAt.getTime() * 1000}.${last.conversationId}`
        : null,
    total_unread: await sumUnread(deps.db, viewerId),
  };
}

/** Messages of one conversation (C-02): newest page first, older on demand, or everything after a seq. */
export async function getMessages(
  deps: ChatDeps,
  viewerId: number,
  conversationId: number,
  query: { before_seq?: number | undefined; after_seq?: number | undefined; limit: number },
): Promise<TChatMessagesResponse> {
  const membership = await membershipOf(deps.db, conversationId, viewerId);
  const rows = await listMessages(deps.db, conversationId, {
    clearedSeq: membership.clearedSeq,
    beforeSeq: query.before_seq,
    afterSeq: query.after_seq,
    limit: query.limit,
  });
  const more = rows.length > query.limit;
  const page =
    query.after_seq !== undefined
      ? rows.slice(0, query.limit)
      : rows.slice(rows.length - Math.min(rows.length, query.limit));
  const profile = await findChatProfile(deps.db, viewerId, membership.otherId);
  if (!profile) throw notFound();
  return {
    conversation: presentState(membership, viewerId),
    profile: presentChatProfile(profile, { cdnPrefix: deps.site.cdnPrefix, now: deps.now }),
    messages: page.map((row) =>
      presentMessage(row, viewerId, {
        ...presentContext(deps),
        hidePhotosOf: membership.blocked ? membership.otherId : null,
      }),
    ),
    has_more_before: query.after_seq === undefined ? more : (page[0]?.seq ?? 0) > membership.clearedSeq + 1,
    has_more_after: query.after_seq !== undefined && more,
  };
}

/**
 * Marks a conversation read up to `seq` (all of it without): unread to 0, a read receipt to the other
 * member and the viewer's other tabs, new unread total to the viewer (C-01, C-11).
 */
export async function readChat(
  deps: ChatDeps,
  viewerId: number,
  conversationId: number,
  seq?: number,
): Promise<TReadResponse> {
  const membership = await membershipOf(deps.db, conversationId, viewerId);
  const upTo = Math.min(seq ?? membership.lastSeq, membership.lastSeq);
  const row = await markReadUpTo(deps.db, conversationId, viewerId, upTo);
  if (!row) throw notFound();
  const total = await sumUnread(deps.db, viewerId);
  if (row.readSeq > membership.readSeq) {
    const receipt = {
      type: 'read',
      conversation_id: conversationId,
      reader_id: viewerId,
      read_seq: row.readSeq,
    } as const;
    deps.publish(membership.otherId, receipt);
    deps.publish(viewerId, receipt);
  }
  if (membership.unread !== row.unread) deps.publish(viewerId, { type: 'counts', unread_messages: total });
  return {
    conversation: { id: conversationId },
    my_read_seq: row.readSeq,
    num_unread_messages: row.unread,
    total_unread: total,
  };
}

async function afterRemoval(deps: ChatDeps, viewerId: number, ids: number[]): Promise<TDeleteChatResponse> {
  if (ids.length > 0) {
    deps.publish(viewerId, { type: 'chat_removed', conversation_ids: ids });
    deps.publish(viewerId, { type: 'counts', unread_messages: await sumUnread(deps.db, viewerId) });
  }
  return { removed: ids.length };
}

/** Removes a conversation for the viewer only (C-06); the other member keeps theirs. */
export async function removeChat(
  deps: ChatDeps,
  viewerId: number,
  conversationId: number,
): Promise<TDeleteChatResponse> {
  await membershipOf(deps.db, conversationId, viewerId);
  const rows = await hideConversations(deps.db, viewerId, [conversationId], deps.now);
  return afterRemoval(
    deps,
    viewerId,
    rows.map((r) => r.id),
  );
}

/** Removes every conversation the viewer has with a member (C-06, removing by profile id). */
export async function removeChatsWith(
  deps: ChatDeps,
  viewerId: number,
  memberId: number,
): Promise<TDeleteChatResponse> {
  const ids = await shownConversationsWith(deps.db, viewerId, memberId);
  const rows = await hideConversations(deps.db, viewerId, ids, deps.now);
  return afterRemoval(
    deps,
    viewerId,
    rows.map((r) => r.id),
  );
}

/** Unread messages over all the member's conversations: the navigation badge and GET /api/counts. */
export function countUnreadMessages(db: Db, memberId: number): Promise<number> {
  return sumUnread(db, memberId);
}

// ---------------------------------------------------------------- gifts

export async function listGifts(deps: Pick<ChatDeps, 'db' | 'site' | 'locale'>): Promise<TGiftsResponse> {
  return { gifts: (await listGiftRows(deps.db)).map((row) => presentGift(row, deps)) };
}

// ---------------------------------------------------------------- real-time frames

/** The other member of a conversation the viewer is in, or undefined (strangers learn nothing). */
export async function otherMemberOf(
  db: Db,
  conversationId: number,
  viewerId: number,
): Promise<number | undefined> {
  return (await findMembership(db, conversationId, viewerId))?.otherId;
}

/**
 * Everything after the given sequences, for a client that (re)connected (C-12): conversations the viewer
 * is not in are left out; at most REALTIME.maxSyncMessages a conversation (`more` says there is more).
 */
export async function syncConversations(
  deps: ChatDeps,
  viewerId: number,
  asked: { conversation_id: number; after_seq: number }[],
): Promise<RealtimeEventMap['sync']> {
  // Two statements whatever the number of conversations asked (at most REALTIME.maxSyncConversations):
  // the member's sides, then the messages after each floor.
  const ids = [...new Set(asked.map((a) => a.conversation_id))];
  const sides = new Map((await findMemberships(deps.db, ids, viewerId)).map((m) => [m.conversationId, m]));
  const floors = new Map<number, number>();
  for (const { conversation_id: id, after_seq: afterSeq } of asked) {
    const side = sides.get(id);
    if (side && !floors.has(id)) floors.set(id, Math.max(side.clearedSeq, afterSeq));
  }
  const rows = await listMessagesAfter(
    deps.db,
    [...floors].map(([conversationId, floor]) => ({ conversationId, floor })),
    REALTIME.maxSyncMessages + 1,
  );
  const byConversation = Map.groupBy(rows, (row) => row.conversationId);
  const conversations: RealtimeEventMap['sync']['conversations'] = [];
  for (const id of floors.keys()) {
    const side = sides.get(id);
    if (!side) continue;
    const found = byConversation.get(id) ?? [];
    conversations.push({
      conversation_id: id,
      messages: found.slice(0, REALTIME.maxSyncMessages).map((row) =>
        presentMessage(row, viewerId, {
          ...presentContext(deps),
          hidePhotosOf: side.blocked ? side.otherId : null,
        }),
      ),
      more: found.length > REALTIME.maxSyncMessages,
      last_seq: side.lastSeq,
      other_read_seq: side.otherReadSeq,
    });
  }
  return { conversations };
}

// ---------------------------------------------------------------- operators

/** Conversations where a member waits for a fictional profile's answer, longest waiting first. */
export async function fictionalQueue(db: Db, limit = 50) {
  const rows = await findFictionalQueue(db, limit);
  return rows.map((r) => ({
    conversation_id: r.conversationId,
    fictional_id: r.fictionalId,
    member_id: r.memberId,
    unread: r.unread,
    waiting_since: r.waitingSince.toISOString(),
  }));
}

/**
 * Sends a gift from a profile page (C-09): opens the conversation when needed, then sends. A refused gift
 * leaves no trace (C-04 counts the conversations a free member starts): whom one may not write to, an
 * unknown gift and what the sender cannot pay are refused before anything opens, and a conversation a gift started that the database
 * then refused goes again with the start it used. A parallel gift that found that conversation just before
 * it went starts over once.
 */
export async function sendGiftToMember(
  deps: ChatDeps,
  viewer: ChatViewer,
  memberId: number,
  input: { clientId: string; giftCode: string },
  retried = false,
): Promise<TSendMessageResponse> {
  const draft = { kind: 'gift' as const, ...input };
  assertConfirmedSender(viewer);
  const earlier = await findMessageByClientId(deps.db, viewer.id, input.clientId);
  if (earlier) return sendMessage(deps, viewer, earlier.conversationId, draft);
  await assertCanWrite(deps.db, viewer.id, memberId);
  const [gift, sender] = await Promise.all([
    findGiftPrice(deps.db, input.giftCode),
    findSender(deps.db, viewer.id),
  ]);
  if (!gift) throw refusal({ error: 'unknown_gift' });
  const price = gift.price ?? deps.site.giftCredits;
  if ((sender?.credits ?? 0) < price) throw refusal({ error: 'insufficient_credits', required: price });
  const opened = await openChat(deps, viewer, memberId);
  const conversationId = opened.conversation.id;
  try {
    return await sendMessage(deps, viewer, conversationId, draft);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (opened.created) await withdrawStart(deps.db, conversationId, viewer.id);
    else if (err.code === 'not_found' && !retried)
      return sendGiftToMember(deps, viewer, memberId, input, true);
    throw err;
  }
}
