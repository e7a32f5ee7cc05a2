import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { TChatMessage, TGift, TSendMessageRequest } from '../../../shared/contract/chat.ts';
import { REALTIME } from '../../../shared/contract/realtime.ts';
import { afterSend, fetchAfter, fetchOlder, uploadChatPhoto, useChat, useMarkRead } from '../../api/chat.ts';
import { ApiError } from '../../api/client.ts';
import { realtime, usePollWhileDown } from '../../api/realtime.ts';
import {
  type OutboxEntry,
  outboxFor,
  type PendingMessage,
  pendingMessage,
  type ThreadMessage,
} from './outbox.ts';

/** While the socket is down, an open chat asks for news this often (the list uses the slower loop). */
const OPEN_CHAT_POLL_MS = 10_000;
/** A typing frame at most this often while the member keeps typing; "stopped" after this much quiet. */
const TYPING_SEND_MS = 3_000;
const TYPING_STOP_MS = 4_000;

function newClientId(): string {
  return crypto.randomUUID();
}

// ---------------------------------------------------------------- merging, without a message twice (C-12)

/** What the merge needs to know of a message, whatever its kind. */
export interface ThreadItem {
  /** Server id; absent while the message only exists in this browser's outbox. */
  id?: number;
  client_id?: string | null;
  /** The conversation's monotonic sequence; absent while pending. */
  seq?: number;
  created_at: string;
}

function keyOf(m: ThreadItem): string {
  return m.client_id ? `c:${m.client_id}` : `s:${m.id}`;
}

/**
 * One list from several sources, oldest first. A message is the same message when its server id or its
 * client id matches; the server's copy (with a sequence) wins over a pending one, so an optimistic bubble
 * turns into the stored message in place.
 */
export function mergeThread<T extends ThreadItem>(...sources: readonly (readonly T[])[]): T[] {
  const byKey = new Map<string, T>();
  const keyById = new Map<number, string>();
  for (const list of sources) {
    for (const m of list) {
      let key = keyOf(m);
      if (m.id !== undefined) {
        const known = keyById.get(m.id);
        if (known) key = known;
        else keyById.set(m.id, key);
      }
      const existing = byKey.get(key);
      // A later source knows more (read state, the stored copy), except that a pending copy never
      // replaces a stored one.
      if (!existing || existing.seq === undefined || m.seq !== undefined) byKey.set(key, m);
    }
  }
  return [...byKey.values()].sort(compareItems);
}

/** Stored messages by sequence; pending ones after every stored one, in the order they were typed. */
export function compareItems(a: ThreadItem, b: ThreadItem): number {
  if (a.seq !== undefined && b.seq !== undefined) return a.seq - b.seq;
  if (a.seq !== undefined) return -1;
  if (b.seq !== undefined) return 1;
  return a.created_at.localeCompare(b.created_at);
}

/** The highest sequence held: what a reconnecting client asks to get everything after. */
export function lastSeq(items: readonly ThreadItem[]): number {
  let max = 0;
  for (const m of items) if (m.seq !== undefined && m.seq > max) max = m.seq;
  return max;
}

// ---------------------------------------------------------------- the thread

/**
 * Everything one open conversation shows, merged from the first page, older pages, socket events, syncs
 * after reconnects, the outbox and photo uploads, with no message twice (C-12), plus the actions.
 */
const NO_OUTBOX: ReturnType<ReturnType<typeof outboxFor>['all']> = [];

