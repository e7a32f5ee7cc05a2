import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { MessageRow } from './queries.ts';
import type { ChatRefusal } from './refusals.ts';

/**
 * Group commit for chat sends (decision 0013). Sends that arrive while a batch is in the database wait
 * for it and then go in together: one call of `chat_send` (migration 0022), one transaction, one
 * commit for all of them. Each message is checked completely before its first write, so one refused
 * message never takes its neighbours down, and the database function is the only place a send is written.
 * A lone send goes in at once: batching adds no wait, it only soaks up what queues behind a busy database.
 */

export interface BatchItem {
  sender: number;
  conv: number;
  client_id: string;
  kind: 'text' | 'gift' | 'photo';
  body: string | null;
  gift_code: string | null;
  photo_filename: string | null;
  photo_thumb_filename: string | null;
  photo_width: number | null;
  photo_height: number | null;
  sent_by: 'member' | 'operator';
  /** Credits of a text or photo; gifts use their catalogue price or `gift_default`. */
  cost: number;
  reason: string;
  gift_default: number;
  free_limit: number;
  created_at: string;
  /** A socket's send: its session, whose standing chat_send() checks with the write (else not checked). */
  session_id?: number | null;
}

/** What `chat_send()` refuses a send for: a key of the one table of chat refusals (refusals.ts). */
export type BatchError = ChatRefusal;

export type BatchOutcome =
  | {
      status: 'ok' | 'duplicate';
      row: MessageRow;
      credits: number;
      spent: number;
      freeLeft: number | null;
      /** For a stored message: the recipient, their language and unread total after this batch. */
      recipient: { id: number; language: string; unread: number } | null;
    }
  | { status: 'error'; error: BatchError; required?: number };

interface RawOutcome {
  ord: number;
  status: 'ok' | 'duplicate' | 'error';
  error?: BatchError;
  required?: number;
  /** A duplicate's stored row (snake_case keys). */
  row?: Record<string, unknown>;
  /** A stored message's id and sequence number; the rest of its row is what was sent. */
  id?: number;
  seq?: number;
  credits?: number;
  spent?: number;
  free_left?: number | null;
  recipient?: number;
  recipient_language?: string;
}

/** At most this many sends share one transaction. */
const MAX_BATCH = 200;
/** Deadlock, serialization failure, unique key (a twin of a message raced in from another instance). */
const RETRYABLE = new Set(['40P01', '40001', '23505']);

const camelKeys = new Map<string, string>();
const camel = (key: string) => {
  let name = camelKeys.get(key);
  if (name === undefined) {
    name = key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
    camelKeys.set(key, name);
  }
  return name;
};

/** The row of a message just stored: what was sent, with the id, sequence and credits the database gave it. */
function storedRow(item: BatchItem, id: number, seq: number, spent: number): MessageRow {
  return {
    id,
    conversationId: item.conv,
    seq,
    senderId: item.sender,
    sentBy: item.sent_by,
    kind: item.kind,
    body: item.body,
    photoFilename: item.photo_filename,
    photoThumbFilename: item.photo_thumb_filename,
    photoWidth: item.photo_width,
    photoHeight: item.photo_height,
    giftCode: item.gift_code,
    clientId: item.client_id,
    creditsSpent: spent,
    createdAt: new Date(item.created_at),
  };
}

/** A stored row as the database function gives it (a duplicate's). */
function toMessageRow(raw: Record<string, unknown>): MessageRow {
  const row = Object.fromEntries(Object.entries(raw).map(([k, v]) => [camel(k), v])) as Record<
    string,
    unknown
  >;
  row.createdAt = new Date(String(raw.created_at));
  return row as unknown as MessageRow;
}

function codeOf(err: unknown): string | undefined {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (typeof e.code === 'string') return e.code;
  }
  return undefined;
}

/**
 * Numbers the sends for `chat_send` (migrations 0019, 0022): `ord` is the send's place in the batch; `round`
 * cuts the batch so that no sender and no conversation appears twice in a round, each send coming in a
 * later round than every earlier send of its sender or conversation. One round is one statement, so a
 * batch of sends from different members to different conversations (the usual case) is one statement.
 */
