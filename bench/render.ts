// `node bench/render.ts`: the server render budget of issue 24. A logged-in member's GET /members (the
// search page, rendered by React on the server, whose API calls go in-process through app.inject) against
// the same search as the browser's app asks it, GET /api/members, in the same run:
// - latency: N sequential requests of each over real HTTP, interleaved, after a warm-up; p50/p95/p99;
// - throughput: autocannon with 8 connections for 10 s against each; requests/s and render/api.
// Budget: render p99 <= 25 ms and render/api requests/s >= 0.5, on PostgreSQL with 100,000 members.
// DATABASE_URL: that PostgreSQL server (a scratch database, dropped afterwards), e.g.
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres node bench/render.ts
// Without it PGlite with 20,000 members, reported as such (the budget is PostgreSQL's: within_budget null).
// Also the server's CPU time per request of each (100 in a row, told by the server process), whose ratio
// is the ceiling of the throughput ratio on a CPU-bound server.
// BENCH_RENDER_MEMBERS, BENCH_RENDER_N (300), BENCH_RENDER_SECONDS (10), BENCH_RENDER_CONNECTIONS (8),
// BENCH_RENDER_ENCODING ('br, gzip');
// BENCH_CPU_PROF=<dir> writes a CPU profile of the server process. The app must be built (npm run build).
// Prints JSON and merges it into bench/results/latest.json under "render".
import { type ChildProcess, fork } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import type { TSearchResponse } from '../src/shared/contract/discovery.ts';

const root = resolve(import.meta.dirname, '..');
const N = Number(process.env.BENCH_RENDER_N ?? 300);
const WARM_UP = Number(process.env.BENCH_RENDER_WARMUP ?? 50);
const SECONDS = Number(process.env.BENCH_RENDER_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_RENDER_CONNECTIONS ?? 8);
const CPU_REQUESTS = 100;
const BUDGET = { p99_ms: 25, ratio: 0.5 };
/** BENCH_RENDER_ENCODING: the Accept-Encoding of both requests ('identity': uncompressed). */
const ENCODING = process.env.BENCH_RENDER_ENCODING ?? 'br, gzip';

const round = (x: number, digits = 2) => Number(x.toFixed(digits));
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const progress = (what: string) => process.stderr.write(`render bench: ${what}\n`);

interface Started {
  address: string;
  email: string;
  password: string;
  database: 'postgres' | 'pglite';
  members: number;
  seed_seconds: number;
}

if (!existsSync(join(root, 'dist/ssr/entry-server.js')) || !existsSync(join(root, 'dist/web/index.html'))) {
  throw new Error('the web app is not built (dist/web, dist/ssr): run npm run build first');
}

async function start(): Promise<Started & { child: ChildProcess }> {
  const child = fork(join(root, 'bench/render-server.ts'), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // As a deployment runs it: React (loaded by the server's render) picks its production build by this.
    env: { ...process.env, NODE_ENV: 'production' },
    execArgv: [
      ...process.execArgv,
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
    ],
  });
  const started = await new Promise<Started>((ok, fail) => {
    child.once('message', (msg: Started) => ok(msg));
    child.once('exit', (code) => fail(new Error(`render server exited with ${code}`)));
  });
  return { ...started, child };
}

