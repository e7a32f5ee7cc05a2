import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { messages, users } from '../../db/schema.ts';
import { DEMO_MEMBER, seedDemo } from '../../demo/seed.ts';
import { createTestDatabase } from '../../test/app.ts';
import { countUnreadMessages, fictionalQueue } from './service.ts';

describe('demo chats', () => {
  let database: Database & { drop(): Promise<void> };
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it('C-01 the demo member starts with a few chats from fictional members, some unread; seeding twice adds nothing', async () => {
    await seedDemo(database.db, { members: 40 });
    const [demo] = await database.db.select().from(users).where(eq(users.email, DEMO_MEMBER.email));
    if (!demo) throw new Error('no demo member');
    const count = async () => (await database.db.select().from(messages)).length;
    const stored = await count();
    expect(stored).toBeGreaterThanOrEqual(6);
    expect(await countUnreadMessages(database.db, demo.id)).toBeGreaterThan(0);
    const operatorRows = await database.db.select().from(messages).where(eq(messages.sentBy, 'operator'));
    expect(operatorRows.length).toBeGreaterThan(0);
    // The conversations the demo member answered wait in the operators' queue for the fictional profile.
    const queue = await fictionalQueue(database.db);
    expect(queue).toHaveLength(2);
    expect(queue.every((q) => q.member_id === demo.id)).toBe(true);
    await seedDemo(database.db, { members: 40 });
    expect(await count()).toBe(stored);
  });
});
