import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../db/client.ts';
import { appSecrets } from '../db/schema.ts';

/** Reads a stored secret, making and storing it on first use; concurrent first starts agree on one. */
export async function getOrCreateSecret(db: Db, name: string, make: () => string): Promise<string> {
  await db.insert(appSecrets).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, name));
  if (!row) throw new Error(`secret ${name} could not be stored`);
  return row.value;
}

/** VAPID keys for web push, made on first start (N-02). */
export async function getVapidKeys(db: Db): Promise<{ publicKey: string; privateKey: string }> {
  const json = await getOrCreateSecret(db, 'vapid', () => JSON.stringify(webpush.generateVAPIDKeys()));
  return JSON.parse(json);
}
