import type { Page } from '@playwright/test';
import { expect, skipEntryWarning, test } from './fixtures.ts';
import { createMember, DEMO, logInByApi, otherPerson, ownAddress, PASSWORD, photo } from './members.ts';

// The fourth photo of a free member and a visitor's second page answer 4xx on purpose.
test.use({ allowedConsoleErrors: [/status of (400|403|404|409)/] });

async function photoCount(page: Page) {
  return page.getByTestId('photo-count');
}

test.describe('the journey of a member', () => {
  test('M-01 M-02 M-03 M-04 M-05 M-06 D-01 fill the profile, three photos and no fourth, search, open a profile, block it', async ({
    page,
    browser,
  }) => {
    await ownAddress(page.context());
    await skipEntryWarning(page);

    // The woman the demo member will find: made here, so the test does not lean on the demo data.
    const other = await otherPerson(browser);
    const target = await createMember(other, {
      gender: 'female',
      looking_for: 'male',
      date_of_birth: `${new Date().getUTCFullYear() - 30}-01-15`,
      activate: true,
      place: { country: 'NL', region: 'NL-NH', city: 'Haarlem' },
      photo: true,
    });

    const demo = await logInByApi(page.request, DEMO.email, DEMO.password);
    // A rerun against the same server starts from no photos again.
    const before = (await (await page.request.get('/api/photos')).json()) as { photos: { id: number }[] };
    for (const p of before.photos) await page.request.delete(`/api/photos/${p.id}`);

    await test.step('M-01 fill the profile: about, interests, region', async () => {
      await page.goto('/profile');
      await expect(page.getByRole('heading', { level: 1, name: 'Mijn profiel' })).toBeVisible();
      // The page to add a photo does not nag about it.
      await expect(page.getByTestId('photo-warning')).toHaveCount(0);
      // "Ik zoek" is a set of choices (decision 0015); the demo member looks for women.
      const seeking = page.getByRole('group', { name: 'Ik zoek' });
      await expect(seeking.getByRole('checkbox', { name: 'Vrouwen' })).toBeChecked();
      await expect(seeking.getByRole('checkbox', { name: 'Mannen' })).not.toBeChecked();
      await page.getByLabel('Over mij').fill('Ik fiets graag langs de duinen en kook voor vrienden.');
      await page.getByRole('checkbox', { name: 'Reizen' }).check();
      await page.getByRole('checkbox', { name: 'Koken' }).check();
      await page.getByLabel('Land', { exact: true }).selectOption({ label: 'Nederland' });
      await page.getByLabel('Provincie').selectOption({ label: 'Noord-Holland' });
      await page.getByLabel('Plaats', { exact: true }).fill('Haarlem');
      await expect(page.getByText('Je hebt wijzigingen die nog niet zijn opgeslagen.')).toBeVisible();
      await page.getByRole('button', { name: 'Opslaan' }).click();
      await expect(page.getByTestId('save-bar').getByRole('status')).toHaveText('Opgeslagen');
      const { profile } = await (await page.request.get('/api/profile')).json();
      expect(profile).toMatchObject({
        about: 'Ik fiets graag langs de duinen en kook voor vrienden.',
        region: 'NL-NH',
        region_name: 'Noord-Holland',
        city: 'Haarlem',
      });
      expect(profile.interests).toEqual(expect.arrayContaining(['travelling', 'cooking']));
    });

    const tiles = page.getByTestId('own-photo');
    await test.step('M-03 upload three photos with progress', async () => {
      const input = page.getByLabel('Foto toevoegen', { exact: true });
      // The first upload is held until its progress bar has been seen, on a fast or a busy machine alike
      // (a quick upload can show it for less than a frame).
      const uploads = /\/api\/photos$/;
      let release: () => void = () => {};
      const seen = new Promise<void>((done) => {
        release = done;
      });
      await page.route(uploads, async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        await seen;
        return route.continue();
      });
      await input.setInputFiles(await photo(1));
      await expect(page.getByRole('progressbar')).toBeVisible();
      release();
      await page.unroute(uploads);
      await expect(await photoCount(page)).toHaveText("1 van 3 foto's");
      await input.setInputFiles(await photo(2, 'jpeg'));
      await expect(await photoCount(page)).toHaveText("2 van 3 foto's");
      await input.setInputFiles(await photo(3));
      await expect(await photoCount(page)).toHaveText("3 van 3 foto's");
      await expect(tiles).toHaveCount(3);
      await expect(tiles.first().getByText('Profielfoto')).toBeVisible();
      await expect(page.getByTestId('photo-limit-note')).toContainText(
        'Met premium kun je er tot 25 plaatsen',
      );
    });

    await test.step('M-03 the fourth is refused with the message for free members', async () => {
      await page.getByLabel('Foto toevoegen', { exact: true }).setInputFiles(await photo(4));
      await expect(page.getByRole('alert')).toContainText(
        "Als gratis lid kun je maximaal 3 foto's hebben. Word premium lid voor tot 25 foto's.",
      );
      await expect(tiles).toHaveCount(3);
    });

    await test.step('M-03 choose the main image and reorder with the keyboard', async () => {
      await tiles.nth(1).getByRole('button', { name: 'Maak dit je profielfoto' }).click();
      await expect(tiles.nth(1).getByText('Profielfoto')).toBeVisible();
      await expect(tiles.first().getByText('Profielfoto')).toHaveCount(0);
      const list = await (await page.request.get('/api/photos')).json();
      expect(list.photos[1].is_main).toBe(true);

      const thirdId = list.photos[2].id;
      await tiles.nth(2).getByRole('button', { name: 'Naar voren verplaatsen' }).focus();
      await page.keyboard.press('Enter');
      await expect
        .poll(async () => (await (await page.request.get('/api/photos')).json()).photos[1].id)
        .toBe(thirdId);
      // Focus stays with the photo that moved, on the same button.
      await expect(tiles.nth(1).getByRole('button', { name: 'Naar voren verplaatsen' })).toBeFocused();
      await expect(page.getByText('Foto verplaatst naar plek 2 van 3.')).toBeAttached();
    });

    await test.step('M-04 a photo can be private, and back', async () => {
      const toggle = tiles.nth(2).getByRole('button', { name: 'Privéfoto' });
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'true');
      await expect(tiles.nth(2).getByText('Privé', { exact: true })).toBeVisible();
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    });

    await test.step('D-01 search women 25-35 in Noord-Holland', async () => {
      await page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Zoeken' }).click();
      await expect(page).toHaveURL(/\/members$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Leden zoeken' })).toBeVisible();
      const filters = page.getByRole('search', { name: 'Zoekfilters' });
      await filters.getByLabel('Ik zoek').selectOption({ label: 'Vrouwen' });
      await filters.getByLabel('Land', { exact: true }).selectOption({ label: 'Nederland' });
      await filters.getByLabel('Provincie').selectOption({ label: 'Noord-Holland' });
      await filters.getByLabel('Leeftijd vanaf').fill('25');
      await filters.getByLabel('Leeftijd tot en met').fill('35');
      await filters.getByRole('button', { name: 'Zoeken' }).click();
      await expect(page).toHaveURL(/gender=female&country=NL&countryregion=NL-NH&min_age=25&max_age=35/);
      await expect(page.getByTestId('num-results')).toHaveText(/\d+ (lid|leden) gevonden/);
      // The filters survive a reload: they live in the address.
      await page.reload();
      await expect(filters.getByLabel('Provincie')).toHaveValue('NL-NH');
      await expect(filters.getByLabel('Leeftijd vanaf')).toHaveValue('25');
    });

    await test.step('M-05 open the profile from its card', async () => {
      const card = page.getByRole('link', { name: new RegExp(`${target.name}, 30`) });
      await expect(card).toBeVisible();
      await expect(card.getByRole('img', { name: `Foto van ${target.name}` })).toHaveAttribute(
        'loading',
        /lazy|eager/,
      );
      await card.click();
      await expect(page).toHaveURL(new RegExp(`/members/${target.id}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`${target.name}, 30`);
      await expect(page.getByRole('img', { name: `Foto van ${target.name}` }).first()).toBeVisible();
      await expect(page.getByText('Haarlem, Noord-Holland')).toBeVisible();
      await expect(page.getByTestId('photo-count')).toHaveText('1 foto');
    });

    await test.step('M-06 block the member, after a confirmation', async () => {
      await page.getByRole('button', { name: `${target.name} blokkeren` }).click();
      const dialog = page.getByRole('dialog', { name: `${target.name} blokkeren?` });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Ja, blokkeren' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('blocked-note')).toContainText(`Je hebt ${target.name} geblokkeerd`);
      await expect(page.getByRole('button', { name: `${target.name} deblokkeren` })).toBeVisible();
    });

    await test.step('M-06 the blocked member cannot open the blocker profile', async () => {
      const theirs = await other.newPage();
      await skipEntryWarning(theirs);
      await logInByApi(other.request, target.email, PASSWORD);
      await theirs.goto(`/members/${demo.id}`);
      // The same page as for a member who does not exist: the block is not given away.
      await expect(theirs.getByRole('heading', { name: 'Dit profiel bestaat niet (meer)' })).toBeVisible();
      // Nor finds them in search.
      const found = await (await other.request.get('/api/members?gender=male&country=NL')).json();
      expect(found.page.results.map((c: { id: number }) => c.id)).not.toContain(demo.id);
      await other.close();
    });
  });
});

test.describe('profile details', () => {
  test('M-03 deleting a photo asks first', async ({ page }) => {
    await ownAddress(page.context());
    await skipEntryWarning(page);
    await createMember(page.context(), { photo: true });
    await page.goto('/profile');
    const tiles = page.getByTestId('own-photo');
    await expect(tiles).toHaveCount(1);
    await tiles.first().getByRole('button', { name: 'Foto verwijderen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deze foto verwijderen?' });
    await dialog.getByRole('button', { name: 'Annuleren' }).click();
    await expect(tiles).toHaveCount(1);
    await tiles.first().getByRole('button', { name: 'Foto verwijderen' }).click();
    await dialog.getByRole('button', { name: 'Ja, verwijderen' }).click();
    await expect(tiles).toHaveCount(0);
    await expect(page.getByTestId('photo-count')).toHaveText("0 van 3 foto's");
  });

  test('M-07 M-10 "use my location" fills the place and caches the lookup for an hour', async ({ page }) => {
    await ownAddress(page.context());
    await skipEntryWarning(page);
    await page.context().grantPermissions(['geolocation']);
    await page.context().setGeolocation({ latitude: 52.3731, longitude: 4.8922 });
    await createMember(page.context());
    await page.goto('/profile');
    await expect(page.getByText('We bewaren je locatie alleen afgerond op ongeveer 1 km.')).toBeVisible();
    await page.getByRole('button', { name: 'Gebruik mijn locatie' }).click();
    await expect(page.getByText(/Gevonden: Amsterdam, Noord-Holland/)).toBeVisible();
    await expect(page.getByLabel('Provincie')).toHaveValue('NL-NH');
    await expect(page.getByLabel('Plaats', { exact: true })).toHaveValue('Amsterdam');
    const cached = await page.evaluate(() => JSON.parse(localStorage.getItem('vonk.geocode') ?? 'null'));
    expect(cached.result.city).toBe('Amsterdam');
    expect(Date.now() - cached.at).toBeLessThan(60_000);
    // The second time answers from the cache: no new lookup.
    let lookups = 0;
    page.on('request', (r) => {
      if (r.url().includes('/api/geocode.php')) lookups++;
    });
    await page.getByRole('button', { name: 'Gebruik mijn locatie' }).click();
    await expect(page.getByText(/Gevonden: Amsterdam/)).toBeVisible();
    expect(lookups).toBe(0);
    await page.getByRole('button', { name: 'Vergeet mijn locatie' }).click();
    await expect(page.getByRole('button', { name: 'Vergeet mijn locatie' })).toHaveCount(0);
  });

  test('L-05 the profile-photo warning shows without a main image, and its dismissal sticks', async ({
    page,
  }) => {
    await ownAddress(page.context());
    await skipEntryWarning(page);
    const member = await createMember(page.context());
    await page.goto('/members');
    const warning = page.getByTestId('photo-warning');
    await expect(warning).toContainText('Voeg een profielfoto toe.');
    for (const path of ['/profile', '/settings']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(warning).toHaveCount(0);
    }
    await page.goto('/members');
    await warning.getByRole('link', { name: 'Foto toevoegen' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.goBack();
    await warning.getByRole('button', { name: 'Melding over je profielfoto sluiten' }).click();
    await expect(warning).toHaveCount(0);
    const stored = await page.evaluate(
      (id) => localStorage.getItem(`vonk.photo-warning-dismissed.${id}`),
      member.id,
    );
    expect(Date.now() - Date.parse(stored ?? '')).toBeLessThan(60_000);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Leden zoeken' })).toBeVisible();
    await expect(warning).toHaveCount(0);
  });
});

test.describe('search', () => {
  test('D-01 D-10 nobody found: an empty state with a next step, and similar members when there are some', async ({
    page,
  }) => {
    await ownAddress(page.context());
    await skipEntryWarning(page);
    await createMember(page.context(), { gender: 'male', looking_for: 'female' });
    await page.goto('/members?gender=couple&country=NL&countryregion=NL-ZE&min_age=95&max_age=99');
    await expect(page.getByTestId('num-results')).toHaveText('Geen leden gevonden');
    const empty = page.getByTestId('search-empty');
    await expect(empty).toContainText('Niemand gevonden');
    await empty.getByRole('button', { name: 'Zoek in heel Nederland' }).click();
    await expect(page).toHaveURL(/\/members\?gender=couple&country=NL(&sort=near)?$/);
  });

  test('D-01 pages of results for members', async ({ page }) => {
    await ownAddress(page.context());
    await skipEntryWarning(page);
    await createMember(page.context(), { gender: 'male', looking_for: 'female' });
    await page.goto('/members?gender=female&country=NL');
    const cards = page.getByTestId('member-card');
    await expect(cards).toHaveCount(24);
    const first = await cards.first().getAttribute('href');
    await page.getByRole('link', { name: 'Volgende' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByText(/Pagina 2 van \d+/)).toBeVisible();
    await expect(cards.first()).not.toHaveAttribute('href', first ?? '');
  });

  test('D-02 visitors get a limited search with a way in; a site without visitor search asks to log in', async ({
    page,
  }) => {
    await skipEntryWarning(page);
    await page.goto('/members');
    await expect(page.getByTestId('member-card')).toHaveCount(12);
    await expect(page.getByTestId('visitor-cta')).toContainText('Gratis aanmelden');
    await expect(page.getByRole('link', { name: 'Volgende' })).toHaveCount(0);

    // The second demo site does not let visitors search: no refused call, a friendly prompt.
    await page.goto(`http://127.0.0.1:${process.env.E2E_PORT}/members`);
    await expect(page.getByTestId('search-login')).toContainText('Log in om leden te zoeken');
    await expect(page.getByTestId('member-card')).toHaveCount(0);
  });

  test('M-05 M-08 a visitor sees the limited profile with the fictional notice and a signup call', async ({
    page,
  }) => {
    await skipEntryWarning(page);
    // Members made by other tests are Dutch and the most recently active: look in Germany.
    const found = await (await page.request.get('/api/members?gender=female&country=DE')).json();
    const id = found.page.results.find((c: { fictional: boolean }) => c.fictional)?.id;
    // The e2e server starts as `npm start` does, with the fictional demo members.
    expect(id, 'a fictional demo member').toBeDefined();
    await page.goto(`/members/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('fictional-warning')).toContainText('fictief');
    await expect(page.getByTestId('visitor-cta')).toBeVisible();
    await expect(page.getByRole('button', { name: /blokkeren/ })).toHaveCount(0);
    const { profile } = await (await page.request.get(`/api/members/${id}`)).json();
    if (profile.photos_locked > 0) {
      await expect(page.getByTestId('photos-locked')).toContainText(`+${profile.photos_locked}`);
    }
  });

  test('M-05 an unknown member shows the member-not-found view with a way to search', async ({ page }) => {
    await skipEntryWarning(page);
    await page.goto('/members/999999999');
    await expect(page.getByRole('heading', { name: 'Dit profiel bestaat niet (meer)' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zoek leden' })).toBeVisible();
  });
});

test.describe('navigation and accessibility', () => {
  test('L-01 members get the search link, "Mijn profiel" in the menu and, on a phone, the tab bar', async ({
    page,
  }) => {
    await ownAddress(page.context());
    await skipEntryWarning(page);
    await createMember(page.context());
    await page.goto('/');
    await expect(
      page.getByRole('navigation', { name: 'main' }).getByRole('link', { name: 'Zoeken' }),
    ).toBeVisible();
    await expect(page.getByTestId('tab-bar')).toBeHidden();
    await page.getByRole('button', { name: /Mijn account/ }).click();
    await page.getByRole('menuitem', { name: 'Mijn profiel' }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await page.setViewportSize({ width: 390, height: 844 });
    const tabs = page.getByTestId('tab-bar');
    await expect(tabs).toBeVisible();
    await expect(tabs.getByRole('link', { name: 'Profiel' })).toHaveAttribute('aria-current', 'page');
    const search = tabs.getByRole('link', { name: 'Zoeken' });
    const box = await search.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    expect(box?.width).toBeGreaterThanOrEqual(44);
    await search.click();
    await expect(page).toHaveURL(/\/members$/);
  });

  test('M-01 visitors who open /profile log in first and come back', async ({ page }) => {
    await skipEntryWarning(page);
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/login\?redirect=\/profile$/);
  });
});
