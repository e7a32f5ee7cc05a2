// `node bench/chat-booking.ts`: what a chat send's credit booking costs and where it is best done (decision
// 0032, issue 22). Since migration 0032 every booking goes through the database function book_credits()
// (db/functions/book_credits.sql): chat_send() calls it for each paid send, the wallet's bookCredits with
// one select. On one database, closed loops of CONCURRENCY senders, one send per transaction, each way:
//   chat_send  chat_send() stores the message and books it through book_credits() (today): one round trip
//   unbooked   chat_send() stores the message free (cost 0): no booking at all, the cost of booking beside it
//   wallet     chat_send() stores the message free, then the wallet's bookCredits() books it in the same
//              transaction (begin, chat_send, savepoint, book_credits, release, commit): the way not taken
// Then one batch of PAIRS sends from as many senders (one round, as a busy server sends them), paid and
// unbooked: what a book_credits() call per paid send costs inside a large batch.
// BENCH_DATABASE_URL: PostgreSQL (a scratch database) instead of PGlite. Writes bench/results/chat-booking*.json.
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';
import { bookCredits } from '../src/server/features/accounts/index.ts';
import { numberSends } from '../src/server/features/chat/send-batch.ts';
import { memberPairs, scratchDatabase } from './chat-setup.ts';

const root = resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const PAIRS = 200;

const scratch = await scratchDatabase();
const { database } = scratch;
const db = database.db;
const senders = (await memberPairs(db, PAIRS)).pairs.map((p) => ({ id: p.a, conv: p.conversationId }));

function send(sender: { id: number; conv: number }, cost: number) {
  const clientId = randomUUID();
  return {
    sender: sender.id,
    conv: sender.conv,
    client_id: clientId,
    kind: 'text' as const,
    body: `b${clientId}`,
    gift_code: null,
    photo_filename: null,
    photo_thumb_filename: null,
    photo_width: null,
    photo_height: null,
    sent_by: 'member' as const,
    cost,
    reason: 'chat_message',
    gift_default: 0,
    free_limit: 0,
    created_at: new Date().toISOString(),
  };
}

function item(sender: { id: number; conv: number }, cost: number) {
  const one = send(sender, cost);
  return { clientId: one.client_id, json: JSON.stringify(numberSends([one])) };
}

const ways: Record<string, (tx: Db, sender: { id: number; conv: number }) => Promise<unknown>> = {
  chat_send: (d, s) => d.execute(sql`select chat_send(${item(s, 1).json}::json)`),
  unbooked: (d, s) => d.execute(sql`select chat_send(${item(s, 0).json}::json)`),
  wallet: (d, s) =>
    d.transaction(async (tx) => {
      const { json, clientId } = item(s, 0);
      await tx.execute(sql`select chat_send(${json}::json)`);
      await bookCredits(tx, s.id, -1, { reason: 'chat_message', reference: clientId });
    }),
};

async function rate(way: (d: Db, s: { id: number; conv: number }) => Promise<unknown>) {
  for (let i = 0; i < 100; i++) await way(db, senders[i % PAIRS] as (typeof senders)[number]);
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async (_, s) => {
      for (let i = s; performance.now() < until; i += CONCURRENCY) {
        await way(db, senders[i % PAIRS] as (typeof senders)[number]);
        done++;
      }
    }),
  );
  return Math.round(done / SECONDS);
}

const loadAtStart = loadavg().map((l) => Number(l.toFixed(2)));
const rates: Record<string, number> = {};
// Twice each, alternating, so a passing load on the shared machine hits both ways.
for (const round of [1, 2]) {
  for (const [name, way] of Object.entries(ways)) {
    const r = await rate(way);
    rates[name] = Math.max(rates[name] ?? 0, r);
    process.stderr.write(`booking bench: ${name} (round ${round}) ${r}/s\n`);
  }
}
// A full batch as a busy server sends it: one chat_send() of PAIRS sends from as many senders (one round),
// paid (a book_credits() call per send) and unbooked, alternating; the median time of each.
const batchOf = (cost: number) => JSON.stringify(numberSends(senders.map((s) => send(s, cost))));
const batchMs: Record<string, number[]> = { chat_send: [], unbooked: [] };
for (let k = 0; k < 33; k++) {
  for (const [name, cost] of [
    ['chat_send', 1],
    ['unbooked', 0],
  ] as const) {
    const json = batchOf(cost);
    const started = performance.now();
    await db.execute(sql`select chat_send(${json}::json)`);
    if (k >= 3) batchMs[name]?.push(performance.now() - started);
  }
}
const median = (values: number[] = []) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? 0;
const batch = { chat_send: median(batchMs.chat_send), unbooked: median(batchMs.unbooked) };
const result = {
  at: new Date().toISOString(),
  database: database.driver,
  concurrency: CONCURRENCY,
  duration_seconds: SECONDS,
  sends_per_second: rates,
  chat_send_to_unbooked_ratio: Number(((rates.chat_send ?? 0) / (rates.unbooked ?? 1)).toFixed(3)),
  wallet_to_chat_send_ratio: Number(((rates.wallet ?? 0) / (rates.chat_send ?? 1)).toFixed(3)),
  [`batch_of_${PAIRS}_median_ms`]: {
    chat_send: Number(batch.chat_send.toFixed(2)),
    unbooked: Number(batch.unbooked.toFixed(2)),
  },
  booking_in_a_batch_us_per_send: Number((((batch.chat_send - batch.unbooked) * 1000) / PAIRS).toFixed(1)),
  load_average_at_start: loadAtStart,
  load_average: loadavg().map((l) => Number(l.toFixed(2))),
};
await scratch.drop();
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = database.driver === 'pg' ? 'chat-booking-pg.json' : 'chat-booking.json';
writeFileSync(join(root, 'bench/results', file), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
process.exit(0);
