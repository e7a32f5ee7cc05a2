// `node bench/chat.ts`: the chat budget of DESIGN.md §8 and issues 8 and 22. 1,000 sockets (500 pairs) on
// one process; member A of a pair sends over its socket (each message is a database transaction), B's
// socket receives it. Measured: send-to-delivery p50/p99 at a steady rate, the highest rate held by
// closed-loop senders, and the yardstick (issue 22): the SQL floor, the same writes of one send (message,
// sequence, unread, ledger, balance) as one bare statement through the same driver on the same database,
// in the same run, with the same closed-loop concurrency (`rate_to_sql_floor_ratio`); beside it the bare
// `ws` relay (no database at all), plus memory per connected socket and the load average.
// Writes bench/results/chat.json (chat-pg.json on PostgreSQL). BENCH_DATABASE_URL: PostgreSQL instead of
// PGlite.
import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { WebSocket } from 'ws';
import { REALTIME } from '../src/shared/contract/realtime.ts';

const root = resolve(import.meta.dirname, '..');
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PAIRS = Number(process.env.BENCH_CHAT_PAIRS ?? 500);
const STEADY_RATE = Number(process.env.BENCH_CHAT_RATE ?? 50);
// The highest rate held: closed loops of this many concurrent senders each (one message in flight per
// sender), the best of them; the bare relay gets the same levels and its best.
const SENDER_LEVELS = (process.env.BENCH_CHAT_SENDERS ?? '50,200,500').split(',').map(Number);

interface Member {
  id: number;
  cookie: string;
  conversationId: number;
  partner: number;
}
interface Started {
  child: ChildProcess;
  address: string;
  members: Member[];
  driver?: string;
}

async function start(args: string[]): Promise<Started> {
  const child = fork(join(root, 'bench/chat-server.ts'), args, {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // BENCH_CPU_PROF=<dir>: a CPU profile of each server process, to see where a send's time goes.
    execArgv: [
      ...process.execArgv,
      '--expose-gc',
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
  });
  const m = await new Promise<Omit<Started, 'child'>>((ok, fail) => {
    child.once('message', (msg: Omit<Started, 'child'>) => ok(msg));
    child.once('exit', (code) => fail(new Error(`chat server exited with ${code}`)));
  });
  return { ...m, child };
}

const memoryOf = (child: ChildProcess) =>
  new Promise<{ rss: number; heap: number }>((ok) => {
    child.once('message', (msg: { memory: { rss: number; heap: number } }) => ok(msg.memory));
    child.send('memory');
  });

function percentile(values: number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Number((sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0).toFixed(2));
}

/** Sockets that resolve a waiting send when its body arrives. */
function receiver() {
  const waiting = new Map<string, () => void>();
  const onFrame = (data: unknown) => {
    const frame = JSON.parse(String(data)) as {
      type: string;
      body?: string;
      message?: { body: string | null; mine: boolean };
      error?: unknown;
    };
    if (frame.type === 'nack') throw new Error(`send refused: ${JSON.stringify(frame)}`);
    // Delivery is the recipient's copy (the sender's own tabs get one with mine: true).
    const body =
      frame.type !== 'message'
        ? undefined
        : frame.message
          ? frame.message.mine
            ? null
            : frame.message.body
          : frame.body;
    if (body) {
      waiting.get(body)?.();
      waiting.delete(body);
    }
  };
  const wait = (body: string) => new Promise<void>((ok) => waiting.set(body, ok));
  return { onFrame, wait };
}

async function openSockets(urls: { url: string; cookie?: string }[], onFrame: (d: unknown) => void) {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < urls.length; i += 100) {
    const batch = urls.slice(i, i + 100).map(
      ({ url, cookie }) =>
        new Promise<WebSocket>((ok, fail) => {
          const ws = new WebSocket(url, cookie ? { headers: { cookie } } : {});
          ws.on('message', onFrame);
          ws.once('open', () => ok(ws));
          ws.once('error', fail);
        }),
    );
    sockets.push(...(await Promise.all(batch)));
  }
  return sockets;
}

// ---------------------------------------------------------------- Vonk
const progress = (what: string) => process.stderr.write(`chat bench: ${what}\n`);
const loadAtStart = loadavg().map((l) => Number(l.toFixed(2)));
progress('starting the app');
const vonk = await start(['vonk', String(PAIRS)]);
const before = await memoryOf(vonk.child);
const rx = receiver();
const wsBase = vonk.address.replace(/^http/, 'ws');
const sockets = await openSockets(
  vonk.members.map((m) => ({ url: `${wsBase}${REALTIME.path}?v=${REALTIME.version}`, cookie: m.cookie })),
  rx.onFrame,
);
const after = await memoryOf(vonk.child);

// Sends go over the sender's socket (as the web app sends text when its socket is open) or, with
// BENCH_CHAT_VIA=http, as POST /api/chats/:id/messages. Either way the time is send to delivery at B.
const VIA = process.env.BENCH_CHAT_VIA === 'http' ? 'http' : 'ws';
const socketOf = new Map(vonk.members.map((m, i) => [m.id, sockets[i] as WebSocket]));
async function send(sender: Member): Promise<number> {
  const body = `b${randomUUID()}`;
  const delivered = rx.wait(body);
  const started = performance.now();
  if (VIA === 'ws') {
    socketOf.get(sender.id)?.send(
      JSON.stringify({
        type: 'send',
        conversation_id: sender.conversationId,
        client_id: randomUUID(),
        body,
      }),
    );
  } else {
    const res = await fetch(`${vonk.address}/api/chats/${sender.conversationId}/messages`, {
      method: 'POST',
      headers: { cookie: sender.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'text', client_id: randomUUID(), body }),
    });
    if (res.status !== 201) throw new Error(`send: ${res.status} ${await res.text()}`);
  }
  await delivered;
  return performance.now() - started;
}
const senders = vonk.members.filter((_, i) => i % 2 === 0);
const pick = (i: number) => senders[i % senders.length] as Member;

