import { sql } from 'drizzle-orm';
import { seedDemo } from '../src/server/demo/seed.ts';
import { countWaiting, findQueue } from '../src/server/features/admin/photos-queries.ts';
import { findDefaultSite } from '../src/server/platform/site.ts';
import { seedSearchData, withScratchDatabase } from './search.ts';

await withScratchDatabase('postgres://postgres@127.0.0.1:5432/postgres', 'vonk_probe', async ({ db }) => {
  await seedDemo(db, { withDemoMember: false });
  const site = await findDefaultSite(db);
  await seedSearchData(db, { siteId: site!.id, profiles: 50_000, blocks: 0 });
  await db.execute(sql`update users set site_id = 2 where id % 3 = 0 and email like 'bench-%'`);
  await db.execute(sql`
    with m as (select array_agg(id order by id) as ids from users where email like 'bench-%')
    insert into photos (user_id, filename, thumb_filename, width, height, position, status, created_at)
    select m.ids[1 + (g * 7919) % cardinality(m.ids)], 'w' || g || '.webp', 'w' || g || '_t.webp', 800, 1000, 1, 'pending', now() - random() * interval '60 days'
      from m, generate_series(1, 100000) g`);
  await db.execute(sql`vacuum analyze`);
  for (const ids of [null, [2]]) {
    const plan = (await db.execute(sql.raw(`explain (analyze, costs off)
      select p.*, u.id, u.email, s.name, pr.name, (select count(*) from photos own where own.user_id = u.id)
        from photos p join users u on u.id = p.user_id join sites s on s.id = u.site_id
        left join profiles pr on pr.user_id = u.id
       where p.reviewed_at is null and u.deleted_at is null and u.status <> 'banned' ${ids ? 'and u.site_id in (2)' : ''}
       order by p.created_at, p.id limit 12`))) as unknown as { rows: Record<string, string>[] };
    console.log(ids, plan.rows.map((r) => Object.values(r)[0]).join('\n'));
    const plan2 = (await db.execute(sql.raw(`explain (analyze, costs off)
      select count(*) from (select 1 from photos p join users u on u.id = p.user_id
       where p.reviewed_at is null and u.deleted_at is null and u.status <> 'banned' ${ids ? 'and u.site_id in (2)' : ''}
       order by p.created_at, p.id limit 100) w`))) as unknown as { rows: Record<string, string>[] };
    console.log(plan2.rows.map((r) => Object.values(r)[0]).join('\n'));
    for (let i = 0; i < 50; i++) await countWaiting(db, ids);
    const t0 = performance.now();
    for (let i = 0; i < 100; i++) await countWaiting(db, ids);
    const t1 = performance.now();
    for (let i = 0; i < 100; i++) await findQueue(db, ids, 12);
    const t2 = performance.now();
    console.log('count ms', (t1 - t0) / 100, 'queue ms', (t2 - t1) / 100);
  }
});
