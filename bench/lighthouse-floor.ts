// The floor under the TBT budget on this machine now: each first page (home, search, a member) as the app
// renders it, saved as static HTML without any script (same DOM, stylesheet and photos), measured by
// Lighthouse's mobile preset in turns with the live page. The static copy runs no JavaScript at all, so
// its TBT is what parsing, style, layout, paint and photos cost here, and what no change to the app's
// code can go below. A budget the floor itself misses says more about the machine than about the page.
//   node bench/lighthouse-floor.ts    LIGHTHOUSE_BUSY=1 keeps one core busy; LIGHTHOUSE_RUNS (default 3)

import { rmSync } from 'node:fs';
import { request as httpRequest, createServer as httpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { keepOneCoreBusy, launchChromium, startSite, throttling } from './lighthouse.ts';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/** The page as a phone sees it once the app has drawn it, with every script and data preload taken out. */
async function staticCopy(url: string): Promise<string> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
  try {
    const page = await browser.newPage({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      locale: 'nl-NL',
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(3000);
    return `<!doctype html>${await page.evaluate(() => {
      for (const n of document.querySelectorAll(
        'script, link[rel=modulepreload], link[rel=preload][as=fetch]',
      ))
        n.remove();
      for (const l of document.querySelectorAll<HTMLLinkElement>('link[data-app-css]')) l.media = 'all';
      return document.documentElement.outerHTML;
    })}`;
  } finally {
    await browser.close();
  }
}

const stopSpinning = keepOneCoreBusy();
const site = await startSite();
const target = new URL(site.base);
const copies = new Map<string, string>();
// Serves the static copies at /floor/<page>; everything else (stylesheet, photos) goes to the site as it is.
const proxy = httpServer((req, res) => {
  const copy = copies.get(req.url ?? '');
  if (copy) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(copy);
    return;
  }
  const upstream = httpRequest(
    { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => res.destroy());
  req.pipe(upstream);
}).listen(0, '127.0.0.1');
await new Promise((resolve) => proxy.once('listening', resolve));
const base = `http://localhost:${(proxy.address() as AddressInfo).port}`;
const chrome = await launchChromium();
try {
  const search = (await (await fetch(`${site.base}/api/members?country=NL`)).json()) as {
    page: { results: { id: number }[] };
  };
  const pages: Record<string, string> = { home: '/', search: '/members' };
  const memberId = search.page.results[0]?.id;
  if (memberId) pages.member = `/members/${memberId}`;
  // Lighthouse now and then loses a run's trace (NO_NAVSTART) on this shared machine: that run is made again.
  const tbt = async (url: string, attempt = 1): Promise<{ tbt: number; index: number }> => {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance'],
      ...throttling(),
    });
    if (!result || result.lhr.runtimeError) {
      if (attempt < 3) return tbt(url, attempt + 1);
      throw new Error(`no Lighthouse result for ${url}: ${result?.lhr.runtimeError?.message ?? 'none'}`);
    }
    return {
      tbt: Math.round(result.lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
      index: Math.round(result.lhr.environment.benchmarkIndex),
    };
  };
  const out: Record<string, unknown> = {};
  for (const [name, path] of Object.entries(pages)) {
    copies.set(`/floor/${name}`, await staticCopy(`${site.base}${path}`));
    const live = `${base}${path}`;
    const floor = `${base}/floor/${name}`;
    await tbt(live);
    await tbt(floor);
    const runs = { page: [] as number[], floor: [] as number[], index: [] as number[] };
    for (let i = 0; i < RUNS; i++) {
      const a = await tbt(live);
      const b = await tbt(floor);
      runs.page.push(a.tbt);
      runs.floor.push(b.tbt);
      runs.index.push(a.index, b.index);
    }
    out[name] = {
      tbt_ms: median(runs.page),
      floor_tbt_ms: median(runs.floor),
      tbt_runs_ms: runs.page,
      floor_tbt_runs_ms: runs.floor,
      benchmark_index: median(runs.index),
    };
  }
  console.log(
    JSON.stringify(
      {
        one_core_kept_busy: stopSpinning !== null,
        throttling: throttling().throttlingMethod ?? 'simulate',
        pages: out,
      },
      null,
      2,
    ),
  );
} finally {
  chrome.kill();
  proxy.close();
  site.child.kill();
  await stopSpinning?.();
  rmSync(site.dataDir, { recursive: true, force: true });
}
