import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, skipEntryWarning, THIS_MACHINE, test } from './fixtures.ts';

// Issue 23 item 5 (O-04): sites, codes and bundles edited in the back office, live for members at once.
const SCREENS = 'test-results/screens';
mkdirSync(SCREENS, { recursive: true });
const SECOND_SITE = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

/** The page at 390 px and at 1280 px, saved for looking at; the test goes on at 1280 px. */
async function screens(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    await page.screenshot({ path: `${SCREENS}/admin-${name}-${width}.png`, fullPage: true });
  }
}

async function signInAs(page: Page, grants: { role: string; siteId: number | null }[]) {
  const res = await page.request.post('/dev/staff', { ...THIS_MACHINE, data: { grants, language: 'nl' } });
  expect(res.status()).toBe(200);
  await page.addInitScript(() => localStorage.setItem('vonk.admin.locale', 'nl'));
}

test.describe('O-04 sites without a deploy', () => {
  test('O-04 an admin changes the second site’s name and message cost; the member-facing site shows them after a reload', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await skipEntryWarning(page);
    await page.goto(`${SECOND_SITE()}/pricing`);
    await expect(page.getByText('Vonk Goud').first()).toBeVisible();

    await signInAs(page, [{ role: 'admin', siteId: null }]);
    await page.goto('/admin/sites');
    await expect(page.getByRole('heading', { name: 'Sites' })).toBeVisible();
    await expectNoAxeViolations(page);
    await screens(page, 'sites');

    await page.getByRole('link', { name: 'Vonk Goud' }).click();
    await expect(page.getByRole('heading', { name: 'Site: Vonk Goud' })).toBeVisible();
    const name = page.getByLabel('Naam', { exact: true });
    const before = {
      name: await name.inputValue(),
      cost: await page.getByRole('spinbutton', { name: 'Kosten in centen' }).first().inputValue(),
    };

    // A bad colour is refused in the form, with the shared schema's message, before anything is sent.
    await page.getByRole('textbox', { name: 'Hoofdkleur', exact: true }).fill('#ffff00');
    await page.getByRole('button', { name: 'Opslaan' }).first().click();
    await expect(
      page.getByText('Te licht: witte tekst op deze kleur is slecht leesbaar (contrast onder 3:1).'),
    ).toBeVisible();
    await page.getByRole('textbox', { name: 'Hoofdkleur', exact: true }).fill('#7c2d6b');

    await name.fill('Vonk Platina');
    await page.getByRole('spinbutton', { name: 'Kosten in centen' }).first().fill('55');
    await expect(page.getByTestId('site-preview')).toContainText('Vonk Platina');
    await page.getByRole('button', { name: 'Instellingen zoals leden ze krijgen' }).click();
    await expect(page.getByTestId('settings-json')).toContainText('"name": "Vonk Platina"');
    await expectNoAxeViolations(page);
    await screens(page, 'site-edit');

    await page.getByRole('button', { name: 'Opslaan' }).first().click();
    await expect(
      page.getByText('Opgeslagen. Elke server toont de wijziging binnen een seconde.'),
    ).toBeVisible();

    try {
      await page.goto(`${SECOND_SITE()}/pricing`);
      await expect(page.getByText('Vonk Platina').first()).toBeVisible();
      await expect(page.getByText('Een bericht kost je vanaf € 0,55.')).toBeVisible();
      await page.reload();
      await expect(page.getByText('Vonk Platina').first()).toBeVisible();
    } finally {
      // Back as it was, for the other journeys on the second site.
      await page.goto('/admin/sites/2');
      await page.getByLabel('Naam', { exact: true }).fill(before.name);
      await page.getByRole('spinbutton', { name: 'Kosten in centen' }).first().fill(before.cost);
      await page.getByRole('button', { name: 'Opslaan' }).first().click();
      await expect(
        page.getByText('Opgeslagen. Elke server toont de wijziging binnen een seconde.'),
      ).toBeVisible();
    }
  });

  test('O-04 finance adds a discount code and a credit bundle; an admin-only page is not in their menu', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAs(page, [{ role: 'finance', siteId: null }]);
    await page.goto('/admin/codes');
    await expect(page.getByRole('heading', { name: 'Kortingscodes' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sites' })).toHaveCount(0);

    const code = `E2E${Date.now().toString(36).toUpperCase()}`;
    await page.getByRole('button', { name: 'Nieuwe code' }).click();
    await page.getByLabel('Code', { exact: true }).fill('x');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Gebruik 3 tot 32 letters A–Z en cijfers.')).toBeVisible();
    await page.getByLabel('Code', { exact: true }).fill(code);
    await page.getByLabel('Korting (%)').fill('15');
    await page.getByLabel('Gebruik in totaal').fill('100');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('cell', { name: code, exact: true })).toBeVisible();
    await page.getByLabel('Zoek code').fill(code);
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await expect(page).toHaveURL(new RegExp(`q=${code}`));
    await expect(page.getByRole('row')).toHaveCount(2);
    await expectNoAxeViolations(page);
    await page.getByLabel('Zoek code').fill('');
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await screens(page, 'codes');

    await page.goto('/admin/bundles?site=2&country=NL');
    await expect(page.getByRole('heading', { name: 'Creditbundels' })).toBeVisible();
    await page.getByRole('button', { name: 'Nieuwe bundel' }).click();
    await page.getByLabel('Credits', { exact: true }).fill('77');
    await page.getByLabel('Prijs in centen').fill('1777');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByRole('cell', { name: '€ 17,77', exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await screens(page, 'bundles');
    // Off again, so the second site's credits page is as the other journeys expect it.
    await page.getByRole('button', { name: '77 · NL uitzetten' }).click();
    await expect(page.getByRole('cell', { name: '€ 17,77', exact: true })).toHaveCount(0);
  });
});