export function numberSends(items: BatchItem[]) {
  const lastOfSender = new Map<number, number>();
  const lastOfConv = new Map<number, number>();
  return items.map((item, ord) => {
    const round = Math.max(lastOfSender.get(item.sender) ?? 0, lastOfConv.get(item.conv) ?? 0) + 1;
    lastOfSender.set(item.sender, round);
    lastOfConv.set(item.conv, round);
    return { ...item, ord, round };
  });
}

async function callBatch(db: Db, items: BatchItem[]) {
  const numbered = JSON.stringify(numberSends(items));
  const result = await db.execute(sql`select chat_send(${numbered}::json) as r`);
  const rows = (result as unknown as { rows: { r: unknown }[] }).rows;
  const r = rows[0]?.r;
  return (typeof r === 'string' ? JSON.parse(r) : r) as {
    rounds: RawOutcome[][];
    unread: Record<string, number>;
  };
}

async function runBatch(db: Db, items: BatchItem[]): Promise<BatchOutcome[]> {
  let answer: Awaited<ReturnType<typeof callBatch>> | undefined;
  for (let attempt = 1; !answer; attempt++) {
    try {
      answer = await callBatch(db, items);
    } catch (err) {
      if (attempt >= 5 || !RETRYABLE.has(codeOf(err) ?? '')) throw err;
    }
  }
  const { unread } = answer;
  const byOrd: RawOutcome[] = [];
  for (const round of answer.rounds) for (const raw of round) byOrd[raw.ord] = raw;
  return items.map((item, ord): BatchOutcome => {
    const raw = byOrd[ord];
    if (!raw) throw new Error(`chat_send gave no answer for send ${ord}`);
    let row: MessageRow;
    if (raw.status === 'ok' && raw.id !== undefined && raw.seq !== undefined) {
      row = storedRow(item, raw.id, raw.seq, raw.spent ?? 0);
    } else if (raw.status === 'duplicate' && raw.row) {
      row = toMessageRow(raw.row);
    } else {
      return { status: 'error', error: raw.error ?? 'not_found', required: raw.required };
    }
    return {
      status: raw.status,
      row,
      credits: raw.credits ?? 0,
      spent: raw.spent ?? 0,
      freeLeft: raw.free_left ?? null,
      recipient:
        raw.recipient === undefined
          ? null
          : {
              id: raw.recipient,
              language: raw.recipient_language ?? '',
              unread: unread[String(raw.recipient)] ?? 0,
            },
    };
  });
}

interface Waiting {
  item: BatchItem;
  resolve: (outcome: BatchOutcome) => void;
  reject: (err: unknown) => void;
}

class SendBatcher {
  private queue: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly db: Db;
  private readonly maxInFlight: number;

  constructor(db: Db, maxInFlight: number) {
    this.db = db;
    this.maxInFlight = maxInFlight;
  }

  submit(item: BatchItem) {
    return new Promise<BatchOutcome>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      // Start after this turn of the event loop: every send whose request was read in it joins the batch
      // (an embedded database runs on this thread, so nothing else would ever queue behind it).
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  /** Starts batches while there are sends waiting and a connection for them. */
  private pump() {
    while (this.inFlight < this.maxInFlight && this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      this.inFlight++;
      void this.settle(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async settle(batch: Waiting[]): Promise<void> {
    try {
      const outcomes = await runBatch(
        this.db,
        batch.map((w) => w.item),
      );
      batch.forEach((w, i) => {
        w.resolve(outcomes[i] as BatchOutcome);
      });
    } catch (err) {
      // A batch that failed as a whole: alone, each send gets its own answer (one bad send can't sink
      // the others).
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      for (const w of batch) await this.settle([w]);
    }
  }
}

const batchers = new WeakMap<Db, SendBatcher>();

/**
 * How many batches may be in the database at once: one on the embedded database (it has one
 * connection), a few on a server, so one batch's commit (its disk flush) overlaps the next one's work.
 * Batches lock conversations, then senders, each in id order, so they never wait on each other in a circle.
 */
export function configureSendBatches(db: Db, maxInFlight: number) {
  batchers.set(db, new SendBatcher(db, maxInFlight));
}

/** Stores one send through its database's batcher; resolves after the commit. */
export function submitSend(db: Db, item: BatchItem) {
  let batcher = batchers.get(db);
  if (!batcher) {
    batcher = new SendBatcher(db, 1);
    batchers.set(db, batcher);
  }
  return batcher.submit(item);
}
