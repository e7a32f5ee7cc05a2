// `node bench/chat-booking.ts`: what moving a chat send's credit booking out of chat_send() into the
// wallet's bookCredits would cost (decision 0032; issue 22). On one database, closed loops of
// CONCURRENCY senders, one send per transaction, each way:
//   inline     chat_send() books the credits itself (today): one round trip
//   wallet     chat_send() stores the message free, then bookCredits() books it in the same transaction
//              (begin, chat_send, ledger look-up, balance update, ledger insert, commit): six round trips
//   function   chat_send() stores the message free and a PL/pgSQL booking function (what bookCredits does,
//              as one function wallet.ts could call too) books it in the same statement: one round trip
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

function item(sender: { id: number; conv: number }, cost: number) {
  const clientId = randomUUID();
  return {
    clientId,
    json: JSON.stringify(
      numberSends([
        {
          sender: sender.id,
          conv: sender.conv,
          client_id: clientId,
          kind: 'text',
          body: `b${clientId}`,
          gift_code: null,
          photo_filename: null,
          photo_thumb_filename: null,
          photo_width: null,
          photo_height: null,
          sent_by: 'member',
          cost,
          reason: 'chat_message',
          gift_default: 0,
          free_limit: 0,
          created_at: new Date().toISOString(),
        },
      ]),
    ),
  };
}

// The booking of wallet.ts as a database function (a sketch for the measurement: not in the migrations).
await db.execute(
  sql.raw(`
  CREATE FUNCTION bench_book_credits(p_user int, p_amount int, p_reason text, p_ref text) RETURNS int
  LANGUAGE plpgsql AS $$
  DECLARE v int;
  BEGIN
    SELECT balance_after INTO v FROM credit_ledger
      WHERE user_id = p_user AND reason = p_reason AND reference = p_ref;
    IF FOUND THEN RETURN v; END IF;
    UPDATE users SET credits = credits + p_amount
      WHERE id = p_user AND (p_amount > 0 OR credits >= -p_amount) RETURNING credits INTO v;
    IF NOT FOUND THEN RAISE EXCEPTION 'insufficient_credits'; END IF;
    INSERT INTO credit_ledger (user_id, amount, balance_after, reason, reference)
      VALUES (p_user, p_amount, v, p_reason, p_ref);
    RETURN v;
  END $$`),
);

const ways: Record<string, (tx: Db, sender: { id: number; conv: number }) => Promise<unknown>> = {
  inline: (d, s) => d.execute(sql`select chat_send(${item(s, 1).json}::json)`),
  wallet: (d, s) =>
    d.transaction(async (tx) => {
      const { json, clientId } = item(s, 0);
      await tx.execute(sql`select chat_send(${json}::json)`);
      await bookCredits(tx as unknown as Db, s.id, -1, { reason: 'chat_message', reference: clientId });
    }),
  function: (d, s) => {
    const { json, clientId } = item(s, 0);
    return d.execute(
      sql`select chat_send(${json}::json), bench_book_credits(${s.id}, -1, 'chat_message', ${clientId})`,
    );
  },
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
const result = {
  at: new Date().toISOString(),
  database: database.driver,
  concurrency: CONCURRENCY,
  duration_seconds: SECONDS,
  sends_per_second: rates,
  wallet_to_inline_ratio: Number(((rates.wallet ?? 0) / (rates.inline ?? 1)).toFixed(3)),
  function_to_inline_ratio: Number(((rates.function ?? 0) / (rates.inline ?? 1)).toFixed(3)),
  load_average_at_start: loadAtStart,
  load_average: loadavg().map((l) => Number(l.toFixed(2))),
};
await scratch.drop();
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = database.driver === 'pg' ? 'chat-booking-pg.json' : 'chat-booking.json';
writeFileSync(join(root, 'bench/results', file), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
process.exit(0);
