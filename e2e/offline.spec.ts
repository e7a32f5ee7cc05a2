import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, skipEntryWarning, test } from './fixtures.ts';
import { createMember, DEMO, logInByApi } from './members.ts';

// Issue 27 scope 5: offline like an app. The built site's service worker serves the shell and the code of
// every tab without a network; the app keeps the member's last chats, likes and searches for it.
test.use({ serviceWorkers: 'allow' });
// Offline, whatever the page still asks of the network fails, on purpose.
test.use({ allowedConsoleErrors: [/ERR_INTERNET_DISCONNECTED|Failed to fetch|net::ERR/] });

const COPY = 'vonk.offline.member';

/** The demo member (who has chats), without the entry warning or an auto-like's match modal in the way. */
async function demoMember(page: Page) {
  await skipEntryWarning(page);
  await page.addInitScript(() => sessionStorage.setItem('vonk.auto_like', '1'));
  return logInByApi(page.context().request, DEMO.email, DEMO.password);
}

/** The service worker controls the page: it starts 5 s after the load (decision 0022) and precaches. */
async function workerInControl(page: Page) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 40_000 });
}

/** What the app kept for an offline start: the member and the heads of the kept query keys. */
function keptCopy(page: Page) {
  return page.evaluate((key) => {
    const copy = JSON.parse(localStorage.getItem(key) ?? 'null') as {
      member: number;
      state: { queries: { queryKey: unknown[] }[] };
    } | null;
    return copy ? { member: copy.member, heads: copy.state.queries.map((q) => String(q.queryKey[0])) } : null;
  }, COPY);
}

for (const size of [
  { width: 390, height: 844, phone: true },
  { width: 1280, height: 800, phone: false },
]) {
  test.describe(`offline at ${size.width} px`, () => {
    test.use({ viewport: { width: size.width, height: size.height }, hasTouch: size.phone });

    /** A main tab: the tab bar on a phone, the top navigation on a desktop (a badge's count may come with the name). */
    const tab = (page: Page, name: string) =>
      (size.phone ? page.getByTestId('tab-bar') : page.getByRole('navigation', { name: 'main' })).getByRole(
        'link',
        { name: new RegExp(`\\b${name}\\b`) },
      );

    test('P-12 P-11 the main tabs open offline: kept chats, likes and search with "Laatst bijgewerkt", an offline state where nothing was kept, all fresh again online', async ({
      page,
      context,
    }) => {
      test.setTimeout(150_000);
      const me = await demoMember(page);
      await page.goto('/members');
      await expect(page.getByTestId('member-card').first()).toBeVisible();
      await workerInControl(page);
      // The member looks at their chats and likes once (Swipen not: its code has not loaded yet).
      await tab(page, 'Berichten').click();
      await expect(page.getByTestId('chat-row').first()).toBeVisible();
      await tab(page, 'Likes').click();
      await expect(page.getByRole('heading', { name: 'Vinden jou leuk' })).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await tab(page, 'Zoeken').click();
      await expect(page.getByTestId('member-card').first()).toBeVisible();
      await expect
        .poll(async () => (await keptCopy(page))?.heads ?? [], { timeout: 15_000 })
        .toEqual(expect.arrayContaining(['user', 'counts', 'chats', 'likes', 'members']));
      expect((await keptCopy(page))?.member).toBe(me.id);

      await context.setOffline(true);
      await expect(page.getByText('Je bent offline')).toBeVisible();
      // Search, still on screen, says how old it is.
      await expect(page.getByTestId('last-updated')).toContainText('Laatst bijgewerkt');

      // A tab whose code never loaded comes from the service worker; nothing was kept for it: it says so.
      await tab(page, 'Swipen').click();
      await expect(page).toHaveURL(/\/swipe-game$/);
      const offlineState = page.getByTestId('offline-state');
      await expect(
        offlineState.getByRole('heading', { name: 'Niet beschikbaar zonder verbinding' }),
      ).toBeVisible();
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await offlineState.getByRole('button', { name: 'Opnieuw proberen' }).click();
      await expect(offlineState.getByRole('status')).toHaveText('Nog steeds geen verbinding.');
      await expectNoAxeViolations(page);

      // The chats as last seen.
      await tab(page, 'Berichten').click();
      await expect(page.getByTestId('chat-row').first()).toBeVisible();
      await expect(page.getByTestId('last-updated')).toContainText(
        /Laatst bijgewerkt (\d+ seconden? geleden|nu)|minuut/,
      );

      // A full reload offline: the worker's shell, the app started in the browser from what it kept.
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: 'Berichten' })).toBeVisible();
      await expect(page.getByTestId('chat-row').first()).toBeVisible();
      await expect(page.getByTestId('last-updated')).toContainText('Laatst bijgewerkt');
      await expect(page.locator('[data-layout="default"]')).toHaveAttribute('data-logged-in', 'true');
      await page.screenshot({ path: `test-results/screens/offline-chats-${size.width}.png` });
      await expectNoAxeViolations(page);

      await tab(page, 'Likes').click();
      await expect(page.getByRole('heading', { name: 'Vinden jou leuk' })).toBeVisible();
      await expect(page.getByTestId('last-updated')).toContainText('Laatst bijgewerkt');
      await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
      await tab(page, 'Zoeken').click();
      await expect(page.getByTestId('member-card').first()).toBeVisible();
      await expect(page.getByTestId('last-updated')).toContainText('Laatst bijgewerkt');

      // The own profile was never opened: after a full page load offline, the offline state.
      await page.goto('/profile');
      await expect(page.getByTestId('offline-state')).toBeVisible();
      await page.screenshot({ path: `test-results/screens/offline-state-${size.width}.png` });

      // Back online: the page loads by itself, and every kept answer is fresh again.
      await context.setOffline(false);
      await expect(page.getByTestId('offline-state')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1, name: 'Mijn profiel' })).toBeVisible();
      await expect(page.getByText('Je bent offline')).toBeHidden();
      await tab(page, 'Berichten').click();
      await expect(page.getByTestId('chat-row').first()).toBeVisible();
      await expect(page.getByTestId('last-updated')).toHaveCount(0);
      await tab(page, 'Swipen').click();
      await expect(page.getByTestId('offline-state')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
}

