import type { Page } from '@playwright/test';
import { LANDER_NAMES } from '../src/shared/contract/landers.ts';
import { expect, expectNoAxeViolations, skipEntryWarning, test } from './fixtures.ts';
import { fillAccountStep, ownAddress, unique } from './members.ts';

// Campaign landers (L-07, issue 25): where paid traffic arrives.

const TRACKING = '?network=n1&ref=r1&sub1=s1';

async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
}

/** The signup request the page sends, once the account step is filled in and sent. */
async function signUp(page: Page, email: string) {
  await fillAccountStep(page, { email, name: 'Landerlid' });
  const signup = page.waitForRequest((r) => r.url().endsWith('/api/signup') && r.method() === 'POST');
  await page.getByRole('button', { name: 'Gratis aanmelden' }).click();
  const body = (await signup).postDataJSON();
  await expect(page.getByRole('heading', { name: 'Voeg een foto toe' })).toBeVisible();
  return body;
}

test.describe('campaign landers (L-07)', () => {
  // One test per width and half of the landers: each visit runs axe and a full-page screenshot, and on
  // CI's two busy cores all eighteen in one test outgrew its two minutes (session 17's CI run).
  const pages = [...LANDER_NAMES, 'tinderswipe'] as const;
  const halves = [pages.slice(0, 5), pages.slice(5)];
  for (const width of [390, 1280]) {
    for (const half of halves) {
      test(`L-07 each lander shows real members with photos, one tap from the signup, axe clean at ${width} px: ${half.join(', ')}`, async ({
        page,
      }, info) => {
        test.setTimeout(120_000);
        await skipEntryWarning(page);
        await atWidth(page, width);
        for (const name of half) {
          const path = name === 'tinderswipe' ? '/landers/tinderswipe' : `/landers/${name}/zomer`;
          await page.goto(`${path}${TRACKING}`);
          await expect(page.getByTestId('lander')).toHaveAttribute('data-lander', name);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          // Real members' photos (the site's stored media), never a stock picture.
          await expect(page.locator('main img[src*="/media/"]').first()).toBeVisible();
          await expect(
            page.getByTestId('lander-cta').or(page.getByTestId('lander-seek-female')).first(),
          ).toBeVisible();
          await expectNoAxeViolations(page);
          await page.screenshot({ path: info.outputPath(`${name}-${width}.png`), fullPage: true });
        }
        // The first lander of the visit is the one its signup counts for (P-08).
        expect(await page.evaluate(() => sessionStorage.getItem('vonk.lander'))).toBe(half[0]);
        expect(await page.evaluate(() => sessionStorage.getItem('vonk.tracking'))).toContain('n1');
      });
    }
  }

  test('L-07 P-08 a lander asks whom the visitor seeks; the signup starts with that answer and carries the source and the lander', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await ownAddress(page.context());
    await skipEntryWarning(page);
    await atWidth(page, 1280);
    await page.goto(`/landers/maplanding/regio${TRACKING}`);
    await expect(page.getByTestId('lander-cities').getByRole('listitem').first()).toBeVisible();
    const start = page.waitForRequest((r) => r.url().endsWith('/api/landers/maplanding/events'));
    await page.getByTestId('lander-seek-female').click();
    expect((await start).postDataJSON()).toEqual({ kind: 'start', network: 'n1' });
    await expect(page).toHaveURL(/\/signup$/);
    await expect(
      page.getByRole('group', { name: 'Ik zoek' }).getByLabel('Vrouwen', { exact: true }),
    ).toBeChecked();
    const body = await signUp(page, `${unique('lander')}@example.com`);
    expect(body.tracking).toEqual({ network: 'n1', ref: 'r1', sub1: 's1', lander: 'maplanding' });
    expect(body.looking_for).toEqual(['female']);
    const data = (await (await page.request.get('/api/account/export')).json()) as {
      account: { tracking: Record<string, string> };
    };
    expect(data.account.tracking).toEqual({ network: 'n1', ref: 'r1', sub1: 's1', lander: 'maplanding' });
  });

  test('L-07 a visitor swipes real cards on tinderswipe; the likes are kept and sent once the account exists', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await ownAddress(page.context());
    await skipEntryWarning(page);
    await atWidth(page, 390);
    await page.goto(`/landers/tinderswipe${TRACKING}`);
    const card = page.getByTestId('swipe-card');
    const liked: string[] = [];
    for (let i = 0; i < 2; i++) {
      liked.push((await card.getAttribute('data-member-id')) ?? '');
      await page.getByRole('button', { name: 'Like', exact: true }).click();
      await expect(card).not.toHaveAttribute('data-member-id', liked[i] ?? '');
    }
    await page.getByRole('button', { name: 'Volgende', exact: true }).click();
    await expect(page.getByTestId('tinderswipe-kept')).toContainText('Je 2 likes worden bewaard');
    await page.getByTestId('lander-cta').click();
    await expect(page).toHaveURL(/\/signup$/);
    await atWidth(page, 1280);
    const body = await signUp(page, `${unique('swiper')}@example.com`);
    expect(body.tracking.lander).toBe('tinderswipe');
    await expect
      .poll(async () => {
        const given = (await (await page.request.get('/api/likes?type=given')).json()) as {
          profiles: { id: number }[];
        };
        return given.profiles.map((m) => String(m.id)).sort();
      })
      .toEqual([...liked].sort());
  });

  test("L-07 P-08 a lander under another niche's prefix opens the site's own, keeping the campaign's query; lb reports the time on it", async ({
    page,
  }) => {
    await skipEntryWarning(page);
    await page.goto('/landers/gay/gallery/winter?network=n9&lb=1');
    await expect(page).toHaveURL(/\/landers\/gallery\/winter\?network=n9&lb=1$/);
    await expect(page.getByTestId('lander')).toHaveAttribute('data-lander', 'gallery');
    // The general site's lander names no audience.
    await expect(page.getByTestId('lander-niche')).toHaveCount(0);
    const beacon = page.waitForRequest((r) => r.url().endsWith('/api/page-bounce') && r.method() === 'POST');
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(JSON.parse((await beacon).postData() ?? '{}')).toMatchObject({
      path: '/landers/gallery/winter',
      network: 'n9',
    });
  });
});
