import { and, asc, count, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { discountCodes, payments, sites } from '../../db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type CodeRow = typeof discountCodes.$inferSelect;
export type CodeValues = Omit<typeof discountCodes.$inferInsert, 'id' | 'createdAt'>;

/** Statuses of a payment that count as a use of its code (as the credits feature counts them). */
const USE_STATUSES = ['open', 'pending', 'paid', 'refunded', 'charged_back'] as const;

/** Payments that used the code and did not fail. */
const usesOf = sql<number>`(select count(*)::int from ${payments} where ${payments.discountCode} = ${discountCodes.code} and ${payments.status} in ${sql.raw(`(${USE_STATUSES.map((s) => `'${s}'`).join(',')})`)})`;

export interface CodeListOptions {
  /** Sites the staff member may see (null: every site, and codes for every site). */
  siteIds: number[] | null;
  q?: string | undefined;
  /** One site's codes (and those for every site), or all. */
  site?: number | 'all' | undefined;
  status: 'all' | 'active' | 'inactive';
  sort: 'code' | 'created_at' | 'percentage' | 'valid_until' | 'uses';
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export async function listCodeRows(db: Db, opts: CodeListOptions) {
  if (opts.siteIds && opts.siteIds.length === 0) return { rows: [], total: 0 };
  const where: SQL[] = [];
  if (opts.siteIds) where.push(inArray(discountCodes.siteId, opts.siteIds));
  if (typeof opts.site === 'number')
    where.push(or(eq(discountCodes.siteId, opts.site), isNull(discountCodes.siteId)) as SQL);
  if (opts.status !== 'all') where.push(eq(discountCodes.active, opts.status === 'active'));
  if (opts.q) {
    const like = `%${opts.q.toUpperCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(ilike(discountCodes.code, like));
  }
  const condition = where.length ? and(...where) : undefined;
  const column =
    opts.sort === 'code'
      ? discountCodes.code
      : opts.sort === 'percentage'
        ? discountCodes.percentage
        : opts.sort === 'valid_until'
          ? discountCodes.validUntil
          : opts.sort === 'uses'
            ? usesOf
            : discountCodes.createdAt;
  const order = opts.dir === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
  const rows = await db
    .select({ row: discountCodes, uses: usesOf })
    .from(discountCodes)
    .where(condition)
    .orderBy(order, opts.dir === 'desc' ? desc(discountCodes.id) : asc(discountCodes.id))
    .limit(opts.pageSize)
    .offset((opts.page - 1) * opts.pageSize);
  const [total] = await db.select({ n: count() }).from(discountCodes).where(condition);
  return { rows, total: total?.n ?? 0 };
}

export async function findCode(db: Db | Tx, id: number) {
  const [found] = await db
    .select({ row: discountCodes, uses: usesOf })
    .from(discountCodes)
    .where(eq(discountCodes.id, id));
  return found;
}

export async function lockCode(tx: Tx, id: number) {
  const [found] = await tx
    .select({ row: discountCodes, uses: usesOf })
    .from(discountCodes)
    .where(eq(discountCodes.id, id))
    .for('update', { of: discountCodes });
  return found;
}

export async function insertCode(tx: Tx, values: CodeValues): Promise<CodeRow | undefined> {
  const [row] = await tx.insert(discountCodes).values(values).returning();
  return row;
}

export async function updateCode(
  tx: Tx,
  id: number,
  values: Partial<CodeValues>,
): Promise<CodeRow | undefined> {
  const [row] = await tx.update(discountCodes).set(values).where(eq(discountCodes.id, id)).returning();
  return row;
}

export async function siteExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, id));
  return Boolean(row);
}
