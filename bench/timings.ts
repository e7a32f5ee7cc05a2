// `node bench/timings.ts`: the speeds that tests used to assert with a stopwatch (issue 20 item 6), each
// beside a baseline measured in the same run on the same machine, with the machine's load average:
// - geo: building the reverse-geocoding index, and one lookup (budget: under 1 ms; a test allowed 2);
// - demo: seeding 200 and 2,000 demo members on PGlite (budget: under 10 s each), against inserting as
//   many plain rows; rendering one demo portrait (budget: under 1 s), against encoding a blank WebP;
// - delivery: a message sent through instance 1 reaching a socket on instance 2 over Redis (budget: under
//   1 s), against a socket on instance 1. Needs PostgreSQL and Redis: DATABASE_URL (default
//   postgres://postgres@127.0.0.1:5432/postgres, a scratch database dropped afterwards) and REDIS_URL
//   (default redis://127.0.0.1:6379); BENCH_SKIP_DELIVERY=1 leaves it out.
// Prints JSON and merges it into bench/results/latest.json under "timings".
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { renderDemoPortrait } from '../src/server/demo/portraits.ts';
import { seedDemo } from '../src/server/demo/seed.ts';
import { seedDemoMembers } from '../src/server/demo/seed-members.ts';
import { createRedisBus } from '../src/server/platform/bus.ts';
import { distanceKm, reverseGeocode, warmGeoIndex } from '../src/server/platform/geo.ts';
import { connectSocket, listenOn, openChat, sendText, waitForBus } from '../src/server/test/chat.ts';
import { buildMember } from '../src/server/test/members.ts';
import { withScratchDatabase } from './search.ts';

const root = resolve(import.meta.dirname, '..');
const round = (x: number, digits = 2) => Number(x.toFixed(digits));
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
async function timed<T>(f: () => Promise<T> | T): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await f();
  return { ms: performance.now() - started, value };
}

function geo() {
  const stats = warmGeoIndex();
  const n = 10_000;
  const at = (i: number) => ({ lat: 36 + ((i * 7) % 30), lon: -10 + ((i * 13) % 40) + i / 1000 });
  let sink = 0;
  const lookups = performance.now();
  for (let i = 0; i < n; i++) sink += reverseGeocode(at(i).lat, at(i).lon) ? 1 : 0;
  const lookupMs = (performance.now() - lookups) / n;
  // Baseline: one great-circle distance per point, the arithmetic floor of any lookup.
  const base = performance.now();
  for (let i = 0; i < n; i++) sink += distanceKm(at(i), at(i + 1)) > 0 ? 0 : 1;
  const baselineMs = (performance.now() - base) / n;
  return {
    places: stats.places,
    index_build_ms: round(stats.buildMs, 0),
    lookups: n,
    lookup_ms: round(lookupMs, 4),
    baseline_distance_ms: round(baselineMs, 5),
    lookup_to_baseline_ratio: round(lookupMs / baselineMs, 1),
    found: sink > 0,
    budgets: { lookup_ms_max: 1 },
    within_budget: lookupMs < 1,
  };
}

/** Baseline of a seed: as many plain rows of about a member's width, in one statement, on the same database. */
async function plainRows(database: Database, n: number) {
  await database.db.execute(sql`create table bench_rows (id int primary key, body text)`);
  const plain = await timed(() =>
    database.db.execute(
      sql`insert into bench_rows select g, repeat(md5(g::text), 20) from generate_series(1, ${n}) g`,
    ),
  );
  return round(plain.ms / 1000, 3);
}

