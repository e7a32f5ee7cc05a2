// Where a page's load spends CPU, for a closer look than Lighthouse's scores give: one unmeasured and one
// measured Lighthouse mobile run of a URL (the site must be running), keeping the trace. Prints the CPU
// time (thread time) of each Chromium thread in the first 4 s, every task of the page's main thread over
// 5 ms with its wall and CPU time and its largest parts, and a summary line. A task's wall time far above its
// CPU time means the thread was waiting for a core: on a shared machine, what else ran then counts.
//   node bench/lighthouse-trace.ts http://localhost:3000/members   BUSY=1 keeps one core busy, SAVE=<file>
import { writeFileSync } from 'node:fs';
import lighthouse from 'lighthouse';
import { keepOneCoreBusy, launchChromium, throttling } from './lighthouse.ts';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: { url?: string; isLoadingMainFrame?: boolean } };
}

const url = process.argv[2] ?? 'http://localhost:3000/';
const stopSpinning = keepOneCoreBusy(process.env.BUSY === '1');
const chrome = await launchChromium();
const ms = (us: number | undefined) => (us ?? 0) / 1000;
try {
  const run = () =>
    lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...throttling(),
    });
  await run();
  const res = await run();
  if (!res) throw new Error('no Lighthouse result');
  const metric = (id: string) => Math.round(res.lhr.audits[id]?.numericValue ?? 0);
  const trace = (res.artifacts as unknown as { Trace: { traceEvents: TraceEvent[] } }).Trace.traceEvents;
  if (process.env.SAVE) writeFileSync(process.env.SAVE, JSON.stringify(trace));
  const threads = new Map<string, string>();
  const processes = new Map<number, string>();
  for (const e of trace) {
    if (e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args?.name ?? '');
    if (e.name === 'process_name') processes.set(e.pid, e.args?.name ?? '');
  }
  const nav = trace.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame)?.ts;
  const fcp = trace.find((e) => e.name === 'firstContentfulPaint');
  if (nav === undefined || !fcp) throw new Error('the trace has no navigation or first paint');
  const end = nav + 4_000_000;
  const inWindow = (e: TraceEvent) => e.ph === 'X' && e.ts >= nav && e.ts <= end;
  const cpu = new Map<string, number>();
  for (const e of trace) {
    if (!inWindow(e) || e.name !== 'RunTask') continue;
    const key = `${processes.get(e.pid) ?? e.pid}/${threads.get(`${e.pid}:${e.tid}`) ?? e.tid}`;
    cpu.set(key, (cpu.get(key) ?? 0) + ms(e.tdur));
  }
  console.log(
    'lighthouse: tbt',
    metric('total-blocking-time'),
    'fcp',
    metric('first-contentful-paint'),
    'benchmark index',
    Math.round(res.lhr.environment.benchmarkIndex),
  );
  for (const [key, value] of [...cpu].sort((x, y) => y[1] - x[1]).slice(0, 12))
    console.log(key.padEnd(50), value.toFixed(1));
  const onMain = (e: TraceEvent) =>
    e.pid === fcp.pid && threads.get(`${e.pid}:${e.tid}`) === 'CrRendererMain';
  let wall = 0;
  let used = 0;
  for (const task of trace) {
    if (!inWindow(task) || task.name !== 'RunTask' || !onMain(task) || ms(task.dur) < 5) continue;
    wall += ms(task.dur);
    used += ms(task.tdur);
    const taskEnd = task.ts + (task.dur ?? 0);
    const parts = trace
      .filter(
        (c) => c !== task && onMain(c) && c.ph === 'X' && c.ts >= task.ts && c.ts + (c.dur ?? 0) <= taskEnd,
      )
      .filter((c) => ms(c.dur) > 1)
      .sort((x, y) => (y.dur ?? 0) - (x.dur ?? 0))
      .slice(0, 3)
      .map(
        (c) =>
          `${c.name}${c.args?.data?.url ? `(${c.args.data.url.split('/').pop()})` : ''}:${ms(c.dur).toFixed(1)}`,
      );
    console.log(
      ms(task.ts - nav)
        .toFixed(0)
        .padStart(5),
      'wall',
      ms(task.dur).toFixed(1).padStart(6),
      'cpu',
      ms(task.tdur).toFixed(1).padStart(6),
      parts.join(' '),
    );
  }
  const shots = trace.filter((e) => e.name === 'Screenshot' && e.ts > nav && e.ts < end).length;
  const viz = [...cpu].find(([key]) => key.endsWith('VizCompositorThread'))?.[1] ?? 0;
  console.log(
    `summary: frames ${shots}, compositor ${viz.toFixed(0)} ms, page main thread tasks over 5 ms: wall ${wall.toFixed(0)} ms, cpu ${used.toFixed(0)} ms`,
  );
} finally {
  chrome.kill();
  await stopSpinning?.();
}
