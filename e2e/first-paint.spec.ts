import { expect, test } from './fixtures.ts';

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
