// Likes loop budgets (issue 7): GET /api/likes and GET /api/counts for a member with 5,000 received likes
// (p99 <= 10 ms each) and the matchfinder at 100,000 members (p99 <= 25 ms), on PostgreSQL (DATABASE_URL,
// default postgres://postgres@127.0.0.1:5432/postgres; a scratch database dropped afterwards). Times the
// service functions the routes call, after a warm-up. Prints JSON and merges it into
// bench/results/latest.json under "likes".
//   node bench/likes.ts        (LIKES_PROFILES=100000 LIKES_RECEIVED=5000 LIKES_QUERIES=500)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client.ts';
import { seedDemo } from '../src/server/demo/seed.ts';
import { listLikes } from '../src/server/features/likes/service.ts';
import { findMatches } from '../src/server/features/likes/swipe-service.ts';
import { getCounts } from '../src/server/features/notifications/inbox-service.ts';
import { findDefaultSite } from '../src/server/platform/site.ts';
import { seedSearchData, withScratchDatabase } from './search.ts';

const root = resolve(import.meta.dirname, '..');

/** `count` likes to `memberId` from random listed members (about a third still new), and 200 given back. */
export async function seedLikes(db: Db, memberId: number, count: number): Promise<void> {
  await db.execute(sql`
    insert into likes (liker_id, liked_id, is_new, created_at)
    select p.user_id, ${memberId}, random() < 0.33, now() - random() * interval '300 days'
      from profiles p
     where p.user_id <> ${memberId}
     order by random()
     limit ${count}
    on conflict do nothing`);
  await db.execute(sql`
    insert into likes (liker_id, liked_id, created_at)
    select l.liked_id, l.liker_id, now() - random() * interval '30 days'
      from likes l where l.liked_id = ${memberId}
     limit 200
    on conflict do nothing`);
}

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

export async function runLikesBench() {
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const opts = {
    profiles: Number(process.env.LIKES_PROFILES ?? 100_000),
    received: Number(process.env.LIKES_RECEIVED ?? 5000),
    queries: Number(process.env.LIKES_QUERIES ?? 500),
  };
  return withScratchDatabase(serverUrl, 'vonk_likes_bench', async (database) => {
    const { db } = database;
    await seedDemo(db, { withDemoMember: false });
    const site = await findDefaultSite(db);
    if (!site) throw new Error('no site');
    await seedSearchData(db, {
      siteId: site.id,
      profiles: opts.profiles,
      blocks: Math.round(opts.profiles / 10),
    });
    const rows = (await db.execute(
      sql`select user_id as id from profiles where listed and country = 'NL' order by random() limit 300`,
    )) as unknown as { rows: { id: number }[] };
    const viewers = rows.rows.map((r) => Number(r.id));
    const member = viewers[0] ?? 0;
    await seedLikes(db, member, opts.received);
    await db.execute(sql`vacuum analyze`);
    // Write the bulk data out now, not during the timed queries (needs a superuser; skipped otherwise).
    await db.execute(sql`checkpoint`).catch(() => {});
    const ctx = { cdnPrefix: site.cdnPrefix, now: new Date() };
    // Pages as a member reads them: the first, then on by cursor.
    const cursors: (string | undefined)[] = [undefined];
    for (let i = 0; i < 20; i++) {
      const page = await listLikes(db, member, { type: 'received', cursor: cursors.at(-1), limit: 24 }, ctx);
      if (!page.next_cursor) break;
      cursors.push(page.next_cursor);
    }
    const likes = await time(opts.queries, 200, (i) =>
      listLikes(
        db,
        member,
        { type: i % 5 === 4 ? 'mutual' : 'received', cursor: cursors[i % cursors.length], limit: 24 },
        ctx,
      ),
    );
    const counts = await time(opts.queries, 200, () => getCounts(db, member));
    const matchFinder = await time(opts.queries, 200, (i) =>
      findMatches(db, viewers[i % viewers.length] ?? member, {}, ctx),
    );
    return {
      at: new Date().toISOString(),
      driver: 'pg',
      profiles: opts.profiles,
      received_likes: opts.received,
      queries: opts.queries,
      likes_page: likes,
      counts,
      match_finder: matchFinder,
      budgets: { likes_page_p99_ms_max: 10, counts_p99_ms_max: 10, match_finder_p99_ms_max: 25 },
      within_budget: likes.p99_ms <= 10 && counts.p99_ms <= 10 && matchFinder.p99_ms <= 25,
    };
  });
}

if (import.meta.main) {
  const result = await runLikesBench();
  const file = join(root, 'bench/results/latest.json');
  const latest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...latest, likes: result }, null, 2)}\n`);
  console.log(JSON.stringify({ likes: result }, null, 2));
}
