import { expect, skipEntryWarning, test } from './fixtures.ts';

test.describe('service page', () => {
  test('L-06 issue 10: the support phone is digits only and dials; the support e-mail opens the mail app', async ({
    page,
  }) => {
    await skipEntryWarning(page);
    await page.goto('/pages/service');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Klantenservice');
    // The page's own text, and the support box every static page ends with: both dial the same number.
    const phones = page.getByRole('link', { name: '+31201234567' });
    await expect(phones.first()).toBeVisible();
    for (const phone of await phones.all()) await expect(phone).toHaveAttribute('href', 'tel:+31201234567');
    await expect(page.locator('article')).not.toContainText('20-123');
    const mail = page.locator('article a[href^="mailto:"]').first();
    await expect(mail).toHaveAttribute('href', /^mailto:[^@\s]+@[^@\s]+$/);
    expect(await mail.getAttribute('href')).toBe(`mailto:${await mail.textContent()}`);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `test-results/service-page-${width}.png`, fullPage: true });
    }
  });
});
