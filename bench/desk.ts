// The chat desk's queue budget (issue 23, O-05): with 10,000 conversations waiting for a fictional
// profile's answer on PostgreSQL, the queue (its page of the oldest 100 with the count, as GET
// /api/admin/desk/queue reads them) answers with p99 <= 10 ms. Seeds a scratch database on the server of
// DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards) by set-based
// statements: members on two sites in several languages (some banned), fictional profiles, one
// conversation each with 1-3 unread messages (the desk_queue triggers make the rows), a tenth claimed.
// Then times the queue's two statements for the filters operators use. Prints JSON (with the load
// average) and merges it into bench/results/latest.json under "desk".
//   node bench/desk.ts                   (DESK_WAITING=10000 DESK_QUERIES=500 by default)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';
import { seedDemo } from '../src/server/demo/seed.ts';
import { queuePage } from '../src/server/features/admin/desk-queries.ts';
import { DESK_QUEUE_LIMIT } from '../src/shared/contract/admin-desk.ts';
import { withScratchDatabase } from './search.ts';

const root = resolve(import.meta.dirname, '..');
const BUDGET_P99_MS = 10;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (x: number) => Number(x.toFixed(2));

export async function seedWaiting(db: Db, waiting: number) {
  const fictional = 300;
  await db.execute(sql`
    insert into users (site_id, email, password_hash, status, language, deleted_at)
    select case when g % 3 = 0 then 2 else 1 end, 'desk-' || g || '@bench.test', 'x',
           case when g % 97 = 0 then 'banned' else 'confirmed' end,
           (array['nl','nl','nl','en','de','fr'])[1 + g % 6],
           case when g % 211 = 0 then now() end
      from generate_series(1, ${waiting}) g`);
  await db.execute(sql`
    insert into users (site_id, email, password_hash, status, language)
    select 1, 'desk-fictional-' || g || '@bench.test', 'x', 'confirmed', 'nl'
      from generate_series(1, ${fictional}) g`);
  await db.execute(sql`
    insert into profiles (user_id, name, date_of_birth, gender, city, status, listed, fictional)
    select u.id, 'Lid ' || u.id, date '1970-01-01' + (u.id % 12000), 'male', 'Utrecht', 'active', true, false
      from users u where u.email like 'desk-%@bench.test' and u.email not like 'desk-fictional-%'`);
  await db.execute(sql`
    insert into profiles (user_id, name, date_of_birth, gender, city, status, listed, fictional)
    select u.id, 'Fictief ' || u.id, date '1985-01-01' + (u.id % 5000), 'female', 'Amsterdam', 'active', true, true
      from users u where u.email like 'desk-fictional-%@bench.test'`);
  // One conversation per member with one of the fictional profiles, started by the member.
  await db.execute(sql`
    with m as (select id, row_number() over (order by id) as n from users
                 where email like 'desk-%@bench.test' and email not like 'desk-fictional-%'),
         f as (select id, row_number() over (order by id) - 1 as k from users where email like 'desk-fictional-%@bench.test')
    insert into conversations (member_low, member_high, started_by, last_seq)
    select least(m.id, f.id), greatest(m.id, f.id), m.id, 1 + m.n % 3
      from m join f on f.k = m.n % ${fictional}`);
  await db.execute(sql`
    insert into messages (conversation_id, seq, sender_id, kind, body, client_id, created_at)
    select c.id, s, c.started_by, 'text', 'Hoi, ben je er?', 'bench-' || c.id || '-' || s,
           now() - (c.id % 7200) * interval '1 second' + s * interval '1 second'
      from conversations c
      join users u on u.id = c.started_by and u.email like 'desk-%@bench.test'
      cross join lateral generate_series(1, c.last_seq) s`);
  // Both sides; the fictional side's unread rows go into desk_queue by its trigger.
  await db.execute(sql`
    insert into conversation_members (conversation_id, member_id, other_id, read_seq, unread, last_activity_at)
    select c.id, c.started_by, case when c.member_low = c.started_by then c.member_high else c.member_low end,
           c.last_seq, 0, now()
      from conversations c join users u on u.id = c.started_by and u.email like 'desk-%@bench.test'`);
  await db.execute(sql`
    insert into conversation_members (conversation_id, member_id, other_id, read_seq, unread, last_activity_at)
    select c.id, case when c.member_low = c.started_by then c.member_high else c.member_low end, c.started_by,
           0, c.last_seq, now()
      from conversations c join users u on u.id = c.started_by and u.email like 'desk-%@bench.test'`);
  // Waiting since the first unread message, as the conversations' histories say.
  await db.execute(sql`
    update desk_queue q set waiting_since = m.created_at
      from messages m where m.conversation_id = q.conversation_id and m.seq = 1`);
  await db.execute(sql`
    insert into staff (email, name, password_hash, status) values ('desk-bench@bench.test', 'Bench', 'x', 'active')`);
  await db.execute(sql`
    update desk_queue set claimed_by = (select id from staff where email = 'desk-bench@bench.test'),
                          claim_active_at = now() - (conversation_id % 300) * interval '1 second'
     where conversation_id % 10 = 0`);
  await db.execute(sql`vacuum analyze`);
  const rows = await db.execute(sql`select count(*)::int as n from desk_queue`);
  return (rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

type Filter = { sites: number[] | null; site?: number; locale?: string };

async function measure(db: Db, queries: number) {
  const filters: [string, Filter][] = [
    ['all_sites', { sites: null }],
    ['one_site', { sites: null, site: 1 }],
    ['site_and_language', { sites: null, site: 1, locale: 'nl' }],
    ['operator_of_one_site', { sites: [2] }],
    ['rare_language', { sites: null, locale: 'fr' }],
  ];
  const queue = (f: Filter) => queuePage(db, f, DESK_QUEUE_LIMIT);
  for (let i = 0; i < 200; i++) await queue(filters[i % filters.length]?.[1] ?? { sites: null });
  const all: number[] = [];
  const per: Record<string, { p50_ms: number; p99_ms: number; rows: number; total: number }> = {};
  for (const [name, filter] of filters) {
    const times: number[] = [];
    let last: Awaited<ReturnType<typeof queue>> = { rows: [], total: 0 };
    for (let i = 0; i < queries; i++) {
      const started = performance.now();
      last = await queue(filter);
      times.push(performance.now() - started);
    }
    all.push(...times);
    times.sort((a, b) => a - b);
    per[name] = {
      p50_ms: round(percentile(times, 50)),
      p99_ms: round(percentile(times, 99)),
      rows: last.rows.length,
      total: last.total,
    };
  }
  all.sort((a, b) => a - b);
  return {
    p50_ms: round(percentile(all, 50)),
    p99_ms: round(percentile(all, 99)),
    max_ms: round(all.at(-1) ?? 0),
    per_filter: per,
  };
}

export async function runDeskBench() {
  const waiting = Number(process.env.DESK_WAITING ?? 10_000);
  const queries = Number(process.env.DESK_QUERIES ?? 500);
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const loadBefore = loadavg().map(round);
  const postgres = await withScratchDatabase(serverUrl, 'vonk_desk_bench', async (database) => {
    await seedDemo(database.db, { withDemoMember: false });
    const seedStart = performance.now();
    const rows = await seedWaiting(database.db, waiting);
    const seedSeconds = round((performance.now() - seedStart) / 1000);
    return {
      waiting_rows: rows,
      queries_per_filter: queries,
      seed_seconds: seedSeconds,
      ...(await measure(database.db, queries)),
    };
  });
  const desk = {
    at: new Date().toISOString(),
    postgres,
    budgets: { postgres_p99_ms_max: BUDGET_P99_MS },
    within_budget: postgres.p99_ms <= BUDGET_P99_MS,
    loadavg_before: loadBefore,
    loadavg: loadavg().map(round),
  };
  const file = join(root, 'bench/results/latest.json');
  const latest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...latest, desk }, null, 2)}\n`);
  return desk;
}

if (import.meta.main) {
  const desk = await runDeskBench();
  console.log(JSON.stringify({ desk }, null, 2));
  if (!desk.within_budget) process.exitCode = 1;
}
