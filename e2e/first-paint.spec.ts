import { expect, skipEntryWarning, test } from './fixtures.ts';

// Issue 11 item 1 and issue 24: the first screen is the server's render of the page, in the site's own
// name and colours, readable before (and without) any JavaScript.
test.describe('P-01 first paint', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("P-01 P-02 without JavaScript a phone already sees the site's own page, styled and branded", async ({
    page,
  }) => {
    const port = process.env.E2E_PORT;
    await page.goto('/');
    const header = page.locator('header').first();
    await expect(header).toBeVisible();
    await expect(header).toContainText('Vonk');
    await expect(page.locator('h1').first()).toBeVisible();
    // The stylesheet is in force before any script: the top bar is sticky and the call to action is in the
    // site's primary colour, not grey.
    expect(await header.evaluate((el) => getComputedStyle(el).position)).toBe('sticky');
    const cta = page.getByRole('link', { name: 'Gratis aanmelden' }).first();
    expect(await cta.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
    await page.screenshot({ path: 'test-results/screens/first-paint-390.png' });

    // The second demo site has its own name on the same page.
    await page.goto(`http://127.0.0.1:${port}/members`);
    await expect(page.locator('header').first()).toContainText('Vonk Goud');
  });
});

test.describe('P-01 first load', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('P-01 the settings and session the page was rendered with are not asked for again', async ({
    page,
  }) => {
    const asked: string[] = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path === '/api/settings' || path === '/api/user.php') asked.push(path);
    });
    await page.goto('/?ref=spring');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(page.locator('[data-layout="default"]')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
  });

  test("P-01 L-07 the app's code is asked for after the first screen's photos have arrived", async ({
    page,
  }) => {
    const done = new Map<string, number>();
    const started = new Map<string, number>();
    let clock = 0;
    page.on('request', (req) => {
      started.set(new URL(req.url()).pathname, ++clock);
    });
    page.on('requestfinished', (req) => {
      done.set(new URL(req.url()).pathname, ++clock);
    });
    await page.goto('/landers/gallery?network=n1');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    const photos = await page
      .locator('link[rel="preload"][as="image"]')
      .evaluateAll((links) => links.map((l) => new URL((l as HTMLLinkElement).href).pathname));
    expect(photos.length).toBeGreaterThan(0);
    const entry = [...started.keys()].find((p) => /^\/assets\/index-[\w-]+\.js$/.test(p));
    expect(entry, 'the entry was asked for').toBeDefined();
    for (const photo of photos) {
      expect(done.get(photo), `${photo} arrived before the app was asked for`).toBeLessThan(
        started.get(entry ?? '') ?? 0,
      );
    }
    await expect(page.locator('html')).toHaveAttribute('data-app-loader', 'photos');
    // Again, with the photos in the browser's cache (no load event comes for them any more): the app
    // still starts from the photos, not after the 2.5 s wait.
    await page.goto('/landers/gallery?network=n1');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '');
    await expect(page.locator('html')).toHaveAttribute('data-app-loader', 'photos');
  });

  test('P-01 a first-screen photo that never arrives holds the app back for 2.5 s at most', async ({
    page,
  }) => {
    await skipEntryWarning(page);
    // The first photo hangs: its answer never comes.
    let held = '';
    await page.route('**/media/**', async (route) => {
      if (!held) held = route.request().url();
      if (route.request().url() === held) return; // never answered
      await route.continue();
    });
    const start = Date.now();
    await page.goto('/members', { waitUntil: 'domcontentloaded' });
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', '', { timeout: 10_000 });
    expect(held).not.toBe('');
    await expect(page.locator('html')).toHaveAttribute('data-app-loader', 'timer');
    // The app runs: a card opens the profile in the app.
    await page.getByTestId('member-card').first().click();
    await expect(page).toHaveURL(/\/members\/\d+$/);
    expect(Date.now() - start).toBeLessThan(9_000);
  });

  test('P-01 member cards open the profile inside the app; icons are one sprite symbol each', async ({
    page,
  }) => {
    await skipEntryWarning(page);
    await page.goto('/members');
    const card = page.getByTestId('member-card').first();
    await expect(card).toBeVisible();
    // Every icon draws a shared symbol: the card's map pins are <use> of one <symbol>, not paths of their own.
    const pin = page.locator('[data-testid="member-card"] svg.lucide-map-pin').first();
    await expect(pin).toHaveAttribute('aria-hidden', 'true');
    expect(await pin.locator('use').getAttribute('href')).toBe('#lucide-map-pin');
    expect(await pin.locator('path').count()).toBe(0);
    await expect(page.locator('symbol#lucide-map-pin')).toHaveCount(1);
    expect(
      await page.locator('symbol#lucide-map-pin path, symbol#lucide-map-pin circle').count(),
    ).toBeGreaterThan(0);
    const box = await pin.boundingBox();
    expect(box?.width).toBeGreaterThan(0);

    // A plain link for the browser, routed by the app: no new document is loaded.
    const href = await card.getAttribute('href');
    expect(href).toMatch(/^\/members\/\d+$/);
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await card.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    // Back returns to the search grid, still without a page load.
    await page.goBack();
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByTestId('member-card').first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });
});
