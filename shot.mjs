import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const pages = process.argv.slice(2);
for (const w of [390, 1280]) {
  const ctx = await b.newContext({ viewport: { width: w, height: 900 }, locale: 'nl-NL' });
  const p = await ctx.newPage();
  const msgs = [];
  p.on('console', (m) => { if (m.type() === 'error' || m.type() === 'warning') msgs.push(m.type() + ': ' + m.text()); });
  for (const path of pages) {
    await p.goto('http://localhost:3100' + path);
    await p.waitForSelector('html[data-hydrated]', { timeout: 15000 }).catch(() => {});
    await p.waitForTimeout(800);
    const name = path.replace(/[^a-z0-9]+/gi, '_');
    await p.screenshot({ path: `/tmp/shot-${name}-${w}.png`, fullPage: true });
  }
  console.log(w, msgs.join('\n'));
  await ctx.close();
}
await b.close();
