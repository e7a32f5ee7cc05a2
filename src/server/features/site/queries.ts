import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, sites } from '../../db/schema.ts';

export type SiteRow = typeof sites.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export async function findSiteByDomain(db: Db, domain: string): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(sites).where(eq(sites.domain, domain)).limit(1);
  return row;
}

export async function findDefaultSite(db: Db): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(sites).where(eq(sites.isDefault, true)).limit(1);
  return row;
}

export async function findCompany(db: Db, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}
