import type {
  TChatMessage,
  TSendMessageRequest,
  TSendMessageResponse,
} from '../../../shared/contract/chat.ts';
import { sendToChat } from '../../api/chat.ts';
import { ApiError } from '../../api/client.ts';
import { realtime } from '../../api/realtime.ts';
import { reconnectDelay } from '../../api/reconnect.ts';

// The outbox of C-12: every text or gift gets its client id before it is sent and stays here, in
// localStorage, until the server acknowledges it (the answer comes only after commit). A dropped
// connection, a closed tab or an offline phone loses nothing: the entry is resent, with the same client id,
// after reconnecting or coming online, and the server answers a retry with the stored message instead of
// storing it twice.

export interface OutboxEntry {
  client_id: string;
  conversation_id: number;
  request: TSendMessageRequest;
  /** What the pending bubble shows of a gift while it waits. */
  gift?: { name: string; image_url: string } | null;
  created_at: string;
  /** A refusal the member must see (not a network failure, which is simply retried). */
  error?: { code: string; message: string } | null;
}

/** The server stored (or had already stored) a message of the outbox. */
export type SentListener = (entry: OutboxEntry, answer: TSendMessageResponse) => void;

const PREFIX = 'vonk.outbox.';

/**
 * Texts go over the real-time socket when it is open (one frame, answered after the commit); gifts, a
 * closed socket or a socket that could not say whether the message was stored go over HTTP, with the same
 * client id, so a message is stored once whichever way it arrived.
 */
async function deliver(entry: OutboxEntry): Promise<TSendMessageResponse> {
  if (entry.request.kind === 'text') {
    const viaSocket = realtime().sendText(entry.conversation_id, entry.client_id, entry.request.body);
    if (viaSocket) {
      try {
        return await viaSocket;
      } catch (err) {
        if (err instanceof ApiError) throw err;
      }
    }
  }
  return sendToChat(entry.conversation_id, entry.request);
}

/** Refusals worth another try later; every other 4xx is final for this message. */
function isTransient(err: unknown): boolean {
  if (!(err instanceof ApiError)) return true;
  return err.status >= 500 || err.status === 429 || err.status === 408;
}

export class Outbox {
  private entries: OutboxEntry[];
  private readonly listeners = new Set<() => void>();
  private flushing = false;
  private again = false;
  private attempt = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly sentListeners = new Set<SentListener>();

  private readonly key: string;
  private readonly storage: Storage | null;

  constructor(
    key: string,
    storage: Storage | null = typeof localStorage === 'undefined' ? null : localStorage,
  ) {
    this.key = key;
    this.storage = storage;
    this.entries = this.read();
  }

  /** The pending messages of one conversation, oldest first. */
  pending(conversationId: number): OutboxEntry[] {
    return this.entries.filter((e) => e.conversation_id === conversationId);
  }

  all(): readonly OutboxEntry[] {
    return this.entries;
  }

  onSent(fn: SentListener): () => void {
    this.sentListeners.add(fn);
    return () => this.sentListeners.delete(fn);
  }

  /**
   * Takes a refused entry out for good; the chat page calls it after putting the text back in the
   * composer and showing why (C-03: the typed text is kept).
   */
  discard(clientId: string) {
    this.remove(clientId);
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Puts a message in the outbox (persisted first) and starts sending. */
  add(entry: OutboxEntry) {
    this.entries = [...this.entries, entry];
    this.persist();
    void this.flush();
  }

  /** Another tab changed the outbox: take its copy. */
  reload() {
    this.entries = this.read();
    this.emit();
  }

  /** Sends every entry in order; stops at the first network failure and tries again later. */
  async flush(): Promise<void> {
    if (this.flushing) {
      this.again = true;
      return;
    }
    this.flushing = true;
    clearTimeout(this.retryTimer);
    try {
      do {
        this.again = false;
        for (const entry of [...this.entries]) {
          if (entry.error || !this.entries.some((e) => e.client_id === entry.client_id)) continue;
          try {
            const answer = await deliver(entry);
            // Listeners first: the stored message takes the pending bubble's place in the same render.
            for (const fn of this.sentListeners) fn(entry, answer);
            this.remove(entry.client_id);
            this.attempt = 0;
          } catch (err) {
            if (isTransient(err)) {
              this.scheduleRetry();
              return;
            }
            // Kept, marked, until the chat page hands the text back to the member with the reason.
            const error = { code: (err as ApiError).code, message: (err as ApiError).message };
            this.entries = this.entries.map((e) => (e.client_id === entry.client_id ? { ...e, error } : e));
            this.persist();
          }
        }
      } while (this.again);
    } finally {
      this.flushing = false;
    }
  }

  private scheduleRetry() {
    clearTimeout(this.retryTimer);
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return; // 'online' flushes
    this.retryTimer = setTimeout(() => void this.flush(), reconnectDelay(this.attempt++));
  }

  private remove(clientId: string) {
    this.entries = this.entries.filter((e) => e.client_id !== clientId);
    this.persist();
  }

  private read(): OutboxEntry[] {
    try {
      const raw = this.storage?.getItem(this.key);
      const list = raw ? (JSON.parse(raw) as unknown) : [];
      return Array.isArray(list) ? (list as OutboxEntry[]) : [];
    } catch {
      return [];
    }
  }

  private persist() {
    try {
      if (this.entries.length === 0) this.storage?.removeItem(this.key);
      else this.storage?.setItem(this.key, JSON.stringify(this.entries));
    } catch {
      // Storage full or blocked: the entry still lives in memory until it is sent.
    }
    this.emit();
  }

  private emit() {
    for (const fn of this.listeners) fn();
  }
}

const outboxes = new Map<number, Outbox>();

/** The outbox of the logged-in member in this browser, shared by every page of the tab. */
export function outboxFor(memberId: number): Outbox {
  let box = outboxes.get(memberId);
  if (!box) {
    const created = new Outbox(`${PREFIX}${memberId}`);
    box = created;
    outboxes.set(memberId, created);
    if (typeof window !== 'undefined') {
      addEventListener('online', () => void created.flush());
      addEventListener('storage', (e: StorageEvent) => {
        if (e.key === `${PREFIX}${memberId}`) created.reload();
      });
    }
  }
  return box;
}

/** The pending bubble of an outbox entry, shaped like a stored message (no id, no sequence). */
export function pendingMessage(entry: OutboxEntry, senderId: number): PendingMessage {
  return {
    client_id: entry.client_id,
    conversation_id: entry.conversation_id,
    sender_id: senderId,
    mine: true,
    kind: entry.request.kind,
    body: entry.request.kind === 'text' ? entry.request.body : null,
    photo: null,
    gift: entry.gift ? { code: '', ...entry.gift } : null,
    created_at: entry.created_at,
    pending: true,
  };
}

/** A message as the thread shows it: stored (id, seq) or still on its way (pending). */
export type ThreadMessage =
  | (TChatMessage & { pending?: false; progress?: undefined; failed?: undefined })
  | PendingMessage;
export type PendingMessage = Omit<TChatMessage, 'id' | 'seq'> & {
  id?: undefined;
  seq?: undefined;
  pending: true;
  /** Upload progress of a photo, 0..1. */
  progress?: number;
  /** Why it did not go (a photo that failed to upload). */
  failed?: string;
};