test.describe('offline copy on a shared device', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('P-12 A-05 logout forgets the kept chats, and another member never sees the copy of the one before', async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    // Someone else used this browser before: their copy goes as soon as the demo member is the session's.
    const other = await createMember(context, { activate: true });
    await skipEntryWarning(page);
    await page.addInitScript(() => sessionStorage.setItem('vonk.auto_like', '1'));
    await page.goto('/members');
    await expect(page.getByTestId('member-card').first()).toBeVisible();
    await expect.poll(async () => (await keptCopy(page))?.member, { timeout: 15_000 }).toBe(other.id);

    const me = await logInByApi(context.request, DEMO.email, DEMO.password);
    await page.goto('/chats');
    await expect(page.getByTestId('chat-row').first()).toBeVisible();
    await expect
      .poll(async () => keptCopy(page), { timeout: 15_000 })
      .toEqual({ member: me.id, heads: expect.arrayContaining(['user', 'chats']) });
    await workerInControl(page);

    await page.getByRole('button', { name: /Mijn account/ }).click();
    await page.getByRole('menuitem', { name: 'Uitloggen' }).click();
    await expect(page.locator('[data-layout="default"]')).toHaveAttribute('data-logged-in', 'false');
    expect(await keptCopy(page)).toBeNull();

    // Offline, the chats page knows no member any more: the login, not the demo member's chats.
    await context.setOffline(true);
    await page.goto('/chats');
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByTestId('chat-row')).toHaveCount(0);
    await expect(page.locator('[data-layout="default"]')).toHaveAttribute('data-logged-in', 'false');
    await context.setOffline(false);
  });
});
