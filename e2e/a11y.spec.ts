import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, skipEntryWarning, test } from './fixtures.ts';
import { createMember, ownAddress } from './members.ts';

// Every page once at a phone's width and a desktop's, logged out and logged in, through axe (WCAG 2.1 AA).
// The journeys test what pages do; this file is where pages are checked for accessibility. States that
// only a journey reaches (a payment's steps, a live chat, the signup questions on a phone, modals that
// arrive live) keep their axe pass in that journey.

const WIDTHS = [390, 1280] as const;

async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
}

/** Opens `path` and waits until the page is there and settled: a heading, and no request still out. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator('h1').first()).toBeAttached();
  await page.waitForLoadState('networkidle');
}

/** A fictional demo member to open: members made by other tests are Dutch, so look in Germany. */
async function demoMemberId(page: Page): Promise<number> {
  const found = await (await page.request.get('/api/members?gender=female&country=DE')).json();
  const id = found.page.results.find((c: { fictional: boolean }) => c.fictional)?.id as number | undefined;
  expect(id, 'a fictional demo member').toBeDefined();
  return id as number;
}

/** Pages anyone may open, with the feature each one shows. `:demo` is a fictional demo member. */
const PUBLIC_PAGES: [string, string][] = [
  ['/pages/terms', 'L-06'],
  ['/pages/faq', 'I-03'],
  ['/pages/service', 'L-06'],
  ['/lang-config', 'I-03'],
  ['/complaints', 'L-09'],
  ['/pricing', 'Pay-01'],
  ['/landers/tinderswipe', 'D-07'],
  ['/members', 'D-01'],
  ['/members/:demo', 'M-05'],
  ['/members/999999999', 'P-10'],
  ['/nope-404', 'P-10'],
];

/** Pages only for visitors (a member goes on to the members area). */
const VISITOR_PAGES: [string, string][] = [
  ['/', 'L-07'],
  ['/login', 'A-05'],
  ['/signup', 'A-01'],
  ['/activate/error', 'A-04'],
  ['/activate/done?already=1', 'A-04'],
];

/** Pages of the members area. */
const MEMBER_PAGES: [string, string][] = [
  ['/profile', 'M-01'],
  ['/settings', 'A-08'],
  ['/chats', 'C-01'],
  ['/likes', 'D-03'],
  ['/swipe-game', 'D-07'],
  ['/match-finder', 'D-08'],
  ['/notifications', 'D-09'],
  ['/credits', 'Pay-01'],
  ['/premium', 'Pay-02'],
  ['/transactions', 'Pay-05'],
];

test.describe('accessibility, logged out', () => {
  for (const [path, feature] of [...VISITOR_PAGES, ...PUBLIC_PAGES]) {
    test(`${feature} axe finds nothing on ${path} for a visitor at 390 and 1280 px`, async ({ page }) => {
      await ownAddress(page.context());
      await skipEntryWarning(page);
      const url = path.replace(':demo', String(await demoMemberId(page)));
      for (const width of WIDTHS) {
        await atWidth(page, width);
        await open(page, url);
        await expectNoAxeViolations(page);
      }
    });
  }

  test('L-04 axe finds nothing on the entry warning, and the keyboard reaches its buttons', async ({
    page,
  }) => {
    for (const width of WIDTHS) {
      await atWidth(page, width);
      await page.goto('/');
      const dialog = page.getByRole('dialog', { name: 'Belangrijke informatie' });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page);
      await expect(dialog.getByRole('button', { name: /Ik ben 18 jaar of ouder/ })).toBeFocused();
    }
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog', { name: 'Belangrijke informatie' })).toBeHidden();
  });

  test('A-05 A-03 axe finds nothing on /login with an error shown, at 390 and 1280 px', async ({ page }) => {
    await ownAddress(page.context());
    await skipEntryWarning(page);
    for (const width of WIDTHS) {
      await atWidth(page, width);
      await open(page, '/login');
      await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).click();
      await expect(page.getByLabel('E-mailadres')).toHaveAttribute('aria-invalid', 'true');
      await expectNoAxeViolations(page);
    }
  });

  test('A-01 A-03 axe finds nothing on /signup with every error shown (1280 px; a phone asks one question at a time, see first-visit)', async ({
    page,
  }) => {
    await skipEntryWarning(page);
    await atWidth(page, 1280);
    await open(page, '/signup');
    await page.getByRole('button', { name: 'Gratis aanmelden' }).click();
    await expect(page.getByText('Maak een keuze.').first()).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('accessibility, logged in', () => {
  /** An activated member with a photo, in Utrecht, who has liked and blocked someone (lists not empty). */
  async function member(page: Page) {
    await ownAddress(page.context());
    await skipEntryWarning(page);
    await createMember(page.context(), {
      gender: 'male',
      looking_for: 'female',
      activate: true,
      place: { country: 'NL', region: 'NL-UT', city: 'Utrecht' },
      photo: true,
    });
  }

  for (const [path, feature] of [...MEMBER_PAGES, ...PUBLIC_PAGES]) {
    test(`${feature} axe finds nothing on ${path} for a member at 390 and 1280 px`, async ({ page }) => {
      await member(page);
      const url = path.replace(':demo', String(await demoMemberId(page)));
      for (const width of WIDTHS) {
        await atWidth(page, width);
        await open(page, url);
        await expectNoAxeViolations(page);
      }
    });
  }

  test('M-06 D-03 A-09 axe finds nothing on /settings with a blocked member, /likes with a like, and the delete dialog', async ({
    page,
  }) => {
    await member(page);
    const liked = await demoMemberId(page);
    expect((await page.request.post(`/api/members/${liked}/like`)).ok()).toBe(true);
    const found = await (await page.request.get('/api/members?gender=female&country=BE')).json();
    const blocked = found.page.results[0]?.id as number;
    expect((await page.request.post(`/api/members/${blocked}/block`)).ok()).toBe(true);
    for (const width of WIDTHS) {
      await atWidth(page, width);
      await open(page, '/likes');
      await expect(page.getByTestId('like-card').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await open(page, '/settings');
      await expect(page.getByTestId('blocked-member')).toHaveCount(1);
      await expectNoAxeViolations(page);
      await page.getByRole('button', { name: 'Account verwijderen' }).click();
      await expect(
        page.getByRole('dialog').getByText('Word onzichtbaar in plaats van te vertrekken'),
      ).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
});
