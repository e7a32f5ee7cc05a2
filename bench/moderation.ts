// Moderation queue budget (issue 23, M-09/O-03): GET /api/admin/photos/queue with 100,000 photos waiting
// for review, p99 <= 10 ms on PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres;
// a scratch database dropped afterwards). Times the service function the route calls (the oldest page
// with its members, the capped waiting count and the signed links), for a moderator of every site and
// one of a single site, after a warm-up. Prints JSON with the load average and merges it into
// bench/results/latest.json under "moderation".
//   node bench/moderation.ts      (MODERATION_WAITING=100000 MODERATION_REVIEWED=100000 MODERATION_QUERIES=500)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { seedDemo } from '../src/server/demo/seed.ts';
import { photoQueue, staffMediaSecret } from '../src/server/features/admin/photos-service.ts';
import { findDefaultSite } from '../src/server/platform/site.ts';
import type { StaffGrant } from '../src/server/platform/staff.ts';
import { seedSearchData, withScratchDatabase } from './search.ts';

const root = resolve(import.meta.dirname, '..');
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (x: number) => Number(x.toFixed(2));

async function time(n: number, warmUp: number, f: (i: number) => Promise<unknown>) {
  for (let i = 0; i < warmUp; i++) await f(i);
  const times: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await f(i);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return {
    p50_ms: round(percentile(times, 50)),
    p99_ms: round(percentile(times, 99)),
    max_ms: round(times.at(-1) ?? 0),
  };
}

/** What the queue's service reads of a request: the signed-in staff member and their grants. */
const staffRequest = (id: number, grants: StaffGrant[]) =>
  ({
    staff: {
      id,
      email: 'bench@vonk.test',
      name: 'Bench',
      language: 'nl',
      sessionId: 0,
      factorAt: new Date(),
      grants,
    },
  }) as unknown as FastifyRequest;

export async function runModerationBench() {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const opts = {
    waiting: Number(process.env.MODERATION_WAITING ?? 100_000),
    reviewed: Number(process.env.MODERATION_REVIEWED ?? 100_000),
    queries: Number(process.env.MODERATION_QUERIES ?? 500),
  };
  const loadBefore = loadavg().map(round);
  return withScratchDatabase(serverUrl, 'vonk_moderation_bench', async (database) => {
    const { db } = database;
    await seedDemo(db, { withDemoMember: false });
    const site = await findDefaultSite(db);
    if (!site) throw new Error('no site');
    const seedStart = performance.now();
    // Members (with some banned and deleted), 70% of them with a photo; then every photo reviewed, and
    // the waiting and reviewed ones added on top at random members and times.
    await seedSearchData(db, { siteId: site.id, profiles: 50_000, blocks: 0 });
    await db.execute(sql`update photos set reviewed_at = created_at`);
    const other = (await db.execute(
      sql`select id from sites where not is_default order by id limit 1`,
    )) as unknown as {
      rows: { id: number }[];
    };
    const secondSite = Number(other.rows[0]?.id);
    // A third of the members belong to the second site: its moderators read a share of the queue.
    await db.execute(sql`update users set site_id = ${secondSite} where id % 3 = 0 and email like 'bench-%'`);
    const addPhotos = (count: number, reviewed: boolean) =>
      db.execute(sql`
        with m as (select array_agg(id order by id) as ids from users where email like 'bench-%')
        insert into photos (user_id, filename, thumb_filename, width, height, position, status, created_at, reviewed_at)
        select m.ids[1 + (g * 7919) % cardinality(m.ids)],
               'mq' || g || ${reviewed ? 'r' : 'w'} || '.webp', 'mq' || g || ${reviewed ? 'r' : 'w'} || '_t.webp',
               800, 1000, 1, case when random() < 0.5 then 'pending' else 'active' end, t.at,
               ${reviewed ? sql`t.at + interval '1 hour'` : sql`null`}
          from m, generate_series(1, ${count}) g
          cross join lateral (select now() - random() * interval '60 days' + g * interval '0 seconds' as at) t`);
    await addPhotos(opts.waiting, false);
    await addPhotos(opts.reviewed, true);
    await db.execute(sql`vacuum analyze`);
    await db.execute(sql`checkpoint`).catch(() => {});
    const seedSeconds = round((performance.now() - seedStart) / 1000);
    const counted = (await db.execute(
      sql`select count(*)::int as n from photos where reviewed_at is null`,
    )) as unknown as { rows: { n: number }[] };

    const deps = { app: { db } as unknown as FastifyInstance, secret: staffMediaSecret('bench-secret') };
    const everySite = staffRequest(1, [{ role: 'moderator', siteId: null }]);
    const oneSite = staffRequest(2, [{ role: 'moderator', siteId: secondSite }]);
    const allSites = await time(opts.queries, 200, () => photoQueue(deps, everySite, { limit: 12 }));
    const singleSite = await time(opts.queries, 200, () => photoQueue(deps, oneSite, { limit: 12 }));
    const sample = await photoQueue(deps, oneSite, { limit: 12 });
    const plan = (await db.execute(sql`
      explain (analyze, buffers, costs off)
      select p.id from photos p join users u on u.id = p.user_id
       where p.reviewed_at is null and u.deleted_at is null and u.status <> 'banned'
       order by p.created_at, p.id limit 12`)) as unknown as { rows: Record<string, string>[] };
    return {
      at: new Date().toISOString(),
      driver: 'pg',
      waiting_photos: counted.rows[0]?.n ?? 0,
      reviewed_photos_added: opts.reviewed,
      queries: opts.queries,
      seed_seconds: seedSeconds,
      queue_all_sites: allSites,
      queue_one_site: singleSite,
      one_site_page: sample.items.length,
      one_site_waiting_shown: sample.waiting,
      plan: plan.rows.map((r) => Object.values(r)[0]),
      load_average_before: loadBefore,
      load_average: loadavg().map(round),
      budgets: { queue_p99_ms_max: 10 },
      within_budget: allSites.p99_ms <= 10 && singleSite.p99_ms <= 10,
    };
  });
}

if (import.meta.main) {
  const result = await runModerationBench();
  const file = join(root, 'bench/results/latest.json');
  const latest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...latest, moderation: result }, null, 2)}\n`);
  console.log(JSON.stringify({ moderation: result }, null, 2));
}