export function useThread(conversationId: number, me: number) {
  const queryClient = useQueryClient();
  const query = useChat(conversationId);
  const markRead = useMarkRead(conversationId, me);
  const box = outboxFor(me);

  const [stored, setStored] = useState<TChatMessage[]>([]);
  const storedRef = useRef(stored);
  storedRef.current = stored;
  const [otherReadSeq, setOtherReadSeq] = useState(0);
  const [hasMoreBefore, setHasMoreBefore] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [typing, setTyping] = useState(false);
  const [uploads, setUploads] = useState<PendingMessage[]>([]);
  /** Incoming messages not seen before, for the live region and the "new messages" pill. */
  const [incoming, setIncoming] = useState<{ message: TChatMessage; n: number } | null>(null);
  const typingTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const readSent = useRef(0);
  const loaded = useRef(false);
  /** The first page is in: only then does a sync ask for what came after it (not for the whole history). */
  const [ready, setReady] = useState(false);

  /** `live`: news (socket, sync, refetch), announced and counted; not the first page or older ones. */
  const add = useCallback(
    (messages: readonly TChatMessage[], live = true) => {
      const mine = messages.filter((m) => m.conversation_id === conversationId);
      if (mine.length === 0) return;
      const before = storedRef.current;
      const known = new Set(before.map((m) => m.id));
      const fresh = mine.filter((m) => !known.has(m.id) && !m.mine);
      const next = mergeThread(before, mine);
      storedRef.current = next;
      setStored(next);
      const newest = fresh.at(-1);
      if (newest && live) {
        setIncoming((old) => ({ message: newest, n: (old?.n ?? 0) + fresh.length }));
        setTyping(false);
      }
      // A gap in the sequence: an event went missing; the database has it.
      const held = lastSeq(before);
      if (held > 0 && mine.some((m) => m.seq > held + 1)) realtime().sync([conversationId]);
    },
    [conversationId],
  );

  // The first page, and every refetch of it, merge into what is held.
  const data = query.data;
  useEffect(() => {
    if (!data) return;
    const first = !loaded.current;
    loaded.current = true;
    if (first) {
      setHasMoreBefore(data.has_more_before);
      setReady(true);
    }
    add(data.messages, !first);
    setOtherReadSeq((s) => Math.max(s, data.conversation.other_read_seq));
    readSent.current = Math.max(readSent.current, data.conversation.my_read_seq);
  }, [data, add]);

  const catchUp = useCallback(async () => {
    let after = lastSeq(storedRef.current);
    for (let page = 0; page < 20; page++) {
      const res = await fetchAfter(conversationId, after);
      add(res.messages);
      setOtherReadSeq((s) => Math.max(s, res.conversation.other_read_seq));
      if (!res.has_more_after || res.messages.length === 0) return;
      after = lastSeq(res.messages);
    }
  }, [conversationId, add]);

  usePollWhileDown(() => void catchUp().catch(() => undefined), OPEN_CHAT_POLL_MS);

  // Socket events of this conversation; a (re)connect syncs from the last sequence held.
  useEffect(() => {
    const rt = realtime();
    const offs = [
      rt.on('message', (e) => add([e.message])),
      rt.on('sync', (e) => {
        for (const c of e.conversations) {
          if (c.conversation_id !== conversationId) continue;
          add(c.messages);
          setOtherReadSeq((s) => Math.max(s, c.other_read_seq));
          if (c.more) void catchUp().catch(() => undefined);
        }
      }),
      rt.on('read', (e) => {
        if (e.conversation_id === conversationId && e.reader_id !== me) {
          setOtherReadSeq((s) => Math.max(s, e.read_seq));
        }
      }),
      rt.on('typing', (e) => {
        if (e.conversation_id !== conversationId || e.member_id === me) return;
        clearTimeout(typingTimer.current);
        setTyping(e.typing);
        if (e.typing) typingTimer.current = setTimeout(() => setTyping(false), REALTIME.typingShowMs);
      }),
      ...(ready ? [rt.watch(conversationId, () => lastSeq(storedRef.current))] : []),
      box.onSent((_entry, answer) => add([answer.message])),
    ];
    return () => {
      for (const off of offs) off();
      clearTimeout(typingTimer.current);
    };
  }, [conversationId, me, add, catchUp, box, ready]);

  // Reading: everything the other member sent is read while the page is visible (C-05).
  const newestOther = useMemo(() => {
    for (let i = stored.length - 1; i >= 0; i--) {
      const m = stored[i] as TChatMessage;
      if (!m.mine) return m.seq;
    }
    return 0;
  }, [stored]);
  const { mutate: markReadMutate } = markRead;
  useEffect(() => {
    const send = () => {
      if (document.visibilityState !== 'visible' || newestOther <= readSent.current) return;
      readSent.current = newestOther;
      markReadMutate(newestOther);
    };
    send();
    document.addEventListener('visibilitychange', send);
    return () => document.removeEventListener('visibilitychange', send);
  }, [newestOther, markReadMutate]);

  // Kept in this browser's storage: the server's render, and hydration over it, start without it.
  const outbox = useSyncExternalStore(
    (fn) => box.subscribe(fn),
    () => box.all(),
    () => NO_OUTBOX,
  );
  const waiting = useMemo(
    () => outbox.filter((e) => e.conversation_id === conversationId),
    [outbox, conversationId],
  );
  const refused = waiting.find((e) => e.error) ?? null;

  const messages: ThreadMessage[] = useMemo(
    () =>
      mergeThread<ThreadMessage>(
        stored,
        waiting.filter((e) => !e.error).map((e) => pendingMessage(e, me)),
        uploads,
      ),
    [stored, waiting, uploads, me],
  );

  const loadOlder = useCallback(async () => {
    const first = storedRef.current[0];
    if (!first || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const res = await fetchOlder(conversationId, first.seq);
      add(res.messages, false);
      setHasMoreBefore(res.has_more_before);
    } catch {
      // Stays loadable: the button and the scroll try again.
    } finally {
      setLoadingOlder(false);
    }
  }, [conversationId, add, loadingOlder]);

  /** Every message gets its client id before it leaves (C-12); retries reuse it. */
  const queue = (request: TSendMessageRequest, gift: OutboxEntry['gift'] = null) => {
    const clientId = newClientId();
    box.add({
      client_id: clientId,
      conversation_id: conversationId,
      created_at: new Date().toISOString(),
      request: { ...request, client_id: clientId },
      gift,
    });
  };

  const sendText = (body: string) => {
    stopTyping();
    queue({ kind: 'text', client_id: '', body });
  };
  const sendGift = (gift: TGift) =>
    queue(
      { kind: 'gift', client_id: '', gift_code: gift.code },
      { name: gift.name, image_url: gift.image_url },
    );

  /** Uploads a photo message with progress; a failed one stays with a retry that reuses its client id. */
  const files = useRef(new Map<string, File>());
  const sendPhoto = async (file: File, clientId: string = newClientId()) => {
    files.current.set(clientId, file);
    const preview = URL.createObjectURL(file);
    const bubble: PendingMessage = {
      client_id: clientId,
      conversation_id: conversationId,
      sender_id: me,
      mine: true,
      kind: 'photo',
      body: null,
      photo: { url: preview, thumb_url: preview, width: 300, height: 400 },
      gift: null,
      created_at: new Date().toISOString(),
      pending: true,
      progress: 0,
    };
    const update = (patch: Partial<PendingMessage>) =>
      setUploads((list) => list.map((u) => (u.client_id === clientId ? { ...u, ...patch } : u)));
    setUploads((list) => [...list.filter((u) => u.client_id !== clientId), bubble]);
    try {
      const answer = await uploadChatPhoto(conversationId, file, clientId, (progress) =>
        update({ progress }),
      );
      add([answer.message]);
      afterSend(queryClient, answer);
      setUploads((list) => list.filter((u) => u.client_id !== clientId));
      files.current.delete(clientId);
      URL.revokeObjectURL(preview);
      return null;
    } catch (err) {
      if (err instanceof ApiError && err.status < 500) {
        // Refused (premium only, no credits, blocked): it was never sent, so it leaves the thread; the
        // composer says why.
        setUploads((list) => list.filter((u) => u.client_id !== clientId));
        files.current.delete(clientId);
        URL.revokeObjectURL(preview);
        return err;
      }
      update({ failed: err instanceof ApiError ? err.message : 'network' });
      return err;
    }
  };
  const retryPhoto = (clientId: string) => {
    const file = files.current.get(clientId);
    if (file) void sendPhoto(file, clientId);
  };
  const dropUpload = (clientId: string) => {
    files.current.delete(clientId);
    setUploads((list) => list.filter((u) => u.client_id !== clientId));
  };

  // Photos that failed on the network go again, with their client id, once the connection is back.
  const retryRef = useRef(retryPhoto);
  retryRef.current = retryPhoto;
  const uploadsRef = useRef(uploads);
  uploadsRef.current = uploads;
  useEffect(() => {
    const again = () => {
      for (const u of uploadsRef.current) if (u.failed === 'network') retryRef.current(u.client_id ?? '');
    };
    const off = realtime().onStatus((status) => {
      if (status === 'open') again();
    });
    addEventListener('online', again);
    return () => {
      off();
      removeEventListener('online', again);
    };
  }, []);

  // Typing frames: "typing" now and then while keys are pressed, "stopped" after a quiet moment or a send.
  const typingSentAt = useRef(0);
  const stopTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const stopTyping = () => {
    clearTimeout(stopTimer.current);
    if (typingSentAt.current === 0) return;
    typingSentAt.current = 0;
    realtime().send({ type: 'typing', conversation_id: conversationId, typing: false });
  };
  const onTyping = () => {
    const now = Date.now();
    if (now - typingSentAt.current > TYPING_SEND_MS) {
      if (realtime().send({ type: 'typing', conversation_id: conversationId, typing: true })) {
        typingSentAt.current = now;
      }
    }
    clearTimeout(stopTimer.current);
    stopTimer.current = setTimeout(stopTyping, TYPING_STOP_MS);
  };
  useEffect(() => () => clearTimeout(stopTimer.current), []);

  return {
    query,
    messages,
    otherReadSeq,
    hasMoreBefore,
    loadingOlder,
    loadOlder,
    typing,
    incoming,
    clearIncoming: () => setIncoming(null),
    refused,
    discardRefused: (clientId: string) => box.discard(clientId),
    sendText,
    sendGift,
    sendPhoto,
    retryPhoto,
    dropUpload,
    onTyping,
  };
}

export type Thread = ReturnType<typeof useThread>;
