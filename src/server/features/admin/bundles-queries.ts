import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { creditBundles } from '../../db/schema.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type BundleRow = typeof creditBundles.$inferSelect;
export type BundleValues = Omit<typeof creditBundles.$inferInsert, 'id'>;

/** Bundles by site, country and position, filtered by the staff member's sites (null: all). */
export async function listBundleRows(
  db: Db,
  opts: {
    siteIds: number[] | null;
    site?: number | undefined;
    country?: string | undefined;
    status: 'all' | 'active' | 'inactive';
  },
): Promise<BundleRow[]> {
  if (opts.siteIds && opts.siteIds.length === 0) return [];
  const where: SQL[] = [];
  if (opts.siteIds) where.push(inArray(creditBundles.siteId, opts.siteIds));
  if (opts.site !== undefined) where.push(eq(creditBundles.siteId, opts.site));
  if (opts.country) where.push(eq(creditBundles.country, opts.country));
  if (opts.status !== 'all') where.push(eq(creditBundles.active, opts.status === 'active'));
  return db
    .select()
    .from(creditBundles)
    .where(where.length ? and(...where) : undefined)
    .orderBy(
      asc(creditBundles.siteId),
      asc(creditBundles.country),
      asc(creditBundles.position),
      asc(creditBundles.credits),
    )
    .limit(2000);
}

export async function lockBundle(tx: Tx, id: number): Promise<BundleRow | undefined> {
  const [row] = await tx.select().from(creditBundles).where(eq(creditBundles.id, id)).for('update');
  return row;
}

export async function insertBundle(tx: Tx, values: BundleValues): Promise<BundleRow | undefined> {
  const [row] = await tx.insert(creditBundles).values(values).returning();
  return row;
}

export async function updateBundle(
  tx: Tx,
  id: number,
  values: Partial<BundleValues>,
): Promise<BundleRow | undefined> {
  const [row] = await tx.update(creditBundles).set(values).where(eq(creditBundles.id, id)).returning();
  return row;
}
