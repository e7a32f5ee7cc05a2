import { and, asc, desc, eq, ilike, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, sites } from '../../db/schema.ts';
import type { SiteRow } from '../../platform/site.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type SiteValues = Omit<typeof sites.$inferInsert, 'id' | 'createdAt' | 'isDefault'>;

/** Sites for the back office's list, filtered by staff sites (null: all) and a search over name and domain. */
export async function listSiteRows(
  db: Db,
  opts: {
    siteIds: number[] | null;
    q?: string | undefined;
    sort: 'id' | 'name' | 'domain';
    dir: 'asc' | 'desc';
  },
): Promise<SiteRow[]> {
  if (opts.siteIds && opts.siteIds.length === 0) return [];
  const where: SQL[] = [];
  if (opts.siteIds) where.push(or(...opts.siteIds.map((id) => eq(sites.id, id))) as SQL);
  if (opts.q) {
    const like = `%${opts.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(or(ilike(sites.name, like), ilike(sites.domain, like)) as SQL);
  }
  const column = opts.sort === 'name' ? sites.name : opts.sort === 'domain' ? sites.domain : sites.id;
  return db
    .select()
    .from(sites)
    .where(where.length ? and(...where) : undefined)
    .orderBy(opts.dir === 'desc' ? desc(column) : asc(column), asc(sites.id))
    .limit(500);
}

export async function listCompanies(db: Db) {
  return db.select({ id: companies.id, name: companies.name }).from(companies).orderBy(asc(companies.id));
}

export async function companyExists(db: Db | Tx, id: number): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, id));
  return Boolean(row);
}

/** The site row, locked for an edit inside `tx`. */
export async function lockSiteRow(tx: Tx, id: number): Promise<SiteRow | undefined> {
  const [row] = await tx.select().from(sites).where(eq(sites.id, id)).for('update');
  return row;
}

export async function findSiteRow(db: Db, id: number): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(sites).where(eq(sites.id, id));
  return row;
}

/** Whether another site has this domain already. */
export async function domainTaken(db: Db | Tx, domain: string, exceptId?: number): Promise<boolean> {
  const [row] = await db
    .select({ id: sites.id })
    .from(sites)
    .where(
      exceptId === undefined
        ? eq(sites.domain, domain)
        : and(eq(sites.domain, domain), ne(sites.id, exceptId)),
    );
  return Boolean(row);
}

export async function updateSiteRow(tx: Tx, id: number, values: SiteValues): Promise<SiteRow | undefined> {
  const [row] = await tx.update(sites).set(values).where(eq(sites.id, id)).returning();
  return row;
}

export async function insertSiteRow(tx: Tx, values: SiteValues): Promise<SiteRow | undefined> {
  const [row] = await tx.insert(sites).values(values).returning();
  return row;
}
