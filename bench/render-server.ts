// The app for bench/render.ts, in its own process so the load generator does not share its CPU time: the
// real app (production settings, the built web of dist/web and dist/ssr) on a database seeded with search
// members. With DATABASE_URL a scratch database on that PostgreSQL server (dropped afterwards), otherwise
// PGlite in a temporary folder. Sends { address, email, password, database, members, seed_seconds } over
// IPC, then serves until the parent sends 'stop' (and tells its CPU time when sent 'cpu').
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { TEST_PASSWORD } from '../src/server/test/members.ts';
import { renderBenchApp } from './render-app.ts';
import { withScratchDatabase } from './search.ts';

const serverUrl = process.env.DATABASE_URL;
const MEMBERS = Number(process.env.BENCH_RENDER_MEMBERS ?? (serverUrl ? 100_000 : 20_000));
const dataDir = mkdtempSync(join(tmpdir(), 'vonk-render-bench-'));

async function serve(database: Database, kind: 'postgres' | 'pglite') {
  const { app, member, seedSeconds } = await renderBenchApp(database, { members: MEMBERS, dataDir });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // 'cpu': this process's CPU time so far (the parent's per-request figure); 'stop': close and exit.
  const stopped = new Promise<void>((ok) =>
    process.on('message', (msg) => {
      if (msg === 'cpu') {
        const { user, system } = process.cpuUsage();
        process.send?.({ cpu_ms: (user + system) / 1000 });
      } else ok();
    }),
  );
  process.send?.({
    address,
    email: member.email,
    password: TEST_PASSWORD,
    database: kind,
    members: MEMBERS,
    seed_seconds: Number(seedSeconds.toFixed(1)),
  });
  await stopped;
  await app.close();
}

try {
  if (serverUrl) {
    await withScratchDatabase(serverUrl, 'vonk_render_bench', (database) => serve(database, 'postgres'));
  } else {
    const database = await openDatabase({ dataDir: join(dataDir, 'db') });
    try {
      await database.migrate();
      await serve(database, 'pglite');
    } finally {
      await database.close();
    }
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
