// Screenshots of the main pages at 390 px and 1280 px, for looking at: `node scripts/screenshots.ts [baseURL]`
// (default http://localhost:3000). Files go to test-results/screens/.
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';

const base = process.argv[2] ?? 'http://localhost:3000';
const pages = (process.env.SCREENS ?? '/,/pages/terms,/nope,/lang-config').split(',');
const locales = (process.env.SCREEN_LOCALES ?? 'nl,de').split(',');
const out = 'test-results/screens';
mkdirSync(out, { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
});
for (const width of [390, 1280]) {
  for (const locale of locales) {
    const context = await browser.newContext({
      viewport: { width, height: width < 500 ? 844 : 800 },
      deviceScaleFactor: 1,
      locale,
    });
    await context.addCookies([{ name: 'i18n_redirected', value: locale, url: base }]);
    const login = process.env.SCREEN_LOGIN; // "email:password": screenshots as that member
    if (login) {
      const [email, password] = login.split(':');
      const res = await context.request.post(`${base}/api/user.php`, {
        data: { email, password },
        headers: { origin: base },
      });
      if (!res.ok()) throw new Error(`login failed: ${res.status()}`);
    }
    const page = await context.newPage();
    if (process.env.SCREEN_ENTRY !== '1') {
      await page.addInitScript(() => localStorage.setItem('vonk.entry-warning-skipped', 'x'));
    }
    for (const path of pages) {
      await page.goto(base + path, { waitUntil: 'networkidle' });
      const name = `${out}/${width}-${locale}${path.replace(/[/?=&]+/g, '_') || '_'}.png`;
      await page.screenshot({ path: name, fullPage: process.env.SCREEN_FULL === '1' });
      console.log(name);
    }
    await context.close();
  }
}
await browser.close();
