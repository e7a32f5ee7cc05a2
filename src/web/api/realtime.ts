import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { TSendMessageResponse } from '../../shared/contract/chat.ts';
import {
  CLOSE_CODES,
  REALTIME,
  type RealtimeEvent,
  type RealtimeEventType,
  type TClientFrame,
  ZServerFrame,
} from '../../shared/contract/realtime.ts';
import { ApiError } from './client.ts';
import { reconnectDelay } from './reconnect.ts';

// One WebSocket per tab at /api/realtime (P-15, C-08, C-11). Events are hints and the database is the
// truth: on every (re)connect the client asks for everything after the last sequence it holds of each open
// conversation (`sync`), so an event lost while the socket was down is fetched instead (C-12).

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'down';

type Listener<K extends RealtimeEventType> = (event: RealtimeEvent<K>) => void;

/** A dead socket shows as silence: no frame for two heartbeats closes it and reconnects. */
const SILENCE_MS = REALTIME.heartbeatMs * 2;

export class RealtimeClient {
  status: RealtimeStatus = 'idle';
  private ws: WebSocket | null = null;
  private attempt = 0;
  private running = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private pingTimer: ReturnType<typeof setInterval> | undefined;
  private lastFrameAt = 0;
  private readonly listeners = new Map<RealtimeEventType, Set<Listener<RealtimeEventType>>>();
  private readonly statusListeners = new Set<(status: RealtimeStatus) => void>();
  private readonly endListeners = new Set<(code: number) => void>();
  /** Open conversations and how to read the last sequence each holds. */
  private readonly watched = new Map<number, () => number>();
  /** Text sends waiting for their ack or nack, by client id. */
  private readonly sends = new Map<
    string,
    {
      resolve: (r: TSendMessageResponse) => void;
      reject: (e: Error) => void;
      timer: ReturnType<typeof setTimeout>;
    }
  >();

  private readonly url: () => string;

  constructor(url: () => string) {
    this.url = url;
  }

  /** Connects (once) and keeps reconnecting until stop(). */
  start() {
    if (this.running) return;
    this.running = true;
    addEventListener('online', this.onOnline);
    addEventListener('offline', this.onOffline);
    this.connect();
  }

  /** Logged out or the session ended: close and stay closed. */
  stop() {
    this.running = false;
    removeEventListener('online', this.onOnline);
    removeEventListener('offline', this.onOffline);
    clearTimeout(this.retryTimer);
    this.closeSocket();
    this.setStatus('idle');
  }

  on<K extends RealtimeEventType>(type: K, fn: Listener<K>): () => void {
    let set = this.listeners.get(type);
    if (!set) {
      set = new Set();
      this.listeners.set(type, set);
    }
    const listener = fn as Listener<RealtimeEventType>;
    set.add(listener);
    return () => set.delete(listener);
  }

  onStatus(fn: (status: RealtimeStatus) => void): () => void {
    this.statusListeners.add(fn);
    return () => this.statusListeners.delete(fn);
  }

  /**
   * The server ended the member's sockets for good: a ban (4403) or an ended session (4401). The app asks
   * the API at once, whose answer (403 banned, or the session gone) takes the member where they belong.
   */
  onEnded(fn: (code: number) => void): () => void {
    this.endListeners.add(fn);
    return () => this.endListeners.delete(fn);
  }

  /** Sends a frame when the socket is open; false when it is not (callers fall back to HTTP or wait). */
  send(frame: TClientFrame): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  /**
   * Sends a text message over the open socket (C-12): resolves with the same answer as the HTTP send once
   * it is committed, rejects with an ApiError when it was refused, and with a plain Error when the socket
   * could not tell (closed, no answer in time) so the caller resends it over HTTP with the same client id.
   * null when the socket is not open or the frame would be too big: send it over HTTP.
   */
  sendText(conversationId: number, clientId: string, body: string): Promise<TSendMessageResponse> | null {
    const frame = JSON.stringify({
      type: 'send',
      conversation_id: conversationId,
      client_id: clientId,
      body,
    });
    if (this.ws?.readyState !== WebSocket.OPEN || new Blob([frame]).size > REALTIME.maxFrameBytes)
      return null;
    this.sends.get(clientId)?.reject(new Error('resent'));
    const promise = new Promise<TSendMessageResponse>((resolve, reject) => {
      const timer = setTimeout(
        () => this.settleSend(clientId, new Error('no ack')),
        REALTIME.sendAckTimeoutMs,
      );
      this.sends.set(clientId, { resolve, reject, timer });
    });
    this.ws.send(frame);
    return promise;
  }

  private settleSend(clientId: string, outcome: TSendMessageResponse | Error) {
    const waiting = this.sends.get(clientId);
    if (!waiting) return;
    this.sends.delete(clientId);
    clearTimeout(waiting.timer);
    if (outcome instanceof Error) waiting.reject(outcome);
    else waiting.resolve(outcome);
  }

