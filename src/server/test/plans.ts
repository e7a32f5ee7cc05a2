import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

type PlanRows = { rows: Record<string, string>[] };
const planText = (result: unknown) => (result as PlanRows).rows.map((r) => r['QUERY PLAN']).join('\n');

/** PostgreSQL's plan of a query for its values, as EXPLAIN prints it. */
export async function planOf(db: Db, query: { getSQL(): SQL }): Promise<string> {
  return planText(await db.execute(sql`explain ${query.getSQL()}`));
}

/**
 * The plan PostgreSQL keeps for a prepared statement once it has run five times: a generic plan, made
 * without the values. PREPARE on one connection (a transaction), forced generic, explained with values.
 */
export async function genericPlanOf(
  db: Db,
  statement: { sql: string; values: unknown[] },
  opts: { analyze?: boolean } = {},
): Promise<string> {
  const literal = (v: unknown) =>
    v === null
      ? 'null'
      : typeof v === 'number' || typeof v === 'boolean'
        ? String(v)
        : `'${String(v).replaceAll("'", "''")}'`;
  const values = statement.values.map(literal).join(', ');
  const explain = opts.analyze ? 'explain (analyze, costs off, timing off, summary off)' : 'explain';
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare plan_test as ${statement.sql}`));
    try {
      return planText(await tx.execute(sql.raw(`${explain} execute plan_test(${values})`)));
    } finally {
      await tx.execute(sql`deallocate plan_test`);
    }
  });
}
