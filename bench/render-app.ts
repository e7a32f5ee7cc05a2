// The app of the server-render benches (bench/render-server.ts, bench/render-floor.ts): a database seeded
// with search members and the member whose /members is rendered, and the real app on it with production
// settings and the built web of dist/web and dist/ssr.
import { buildApp } from '../src/server/app.ts';
import { loadConfig } from '../src/server/config.ts';
import type { Database } from '../src/server/db/client.ts';
import { seedDemo } from '../src/server/demo/seed.ts';
import { findDefaultSite } from '../src/server/platform/site.ts';
import { buildMember } from '../src/server/test/members.ts';
import { seedSearchData } from './search.ts';

export async function renderBenchApp(database: Database, opts: { members: number; dataDir: string }) {
  const { db } = database;
  await seedDemo(db, { withDemoMember: false });
  const site = await findDefaultSite(db);
  if (!site) throw new Error('no site');
  const started = performance.now();
  await seedSearchData(db, {
    siteId: site.id,
    profiles: opts.members,
    blocks: Math.round(opts.members / 10),
  });
  const seedSeconds = (performance.now() - started) / 1000;
  // The visitor: a man in the Netherlands looking for women, the site's most common search. Made in the
  // database with a known password; the benches log in through the API like the login form.
  const member = await buildMember(db, {
    name: 'Bench',
    profile: { gender: 'male', lookingFor: 'female', country: 'NL', region: 'NL-NH', city: 'Amsterdam' },
  });
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: opts.dataDir,
    // One load generator is one address: the limiter still runs (also for the render's own API calls),
    // but must not answer 429.
    RATE_LIMIT_PER_MINUTE: '100000000',
    RATE_LIMIT_FACTOR: '100000',
  });
  const app = await buildApp({ config: { ...config, logLevel: 'silent' }, database });
  return { app, member, seedSeconds };
}
