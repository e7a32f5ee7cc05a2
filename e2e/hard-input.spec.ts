import { expect, skipEntryWarning, THIS_MACHINE, test } from './fixtures.ts';
import { createMember, ownAddress } from './members.ts';

// Issue 10: field errors shown together, hostile names refused, banned members sent to the ban notice.
test.use({
  // One pattern: Playwright reads a two-element array here as a value and its options.
  allowedConsoleErrors: [/status of (400|403)|WebSocket connection .* Unexpected response code: 403/],
});

test.describe('signup form (issue 10)', () => {
  test.use({ serviceWorkers: 'block' });

  test('A-03 "name equals e-mail" shows at once with the other field errors; ＠admin fails the @ rule (item 12)', async ({
    page,
  }) => {
    await ownAddress(page.context());
    await skipEntryWarning(page);
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Maak je account aan' })).toBeVisible();
    const email = 'zon@ex.nl';
    await page.getByLabel('Profielnaam').fill(email);
    await page.getByLabel('E-mailadres').fill(email);
    // Password, date of birth, gender and terms are still missing.
    await page.getByRole('button', { name: 'Gratis aanmelden' }).click();
    const name = page.getByLabel('Profielnaam');
    await expect(name).toHaveAccessibleDescription(/Je profielnaam moet anders zijn dan je e-mailadres/);
    await expect(page.getByText('Vul uw geboortedatum in (18+ jaar)')).toBeVisible();
    await expect(page.getByLabel('Wachtwoord', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await name.fill('＠admin');
    await page.getByRole('button', { name: 'Gratis aanmelden' }).click();
    await expect(name).toHaveAccessibleDescription(/Je profielnaam mag niet beginnen met een @/);
    await name.fill('Ad\u200Bmin\u202E');
    await page.getByRole('button', { name: 'Gratis aanmelden' }).click();
    await expect(name).toHaveAccessibleDescription(/Je profielnaam bevat tekens die niet zijn toegestaan/);
  });
});

test.describe('banned during a session (A-10, issue 10)', () => {
  test('A-10 a member banned while logged in lands on /pages/ban at the next load, then is a visitor', async ({
    page,
  }) => {
    await ownAddress(page.context());
    await skipEntryWarning(page);
    const { email } = await createMember(page.context());
    await page.goto('/profile');
    await expect(page.getByRole('button', { name: /Mijn account/ })).toBeVisible();
    expect(
      (await page.request.post('/dev/ban', { ...THIS_MACHINE, data: { email, reason: 'e2e' } })).ok(),
    ).toBe(true);
    // A reload fires settings, user and profile calls at once: whichever answers first, it is the ban page.
    await page.reload();
    await expect(page).toHaveURL(/\/pages\/ban$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Inloggen' }),
    ).toBeVisible();
    // The notice was shown, so the app ends the session in the background (its logout call). Once it has,
    // the site opens as for any visitor; a page opened before it is the ban notice again, still banned.
    await expect
      .poll(async () => (await page.request.get('/api/user.php')).status(), { timeout: 10_000 })
      .toBe(200);
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(
      page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Inloggen' }),
    ).toBeVisible();
  });
});