async function demo() {
  const seedInto = async (members: number) => {
    const database = await openDatabase({ dataDir: null });
    try {
      await database.migrate();
      const seeded = await timed(() => seedDemo(database.db, { withDemoMember: false, members }));
      return {
        seconds: round(seeded.ms / 1000),
        baseline_plain_rows_seconds: await plainRows(database, members),
      };
    } finally {
      await database.close();
    }
  };
  const seed200 = await seedInto(200);
  // 2,000 members on a seeded database, as the server's first start makes them.
  const database = await openDatabase({ dataDir: null });
  let seed2000: { seconds: number; added: number; baseline_plain_rows_seconds: number };
  try {
    await database.migrate();
    await seedDemo(database.db, { withDemoMember: false });
    const { ms, value } = await timed(() => seedDemoMembers(database.db, { count: 2000 }));
    seed2000 = {
      seconds: round(ms / 1000),
      added: value.added,
      baseline_plain_rows_seconds: await plainRows(database, 2000),
    };
  } finally {
    await database.close();
  }
  await renderDemoPortrait('demo-1-1-0123456789abcdef0123456789abcdef.webp'); // loads DiceBear
  const renders: number[] = [];
  const blanks: number[] = [];
  for (let i = 2; i < 12; i++) {
    renders.push(
      (await timed(() => renderDemoPortrait(`demo-${i}-2-0123456789abcdef0123456789abcdef.webp`))).ms,
    );
    const blank = sharp({ create: { width: 600, height: 800, channels: 3, background: '#c86' } });
    blanks.push((await timed(() => blank.webp().toBuffer())).ms);
  }
  const portrait = {
    renders: renders.length,
    p50_ms: round(percentile(renders, 50)),
    max_ms: round(Math.max(...renders)),
    baseline_blank_webp_p50_ms: round(percentile(blanks, 50)),
  };
  return {
    seed_200_members: seed200,
    seed_2000_members: seed2000,
    portrait,
    budgets: { seed_200_seconds_max: 10, seed_2000_seconds_max: 10, portrait_ms_max: 1000 },
    within_budget: seed200.seconds < 10 && seed2000.seconds < 10 && portrait.max_ms < 1000,
  };
}

/** Two app instances on one PostgreSQL and Redis; send-to-socket times to either instance's socket. */
async function delivery() {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const n = Number(process.env.BENCH_DELIVERY_MESSAGES ?? 100);
  return withScratchDatabase(serverUrl, 'vonk_timings_bench', async (database) => {
    await seedDemo(database.db);
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/vonk-bench', RATE_LIMIT_FACTOR: '1000' });
    const ns = randomBytes(4).toString('hex');
    const instances = await Promise.all(
      [1, 2].map(async () => {
        const redis = new Redis(redisUrl, { keyPrefix: `b${ns}:`, maxRetriesPerRequest: 1 });
        const bus = createRedisBus(redis, { channel: `vonk-bench:${ns}` });
        const app = await buildApp({ config, database, redis, bus });
        await app.ready();
        return { app, redis, base: await listenOn(app) };
      }),
    );
    const [one, two] = instances as [(typeof instances)[0], (typeof instances)[0]];
    try {
      const a = await buildMember(database.db, { paidUser: true, credits: 10 * n });
      const b = await buildMember(database.db, { paidUser: true });
      const id = await openChat(one.app, a, b);
      const near = await connectSocket(one.base, b.cookie);
      const far = await connectSocket(two.base, b.cookie);
      await waitForBus(one.app, b.id, far);
      const times = { near: [] as number[], far: [] as number[] };
      for (let i = 0; i < n + 10; i++) {
        const body = `bench ${i}`;
        const started = performance.now();
        const arrived = (s: typeof near) =>
          s.next('message', (e) => e.message.body === body, 10_000).then(() => performance.now() - started);
        const [, nearMs, farMs] = await Promise.all([
          sendText(one.app, a, id, body),
          arrived(near),
          arrived(far),
        ]);
        // The first ten warm up.
        if (i >= 10) {
          times.near.push(nearMs);
          times.far.push(farMs);
        }
      }
      near.socket.close();
      far.socket.close();
      const stats = (v: number[]) => ({ p50_ms: round(percentile(v, 50)), p99_ms: round(percentile(v, 99)) });
      const far99 = percentile(times.far, 99);
      return {
        messages: n,
        other_instance: stats(times.far),
        baseline_same_instance: stats(times.near),
        budgets: { other_instance_p99_ms_max: 1000 },
        within_budget: far99 < 1000,
      };
    } finally {
      for (const i of instances) {
        await i.app.close();
        i.redis.disconnect();
      }
    }
  });
}

const timings = {
  at: new Date().toISOString(),
  node: process.version,
  geo: geo(),
  demo: await demo(),
  delivery: process.env.BENCH_SKIP_DELIVERY ? null : await delivery(),
  load_average: loadavg().map((l) => round(l)),
};
const file = join(root, 'bench/results/latest.json');
const latest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(file, `${JSON.stringify({ ...latest, timings }, null, 2)}\n`);
console.log(JSON.stringify({ timings }, null, 2));
process.exit(0);