  /**
   * An open conversation: synced now when the socket is open, and again after every reconnect. Returns
   * the function that stops watching.
   */
  watch(conversationId: number, lastSeq: () => number): () => void {
    this.watched.set(conversationId, lastSeq);
    this.sync([conversationId]);
    return () => {
      if (this.watched.get(conversationId) === lastSeq) this.watched.delete(conversationId);
    };
  }

  /** Asks for everything after the held sequence of these (or all watched) conversations. */
  sync(ids: readonly number[] = [...this.watched.keys()]) {
    const conversations = ids.flatMap((id) => {
      const seq = this.watched.get(id);
      return seq ? [{ conversation_id: id, after_seq: seq() }] : [];
    });
    if (conversations.length === 0) return;
    for (let i = 0; i < conversations.length; i += REALTIME.maxSyncConversations) {
      this.send({ type: 'sync', conversations: conversations.slice(i, i + REALTIME.maxSyncConversations) });
    }
  }

  private readonly onOnline = () => {
    // Back online: do not wait for the backoff timer.
    if (this.status !== 'open') {
      clearTimeout(this.retryTimer);
      this.attempt = 0;
      this.connect();
    }
  };

  private readonly onOffline = () => {
    // The socket may take minutes to notice; the outbox and the refresh loop take over at once.
    this.closeSocket();
    this.setStatus('down');
  };

  private connect() {
    if (!this.running) return;
    this.closeSocket();
    this.setStatus('connecting');
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.lastFrameAt = Date.now();
      this.setStatus('open');
      this.sync();
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => {
        if (Date.now() - this.lastFrameAt > SILENCE_MS) ws.close(4000, 'silent');
        else this.send({ type: 'ping' });
      }, REALTIME.heartbeatMs);
    };
    ws.onmessage = (e) => {
      this.lastFrameAt = Date.now();
      this.dispatch(e.data);
    };
    ws.onclose = (e) => {
      // Sends without an answer are not known to be stored: their callers resend them over HTTP.
      for (const clientId of [...this.sends.keys()]) this.settleSend(clientId, new Error('socket closed'));
      if (this.ws !== ws) return;
      this.ws = null;
      clearInterval(this.pingTimer);
      this.setStatus('down');
      // No session, a ban or an old client: reconnecting would only be refused again.
      if (
        e.code === CLOSE_CODES.unauthenticated ||
        e.code === CLOSE_CODES.banned ||
        e.code === CLOSE_CODES.unsupportedVersion
      ) {
        this.running = false;
        if (e.code !== CLOSE_CODES.unsupportedVersion) for (const fn of this.endListeners) fn(e.code);
        return;
      }
      this.scheduleReconnect();
    };
  }

  private dispatch(data: unknown) {
    if (typeof data !== 'string') return;
    let json: unknown;
    try {
      json = JSON.parse(data);
    } catch {
      return;
    }
    // Unknown types are a newer server speaking: ignored, as the contract asks.
    const parsed = ZServerFrame.safeParse(json);
    if (!parsed.success) return;
    const event = parsed.data as RealtimeEvent;
    if (event.type === 'ack') this.settleSend(event.client_id, event.response);
    // A refusal is final like the HTTP one; anything the socket can't settle (limits, errors, a session
    // problem) goes to HTTP, where the app's usual handling applies.
    if (event.type === 'nack') {
      const final = event.status >= 400 && event.status < 500 && ![401, 403, 429].includes(event.status);
      this.settleSend(
        event.client_id,
        final ? new ApiError(event.status, REALTIME.path, { error: event.error }) : new Error('not settled'),
      );
    }
    for (const fn of this.listeners.get(event.type) ?? []) fn(event);
  }

  private scheduleReconnect() {
    if (!this.running) return;
    clearTimeout(this.retryTimer);
    const delay = reconnectDelay(this.attempt++);
    this.retryTimer = setTimeout(() => this.connect(), delay);
  }

  private closeSocket() {
    clearInterval(this.pingTimer);
    const ws = this.ws;
    this.ws = null;
    if (ws && ws.readyState <= WebSocket.OPEN) ws.close(1000);
  }

  private setStatus(status: RealtimeStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const fn of this.statusListeners) fn(status);
  }
}

let client: RealtimeClient | null = null;

/** The tab's one real-time client. */
export function realtime(): RealtimeClient {
  client ??= new RealtimeClient(() => {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    return `${scheme}://${location.host}${REALTIME.path}?v=${REALTIME.version}`;
  });
  return client;
}

/** The socket's state, for pages that poll while it is down. */
export function useRealtimeStatus(): RealtimeStatus {
  return useSyncExternalStore(
    (fn) => realtime().onStatus(fn),
    () => realtime().status,
    () => 'idle',
  );
}

/** Runs `poll` every intervalMs while the socket is down: the refresh loop covers what events would tell. */
export function usePollWhileDown(poll: () => void, intervalMs: number) {
  const down = useRealtimeStatus() === 'down';
  const saved = useRef(poll);
  saved.current = poll;
  useEffect(() => {
    if (!down) return;
    const timer = setInterval(() => saved.current(), intervalMs);
    return () => clearInterval(timer);
  }, [down, intervalMs]);
}
