import { expect, expectNoAxeViolations, skipEntryWarning, test } from './fixtures.ts';
import { createMember, ownAddress, PASSWORD } from './members.ts';

// Issue 27 scope 6: every error names the next step with a button, and a 404 has its own title.
test.describe('errors name the next step (issue 27)', () => {
  test('P-10 an unknown chat says it is gone and leads back to the chats; an unknown transaction back to the list', async ({
    browser,
  }) => {
    const context = await browser.newContext({ locale: 'nl-NL' });
    await ownAddress(context);
    await createMember(context, { activate: true });
    const page = await context.newPage();
    await skipEntryWarning(page);

    await page.goto('/chats/987654321');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Dit gesprek bestaat niet meer' }),
    ).toBeVisible();
    await expect(page).toHaveTitle(/^(\(\d+\+?\) )?Dit gesprek bestaat niet meer · /);
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Naar je berichten' }).click();
    await expect(page).toHaveURL(/\/chats$/);

    await page.goto('/transactions/987654321');
    const gone = page.getByTestId('transaction-not-found');
    await expect(gone).toContainText('Deze transactie vinden we niet');
    await gone.getByRole('link', { name: 'Naar je transacties' }).click();
    await expect(page).toHaveURL(/\/transactions$/);
    await context.close();
  });

  test('A-01 a refused login offers a new password with the address filled in', async ({ browser }) => {
    const context = await browser.newContext({ locale: 'nl-NL' });
    await ownAddress(context);
    const member = await createMember(context, { activate: true });
    await context.clearCookies();
    const page = await context.newPage();
    await skipEntryWarning(page);
    await page.goto('/login');
    await page.getByLabel('E-mailadres').fill(member.email);
    await page.getByLabel('Wachtwoord', { exact: true }).fill(`${PASSWORD}-niet`);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    const reset = page.getByTestId('login-reset');
    await expect(reset).toBeVisible();
    await reset.click();
    await expect(page).toHaveURL(new RegExp(`email=${encodeURIComponent(member.email)}`));
    await context.close();
  });

  test("P-10 a 404 has its own title, not the landing page's", async ({ page }) => {
    await skipEntryWarning(page);
    const res = await page.goto('/deze-pagina-bestaat-niet');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Deze pagina kon niet worden gevonden');
    await expect(page).toHaveTitle(/^Deze pagina kon niet worden gevonden · /);
    // The server's render already carries it.
    expect(await res?.text()).toMatch(/<title>Deze pagina kon niet worden gevonden · [^<]+<\/title>/);
  });
});
