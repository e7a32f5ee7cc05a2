import type { Page } from '@playwright/test';
import { expect, skipEntryWarning, test } from './fixtures.ts';
import { createMember, ownAddress } from './members.ts';

// Issue 24: every first page is rendered on the server and hydrated by React. Hydration must render what
// the server rendered (React reports any difference on the console, which fails every test: fixtures.ts),
// ask the API for nothing the HTML already holds, and the public pages must read and link without
// JavaScript.

const WIDTHS = [390, 1280] as const;
const LOCALES = ['nl', 'en'] as const;

/** Opens `path` in `locale` and waits until React has hydrated the page and nothing is still loading. */
async function openHydrated(page: Page, path: string, locale: string) {
  await page
    .context()
    .addCookies([{ name: 'i18n_redirected', value: locale, domain: 'localhost', path: '/' }]);
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
  await page.waitForLoadState('networkidle');
}

/** Collects the console's warnings and errors that speak of hydration. */
function hydrationMessages(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (msg) => {
    if (
      ['error', 'warning'].includes(msg.type()) &&
      /hydrat|did not match|#418|#423|#425/i.test(msg.text())
    ) {
      found.push(msg.text());
    }
  });
  page.on('pageerror', (err) => {
    if (/hydrat|#418|#423|#425/i.test(err.message)) found.push(err.message);
  });
  return found;
}

async function demoMemberId(page: Page): Promise<number> {
  const found = await (await page.request.get('/api/members?gender=female&country=DE')).json();
  return found.page.results.find((c: { fictional: boolean }) => c.fictional)?.id as number;
}

const VISITOR_PAGES = [
  '/',
  '/members',
  '/members?gender=female&country=DE',
  '/members/:demo',
  '/pages/faq',
  '/pages/terms',
  '/signup',
  '/login',
  '/pricing',
  '/landers/tinderswipe',
];
const MEMBER_PAGES = [
  '/members',
  '/members/:demo',
  '/likes',
  '/chats',
  '/credits',
  '/transactions',
  '/swipe-game',
];

test.describe('issue 24 server rendering and hydration', () => {
  test('P-01 every visitor first page hydrates without a warning, at 390 and 1280 px, in Dutch and English', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await ownAddress(page.context());
    await skipEntryWarning(page);
    const messages = hydrationMessages(page);
    const demo = await demoMemberId(page);
    for (const locale of LOCALES) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
        for (const path of VISITOR_PAGES) {
          await openHydrated(page, path.replace(':demo', String(demo)), locale);
          expect(messages, `${path} at ${width} px in ${locale}`).toEqual([]);
        }
      }
    }
  });

  test('P-01 every member first page hydrates without a warning, at 390 and 1280 px, in Dutch and English', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await ownAddress(page.context());
    await skipEntryWarning(page);
    await createMember(page.context(), { activate: true, photo: true });
    const messages = hydrationMessages(page);
    const demo = await demoMemberId(page);
    for (const locale of LOCALES) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
        for (const path of MEMBER_PAGES) {
          await openHydrated(page, path.replace(':demo', String(demo)), locale);
          expect(messages, `${path} at ${width} px in ${locale}`).toEqual([]);
        }
      }
    }
  });

  test('D-01 the search page arrives with its cards, and hydration asks the API for none of them again', async ({
    page,
  }) => {
    await ownAddress(page.context());
    await skipEntryWarning(page);
    const asked: string[] = [];
    page.on('request', (req) => {
      const url = new URL(req.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname);
    });
    const res = await page.goto('/members');
    const html = (await res?.text()) ?? '';
    // The server's HTML holds the cards' names and photos.
    expect(html).toMatch(/<img[^>]+src="\/media\/[^"]+"/);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await page.waitForLoadState('networkidle');
    expect(asked.filter((p) => ['/api/members', '/api/settings', '/api/user.php'].includes(p))).toEqual([]);
  });

  test('M-05 a member visiting a profile gets their own page, never a cached one', async ({ page }) => {
    await ownAddress(page.context());
    await skipEntryWarning(page);
    const member = await createMember(page.context(), { activate: true });
    const res = await page.goto('/chats');
    expect(res?.status()).toBe(200);
    expect(res?.headers()['cache-control']).toContain('no-store');
    expect(await res?.text()).toContain(member.name);
  });

  test('L-06 D-01 M-05 with JavaScript off, the home, search, profile, static and lander pages read and link', async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    await ownAddress(context);
    const page = await context.newPage();
    const demo = await demoMemberId(page);
    for (const path of ['/', '/members', `/members/${demo}`, '/pages/faq', '/landers/tinderswipe']) {
      await page.goto(path);
      await expect(page.locator('h1').first(), path).toBeVisible();
      // The way further for a visitor: signing up or logging in, by plain links.
      await expect(page.locator('a[href^="/signup"], a[href^="/login"]').first(), path).toBeAttached();
    }
    // The search links to the profiles it shows, and the profile reads.
    await page.goto('/members');
    const profile = page.locator('a[href^="/members/"]').first();
    const href = await profile.getAttribute('href');
    await page.goto(href ?? '/');
    await expect(page.locator('h1').first()).toBeVisible();
    await context.close();
  });

  test('P-10 a members-only page sends a visitor to the login from the server', async ({ request }) => {
    const res = await request.get('/likes', { maxRedirects: 0, headers: { accept: 'text/html' } });
    expect(res.status()).toBe(302);
    expect(res.headers().location).toBe('/login?redirect=/likes');
  });
});
