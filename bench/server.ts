// A server for the benchmark, in its own process so the load generator does not share its CPU time:
//   node bench/server.ts vonk   the real app (PGlite in a temporary folder, demo data)
//   node bench/server.ts bare   a bare Fastify route answering a constant, the baseline
//   node bench/server.ts node   a bare node:http server answering a constant
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { DEMO_MEMBER, seedDemo } from '../src/server/demo/seed.ts';
import { findAccount, findUserByEmail } from '../src/server/features/accounts/queries.ts';
import { createSession, findSessionUser } from '../src/server/platform/session.ts';

const kind = process.argv[2];
let token = '';
let sqlPerSecond = 0;
let app: { listen(o: { port: number; host: string }): Promise<string> };
if (kind === 'node') {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"ok"}');
  });
  app = {
    listen: ({ port, host }) =>
      new Promise((done) =>
        server.listen(port, host, () => {
          const a = server.address();
          done(typeof a === 'object' && a ? `http://${host}:${a.port}` : '');
        }),
      ),
  };
} else if (kind === 'bare') {
  const bare = Fastify();
  bare.get('/bare', async () => ({ ok: true }));
  app = bare;
} else {
  const dataDir = mkdtempSync(join(tmpdir(), 'vonk-bench-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    // One load generator is one address: the limiter still runs, but must not answer 429.
    RATE_LIMIT_PER_MINUTE: '100000000',
    // Nor the per-member limits: the hostile-upload bench (media.ts) plays many members with one session.
    RATE_LIMIT_FACTOR: '100000',
  });
  // Always the embedded database in a scratch folder: a benchmark never writes into DATABASE_URL's database
  // (bench/search.ts measures PostgreSQL in a scratch database of its own).
  const database = await openDatabase({ dataDir });
  await database.migrate();
  await seedDemo(database.db, { withDemoMember: true });
  const demo = await findUserByEmail(database.db, DEMO_MEMBER.email);
  if (!demo) throw new Error('no demo member');
  token = await createSession(database.db, demo.id, 'bench');
  // The SQL behind GET /api/user.php run bare through the same driver, 20 at a time, as the baseline.
  const until = performance.now() + Number(process.env.BENCH_SECONDS ?? 5) * 1000;
  let done = 0;
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      while (performance.now() < until) {
        const user = await findSessionUser(database.db, token);
        if (user) await findAccount(database.db, user.id);
        done++;
      }
    }),
  );
  sqlPerSecond = Math.round(done / Number(process.env.BENCH_SECONDS ?? 5));
  app = await buildApp({ config: { ...config, logLevel: 'silent' }, database });
}
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ address, token, sqlPerSecond });
process.on('SIGINT', () => process.exit(0));
