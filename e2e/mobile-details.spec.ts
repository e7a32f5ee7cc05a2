import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, skipEntryWarning, test } from './fixtures.ts';
import { DEMO, logInByApi } from './members.ts';

// Issue 11 items 3 and 7: members start in discovery, and the details a phone shows them.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

async function demoMember(page: Page) {
  await skipEntryWarning(page);
  return logInByApi(page.context().request, DEMO.email, DEMO.password);
}

/** A listed demo member with at least `photos` visible photos, from the first search page. */
async function memberWithPhotos(request: APIRequestContext, photos: number) {
  const search = await request.get('/api/members?country=NL&gender=female');
  const { page } = (await search.json()) as { page: { results: { id: number }[] } };
  for (const card of page.results) {
    const res = await request.get(`/api/members/${card.id}`);
    const { profile } = (await res.json()) as { profile: { id: number; name: string; photos: unknown[] } };
    if (profile.photos.length >= photos) return profile;
  }
  throw new Error(`no member with ${photos} photos on the first page`);
}

test.describe('members start in discovery (issue 11 item 3)', () => {
  test('D-01 L-01 a logged-in member who opens / sees the members grid, a visitor the home page', async ({
    page,
  }) => {
    await skipEntryWarning(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('[data-layout="default"]')).toHaveAttribute('data-logged-in', 'false');

    await demoMember(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/members$/);
    await expect(page.getByTestId('member-card').first()).toBeVisible();
    // The logo, which links to /, leads there too.
    await page.getByRole('link', { name: /Vonk/ }).first().click();
    await expect(page).toHaveURL(/\/members$/);
  });
});

test.describe('offline on a phone (issue 11 item 7)', () => {
  // Background refreshes fail while offline, on purpose.
  test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/] });

  test('P-11 L-01 the offline notice sits above the tab bar, not over it', async ({ page, context }) => {
    await demoMember(page);
    await page.goto('/members');
    const tabs = page.getByTestId('tab-bar');
    await expect(tabs).toBeVisible();
    await context.setOffline(true);
    const notice = page.getByText('Je bent offline');
    await expect(notice).toBeVisible();
    const [n, t] = [await notice.boundingBox(), await tabs.boundingBox()];
    expect(n && t && n.y + n.height <= t.y).toBe(true);
    await page.screenshot({ path: 'test-results/screens/offline-390.png' });
    await context.setOffline(false);
  });
});

test.describe('mobile details (issue 11 item 7)', () => {
  test('L-01 a page opened fresh starts at the top, wherever the last one was left', async ({ page }) => {
    await demoMember(page);
    await page.goto('/members');
    await expect(page.getByTestId('member-card').first()).toBeVisible();
    await page.mouse.wheel(0, 2000);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
    await page.goto('/members?page=2');
    await expect(page.getByTestId('member-card').first()).toBeVisible();
    // Settled: no request of the page is still out that could move it once answered.
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('D-01 "Pagina 1 van N" stays on one line on a phone', async ({ page }) => {
    await demoMember(page);
    await page.goto('/members?country=NL&gender=female');
    const label = page.getByText(/^Pagina 1 van \d+$/);
    await expect(label).toBeVisible();
    const box = await label.boundingBox();
    const lineHeight = await label.evaluate((el) => Number.parseFloat(getComputedStyle(el).lineHeight));
    expect(box && box.height < lineHeight * 1.5).toBe(true);
  });

  test('D-01 similar members show more than the first 24', async ({ page }) => {
    await demoMember(page);
    // One age in one small region: few results, and many similar ones once region and ages widen.
    await page.goto('/members?country=NL&gender=female&countryregion=NL-ZE&min_age=30&max_age=30');
    const similar = page.getByTestId('similar');
    await expect(similar.getByTestId('member-card')).toHaveCount(24);
    const count = Number((await similar.locator('h2').textContent())?.match(/\((\d+)\)/)?.[1]);
    expect(count).toBeGreaterThan(24);
    const more = page.getByTestId('similar-more');
    await more.focus();
    await page.keyboard.press('Enter');
    await expect(similar.getByTestId('member-card')).toHaveCount(Math.min(48, count));
    await expect(more).toBeFocused();
    await expectNoAxeViolations(page);
  });

  test('M-05 the profile photo opens a full-screen gallery: swipe, keys and screen readers', async ({
    page,
  }) => {
    await demoMember(page);
    const her = await memberWithPhotos(page.context().request, 2);
    const total = her.photos.length;
    await page.goto(`/members/${her.id}`);
    const open = page.getByRole('button', { name: `Foto 1 van ${total} op volledig scherm bekijken` });
    await open.click();
    const viewer = page.getByRole('dialog', { name: `Foto's van ${her.name}` });
    await expect(viewer).toBeVisible();
    const box = await viewer.boundingBox();
    expect(box?.width).toBe(390);
    expect(box?.height).toBe(844);
    const position = page.getByTestId('photo-position');
    await expect(position).toHaveText(`Foto 1 van ${total}`);
    await expect(position).toHaveAttribute('aria-live', 'polite');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'test-results/screens/gallery-390.png' });

    // Keys: right to the next photo, left back.
    await page.keyboard.press('ArrowRight');
    await expect(position).toHaveText(`Foto 2 van ${total}`);
    await page.keyboard.press('ArrowLeft');
    await expect(position).toHaveText(`Foto 1 van ${total}`);

    // A swipe to the left shows the next photo.
    const strip = page.getByTestId('photo-strip');
    await strip.evaluate((el) => el.scrollBy({ left: el.clientWidth, behavior: 'auto' }));
    await expect(position).toHaveText(`Foto 2 van ${total}`);

    // The buttons, by name, for screen readers; then Escape closes and focus goes back to the photo.
    await page.getByRole('button', { name: 'Vorige foto' }).click();
    await expect(position).toHaveText(`Foto 1 van ${total}`);
    await page.getByRole('button', { name: 'Volgende foto' }).click();
    await expect(position).toHaveText(`Foto 2 van ${total}`);
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();
    // The page now shows the photo the member stopped at.
    await expect(
      page.getByRole('button', { name: `Foto 2 van ${total} op volledig scherm bekijken` }),
    ).toBeFocused();
  });
});
