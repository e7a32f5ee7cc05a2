import type { FastifyInstance } from 'fastify';
import { REALTIME, type TClientFrame, ZClientFrame } from '../../../shared/contract/realtime.ts';
import { AppError, validationBody, wireError } from '../../platform/errors.ts';
import type { FrameReader } from '../../platform/realtime.ts';
import type { SocketConn } from '../../platform/socket-hub.ts';
import { type ChatDepsOf, chatDepsOf, viewerOf } from './present.ts';
import { accountStatus, findCounterpart } from './queries.ts';
import { parseSend, runSend } from './send-command.ts';
import { otherMemberOf, readChat, syncConversations } from './service.ts';

type SendFrame = Extract<TClientFrame, { type: 'send' }>;

/**
 * A send frame checked by hand: the frame of every message, so it skips the schema's generic walk. It
 * accepts only what `ZClientFrame` accepts (exactly these four keys, an id of 1..2^31-1, a client id of at
 * most 64 characters, a string body); anything else goes through the schema and its answer.
 */
export function plainSendFrame(value: unknown): SendFrame | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const f = value as Record<string, unknown>;
  if (f.type !== 'send') return undefined;
  let keys = 0;
  for (const key in f) if (Object.hasOwn(f, key)) keys++;
  const { conversation_id: id, client_id: clientId, body } = f;
  if (
    keys === 4 &&
    typeof id === 'number' &&
    Number.isInteger(id) &&
    id > 0 &&
    id <= 2_147_483_647 &&
    typeof clientId === 'string' &&
    clientId.length <= 64 &&
    typeof body === 'string'
  )
    return { type: 'send', conversation_id: id, client_id: clientId, body };
  return undefined;
}

/** What chat keeps per socket. */
interface ChatSocket {
  /** Conversations this socket may talk about: id -> the other member. */
  conversations: Map<number, number>;
  /**
   * While a sync of this socket runs: the conversations later sync frames asked for (id -> the lowest
   * sequence asked), answered together once it ends. Null while no sync runs.
   */
  syncPending: Map<number, number> | null;
  /** Confirmed their e-mail since the socket opened: may send from now on. */
  confirmed: boolean;
}

/**
 * Chat's frames on the real-time channel (C-08, C-11, C-12): typing, read, sync and send. The socket hub
 * (platform/realtime.ts) reads, limits and orders them; this gives them their meaning.
 */
export async function chatFrames(app: FastifyInstance): Promise<FrameReader<TClientFrame>> {
  const depsOf: ChatDepsOf = await chatDepsOf(app);
  const sockets = new WeakMap<SocketConn, ChatSocket>();
  const typingByMember = new Map<number, number>();

  const stateOf = (conn: SocketConn): ChatSocket => {
    let state = sockets.get(conn);
    if (!state) {
      state = { conversations: new Map(), syncPending: null, confirmed: conn.user.status === 'confirmed' };
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

  /**
   * A text message over the socket (C-12): the send command of the HTTP send, parsed by the same schema,
   * answered with `ack` after the commit or `nack` with the error the HTTP send would have given.
   */
  async function send(conn: SocketConn, frame: SendFrame) {
    const values = { min_age: conn.site.minAge };
    const nack = (err: unknown) => {
      const wire = wireError(err, conn.locale, values);
      if (wire.log === 'error') app.log.error({ err }, 'realtime send failed');
      conn.send({ type: 'nack', client_id: frame.client_id, status: wire.status, ...wire.body });
    };
    const refused = (standing: 'banned' | 'ended') =>
      nack(
        standing === 'banned'
          ? new AppError(403, 'banned', 'auth.banned')
          : new AppError(403, 'authentication_required', 'auth.required'),
      );
    await conn.act(async () => {
      const parsed = parseSend({ kind: 'text', client_id: frame.client_id, body: frame.body });
      if ('issues' in parsed) {
        conn.send({
          type: 'nack',
          client_id: frame.client_id,
          status: 400,
          ...validationBody(conn.locale, parsed.issues, values),
        });
        return;
      }
      const state = stateOf(conn);
      try {
        // A member who confirmed their e-mail since the socket opened may send from now on.
        if (!state.confirmed && (await accountStatus(app.db, conn.user.id)) === 'confirmed')
          state.confirmed = true;
        // The echo and the new balance go to the member's other sockets; this one has them in the ack.
        const deps = depsOf(conn.site, conn.locale, (memberId, event) =>
          app.bus.publishToMember(
            memberId,
            event,
            memberId === conn.user.id ? { except: conn.id } : undefined,
          ),
        );
        const viewer = { ...viewerOf(conn.user), confirmed: state.confirmed };
        const response = await runSend(
          { app, request: conn.request, deps, viewer },
          frame.conversation_id,
          parsed.input,
        );
        conn.send({ type: 'ack', client_id: frame.client_id, response });
      } catch (err) {
        nack(err);
      }
    }, refused);
  }

  return {
    parse: (value) => {
      const quick = plainSendFrame(value);
      if (quick) return quick;
      const parsed = ZClientFrame.safeParse(value);
      return parsed.success ? parsed.data : undefined;
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
        case 'send':
          return send(conn, frame);
        case 'ping':
          return;
      }
    },
  };
}

type TypingFrame = Extract<TClientFrame, { type: 'typing' }>;
