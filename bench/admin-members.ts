// The back office's member search (issue 23, O-02): 100,000 members, p99 <= 20 ms on PostgreSQL. Seeds a
// scratch database on the server of DATABASE_URL (dropped afterwards; without DATABASE_URL a PGlite in a
// temporary folder, reported as such) with bench/search.ts's members, gives them varied names and
// balances, then times the search service function (not HTTP) per kind of search staff make: an id, an
// e-mail prefix, a name prefix, and filters (each standing, the rare ones too) with each sort order and a
// few pages. Prints JSON with the load average and merges it into bench/results/latest.json under
// "admin_members"; `within_budget` is null on PGlite (the budget is PostgreSQL's).
//   node bench/admin-members.ts     (ADMIN_MEMBERS=100000 ADMIN_MEMBERS_QUERIES=300 by default)
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Database, type Db, openDatabase } from '../src/server/db/client.ts';
import { seedDemo } from '../src/server/demo/seed.ts';
import { findMembers } from '../src/server/features/admin/members-service.ts';
import { findDefaultSite } from '../src/server/platform/site.ts';
import {
  MEMBER_SORTS,
  MEMBER_STATUSES,
  type TMemberSearchQuery,
} from '../src/shared/contract/admin-members.ts';
import { seedSearchData, withScratchDatabase } from './search.ts';

const root = resolve(import.meta.dirname, '..');
const BUDGET_P99_MS = 20;
const FIRST_NAMES = [
  'Anna',
  'Bram',
  'Chantal',
  'Daan',
  'Emma',
  'Finn',
  'Giulia',
  'Hugo',
  'Iris',
  'Jesse',
  'Kim',
  'Lars',
  'Mila',
  'Noah',
  'Olga',
  'Piet',
  'Quinten',
  'Roos',
  'Sven',
  'Tess',
  'Umut',
  'Vera',
  'Wout',
  'Xena',
  'Yara',
  'Zoë',
  'Anouk',
  'Bas',
  'Carmen',
  'Dirk',
  'Eva',
  'Fleur',
  'Gijs',
  'Hanna',
  'Ilse',
  'Joris',
];

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;
const int = (lo: number, hi: number) => lo + Math.floor(Math.random() * (hi - lo + 1));
const round = (x: number) => Number(x.toFixed(2));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

type Query = Omit<TMemberSearchQuery, 'sort' | 'page'> & Partial<Pick<TMemberSearchQuery, 'sort' | 'page'>>;

/** The kinds of searches staff make, each a generator of random ones over the seeded members. */
function kinds(ids: { lo: number; hi: number }, siteId: number): Record<string, () => Query> {
  const filters = (): Query => ({
    ...(Math.random() < 0.5 ? { site: siteId } : {}),
    ...(Math.random() < 0.6 ? { status: pick(MEMBER_STATUSES) } : {}),
  });
  return {
    id: () => ({ q: String(int(ids.lo, ids.hi)) }),
    email_prefix: () => ({ q: `bench-${int(1, 99_999)}`.slice(0, int(8, 11)), ...filters() }),
    email_with_at: () => ({ q: `bench-${int(1, 99_999)}@bench` }),
    name_prefix: () => ({ q: `${pick(FIRST_NAMES).toLowerCase()}${int(1, 999)}`.slice(0, int(4, 8)) }),
    filters_newest: () => ({ ...filters(), sort: pick(['-created', 'created'] as const), page: int(1, 4) }),
    filters_last_active: () => ({
      ...filters(),
      sort: pick(['-last_active', 'last_active'] as const),
      page: int(1, 4),
    }),
    filters_credits: () => ({ ...filters(), sort: pick(['-credits', 'credits'] as const), page: int(1, 4) }),
  };
}