// Warm-up, then a steady rate: one send every 1/rate s, latencies of all.
progress('warm-up');
for (let i = 0; i < 200; i++) await send(pick(i));
progress('steady rate');
const steady: number[] = [];
const pendingSends: Promise<void>[] = [];
const total = STEADY_RATE * SECONDS;
const t0 = performance.now();
for (let i = 0; i < total; i++) {
  const due = t0 + (i * 1000) / STEADY_RATE;
  const wait = due - performance.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  pendingSends.push(send(pick(i)).then((ms) => void steady.push(ms)));
}
await Promise.all(pendingSends);

async function closedLoop(one: (i: number) => Promise<unknown>, senders: number): Promise<number> {
  let done = 0;
  const until = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: senders }, async (_, s) => {
      for (let i = s; performance.now() < until; i += senders) {
        await one(i);
        done++;
      }
    }),
  );
  return Math.round(done / SECONDS);
}
async function levels(one: (i: number) => Promise<unknown>): Promise<Record<string, number>> {
  const rates: Record<string, number> = {};
  for (const n of SENDER_LEVELS) {
    progress(`closed loop, ${n} senders`);
    rates[n] = await closedLoop(one, n);
  }
  return rates;
}
/** The SQL floor's closed loop of `n` senders, run in the server process on the app's own database. */
const floorLevel = (n: number) =>
  new Promise<number>((ok) => {
    const onMessage = (msg: { floorRates?: Record<string, number> }) => {
      if (!msg.floorRates) return;
      vonk.child.off('message', onMessage);
      ok(msg.floorRates[n] ?? 0);
    };
    vonk.child.on('message', onMessage);
    vonk.child.send({ floor: { levels: [n], seconds: SECONDS } });
  });
// Each level: Vonk, then the floor (the app idle, its sockets open) right after, so a load that comes and
// goes on a shared machine weighs on both alike.
const vonkRates: Record<string, number> = {};
const floorRates: Record<string, number> = {};
for (const n of SENDER_LEVELS) {
  progress(`closed loop, ${n} senders, then the SQL floor`);
  vonkRates[n] = await closedLoop((i) => send(pick(i)), n);
  floorRates[n] = await floorLevel(n);
}
const vonkRate = Math.max(...Object.values(vonkRates));
const floorRate = Math.max(...Object.values(floorRates));
for (const s of sockets) s.terminate();
vonk.child.send('stop');

// ---------------------------------------------------------------- bare ws relay
progress('bare relay');
const relay = await start(['relay']);
const rrx = receiver();
const relaySockets = await openSockets(
  Array.from({ length: PAIRS * 2 }, (_, i) => ({ url: `${relay.address}/?id=${i}` })),
  rrx.onFrame,
);
const relayOne = async (i: number) => {
  const from = (i % PAIRS) * 2;
  const body = `r${randomUUID()}`;
  const delivered = rrx.wait(body);
  relaySockets[from]?.send(JSON.stringify({ to: from + 1, body }));
  await delivered;
};
for (let i = 0; i < 200; i++) await relayOne(i);
const relayRates = await levels(relayOne);
const relayRate = Math.max(...Object.values(relayRates));
for (const s of relaySockets) s.terminate();
relay.child.kill();

const result = {
  at: new Date().toISOString(),
  node: process.version,
  database: vonk.driver,
  sent_via: VIA,
  closed_loop_senders: SENDER_LEVELS,
  sockets: sockets.length,
  pairs: PAIRS,
  duration_seconds: SECONDS,
  steady: {
    rate_per_second: STEADY_RATE,
    messages: steady.length,
    p50_ms: percentile(steady, 50),
    p99_ms: percentile(steady, 99),
  },
  highest_rate_held_per_second: vonkRate,
  sql_floor_rate_per_second: floorRate,
  bare_ws_relay_rate_per_second: relayRate,
  rate_by_senders: { vonk: vonkRates, sql_floor: floorRates, bare_ws_relay: relayRates },
  load_average_at_start: loadAtStart,
  load_average: loadavg().map((l) => Number(l.toFixed(2))),
  rate_to_sql_floor_ratio: Number((vonkRate / floorRate).toFixed(3)),
  rate_to_bare_relay_ratio: Number((vonkRate / relayRate).toFixed(3)),
  memory_per_socket_kb: Number(((after.rss - before.rss) / sockets.length / 1024).toFixed(1)),
  heap_per_socket_kb: Number(((after.heap - before.heap) / sockets.length / 1024).toFixed(1)),
  budgets: { p99_ms_max: 15, rate_to_sql_floor_ratio_min: 0.5 },
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
const file = vonk.driver === 'pg' ? 'chat-pg.json' : 'chat.json';
writeFileSync(join(root, 'bench/results', file), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
process.exit(0);
