import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, skipEntryWarning, test } from './fixtures.ts';
import { createMember, otherPerson, ownAddress } from './members.ts';

// The refresh loop ticks every second in these tests (the product waits 5 s, then 60 s).
async function fastRefresh(page: Page) {
  await page.addInitScript(() => localStorage.setItem('vonk.refresh_ms', '1000'));
}

async function memberPage(context: BrowserContext) {
  const page = await context.newPage();
  await skipEntryWarning(page);
  await fastRefresh(page);
  return page;
}

const place = { country: 'NL', region: 'NL-UT', city: 'Utrecht' };

test.describe('likes loop', () => {
  test('D-03 D-04 P-06 P-13 a like arrives live, a like back on /likes makes a match both see once', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const ctxA = await otherPerson(browser);
    const ctxB = await otherPerson(browser);
    const a = await createMember(ctxA, { gender: 'male', looking_for: 'female', activate: true, place });
    const b = await createMember(ctxB, { gender: 'female', looking_for: 'male', activate: true, place });
    const pageA = await memberPage(ctxA);
    const pageB = await memberPage(ctxB);
    await pageB.setViewportSize({ width: 1280, height: 800 });
    await pageB.goto('/members');
    await expect(pageB.getByTestId('nav-likes')).toBeVisible();
    await expect(pageB).not.toHaveTitle(/^\(\d+\)/);

    // A likes B on B's profile page; B's page is not reloaded.
    await pageA.goto(`/members/${b.id}`);
    await pageA.getByRole('button', { name: 'Vind ik leuk' }).click();
    await expect(pageA.getByRole('button', { name: 'Geliked' })).toHaveAttribute('aria-pressed', 'true');

    const modalB = pageB.getByTestId('match-modal');
    await expect(modalB).toBeVisible({ timeout: 10_000 });
    await expect(modalB).toContainText(`${a.name} vindt je leuk!`);
    await expect(pageB.getByTestId('nav-likes').getByTestId('nav-badge')).toHaveText('11 nieuwe like');
    await expect(pageB).toHaveTitle(/^\(1\) /);
    // A click anywhere closes it.
    await modalB.click({ position: { x: 20, y: 20 } });
    await expect(modalB).toBeHidden();

    // B likes A back on /likes.
    await pageB.getByTestId('nav-likes').click();
    await expect(pageB).toHaveURL(/\/likes$/);
    const card = pageB.getByTestId('like-card').filter({ hasText: a.name }).first();
    await expect(card).toContainText('Nieuw');
    await card.getByRole('button', { name: 'Like terug' }).click();

    // Both see the match modal, once.
    await expect(modalB).toBeVisible({ timeout: 10_000 });
    await expect(modalB).toContainText('Het is een match!');
    await expect(modalB.getByTestId('match-modal-button')).toHaveAttribute('href', `/members/${a.id}/chat`);
    await expect(pageB).not.toHaveTitle(/^\(\d+\)/);
    await modalB.click({ position: { x: 20, y: 20 } });
    await expect(modalB).toBeHidden();

    const modalA = pageA.getByTestId('match-modal');
    await expect(modalA).toBeVisible({ timeout: 10_000 });
    await expect(modalA).toContainText('Het is een match!');
    // The photo opens the profile; a separate event from the button.
    await modalA.getByTestId('match-modal-photo').click();
    await expect(pageA).toHaveURL(new RegExp(`/members/${b.id}$`));
    await expect(modalA).toBeHidden();

    // Not again after a reload, nor after more refreshes.
    await pageB.reload();
    await pageA.reload();
    await pageB.waitForTimeout(2500);
    await expect(modalB).toBeHidden();
    await expect(modalA).toBeHidden();
    await expect(pageB).not.toHaveTitle(/^\(\d+\)/);
    await pageB.goto('/likes/mutual');
    await expect(pageB.getByTestId('like-card').filter({ hasText: a.name })).toBeVisible();
    await ctxA.close();
    await ctxB.close();
  });

  test('D-07 swipe by touch, mouse and keyboard; a free member stops after 4 likes with the premium offer', async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const context = await browser.newContext({
      locale: 'nl-NL',
      hasTouch: true,
      viewport: { width: 390, height: 844 },
    });
    await ownAddress(context);
    // A country of its own, with cards of its own: the swipes never like another test's members.
    const be = { country: 'BE', region: 'BE-VLI', city: 'Hasselt' };
    for (let i = 0; i < 6; i++) {
      const other = await otherPerson(browser);
      await createMember(other, { gender: 'female', looking_for: 'male', activate: true, place: be });
      await other.close();
    }
    await createMember(context, { gender: 'male', looking_for: 'female', activate: true, place: be });
    const page = await memberPage(context);
    await page.goto('/swipe-game');
    const left = page.getByTestId('likes-left');
    await expect(left).toHaveText('Nog 4 likes vandaag');
    const card = page.getByTestId('swipe-card');
    await expect(card).toBeVisible();
    const idOf = async () => card.getAttribute('data-member-id');

    // Keyboard: left passes, and the pass can be undone.
    const first = await idOf();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(idOf).not.toBe(first);
    await page.getByRole('button', { name: 'Vorige terughalen' }).click();
    await expect.poll(idOf).toBe(first);

    // Touch: a finger drags the card to the right.
    const box = await card.boundingBox();
    if (!box) throw new Error('no card');
    const cdp = await context.newCDPSession(page);
    const y = box.y + box.height / 2;
    const x0 = box.x + box.width / 2;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: x0, y }] });
    for (let i = 1; i <= 8; i++)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: x0 + i * 25, y }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await expect(left).toHaveText('Nog 3 likes vandaag');
    await expect.poll(idOf).not.toBe(first);

    // Mouse: drag to the right.
    const second = await idOf();
    await page.mouse.move(x0, y);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(x0 + i * 25, y + i);
    await page.mouse.up();
    await expect(left).toHaveText('Nog 2 likes vandaag');
    await expect.poll(idOf).not.toBe(second);

    // Keyboard and the button.
    const third = await idOf();
    await page.keyboard.press('ArrowRight');
    await expect(left).toHaveText('Nog 1 like vandaag');
    await expect.poll(idOf).not.toBe(third);
    await page.getByRole('button', { name: 'Like', exact: true }).click();
    await expect(left).toHaveText('Geen likes meer vandaag');
    const limit = page.getByTestId('swipe-limit');
    await expect(limit).toBeVisible();
    await expect(limit.getByRole('link', { name: 'Word Premium' })).toHaveAttribute('href', '/premium');

    // The server agrees, after a reload too.
    await page.reload();
    await expect(page.getByTestId('swipe-limit')).toBeVisible();
    await context.close();
  });

  test('D-03 D-07 D-08 D-09 L-02 likes, swipe, matchfinder and notifications pages: axe and screenshots', async ({
    page,
    browser,
  }) => {
    test.setTimeout(150_000);
    await ownAddress(page.context());
    await skipEntryWarning(page);
    await fastRefresh(page);
    const me = await createMember(page.context(), {
      gender: 'female',
      looking_for: 'male',
      activate: true,
      place,
      photo: true,
    });
    const other = await otherPerson(browser);
    const him = await createMember(other, {
      gender: 'male',
      looking_for: 'female',
      activate: true,
      place,
      photo: true,
    });
    await other.request.post(`/api/members/${me.id}/like`);
    await page.request.post(`/api/members/${him.id}/like`);
    const shots = test.info().outputPath('screens');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const [name, path] of [
        ['likes', '/likes'],
        ['likes-received', '/likes/received'],
        ['swipe', '/swipe-game'],
        ['matchfinder', '/match-finder'],
        ['notifications', '/notifications'],
      ] as const) {
        await page.goto(path);
        await expect(page.locator('h1')).toBeVisible();
        if (name !== 'likes-received') await expectNoAxeViolations(page);
        await page.screenshot({ path: `${shots}/${name}-${width}.png`, fullPage: name !== 'swipe' });
      }
    }
    await expect(page.getByTestId('notification').first()).toBeVisible();

    // The new-like and the match modal, while the member is on the site.
    const third = await otherPerson(browser);
    const fan = await createMember(third, {
      gender: 'male',
      looking_for: 'female',
      activate: true,
      place,
      photo: true,
    });
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      await page.goto('/likes');
      await expect(page.locator('h1')).toBeVisible();
      await page.waitForTimeout(500);
      if (width === 390) await third.request.post(`/api/members/${me.id}/like`);
      else await page.request.post(`/api/members/${fan.id}/like`);
      const modal = page.getByTestId('match-modal');
      await expect(modal).toBeVisible({ timeout: 10_000 });
      await page.waitForTimeout(400);
      await page.screenshot({ path: `${shots}/${width === 390 ? 'like' : 'match'}-modal-${width}.png` });
      await expectNoAxeViolations(page);
      await modal.click({ position: { x: 10, y: 10 } });
      await expect(modal).toBeHidden();
    }
    await third.close();
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/likes');
    await page.getByRole('button', { name: 'Mijn account' }).click();
    await page.screenshot({ path: `${shots}/nav-menu-1280.png` });
    await other.close();
  });

  test('D-05 D-06 ?t=N opens the like modal after N seconds, t leaves the URL, the button goes to the profile', async ({
    page,
  }) => {
    await ownAddress(page.context());
    await skipEntryWarning(page);
    await createMember(page.context(), { gender: 'male', looking_for: 'female', activate: true, place });
    await page.goto('/members?t=1');
    const modal = page.getByTestId('match-modal');
    await expect(modal).toBeVisible({ timeout: 10_000 });
    await expect(page).toHaveURL(/\/members$/);
    const button = modal.getByTestId('match-modal-button');
    const href = await button.getAttribute('href');
    expect(href).toMatch(/^\/members\/\d+$/);
    // The profile that liked is a fictional one, listed among the likes received.
    const id = Number(href?.split('/').pop());
    const likes = await (await page.request.get('/api/likes')).json();
    expect(likes.liked_by).toContainEqual({ id, like_new: true });
    expect(likes.profiles[0]).toMatchObject({ id, fictional: true });
    await button.click();
    await expect(page).toHaveURL(href ?? '');
    await expect(modal).toBeHidden();
  });

  test('P-12 in the installed app a back button shows on the likes page when there is history', async ({
    page,
  }) => {
    await ownAddress(page.context());
    await skipEntryWarning(page);
    // Installed-app mode, as the browser reports it to the page.
    await page.addInitScript(() => {
      sessionStorage.setItem('vonk.auto_like', '1'); // no auto-like modal over the page in this test
      const real = window.matchMedia.bind(window);
      window.matchMedia = (q: string) =>
        q.includes('display-mode: standalone')
          ? ({ ...real(q), matches: true, media: q } as MediaQueryList)
          : real(q);
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await createMember(page.context(), { gender: 'male', looking_for: 'female', activate: true, place });
    await page.goto('/members');
    await expect(page.getByTestId('back-button')).toHaveCount(0);
    await page.getByTestId('tab-bar').getByRole('link', { name: 'Likes' }).click();
    await expect(page).toHaveURL(/\/likes$/);
    await page.getByTestId('back-button').click();
    await expect(page).toHaveURL(/\/members$/);
  });

  test('D-07 L-07 /landers/tinderswipe invites visitors to join and plays the game for members', async ({
    page,
  }) => {
    await ownAddress(page.context());
    await skipEntryWarning(page);
    await page.goto('/landers/tinderswipe');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Swipe en vind je match');
    await expect(page.getByTestId('tinderswipe-join')).toBeVisible();
    await expectNoAxeViolations(page);
    await createMember(page.context(), { gender: 'male', looking_for: 'female', activate: true, place });
    await page.reload();
    await expect(page.getByTestId('likes-left')).toHaveText('Nog 4 likes vandaag');
    await expect(page.getByTestId('tinderswipe-join')).toHaveCount(0);
  });
});
