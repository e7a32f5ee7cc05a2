// The server side of the chat benchmark (bench/chat.ts), in its own process:
//   node bench/chat-server.ts vonk <pairs>   the real app on PGlite (or BENCH_DATABASE_URL's server, in a
//                                            scratch database), with 2 x pairs members in pairs, logged in
//   node bench/chat-server.ts relay          a bare `ws` relay: a frame { to, body } goes to socket `to`
// It answers over IPC: { address, members } once listening, { rss, heap } when asked ('memory'), and the
// SQL floor's rates when asked ({ floor }): the writes of one send as bare SQL on the app's own database.
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import { sql } from 'drizzle-orm';
import { WebSocketServer } from 'ws';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Db } from '../src/server/db/client.ts';
import { sessions } from '../src/server/db/schema.ts';
import { hashToken, SESSION_COOKIE } from '../src/server/platform/session.ts';
import { memberPairs, scratchDatabase } from './chat-setup.ts';

const kind = process.argv[2];
const gc = (globalThis as { gc?: () => void }).gc;
const memory = () => {
  gc?.();
  const m = process.memoryUsage();
  return { rss: m.rss, heap: m.heapUsed };
};
process.on('message', (msg) => {
  if (msg === 'memory') process.send?.({ memory: memory() });
});
process.on('SIGINT', () => process.exit(0));

/**
 * The floor under a send (issue 22): the same writes one send makes (the message, its conversation's
 * sequence, both sides' unread and read positions, the ledger row and the balance) as one bare statement
 * through the same driver, autocommitted: what the database alone costs per message, no app around it.
 */
function floorSend(db: Db, sender: { id: number; conversationId: number }) {
  const clientId = randomUUID();
  return db.execute(sql`
    with c as (
      update conversations set last_seq = last_seq + 1 where id = ${sender.conversationId} returning last_seq
    ), u as (
      update users set credits = credits - 1 where id = ${sender.id} and credits >= 1 returning credits
    ), l as (
      insert into credit_ledger (user_id, amount, balance_after, reason, reference)
        select ${sender.id}, -1, u.credits, 'chat_message', ${clientId} from u
    ), m as (
      insert into messages (conversation_id, seq, sender_id, sent_by, kind, body, client_id, credits_spent)
        select ${sender.conversationId}, c.last_seq, ${sender.id}, 'member', 'text', ${`f${clientId}`},
               ${clientId}, 1 from c
    ), s as (
      update conversation_members cm set
          read_seq = case when cm.member_id = ${sender.id} then c.last_seq else cm.read_seq end,
          unread = case when cm.member_id = ${sender.id} then 0 else cm.unread + 1 end,
          last_activity_at = now(), deleted_at = null
        from c where cm.conversation_id = ${sender.conversationId}
    )
    select c.last_seq, u.credits from c, u`);
}

let floorWarm = false;

/** Closed loops of `n` concurrent senders for each level, as bench/chat.ts drives the app: sends a second. */
async function floorRates(
  db: Db,
  senders: { id: number; conversationId: number }[],
  levels: number[],
  seconds: number,
): Promise<Record<string, number>> {
  const rates: Record<string, number> = {};
  if (!floorWarm)
    for (let i = 0; i < 200; i++)
      await floorSend(db, senders[i % senders.length] as (typeof senders)[number]);
  floorWarm = true;
  for (const n of levels) {
    let done = 0;
    const until = performance.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: n }, async (_, s) => {
        for (let i = s; performance.now() < until; i += n) {
          await floorSend(db, senders[i % senders.length] as (typeof senders)[number]);
          done++;
        }
      }),
    );
    rates[n] = Math.round(done / seconds);
  }
  return rates;
}

if (kind === 'relay') {
  const server = createServer();
  const wss = new WebSocketServer({ server });
  const sockets = new Map<number, import('ws').WebSocket>();
  wss.on('connection', (socket, req) => {
    const id = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('id'));
    sockets.set(id, socket);
    socket.on('message', (data) => {
      const { to, body } = JSON.parse(String(data)) as { to: number; body: string };
      sockets.get(to)?.send(JSON.stringify({ type: 'message', body }));
      socket.send(JSON.stringify({ type: 'ack', body }));
    });
    socket.on('close', () => sockets.delete(id));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const a = server.address();
  process.send?.({ address: `ws://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`, members: [] });
} else {
  const pairs = Number(process.argv[3] ?? 500);
  const scratch = await scratchDatabase();
  const { database, dataDir } = scratch;
  const db = database.db;
  const made = await memberPairs(db, pairs);
  const rows = made.ids.map((id) => ({ id }));
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  await db.insert(sessions).values(
    rows.map((r, i) => ({
      tokenHash: hashToken(tokens[i] ?? ''),
      userId: r.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
  const members: { id: number; cookie: string; conversationId: number; partner: number }[] = [];
  for (const [p, { a, b, conversationId: id }] of made.pairs.entries()) {
    members.push({
      id: a,
      cookie: `${SESSION_COOKIE}=${tokens[2 * p]}`,
      conversationId: id,
      partner: 2 * p + 1,
    });
    members.push({
      id: b,
      cookie: `${SESSION_COOKIE}=${tokens[2 * p + 1]}`,
      conversationId: id,
      partner: 2 * p,
    });
  }
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '100000000',
    // bench/sync-flood.ts keeps the members' own limits as shipped (1): its attack stays inside them.
    RATE_LIMIT_FACTOR: process.env.BENCH_RATE_LIMIT_FACTOR ?? '100000',
    REDIS_URL: '',
  });
  const app = await buildApp({ config: { ...config, logLevel: 'silent' }, database });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.on('message', async (msg) => {
    if (typeof msg === 'object' && msg !== null && 'floor' in msg) {
      const { levels, seconds } = (msg as { floor: { levels: number[]; seconds: number } }).floor;
      const senders = members.filter((_, i) => i % 2 === 0);
      process.send?.({ floorRates: await floorRates(db, senders, levels, seconds) });
      return;
    }
    if (msg !== 'stop') return;
    await app.close();
    await scratch.drop();
    process.exit(0);
  });
  process.send?.({ address, members, driver: database.driver });
}
