// The server side of the chat benchmark (bench/chat.ts), in its own process:
//   node bench/chat-server.ts vonk <pairs>   the real app on PGlite (or BENCH_DATABASE_URL's server, in a
//                                            scratch database), with 2 x pairs members in pairs, logged in
//   node bench/chat-server.ts relay          a bare `ws` relay: a frame { to, body } goes to socket `to`
// It answers over IPC: { address, members } once listening, { rss, heap } when asked ('memory'), and the
// SQL floor's rates when asked ({ floor }): the writes of one send as bare SQL on the app's own database.
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { WebSocketServer } from 'ws';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Db } from '../src/server/db/client.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { profiles, sessions, sites, users } from '../src/server/db/schema.ts';
import { seedDemo } from '../src/server/demo/seed.ts';
import { insertConversation } from '../src/server/features/chat/queries.ts';
import { hashToken, SESSION_COOKIE } from '../src/server/platform/session.ts';

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

/** Closed loops of `n` concurrent senders for each level, as bench/chat.ts drives the app: sends a second. */
async function floorRates(
  db: Db,
  senders: { id: number; conversationId: number }[],
  levels: number[],
  seconds: number,
): Promise<Record<string, number>> {
  const rates: Record<string, number> = {};
  for (let i = 0; i < 200; i++) await floorSend(db, senders[i % senders.length] as (typeof senders)[number]);
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
  let url: string | undefined;
  if (process.env.BENCH_DATABASE_URL) {
    const name = `vonk_bench_${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(process.env.BENCH_DATABASE_URL);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'vonk-bench-chat-'));
  const database = await openDatabase({ url, dataDir });
  await database.migrate();
  await seedDemo(database.db, { withDemoMember: false });
  const db = database.db;
  const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: pairs * 2 }, (_, i) => ({
        siteId: site?.id ?? 1,
        email: `bench-${i}-${randomBytes(3).toString('hex')}@bench.test`,
        passwordHash: 'x',
        status: 'confirmed' as const,
        signupStep: 6,
        paidUser: true,
        credits: 1_000_000,
      })),
    )
    .returning({ id: users.id });
  await db.insert(profiles).values(
    rows.map((r, i) => ({
      userId: r.id,
      name: `Bench${i}`,
      dateOfBirth: '1990-01-01',
      gender: i % 2 ? 'male' : 'female',
      country: 'NL',
      status: 'active' as const,
    })),
  );
  const tokens = rows.map(() => randomBytes(32).toString('base64url'));
  await db.insert(sessions).values(
    rows.map((r, i) => ({
      tokenHash: hashToken(tokens[i] ?? ''),
      userId: r.id,
      expiresAt: new Date(Date.now() + 86_400_000),
    })),
  );
  const members: { id: number; cookie: string; conversationId: number; partner: number }[] = [];
  for (let p = 0; p < pairs; p++) {
    const a = rows[2 * p]?.id ?? 0;
    const b = rows[2 * p + 1]?.id ?? 0;
    const id = (await db.transaction((tx) => insertConversation(tx, a, b, new Date()))) ?? 0;
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
    await database.close();
    if (url && process.env.BENCH_DATABASE_URL) {
      const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
      await admin.end();
    }
    process.exit(0);
  });
  process.send?.({ address, members, driver: database.driver });
}