async function timeKinds(db: Db, generators: Record<string, () => Query>, queries: number) {
  const out: Record<string, { p50_ms: number; p99_ms: number; max_ms: number; mean_results: number }> = {};
  const all: number[] = [];
  for (const [name, make] of Object.entries(generators)) {
    const run = async () => {
      const q = make();
      const started = performance.now();
      const answer = await findMembers(db, { sort: '-created', page: 1, ...q }, null);
      return { ms: performance.now() - started, results: answer.items.length };
    };
    // Warm-up: plans cached, pages in shared buffers, as in a serving process.
    for (let i = 0; i < 50; i++) await run();
    const times: number[] = [];
    let results = 0;
    for (let i = 0; i < queries; i++) {
      const r = await run();
      times.push(r.ms);
      results += r.results;
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    out[name] = {
      p50_ms: round(percentile(times, 50)),
      p99_ms: round(percentile(times, 99)),
      max_ms: round(times.at(-1) ?? 0),
      mean_results: round(results / queries),
    };
  }
  all.sort((a, b) => a - b);
  return { kinds: out, all_p99_ms: round(percentile(all, 99)) };
}

async function measure(database: Database, members: number, queries: number) {
  const { db } = database;
  await seedDemo(db, { withDemoMember: false });
  const site = await findDefaultSite(db);
  if (!site) throw new Error('no site');
  const seedStart = performance.now();
  await seedSearchData(db, { siteId: site.id, profiles: members, blocks: 0, prefix: 'bench' });
  // Names people have, balances that differ.
  const names = FIRST_NAMES.map((n) => `'${n}'`).join(',');
  await db.execute(
    sql.raw(`update profiles set name = (array[${names}])[1 + user_id % ${FIRST_NAMES.length}] || (user_id % 997)
              where name like 'Member %'`),
  );
  await db.execute(sql`update users set credits = floor(random() * 500)::int where email like 'bench-%'`);
  await db.execute(sql`vacuum analyze`);
  const seedSeconds = round((performance.now() - seedStart) / 1000);
  const [range] = (
    (await db.execute(sql`select min(id) as lo, max(id) as hi from users`)) as unknown as {
      rows: { lo: number; hi: number }[];
    }
  ).rows;
  const generators = kinds({ lo: Number(range?.lo ?? 1), hi: Number(range?.hi ?? 1) }, site.id);
  const timed = await timeKinds(db, generators, queries);
  return { members, queries_per_kind: queries, seed_seconds: seedSeconds, ...timed };
}

export async function runAdminMembersBench() {
  const members = Number(process.env.ADMIN_MEMBERS ?? 100_000);
  const queries = Number(process.env.ADMIN_MEMBERS_QUERIES ?? 300);
  const loadBefore = loadavg().map(round);
  const serverUrl = process.env.DATABASE_URL;
  let engine: 'postgresql' | 'pglite';
  let result: Awaited<ReturnType<typeof measure>>;
  if (serverUrl) {
    engine = 'postgresql';
    result = await withScratchDatabase(serverUrl, 'vonk_admin_members_bench', (d) =>
      measure(d, members, queries),
    );
  } else {
    engine = 'pglite';
    const dir = mkdtempSync(join(tmpdir(), 'vonk-admin-members-bench-'));
    const database = await openDatabase({ dataDir: dir });
    try {
      await database.migrate();
      result = await measure(database, members, queries);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }
  const over = (r: typeof result) =>
    Object.entries(r.kinds)
      .filter(([, k]) => k.p99_ms > BUDGET_P99_MS)
      .map(([name]) => name);
  const adminMembers = {
    at: new Date().toISOString(),
    engine,
    load_average_before: loadBefore,
    load_average_after: loadavg().map(round),
    budget: { p99_ms_max: BUDGET_P99_MS, on: 'postgresql' },
    sorts: MEMBER_SORTS,
    ...result,
    over_budget: over(result),
    within_budget: engine === 'postgresql' ? over(result).length === 0 : null,
  };
  const file = join(root, 'bench/results/latest.json');
  const latest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...latest, admin_members: adminMembers }, null, 2)}\n`);
  return adminMembers;
}

if (import.meta.main) {
  console.log(JSON.stringify({ admin_members: await runAdminMembersBench() }, null, 2));
}
