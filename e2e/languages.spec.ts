import type { BrowserContext, Page } from '@playwright/test';
import { expect, skipEntryWarning, THIS_MACHINE, test } from './fixtures.ts';
import { createMember, otherPerson, ownAddress, spendAllCredits } from './members.ts';

// Issue 28: texts that read as if written in the language, checked where a person reads them.

const place = { country: 'NL', region: 'NL-UT', city: 'Utrecht' };

async function speak(context: BrowserContext, locale: string) {
  await context.addCookies([{ name: 'i18n_redirected', value: locale, domain: 'localhost', path: '/' }]);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `test-results/languages-${name}.png`, fullPage: false });
}

test.describe('the entry warning speaks soberly', () => {
  for (const [locale, button] of [
    ['de', 'Ich bin 18 Jahre oder älter – weiter zur Seite'],
    ['pl', 'Mam co najmniej 18 lat – przejdź do serwisu'],
  ] as const) {
    test(`L-04 I-06 the ${locale} entry warning asks for the age without a double meaning`, async ({
      page,
    }) => {
      await speak(page.context(), locale);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/');
      const dialog = page.getByRole('dialog');
      await expect(dialog).toBeVisible();
      const enter = dialog.getByRole('button', { name: button, exact: true });
      await expect(enter).toBeVisible();
      await shot(page, `entry-${locale}-390`);
      await enter.click();
      await expect(dialog).toBeHidden();
    });
  }
});

test.describe('counts in the grammar of the language', () => {
  for (const [locale, text] of [
    ['nl', 'Je hebt nu 1 credit.'],
    ['en', 'You have 1 credit right now.'],
    ['pl', 'Masz teraz 1 kredyt.'],
  ] as const) {
    test(`I-06 a balance of one credit reads as one in ${locale}`, async ({ page }) => {
      await ownAddress(page.context());
      await speak(page.context(), locale);
      await skipEntryWarning(page);
      const member = await createMember(page.context(), { activate: true, place });
      await spendAllCredits(page.request, member.email);
      const granted = await page.request.post('/dev/credits', {
        ...THIS_MACHINE,
        data: { email: member.email, credits: 1 },
      });
      expect(granted.ok()).toBe(true);
      await page.goto('/credits');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByText(text, { exact: true })).toBeVisible();
      await shot(page, `balance-${locale}-1280`);
    });
  }
});

test.describe('gender in Polish', () => {
  test('I-06 a Polish woman writing to a man sees icebreakers in her own gender and his', async ({
    page,
    browser,
  }) => {
    await ownAddress(page.context());
    await speak(page.context(), 'pl');
    await skipEntryWarning(page);
    const her = await createMember(page.context(), {
      activate: true,
      place,
      photo: true,
      gender: 'female',
      looking_for: 'male',
    });
    const granted = await page.request.post('/dev/credits', {
      ...THIS_MACHINE,
      data: { email: her.email, credits: 20 },
    });
    expect(granted.ok()).toBe(true);
    const other = await otherPerson(browser);
    const him = await createMember(other, {
      activate: true,
      place,
      photo: true,
      gender: 'male',
      looking_for: 'female',
    });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/members/${him.id}`);
    await page.getByRole('link', { name: 'Wyślij wiadomość' }).first().click();
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    await page.getByRole('button', { name: 'Na dobry początek' }).first().click();
    const list = page.getByTestId('icebreakers');
    await expect(list).toBeVisible();
    await expect(list).toContainText('Kawa czy herbata? Jestem ciekawa Twojej odpowiedzi');
    await expect(list).toContainText('Co najlepszego zrobiłeś w tym tygodniu?');
    await expect(list).toContainText('Gdybyś jutro mógł pojechać gdziekolwiek');
    await expect(list).not.toContainText(/Jestem ciekaw(?!a)/);
    await shot(page, 'icebreakers-pl-390');
    await other.close();
  });
});

test.describe('formats by country', () => {
  for (const [country, date] of [
    ['GB', '1 March 2024'],
    ['US', 'March 1, 2024'],
  ] as const) {
    test(`I-04 an English visitor from ${country} reads the terms' date as ${country} writes it`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        extraHTTPHeaders: { 'cf-ipcountry': country },
        locale: `en-${country}`,
      });
      await speak(context, 'en');
      const page = await context.newPage();
      await skipEntryWarning(page);
      await page.goto('/pages/terms');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.locator('article')).toContainText(date);
      await context.close();
    });
  }
});
