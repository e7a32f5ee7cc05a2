import { expect, skipEntryWarning, THIS_MACHINE, test } from './fixtures.ts';
import { DEMO, logInByApi, ownAddress } from './members.ts';

interface Mail {
  to: string;
  subject: string;
  text: string;
}

test.describe('complaints (L-09)', () => {
  test('L-09 a visitor sends a complaint from the footer, and support gets it by mail', async ({
    page,
    context,
    request,
  }) => {
    await ownAddress(context);
    await skipEntryWarning(page);
    await page.goto('/');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Klachten' }).click();
    await expect(page).toHaveURL(/\/complaints$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Klachten' })).toBeVisible();

    // Nothing filled in: each field says what it needs, and the first one gets the focus.
    await page.getByRole('button', { name: 'Klacht versturen' }).click();
    await expect(page.getByText('Vul je naam in.')).toBeVisible();
    await expect(page.getByText('Kies waar je klacht over gaat.')).toBeVisible();
    await expect(page.getByLabel('Je naam')).toBeFocused();

    const email = `klacht-${Date.now()}@example.test`;
    await page.getByLabel('Je naam').fill('Sanne de Vries');
    await page.getByLabel('Je e-mailadres').fill(email);
    await page.getByRole('radio', { name: 'Een betaling' }).check();
    await page
      .getByLabel('Je klacht', { exact: true })
      .fill('Ik heb twee keer betaald voor dezelfde bundel.');
    await page.getByRole('button', { name: 'Klacht versturen' }).click();
    await expect(page.getByRole('heading', { name: 'Bedankt, we hebben je klacht ontvangen' })).toBeVisible();
    const reference = (await page.getByTestId('complaint-reference').textContent())?.match(/K-\d{6}/)?.[0];
    expect(reference).toBeTruthy();

    const mails = (await (await request.get('/dev/mail.json', THIS_MACHINE)).json()) as Mail[];
    const toSupport = mails.find((m) => m.subject === `Klacht ${reference}: Een betaling`);
    expect(toSupport?.text).toContain('Ik heb twee keer betaald voor dezelfde bundel.');
    expect(mails.find((m) => m.to === email)?.text).toContain(reference);
  });

  test('L-09 a member reports a profile from the member page', async ({ page, context }) => {
    await ownAddress(context);
    await skipEntryWarning(page);
    await logInByApi(page.request, DEMO.email, DEMO.password);
    const search = (await (await page.request.get('/api/members?country=NL')).json()) as {
      page: { results: { id: number; name: string }[] };
    };
    const member = search.page.results[0];
    if (!member) throw new Error('no members');
    await page.goto(`/members/${member.id}`);
    await page.getByRole('link', { name: 'Profiel melden' }).click();
    await expect(page).toHaveURL(new RegExp(`/complaints\\?member=${member.id}$`));
    await expect(page.getByTestId('reported-member')).toHaveText(`Je meldt het profiel van ${member.name}.`);
    await expect(page.getByRole('radio', { name: 'Een profiel' })).toBeChecked();
    await expect(page.getByLabel('Je e-mailadres')).toHaveValue(DEMO.email);
    await page.getByLabel('Je klacht', { exact: true }).fill('Dit profiel vraagt om geld buiten de site.');
    await page.getByRole('button', { name: 'Klacht versturen' }).click();
    await expect(page.getByTestId('complaint-reference')).toContainText(/K-\d{6}/);
    await page.getByRole('link', { name: 'Terug naar het profiel' }).click();
    await expect(page).toHaveURL(new RegExp(`/members/${member.id}$`));
  });
});
