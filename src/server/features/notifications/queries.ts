import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pushSubscriptions } from '../../db/schema.ts';

export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;

/**
 * Members this process found without a push subscription, until when: most members have none, so a
 * message to them costs no query. A subscription stored through this process clears its member's mark at
 * once; one stored through another instance counts within `NO_SUBSCRIPTION_FOR_MS`.
 */
const NO_SUBSCRIPTION_FOR_MS = 60_000;
const MAX_MARKS = 100_000;
const withoutSubscription = new WeakMap<Db, Map<number, number>>();

/** Whether a member has a push subscription (N-02), answered from the marks above when it can. */
export async function hasPushSubscription(db: Db, userId: number, now = Date.now()): Promise<boolean> {
  let marks = withoutSubscription.get(db);
  if (!marks) {
    marks = new Map();
    withoutSubscription.set(db, marks);
  }
  if ((marks.get(userId) ?? 0) > now) return false;
  const [row] = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .limit(1);
  if (row) {
    marks.delete(userId);
    return true;
  }
  if (marks.size >= MAX_MARKS) marks.clear();
  marks.set(userId, now + NO_SUBSCRIPTION_FOR_MS);
  return false;
}

/**
 * Stores a subscription, or moves an endpoint already known (the same browser, maybe another member now)
 * to this member with its fresh keys. One statement, so parallel posts of one endpoint make one row.
 */
export async function upsertPushSubscription(
  db: Db,
  values: { userId: number; endpoint: string; p256dh: string; auth: string; userAgent: string },
) {
  withoutSubscription.get(db)?.delete(values.userId);
  await db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId: values.userId,
        p256dh: values.p256dh,
        auth: values.auth,
        userAgent: values.userAgent,
        createdAt: sql`now()`,
      },
    });
  withoutSubscription.get(db)?.delete(values.userId);
}

/** Deletes a member's subscriptions beyond the newest `keep`. */
export async function trimPushSubscriptions(db: Db, userId: number, keep: number) {
  const newest = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(keep);
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

export async function findPushSubscriptionsOf(db: Db, userId: number): Promise<PushSubscriptionRow[]> {
  return db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
}
