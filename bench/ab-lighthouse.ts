// A/B of two builds, page by page in turns (issue 24): `node bench/ab-lighthouse.ts <baseUrlA> <baseUrlB>`
// with both sites running (each started from its own tree). Lighthouse mobile, LIGHTHOUSE_RUNS (default 5)
// runs of each page on each site, A and B alternating so that a passing load hits both alike; prints the
// medians of TBT, LCP, FCP and the performance score per page and site, with every run's TBT and the load.
// AB_PAGES: comma-separated paths (default: /, /members, the first member, /landers/gallery, /landers/video).
import { loadavg } from 'node:os';
import lighthouse from 'lighthouse';
import { launchChromium, throttling } from './lighthouse.ts';

const [a, b] = process.argv.slice(2);
if (!a || !b) throw new Error('usage: node bench/ab-lighthouse.ts <baseUrlA> <baseUrlB>');
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)] ?? 0;
const search = (await (await fetch(`${a}/api/members?country=NL`)).json()) as {
  page: { results: { id: number }[] };
};
const member = search.page.results[0]?.id;
const pages = process.env.AB_PAGES?.split(',') ?? [
  '/',
  '/members',
  `/members/${member}`,
  '/landers/gallery',
  '/landers/video',
];
const chrome = await launchChromium();
const load = () => loadavg().map((l) => Number(l.toFixed(2)));
const out: Record<string, unknown> = { load_average_at_start: load() };
try {
  for (const path of pages) {
    const runs: Record<string, { tbt: number; lcp: number; fcp: number; perf: number; bm: number }[]> = {
      A: [],
      B: [],
    };
    for (let i = 0; i < RUNS; i++) {
      for (const [name, base] of i % 2
        ? [
            ['B', b],
            ['A', a],
          ]
        : [
            ['A', a],
            ['B', b],
          ]) {
        const r = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          ...throttling(),
        });
        const lhr = r?.lhr;
        if (!lhr || lhr.runtimeError) continue;
        const m = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
        runs[name as string]?.push({
          tbt: m('total-blocking-time'),
          lcp: m('largest-contentful-paint'),
          fcp: m('first-contentful-paint'),
          perf: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          bm: Math.round(lhr.environment.benchmarkIndex),
        });
      }
    }
    const sum = (xs: { tbt: number; lcp: number; fcp: number; perf: number; bm: number }[]) => ({
      perf: median(xs.map((x) => x.perf)),
      tbt: median(xs.map((x) => x.tbt)),
      lcp: median(xs.map((x) => x.lcp)),
      fcp: median(xs.map((x) => x.fcp)),
      bm: median(xs.map((x) => x.bm)),
      tbt_runs: xs.map((x) => x.tbt),
    });
    out[path] = { A: sum(runs.A ?? []), B: sum(runs.B ?? []) };
    process.stderr.write(`${path} ${JSON.stringify(out[path])}\n`);
  }
} finally {
  await chrome.kill();
}
out.load_average = load();
console.log(JSON.stringify(out, null, 2));
process.exit(0);
