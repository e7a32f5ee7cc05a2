import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, skipEntryWarning, THIS_MACHINE, test } from './fixtures.ts';
import { createMember, otherPerson } from './members.ts';

// The back office's members area (issue 23 item 2, O-02): staff find a member and act on the account; the
// member sees the result on their own pages.

async function signInAsStaff(context: BrowserContext, role: string) {
  const res = await context.request.post('/dev/staff', {
    ...THIS_MACHINE,
    data: { grants: [{ role, siteId: null }], language: 'nl' },
  });
  expect(res.ok()).toBe(true);
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `test-results/admin-members-${name}-${width}.png`, fullPage: true });
  }
}

test.describe('O-02 the members area of the back office', () => {
  // A dialog sent without its reason is answered 400 with the field's message; the banned member's calls 403.
  test.use({ allowedConsoleErrors: [/status of 40[03]/] });
  test('O-02 a support member finds a member, adds credits with a reason, and the member sees it in their transactions', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const memberContext = await otherPerson(browser);
    const member = await createMember(memberContext, { activate: true });

    await signInAsStaff(page.context(), 'support');
    await page.goto('/admin/members');
    await expect(page.getByRole('heading', { name: 'Leden', level: 1 })).toBeVisible();
    await page.getByLabel('Id, e-mail of naam').fill(member.email.slice(0, 12).toUpperCase());
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    const link = page.getByRole('link', { name: member.name });
    await expect(link).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, 'search');

    await page.setViewportSize({ width: 1280, height: 900 });
    await link.click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(member.name);
    await expectNoAxeViolations(page);
    await shoot(page, 'member');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Credits aanpassen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Credits aanpassen' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Credits', { exact: true }).fill('25');
    await dialog.getByLabel('Reden (komt in het auditlog)').fill('Excuses voor de storing van gisteren');
    await expectNoAxeViolations(page);
    await page.screenshot({ path: 'test-results/admin-members-credits-dialog-1280.png' });
    await dialog.getByRole('button', { name: 'Boeken' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'De credits zijn geboekt.' })).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('region', { name: 'Creditoverzicht' })).toContainText(
      'Excuses voor de storing van gisteren',
    );

    const memberPage = await memberContext.newPage();
    await skipEntryWarning(memberPage);
    await memberPage.goto('/transactions');
    const first = memberPage.getByRole('listitem').filter({ hasText: 'Aanpassing door onze klantenservice' });
    await expect(first).toContainText('Excuses voor de storing van gisteren');
    await expect(first).toContainText('+25');
    await memberPage.setViewportSize({ width: 390, height: 844 });
    await memberPage.screenshot({ path: 'test-results/admin-members-member-transactions-390.png' });
    await memberContext.close();
  });

  test('A-10 O-02 a moderator bans a member whose page is open, and the member lands on the ban page at once', async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const memberContext = await otherPerson(browser);
    const member = await createMember(memberContext, { activate: true });
    const memberPage = await memberContext.newPage();
    await skipEntryWarning(memberPage);
    // The refresh loop (P-06) stays out of it: only the ban's closed socket can move this page.
    await memberPage.addInitScript(() => localStorage.setItem('vonk.refresh_ms', '600000'));
    await memberPage.goto('/settings');
    await expect(memberPage.getByRole('heading', { name: 'Instellingen' })).toBeVisible();

    await signInAsStaff(page.context(), 'moderator');
    await page.goto(`/admin/members?q=${member.id}`);
    await page.getByRole('link', { name: member.name }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(member.name);
    // A moderator neither books credits nor deletes accounts.
    await expect(page.getByRole('button', { name: 'Credits aanpassen' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Account verwijderen' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Blokkeren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Blokkeren' });
    await dialog.getByRole('button', { name: 'Blokkeren' }).click();
    // No reason: the field says so, nothing happens.
    await expect(dialog.getByText('Geef een reden van minstens 3 tekens.')).toBeVisible();
    await dialog.getByLabel('Reden (komt in het auditlog)').fill('Stuurt spam naar andere leden');
    await dialog.getByRole('button', { name: 'Blokkeren' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Het lid is geblokkeerd.' })).toBeVisible();
    await expect(page.getByText('Geblokkeerd: Stuurt spam naar andere leden')).toBeVisible();

    // The member did nothing: the closed socket alone takes them to the ban notice.
    await expect(memberPage).toHaveURL(/\/pages\/ban$/, { timeout: 10_000 });
    await memberContext.close();
  });
});
