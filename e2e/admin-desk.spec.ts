import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, skipEntryWarning, THIS_MACHINE, test } from './fixtures.ts';
import { createMember, otherPerson, ownAddress } from './members.ts';

// The chat desk (issue 23, O-05): a member writes to a fictional profile, an operator claims the
// conversation, answers as the profile, and the member sees the answer arrive live, with the marker.

const place = { country: 'NL', region: 'NL-UT', city: 'Utrecht' };

/** A fictional demo member: members made by other tests are Dutch, so look in Germany. */
async function fictionalDemo(page: Page): Promise<{ id: number; name: string }> {
  const found = await (await page.request.get('/api/members?gender=female&country=DE')).json();
  const card = found.page.results.find((c: { fictional: boolean }) => c.fictional) as
    | { id: number; name: string }
    | undefined;
  expect(card, 'a fictional demo member').toBeDefined();
  return card as { id: number; name: string };
}

async function operatorPage(
  context: BrowserContext,
  viewport: { width: number; height: number },
  name: string,
) {
  const res = await context.request.post('/dev/staff', {
    ...THIS_MACHINE,
    data: { name, language: 'en', grants: [{ role: 'operator', siteId: null }] },
  });
  expect(res.status()).toBe(200);
  const page = await context.newPage();
  await page.setViewportSize(viewport);
  await page.addInitScript(() => localStorage.setItem('vonk.admin.locale', 'en'));
  return page;
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`O-05 C-11 M-08 an operator claims a member's conversation with a fictional profile and answers; the member sees it live with the marker (${viewport.width} px)`, async ({
    page,
    browser,
  }, info) => {
    await ownAddress(page.context());
    await skipEntryWarning(page);
    const member = await createMember(page.context(), {
      activate: true,
      place,
      photo: true,
      gender: 'male',
      looking_for: 'female',
    });
    await page.context().request.post('/dev/credits', {
      ...THIS_MACHINE,
      data: { email: member.email, credits: 20, paid_user: true },
    });
    const profile = await fictionalDemo(page);

    // The member writes to the fictional profile; the chat shows the marker and the notice (M-08).
    await page.goto(`/members/${profile.id}`);
    await page.getByRole('link', { name: 'Bericht sturen' }).click();
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    const conversationId = Number(new URL(page.url()).pathname.split('/').pop());
    await expect(page.getByTestId('chat-fictional-notice')).toBeVisible();
    await expect(page.getByTestId('chat')).toHaveAttribute('data-realtime', 'open');
    const composer = page.getByRole('textbox', { name: `Bericht aan ${profile.name}` });
    const question = `Hoi ${profile.name}, ben je er vanavond? ${Date.now()}`;
    await composer.fill(question);
    await composer.press('Enter');
    await expect(composer).toHaveValue('');

    // The operator finds it in the queue and claims it.
    const staffContext = await otherPerson(browser);
    const operatorName = `Olga ${viewport.width}`;
    const desk = await operatorPage(staffContext, viewport, operatorName);
    await desk.goto('/admin/desk');
    const row = desk.getByTestId(`desk-row-${conversationId}`);
    await expect(row).toBeVisible();
    await expect(row).toContainText(member.name);
    await expect(row).toContainText(profile.name);
    await desk.screenshot({ path: info.outputPath(`desk-queue-${viewport.width}.png`), fullPage: true });
    await expectNoAxeViolations(desk);
    await row.getByRole('button', { name: /Claim/ }).click();
    await expect(desk).toHaveURL(new RegExp(`/admin/desk/${conversationId}$`));
    await expect(desk.getByTestId('desk-hold')).toContainText('You hold this conversation');
    await expect(desk.getByTestId('desk-history')).toContainText(question);
    await expect(desk.getByTestId('desk-member')).toContainText(member.name);
    await expect(desk.getByTestId('desk-fictional')).toContainText(profile.name);

    // The operator types: the member sees the profile typing; Enter sends the answer.
    const answerBox = desk.getByRole('textbox', { name: `Answer as ${profile.name}` });
    const answer = `Ja hoor! Waar had je zin in? ${Date.now()}`;
    await answerBox.pressSequentially('Ja hoor', { delay: 20 });
    await expect(page.getByTestId('typing')).toBeVisible();
    await answerBox.pressSequentially(answer.slice(7));
    await answerBox.press('Enter');
    await expect(answerBox).toHaveValue('');
    await expect(desk.getByTestId('desk-history')).toContainText(answer);

    // The member's open chat shows the answer live, with the fictional marker and notice still there.
    await expect(page.getByTestId('message-body').filter({ hasText: answer })).toHaveCount(1);
    await expect(page.getByTestId('chat-fictional-notice')).toBeVisible();
    // The member had the chat open: the operator sees the read receipt.
    await expect(desk.getByTestId('desk-read')).toBeVisible();
    await desk.screenshot({
      path: info.outputPath(`desk-conversation-${viewport.width}.png`),
      fullPage: true,
    });
    await page.screenshot({ path: info.outputPath(`member-chat-${viewport.width}.png`) });
    await expectNoAxeViolations(desk);

    // Esc releases and goes back to the queue, where the answered conversation no longer waits.
    await desk.keyboard.press('Escape');
    await expect(desk).toHaveURL(/\/admin\/desk$/);
    await expect(desk.getByTestId(`desk-row-${conversationId}`)).toHaveCount(0);

    // The figures count the answer for this operator and the site.
    await desk.getByRole('link', { name: 'Desk figures' }).click();
    const perOperator = desk.getByRole('table', { name: 'Per operator' });
    await expect(perOperator.getByRole('row', { name: new RegExp(operatorName) })).toBeVisible();
    await expect(desk.getByRole('table', { name: 'Per site' })).toContainText('Vonk');
    await desk.screenshot({ path: info.outputPath(`desk-figures-${viewport.width}.png`), fullPage: true });
    await expectNoAxeViolations(desk);
    await staffContext.close();
  });
}

test('O-05 an admin adds a canned opener for a language and removes it again', async ({ page }, info) => {
  await ownAddress(page.context());
  const res = await page.context().request.post('/dev/staff', {
    ...THIS_MACHINE,
    data: { name: 'Ada Admin', language: 'en', grants: [{ role: 'admin', siteId: null }] },
  });
  expect(res.status()).toBe(200);
  await page.addInitScript(() => localStorage.setItem('vonk.admin.locale', 'en'));
  const text = `Hallo! Schön, dich hier zu sehen. ${Date.now()}`;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/admin/desk/openers');
    await page.getByRole('main').getByLabel('Language').selectOption('de');
    await page.getByRole('main').getByLabel('Text').fill(`${text} ${width}`);
    await page.getByRole('button', { name: 'Add opener' }).click();
    const row = page.getByRole('listitem').filter({ hasText: `${text} ${width}` });
    await expect(row).toBeVisible();
    await expect(row).toContainText('German');
    await page.screenshot({ path: info.outputPath(`desk-openers-${width}.png`), fullPage: true });
    await expectNoAxeViolations(page);
    await row.getByRole('button', { name: 'Remove' }).click();
    await expect(row).toHaveCount(0);
  }
});
