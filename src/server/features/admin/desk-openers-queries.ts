// The chat desk's canned openers in SQL: list, read, add, change, delete (O-05).
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { deskOpeners, sites } from '../../db/schema.ts';

import type { Conn } from './desk-queries.ts';
// ---------------------------------------------------------------- openers

export async function listOpeners(
  db: Conn,
  filter: { locale?: string | undefined; site?: number | undefined },
) {
  return db
    .select()
    .from(deskOpeners)
    .where(
      and(
        filter.locale !== undefined ? eq(deskOpeners.locale, filter.locale) : undefined,
        filter.site !== undefined
          ? or(isNull(deskOpeners.siteId), eq(deskOpeners.siteId, filter.site))
          : undefined,
      ),
    )
    .orderBy(asc(deskOpeners.locale), asc(deskOpeners.position), asc(deskOpeners.id))
    .limit(500);
}

export async function findOpener(db: Conn, id: number) {
  const [row] = await db.select().from(deskOpeners).where(eq(deskOpeners.id, id)).limit(1);
  return row;
}

export async function insertOpener(db: Conn, row: typeof deskOpeners.$inferInsert) {
  const [created] = await db.insert(deskOpeners).values(row).returning();
  if (!created) throw new Error('no opener');
  return created;
}

export async function updateOpener(db: Conn, id: number, change: Partial<typeof deskOpeners.$inferInsert>) {
  const [row] = await db.update(deskOpeners).set(change).where(eq(deskOpeners.id, id)).returning();
  return row;
}

export async function deleteOpener(db: Conn, id: number) {
  await db.delete(deskOpeners).where(eq(deskOpeners.id, id));
}

export async function siteExists(db: Conn, id: number) {
  const [row] = await db.select({ id: sites.id }).from(sites).where(eq(sites.id, id)).limit(1);
  return row !== undefined;
}
