import { expect, skipEntryWarning, test } from './fixtures.ts';

// Issue 11 item 1: the first screen paints from the HTML alone, in the site's own name and colours.
test.describe('P-01 first paint', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test('P-01 P-02 without JavaScript a phone already sees the branded shell of the site', async ({
    page,
  }) => {
    const port = process.env.E2E_PORT;
    await page.goto('/');
    const bar = page.locator('.vs-bar');
    await expect(bar).toBeVisible();
    await expect(bar).toContainText('Vonk');
    await expect(page.locator('.vs-card')).toHaveCount(4);
    // The call to action in the site's primary colour, not grey: the shell is branded, not blank.
    const pill = await page.locator('.vs-pill').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(pill).not.toBe('rgba(0, 0, 0, 0)');
    await page.screenshot({ path: 'test-results/screens/shell-390.png' });

    // The second demo site has its own name in the same shell.
    await page.goto(`http://127.0.0.1:${port}/members`);
    await expect(page.locator('.vs-bar')).toContainText('Vonk Goud');
  });
});

test.describe('P-01 first load', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('P-01 the app stylesheet does not block the shell, and the app starts styled', async ({ page }) => {
    // Hold the stylesheet back: the shell must paint anyway, and the app must wait for it.
    let releaseCss: () => void = () => {};
    const cssHeld = new Promise<void>((done) => {
      releaseCss = done;
    });
    await page.route(/\/assets\/.*\.css$/, async (route) => {
      await cssHeld;
      await route.continue();
    });
    await page.goto('/', { waitUntil: 'commit' });
    await expect(page.locator('.vs-bar')).toBeVisible();
    // The page as served has no render-blocking stylesheet: a preload, and the sheet itself for no media
    // (parsed when it arrives, applied by the app).
    const html = await (await page.request.get('/')).text();
    const sheets = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    expect(sheets.length).toBeGreaterThan(0);
    for (const sheet of sheets) expect(sheet).toContain('media="not all"');
    expect(html).toMatch(/<link rel="preload" as="style"[^>]*\.css"/);
    // While the stylesheet is held the app has not replaced the shell with unstyled content: its code runs
    // and waits for the sheet (it adds a stylesheet link of its own to hear when the held one arrives).
    await expect(page.locator('link[data-app-css] + link[rel="stylesheet"]')).toHaveCount(1);
    await expect(page.locator('.vs-bar')).toBeVisible();
    await expect(page.locator('[data-layout]')).toHaveCount(0);
    releaseCss();
    await expect(page.locator('[data-layout="default"]')).toBeVisible();
    // Tailwind's rules are in force: the top bar is sticky.
    expect(
      await page
        .locator('header')
        .first()
        .evaluate((el) => getComputedStyle(el).position),
    ).toBe('sticky');
  });

  test('P-01 the settings and session answers are preloaded with the page and fetched once', async ({
    page,
  }) => {
    const settings: string[] = [];
    const session: string[] = [];
    page.on('request', (req) => {
      const path = new URL(req.url()).pathname;
      if (path === '/api/settings') settings.push(req.url());
      if (path === '/api/user.php') session.push(req.url());
    });
    await page.goto('/?ref=spring');
    await expect(page.locator('[data-layout="default"]')).toBeVisible();
    const preload = await page
      .locator('link[rel="preload"][as="fetch"][href^="/api/settings"]')
      .getAttribute('href');
    expect(preload).toContain('/api/settings?ref=spring&domain=localhost');
    await expect(page.locator('link[rel="preload"][as="fetch"][href="/api/user.php"]')).toHaveCount(1);
    expect(settings).toHaveLength(1);
    expect(session).toHaveLength(1);
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
