// What the chat benches (chat-server.ts, chat-booking.ts) set up alike: a scratch database (PGlite in a
// temporary folder, or a new database on BENCH_DATABASE_URL's server), migrated and seeded, and pairs of
// confirmed, paying members with a conversation each.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { type Database, type Db, openDatabase } from '../src/server/db/client.ts';
import { profiles, sites, users } from '../src/server/db/schema.ts';
import { seedDemo } from '../src/server/demo/seed.ts';
import { insertConversation } from '../src/server/features/chat/index.ts';

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

/** A migrated, seeded scratch database; `drop` closes it and removes a server's scratch database. */
export async function scratchDatabase(): Promise<{
  database: Database;
  dataDir: string;
  drop(): Promise<void>;
}> {
  let url: string | undefined;
  let name: string | undefined;
  if (process.env.BENCH_DATABASE_URL) {
    name = `vonk_bench_${randomBytes(5).toString('hex')}`;
    await admin(`create database ${name}`);
    const u = new URL(process.env.BENCH_DATABASE_URL);
    u.pathname = `/${name}`;
    url = u.toString();
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'vonk-bench-chat-'));
  const database = await openDatabase({ url, dataDir });
  await database.migrate();
  await seedDemo(database.db, { withDemoMember: false });
  return {
    database,
    dataDir,
    async drop() {
      await database.close();
      if (name) await admin(`drop database if exists ${name} with (force)`);
    },
  };
}

/** `pairs` pairs of members (confirmed, paying, a million credits), each pair with its conversation. */
export async function memberPairs(db: Db, pairs: number) {
  const [site] = await db.select({ id: sites.id }).from(sites).limit(1);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: pairs * 2 }, (_, i) => ({
        siteId: site?.id ?? 1,
        email: `bench-${i}-${randomBytes(3).toString('hex')}@bench.test`,
        passwordHash: 'x',
        status: 'confirmed' as const,
        signupStep: 6,
        paidUser: true,
        credits: 1_000_000,
      })),
    )
    .returning({ id: users.id });
  await db.insert(profiles).values(
    rows.map((r, i) => ({
      userId: r.id,
      name: `Bench${i}`,
      dateOfBirth: '1990-01-01',
      gender: i % 2 ? 'male' : 'female',
      country: 'NL',
      status: 'active' as const,
    })),
  );
  const result: { a: number; b: number; conversationId: number }[] = [];
  for (let p = 0; p < pairs; p++) {
    const a = rows[2 * p]?.id ?? 0;
    const b = rows[2 * p + 1]?.id ?? 0;
    const conversationId = (await db.transaction((tx) => insertConversation(tx, a, b, new Date()))) ?? 0;
    result.push({ a, b, conversationId });
  }
  return { ids: rows.map((r) => r.id), pairs: result };
}
