// `npm run bench`: measures the budgets of DESIGN.md §8 that exist so far and writes
// bench/results/latest.json (also printed). Numbers are compared within one run on one machine.
import { type ChildProcess, fork } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import autocannon from 'autocannon';
import { benchMediaUnderHostileUploads } from './media.ts';

const root = resolve(import.meta.dirname, '..');
const DURATION = Number(process.env.BENCH_SECONDS ?? 5);

interface Started {
  address: string;
  child: ChildProcess;
  token: string;
  sqlPerSecond: number;
}

async function startServer(kind: 'vonk' | 'bare' | 'node'): Promise<Started> {
  const child = fork(join(root, 'bench/server.ts'), [kind], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const m = await new Promise<Omit<Started, 'child'>>((resolveStarted, reject) => {
    child.once('message', (msg: Omit<Started, 'child'>) => resolveStarted(msg));
    child.once('exit', (code) => reject(new Error(`${kind} server exited with ${code}`)));
  });
  return { ...m, child };
}

async function load(url: string, headers: Record<string, string> = {}) {
  // Warm up first so JIT and caches settle, then measure.
  await autocannon({ url, headers, connections: 10, duration: 1 });
  const r = await autocannon({ url, headers, connections: 20, pipelining: 1, duration: DURATION });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx answers, ${r.errors} errors`);
  return {
    requests_per_second: Math.round(r.requests.average),
    p50_ms: r.latency.p50,
    p99_ms: r.latency.p99,
  };
}

const ratio = (a: { requests_per_second: number }, b: { requests_per_second: number }) =>
  Number((a.requests_per_second / b.requests_per_second).toFixed(3));
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const vonk = await startServer('vonk');
const settings = await load(`${vonk.address}/api/settings?domain=localhost`);
const user = await load(`${vonk.address}/api/user.php`, { cookie: `vonk_session=${vonk.token}` });
const mediaUnderHostileUploads = await benchMediaUnderHostileUploads(vonk.address, vonk.token, DURATION);
// /healthz against bare node:http in alternating rounds, both servers up: on a busy machine the load
// changes from minute to minute, and a ratio of two runs minutes apart would measure the machine.
const node = await startServer('node');
const rounds: { healthz: Awaited<ReturnType<typeof load>>; node: Awaited<ReturnType<typeof load>> }[] = [];
for (let i = 0; i < Number(process.env.BENCH_ROUNDS ?? 3); i++) {
  rounds.push({ healthz: await load(`${vonk.address}/healthz`), node: await load(`${node.address}/`) });
}
const healthzRatios = rounds.map((r) => ratio(r.healthz, r.node));
const middle = rounds[healthzRatios.indexOf(median(healthzRatios))] ?? rounds[0];
const healthz = middle?.healthz;
const nodeBaseline = middle?.node;
vonk.child.kill();
node.child.kill();
const bare = await startServer('bare');
const baseline = await load(`${bare.address}/bare`);
bare.child.kill();

const result = {
  at: new Date().toISOString(),
  node: process.version,
  duration_seconds: DURATION,
  http: {
    settings,
    bare_fastify: baseline,
    settings_to_bare_ratio: ratio(settings, baseline),
    healthz,
    bare_node_http: nodeBaseline,
    healthz_to_node_http_ratio: median(healthzRatios),
    healthz_to_node_http_ratio_rounds: healthzRatios,
    user_php: user,
    user_php_bare_sql_per_second: vonk.sqlPerSecond,
    user_php_to_bare_sql_ratio: Number((user.requests_per_second / vonk.sqlPerSecond).toFixed(3)),
    budgets: { healthz_to_node_http_ratio_min: 0.6, user_php_to_bare_sql_ratio_min: 0.7 },
  },
  media_under_hostile_uploads: mediaUnderHostileUploads,
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/latest.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(JSON.stringify(result, null, 2));
