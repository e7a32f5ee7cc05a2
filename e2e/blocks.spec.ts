import { expect, skipEntryWarning, test } from './fixtures.ts';
import { createMember, otherPerson, ownAddress } from './members.ts';

test('M-06 block a member from their profile, find them under settings and unblock them there', async ({
  page,
  browser,
}) => {
  await ownAddress(page.context());
  await skipEntryWarning(page);

  // The member to block: another person, activated so their profile page opens.
  const other = await otherPerson(browser);
  const target = await createMember(other, {
    activate: true,
    date_of_birth: `${new Date().getUTCFullYear() - 30}-01-01`,
  });
  await other.close();

  await createMember(page.context());
  const section = page.getByRole('region', { name: 'Geblokkeerde leden' });

  await test.step('M-06 no one blocked yet: the empty state', async () => {
    await page.goto('/settings');
    await expect(section.getByTestId('blocks-empty')).toContainText('Je hebt niemand geblokkeerd.');
  });

  await test.step('M-06 block from the profile page', async () => {
    await page.goto(`/members/${target.id}`);
    await page.getByRole('button', { name: `${target.name} blokkeren` }).click();
    await page
      .getByRole('dialog', { name: `${target.name} blokkeren?` })
      .getByRole('button', { name: 'Ja, blokkeren' })
      .click();
    await expect(page.getByTestId('blocked-note')).toBeVisible();
  });

  const row = section.getByTestId('blocked-member');
  await test.step('M-06 settings lists the blocked member, with a link to the profile', async () => {
    await page.goto('/settings');
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('link')).toHaveText(new RegExp(`${target.name}, 30`));
    await expect(section.getByTestId('blocks-empty')).toHaveCount(0);
    // To the profile and back, in the app: the profile page is now in the query cache, still blocked.
    await row.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/members/${target.id}$`));
    await expect(page.getByTestId('blocked-note')).toBeVisible();
    await page.goBack();
    await expect(row).toHaveCount(1);
  });

  await test.step('M-06 unblock with the keyboard, after a confirmation', async () => {
    const unblock = row.getByRole('button', { name: `${target.name} deblokkeren` });
    await expect(unblock).toHaveText('Deblokkeren');
    await unblock.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `${target.name} deblokkeren?` });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Ja, deblokkeren' }).click();
    await expect(dialog).toBeHidden();
    await expect(section.getByRole('status')).toHaveText(`${target.name} is gedeblokkeerd.`);
    await expect(row).toHaveCount(0);
    // Focus does not fall back to the top of the page: it lands on what took the row's place.
    await expect(section.getByTestId('blocks-empty')).toBeFocused();
    const list = await (await page.request.get('/api/blocks')).json();
    expect(list).toEqual({ members: [], total: 0 });
  });

  await test.step('M-06 the cached profile page follows: blockable again', async () => {
    await page.goForward();
    await expect(page).toHaveURL(new RegExp(`/members/${target.id}$`));
    await expect(page.getByRole('button', { name: `${target.name} blokkeren` })).toBeVisible();
    await expect(page.getByTestId('blocked-note')).toHaveCount(0);
  });
});
