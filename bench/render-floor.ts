// `node bench/render-floor.ts`: the floor under bench/render.ts (issue 24). The server CPU of one render of
// a logged-in member's /members by the built dist/ssr/entry-server.js with every answer it asks already in
// hand (recorded once from the app, then replayed: no HTTP, no database, no Fastify), against the CPU of
// the API's own search answer in the same process (`GET /api/members` through `inject`, and the handler's
// service alone). If one render with its data in hand costs more than twice the API answer, a throughput
// ratio of 0.5 cannot be reached by fetching the data more cheaply.
// With DATABASE_URL a scratch database on that PostgreSQL server, otherwise PGlite; BENCH_FLOOR_MEMBERS
// (20,000), BENCH_FLOOR_N (300). NODE_ENV=production (React's production build, as bench/render.ts). Prints JSON.
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Database, openDatabase } from '../src/server/db/client.ts';
import { TEST_PASSWORD } from '../src/server/test/members.ts';
import { renderBenchApp } from './render-app.ts';
import { withScratchDatabase } from './search.ts';

// React picks its build when first loaded, which the imports above may already have done.
if (process.env.NODE_ENV !== 'production')
  throw new Error('run it as NODE_ENV=production node bench/render-floor.ts');
const root = resolve(import.meta.dirname, '..');
const MEMBERS = Number(process.env.BENCH_FLOOR_MEMBERS ?? 20_000);
const N = Number(process.env.BENCH_FLOOR_N ?? 300);
const dataDir = mkdtempSync(join(tmpdir(), 'vonk-render-floor-'));
const round = (x: number, digits = 2) => Number(x.toFixed(digits));
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

interface Renderer {
  render(input: {
    url: string;
    locale: 'nl';
    fetch: (url: string, init: RequestInit) => Promise<Response>;
    settingsUrl: string;
    nonce: string;
  }): Promise<{ kind: string; html?: string }>;
}

async function measure(database: Database, kind: string) {
  const { app, member } = await renderBenchApp(database, { members: MEMBERS, dataDir });
  try {
    await app.ready();
    const login = await app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { 'content-type': 'application/json', 'x-vonk-client': 'web', host: 'localhost' },
      payload: JSON.stringify({ email: member.email, password: TEST_PASSWORD }),
    });
    const cookie = [login.headers['set-cookie']]
      .flat()
      .map((c) => String(c).split(';')[0])
      .join('; ');
    const headers = { cookie, host: 'localhost', 'accept-language': 'nl', 'x-vonk-client': 'web' };
    const renderer = (await import(pathToFileURL(join(root, 'dist/ssr/entry-server.js')).href)) as Renderer;

    // Every answer the page asks, recorded once from the app as the member.
    const answers = new Map<string, { status: number; body: string }>();
    const recording = async (url: string) => {
      const res = await app.inject({ url, headers });
      answers.set(url, { status: res.statusCode, body: res.body });
      return new Response(res.body, {
        status: res.statusCode,
        headers: { 'content-type': 'application/json' },
      });
    };
    const replay = async (url: string) => {
      const answer = answers.get(url);
      if (!answer) throw new Error(`not recorded: ${url}`);
      return new Response(answer.body, {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    };
    const input = (fetch: (url: string) => Promise<Response>) => ({
      url: 'http://localhost/members',
      locale: 'nl' as const,
      fetch,
      settingsUrl: '/api/settings?domain=localhost',
      nonce: 'bench',
    });
    // Twice: the second render of a kind of page asks at once what the first learned.
    for (let i = 0; i < 3; i++) await renderer.render(input(recording));
    const first = await renderer.render(input(replay));
    if (first.kind !== 'page' || !first.html?.includes('href="/members/'))
      throw new Error(`the replayed render is not the search page (${first.kind})`);

    const per = async (what: () => Promise<unknown>) => {
      for (let i = 0; i < 30; i++) await what();
      const before = cpuMs();
      const started = performance.now();
      for (let i = 0; i < N; i++) await what();
      return { cpu_ms: round((cpuMs() - before) / N), wall_ms: round((performance.now() - started) / N) };
    };
    const renderFloor = await per(() => renderer.render(input(replay)));
    const apiInject = await per(() => app.inject({ url: '/api/members', headers }));
    return {
      at: new Date().toISOString(),
      database: kind,
      members: MEMBERS,
      requests: N,
      answers_replayed: [...answers.keys()],
      page_html_bytes: first.html.length,
      render_with_data_in_hand: renderFloor,
      api_members_through_inject: apiInject,
      ratio_ceiling: round(apiInject.cpu_ms / renderFloor.cpu_ms, 3),
      loadavg: loadavg().map((l) => round(l)),
    };
  } finally {
    await app.close();
  }
}

try {
  const serverUrl = process.env.DATABASE_URL;
  const result = serverUrl
    ? await withScratchDatabase(serverUrl, 'vonk_render_floor', (database) => measure(database, 'postgres'))
    : await (async () => {
        const database = await openDatabase({ dataDir: join(dataDir, 'db') });
        try {
          await database.migrate();
          return await measure(database, 'pglite');
        } finally {
          await database.close();
        }
      })();
  console.log(JSON.stringify({ render_floor: result }, null, 2));
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
