import { expect, skipEntryWarning, test } from './fixtures.ts';
import { createMember, otherPerson, ownAddress } from './members.ts';

test.describe('likes on a profile page', () => {
  test('M-05 D-03 like (the button then says "Geliked"), see "likes you" on the other side, like back for a match, unlike', async ({
    page,
    browser,
  }) => {
    // Two new members, each activated, and six page loads on two sides: over a minute on a slow machine.
    await ownAddress(page.context());
    await skipEntryWarning(page);
    const place = { country: 'NL', region: 'NL-UT', city: 'Utrecht' };
    const me = await createMember(page.context(), {
      gender: 'male',
      looking_for: 'female',
      activate: true,
      place,
    });
    const other = await otherPerson(browser);
    const her = await createMember(other, { activate: true, place });

    await page.goto(`/members/${her.id}`);
    const like = page.getByTestId('like-button');
    await expect(like).toHaveAccessibleName('Vind ik leuk');
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    await like.click();
    // Issue 11: the button says so once liked.
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect(like).toHaveAccessibleName('Geliked');
    await expect(page.getByTestId('like-note')).toHaveText(`Je vindt ${her.name} leuk.`);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Geliked' })).toHaveAttribute('aria-pressed', 'true');

    // She sees that he likes her, and likes him back: a match, on both pages.
    const hers = await other.newPage();
    await skipEntryWarning(hers);
    await hers.goto(`/members/${me.id}`);
    await expect(hers.getByTestId('like-note')).toHaveText(
      `${me.name} vindt jou leuk! Vind ${me.name} ook leuk en het is een match.`,
    );
    await hers.getByRole('button', { name: 'Vind ik leuk' }).click();
    await expect(hers.getByTestId('like-note')).toHaveText(
      `Het is een match! Jij en ${me.name} vinden elkaar leuk.`,
    );

    await page.reload();
    await expect(page.getByTestId('like-note')).toHaveText(
      `Het is een match! Jij en ${her.name} vinden elkaar leuk.`,
    );

    // He takes his like back; she no longer sees that he likes her.
    await page.getByRole('button', { name: 'Geliked' }).click();
    await expect(page.getByRole('button', { name: 'Vind ik leuk' })).toHaveAttribute('aria-pressed', 'false');
    // She still likes him, so his page now invites him to like her back.
    await expect(page.getByTestId('like-note')).toHaveText(
      `${her.name} vindt jou leuk! Vind ${her.name} ook leuk en het is een match.`,
    );
    await hers.reload();
    await expect(hers.getByTestId('like-note')).toHaveText(`Je vindt ${me.name} leuk.`);
    await other.close();
  });

  test('M-05 a visitor who wants to like gets the signup sheet; its login comes back to the profile', async ({
    page,
  }) => {
    await ownAddress(page.context());
    await skipEntryWarning(page);
    const found = await (await page.request.get('/api/members?gender=female')).json();
    const id = found.page.results[0]?.id;
    expect(id, 'a demo member').toBeDefined();
    await page.goto(`/members/${id}`);
    await page.getByTestId('like-signup').click();
    const sheet = page.getByRole('dialog', { name: 'Gratis aanmelden bij Vonk' });
    await expect(sheet.getByTestId('like-pending')).toBeVisible();
    await sheet.getByRole('link', { name: 'Inloggen' }).click();
    await expect(page).toHaveURL(/\/login/);
    await page.getByLabel('E-mailadres').fill('demo@vonk.test');
    await page.getByLabel('Wachtwoord', { exact: true }).fill('vonk-demo');
    await page.getByRole('main').getByRole('button', { name: 'Inloggen' }).click();
    await expect(page).toHaveURL(new RegExp(`/members/${id}$`));
    await expect(page.getByRole('button', { name: 'Vind ik leuk' })).toBeVisible();
  });
});