/** Logs in through the API as the login form does; the answer's cookies, as a Cookie header. */
async function logIn(address: string, email: string, password: string): Promise<string> {
  const res = await fetch(`${address}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', 'x-vonk-client': 'web' },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`login: HTTP ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (!cookies.some((c) => c?.startsWith('vonk_session='))) throw new Error('login: no session cookie');
  return cookies.join('; ');
}

progress(`seeding and starting the app (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`);
const server = await start();
try {
  const cookie = await logIn(server.address, server.email, server.password);
  // As a browser asks for the page and as the browser's app asks the API (api/client.ts); both compressed
  // as browsers take them, and the same in both phases (fetch would otherwise ask for gzip, autocannon
  // for nothing).
  const common = { 'accept-language': 'nl', 'accept-encoding': ENCODING, cookie };
  const page = { url: `${server.address}/members`, headers: { ...common, accept: 'text/html' } };
  const apiCall = {
    url: `${server.address}/api/members`,
    headers: { ...common, accept: 'application/json', 'x-vonk-client': 'web' },
  };

  // The page must be the server's render of this member's search, not the bare shell or an error page.
  const search = (await (await fetch(apiCall.url, { headers: apiCall.headers })).json()) as TSearchResponse;
  const first = await fetch(page.url, { headers: page.headers });
  const html = await first.text();
  const names = search.page.results.map((r) => r.name);
  if (first.status !== 200 || !html.includes('id="vonk-state"') || !names.every((n) => html.includes(n))) {
    throw new Error(`GET /members is not the rendered search (HTTP ${first.status}, ${html.length} bytes)`);
  }
  progress(`search: ${search.numResults} results, ${names.length} on the page; page ${html.length} bytes`);

  const timeOne = async (target: typeof page) => {
    const started = performance.now();
    const res = await fetch(target.url, { headers: target.headers });
    const body = await res.arrayBuffer();
    const ms = performance.now() - started;
    if (res.status !== 200) throw new Error(`${target.url}: HTTP ${res.status}`);
    return { ms, bytes: body.byteLength };
  };
  const loadBefore = loadavg().map((l) => round(l));
  progress(`latency: ${WARM_UP} + ${N} requests of each, interleaved`);
  for (let i = 0; i < WARM_UP; i++) {
    await timeOne(page);
    await timeOne(apiCall);
  }
  const times = { render: [] as number[], api: [] as number[] };
  const bytes = { render: 0, api: 0 };
  for (let i = 0; i < N; i++) {
    // Alternating which goes first, so neither always follows the other's garbage.
    const order = i % 2 === 0 ? (['render', 'api'] as const) : (['api', 'render'] as const);
    for (const which of order) {
      const r = await timeOne(which === 'render' ? page : apiCall);
      times[which].push(r.ms);
      bytes[which] = r.bytes;
    }
  }
  const stats = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      p50_ms: round(percentile(sorted, 50)),
      p95_ms: round(percentile(sorted, 95)),
      p99_ms: round(percentile(sorted, 99)),
      max_ms: round(sorted.at(-1) ?? 0),
    };
  };
  const latency = { render: stats(times.render), api: stats(times.api) };

  // The server's CPU time per request, each kind alone and in sequence: what throughput is made of, and
  // less at the mercy of a shared machine than wall-clock times.
  const serverCpu = () =>
    new Promise<number>((ok) => {
      server.child.once('message', (msg: { cpu_ms: number }) => ok(msg.cpu_ms));
      server.child.send('cpu');
    });
  const cpuPer = async (target: typeof page) => {
    const before = await serverCpu();
    for (let i = 0; i < CPU_REQUESTS; i++) await timeOne(target);
    return round(((await serverCpu()) - before) / CPU_REQUESTS);
  };
  progress(`server CPU: ${CPU_REQUESTS} requests of each`);
  const cpu = { render_ms: await cpuPer(page), api_ms: await cpuPer(apiCall) };

  const load = async (target: typeof page) => {
    const r = await autocannon({ ...target, connections: CONNECTIONS, duration: SECONDS });
    if (r.non2xx || r.errors)
      throw new Error(`${target.url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
    return {
      requests_per_second: round(r.requests.average, 1),
      p50_ms: r.latency.p50,
      p99_ms: r.latency.p99,
    };
  };
  progress(`throughput: ${SECONDS} s of each with ${CONNECTIONS} connections`);
  const apiLoad = await load(apiCall);
  const renderLoad = await load(page);

  const rpsRatio = round(renderLoad.requests_per_second / apiLoad.requests_per_second, 3);
  const within = latency.render.p99_ms <= BUDGET.p99_ms && rpsRatio >= BUDGET.ratio;
  const render = {
    at: new Date().toISOString(),
    node: process.version,
    database: server.database,
    members: server.members,
    seed_seconds: server.seed_seconds,
    search_results: search.numResults,
    accept_encoding: ENCODING,
    // Uncompressed.
    page_bytes: bytes.render,
    api_bytes: bytes.api,
    requests: N,
    warm_up: WARM_UP,
    render_p99_ms: latency.render.p99_ms,
    api_p99_ms: latency.api.p99_ms,
    latency,
    server_cpu_per_request: { ...cpu, ratio: round(cpu.api_ms / cpu.render_ms, 3) },
    throughput: { seconds: SECONDS, connections: CONNECTIONS, render: renderLoad, api: apiLoad },
    render_rps: renderLoad.requests_per_second,
    api_rps: apiLoad.requests_per_second,
    rps_ratio: rpsRatio,
    budget: BUDGET,
    // The budget is PostgreSQL's with 100,000 members; a PGlite run is reported, not judged.
    within_budget: server.database === 'postgres' ? within : null,
    // 1, 5 and 15 minutes, after the run; and before its timed part: the machine may be shared.
    loadavg: loadavg().map((l) => round(l)),
    loadavg_before: loadBefore,
  };
  const file = join(root, 'bench/results/latest.json');
  const latest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(file, `${JSON.stringify({ ...latest, render }, null, 2)}\n`);
  console.log(JSON.stringify({ render }, null, 2));
} finally {
  // The server closes the app and drops its scratch database before it exits.
  const exited = new Promise((ok) => server.child.once('exit', ok));
  server.child.send('stop');
  await exited;
}
