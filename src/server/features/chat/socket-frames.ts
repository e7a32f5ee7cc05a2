import type { FastifyInstance } from 'fastify';
import { REALTIME, type TClientFrame, ZClientFrame } from '../../../shared/contract/realtime.ts';
import type { SocketConn } from '../../platform/bus.ts';
import type { FrameReader } from '../../platform/realtime.ts';
import { type ChatDepsOf, chatDepsOf } from './present.ts';
import { findCounterpart } from './queries.ts';
import { otherMemberOf, readChat, syncConversations } from './service.ts';

/** What chat keeps per socket. */
interface ChatSocket {
  /** Conversations this socket may talk about: id -> the other member. */
  conversations: Map<number, number>;
  /**
   * While a sync of this socket runs: the conversations later sync frames asked for (id -> the lowest
   * sequence asked), answered together once it ends. Null while no sync runs.
   */
  syncPending: Map<number, number> | null;
}

type OtherFrame = Exclude<TClientFrame, { type: 'send' }>;

/**
 * Chat's frames on the real-time channel but the send (send.ts): typing, read and sync (C-08, C-11,
 * C-12). The socket hub (platform/realtime.ts) reads, limits and orders them; this gives them their meaning.
 */
export async function chatFrames(app: FastifyInstance): Promise<FrameReader<OtherFrame>> {
  const depsOf: ChatDepsOf = await chatDepsOf(app);
  const sockets = new WeakMap<SocketConn, ChatSocket>();
  const typingByMember = new Map<number, number>();

  const stateOf = (conn: SocketConn): ChatSocket => {
    let state = sockets.get(conn);
    if (!state) {
      state = { conversations: new Map(), syncPending: null };
      sockets.set(conn, state);
    }
    return state;
  };

  /** The other member of a conversation this socket's member is in (cached per socket), else undefined. */
  async function otherOf(conn: SocketConn, conversationId: number): Promise<number | undefined> {
    const { conversations } = stateOf(conn);
    const cached = conversations.get(conversationId);
    if (cached !== undefined) return cached;
    const other = await otherMemberOf(app.db, conversationId, conn.user.id);
    if (other !== undefined) conversations.set(conversationId, other);
    return other;
  }

  async function typing(conn: SocketConn, { conversation_id: conversationId, typing }: TypingFrame) {
    // Per member, over all their tabs: excess typing frames are dropped, not answered.
    const typed = (typingByMember.get(conn.user.id) ?? 0) + 1;
    typingByMember.set(conn.user.id, typed);
    if (typed > REALTIME.typingPer10s) return;
    await conn.act(async () => {
      const other = await otherOf(conn, conversationId);
      if (other === undefined) return;
      // Typing shows where the member is seen: not across a block either way, and not from an
      // invisible (unlisted) member, whose online status shows to no one either.
      const seen = await findCounterpart(app.db, other, conn.user.id);
      if (!seen?.listed || seen.blockedMe || seen.blockedByMe) return;
      app.bus.publishToMember(other, {
        type: 'typing',
        conversation_id: conversationId,
        member_id: conn.user.id,
        typing,
      });
    });
  }

  /**
   * Answers sync frames (C-12), at most one at a time per socket: frames that arrive while one runs are
   * answered together once it ends, for every conversation they asked (each from the lowest sequence
   * asked), so a flood of syncs costs one more answer, not one each.
   */
  async function sync(conn: SocketConn, asked: { conversation_id: number; after_seq: number }[]) {
    const state = stateOf(conn);
    if (state.syncPending) {
      for (const { conversation_id: id, after_seq: seq } of asked)
        state.syncPending.set(id, Math.min(seq, state.syncPending.get(id) ?? seq));
      return;
    }
    const pending = new Map<number, number>();
    state.syncPending = pending;
    try {
      let next = asked;
      while (next.length > 0) {
        const question = next;
        const answered = await conn.act(async () => {
          const answer = await syncConversations(depsOf(conn.site, conn.locale), conn.user.id, question);
          conn.send({ type: 'sync', ...answer });
        });
        if (!answered) return;
        next = [];
        for (const [id, seq] of pending) {
          if (next.length === REALTIME.maxSyncConversations) break;
          next.push({ conversation_id: id, after_seq: seq });
          pending.delete(id);
        }
      }
    } finally {
      state.syncPending = null;
    }
  }

  return {
    parse: (value) => {
      const parsed = ZClientFrame.safeParse(value);
      return parsed.success && parsed.data.type !== 'send' ? parsed.data : undefined;
    },
    onWindow: () => typingByMember.clear(),
    async handle(conn, frame) {
      switch (frame.type) {
        case 'typing':
          return typing(conn, frame);
        case 'read':
          await conn.act(async () => {
            if ((await otherOf(conn, frame.conversation_id)) === undefined) return;
            await readChat(depsOf(conn.site, conn.locale), conn.user.id, frame.conversation_id, frame.seq);
          });
          return;
        case 'sync':
          return sync(conn, frame.conversations);
        case 'ping':
          return;
      }
    },
  };
}

type TypingFrame = Extract<TClientFrame, { type: 'typing' }>;
