import { mkdirSync } from 'node:fs';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, skipEntryWarning, test } from './fixtures.ts';
import { activationLink, answerOnPhone, fillAccountStep, ownAddress, unique } from './members.ts';

// Issue 27, "signup that keeps intent": a visitor's "Bericht sturen" opens the signup sheet of the like,
// keeps the message through signup and activation, and sends it once. Screenshots in test-results/screens.
const SCREENS = 'test-results/screens';
mkdirSync(SCREENS, { recursive: true });

async function look(page: Page, name: string, width: number) {
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}/intent-${name}-${width}.png` });
}

/** A listed demo member to write to. */
async function someone(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const found = (await (await request.get('/api/members?gender=female')).json()) as {
    page: { results: { id: number; name: string }[] };
  };
  const member = found.page.results[0];
  if (!member) throw new Error('no demo member to write to');
  return member;
}

/** The messages of the viewer's conversation with a member. */
async function messagesWith(request: APIRequestContext, conversationId: number) {
  const answer = (await (await request.get(`/api/chats/${conversationId}/messages`)).json()) as {
    messages: { body: string | null; mine: boolean; client_id: string | null }[];
  };
  return answer.messages;
}

for (const width of [390, 1280]) {
  test(`A-01 A-04 C-10 C-12 M-05 at ${width} px a visitor's message becomes a signup, and after activation it is in the chat once`, async ({
    page,
  }) => {
    // Signup, three skipped screens, activation and four axe passes: about a minute alone, more on two
    // busy cores.
    test.setTimeout(240_000);
    await ownAddress(page.context());
    await skipEntryWarning(page);
    await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
    const member = await someone(page.request);
    const text = `Hoi ${member.name}, jouw foto aan zee is prachtig. Zin in een kop koffie? ${unique('m')}`;
    const email = `${unique('intent')}@example.com`;

    await page.goto(`/members/${member.id}`);
    // The message button of a visitor does not lead to the login any more: it opens the like's sheet.
    await page.getByTestId('message-signup').click();
    await expect(page).toHaveURL(new RegExp(`/members/${member.id}$`));
    const compose = page.getByRole('dialog', { name: `Schrijf ${member.name} een bericht` });
    const box = compose.getByLabel(`Je bericht aan ${member.name}`);
    // "Verder" with nothing written says what is missing.
    await compose.getByRole('button', { name: 'Verder' }).click();
    await expect(box).toHaveAccessibleDescription(new RegExp(`Schrijf eerst je bericht aan ${member.name}`));
    await box.fill(text);
    await look(page, 'compose', width);
    await compose.getByRole('button', { name: 'Verder' }).click();

    // The same sheet goes on with the signup; the message waits above it and can still be changed.
    const sheet = page.getByRole('dialog', { name: 'Gratis aanmelden bij Vonk' });
    const kept = sheet.getByTestId('message-pending');
    await expect(kept).toContainText(`Je bericht aan ${member.name} is bewaard`);
    await expect(kept).toContainText(text);
    await kept.getByRole('button', { name: 'Bericht aanpassen' }).click();
    await expect(compose.getByLabel(`Je bericht aan ${member.name}`)).toHaveValue(text);
    await compose.getByRole('button', { name: 'Verder' }).click();
    await expect(kept).toBeVisible();
    await look(page, 'sheet', width);

    if (width < 500) await answerOnPhone(sheet, { email, name: 'Schrijver', city: 'Amsterdam' });
    else await fillAccountStep(sheet, { email, name: 'Schrijver' });
    await sheet.getByRole('button', { name: 'Gratis aanmelden' }).click();
    // The account exists: the message waits for the confirmed address, and nothing has gone out yet.
    await expect(sheet.getByRole('heading', { name: 'Voeg een foto toe' })).toBeVisible();
    await expect(kept).toContainText('zodra je je e-mailadres hebt bevestigd');
    const chats = (await (await page.request.get('/api/chats')).json()) as { chats: unknown[] };
    expect(chats.chats).toEqual([]);
    await look(page, 'sheet-waits', width);
    await sheet.getByRole('button', { name: 'Overslaan' }).click();
    for (const title of ['Vertel iets over jezelf', 'Hoe zie je eruit?', 'Waar word je blij van?']) {
      await expect(sheet.getByRole('heading', { name: title })).toBeVisible();
      await sheet.getByRole('button', { name: 'Overslaan' }).click();
    }
    await expect(sheet.getByRole('heading', { name: 'Check je mail' })).toBeVisible();
    await sheet.getByRole('button', { name: 'Verder' }).click();
    await expect(page).toHaveURL(/\/signup-matches/);

    // Activation in this browser: the chat with that member opens, with the message sent.
    await page.goto(await activationLink(page.request, email));
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    const conversationId = Number(/\/chats\/(\d+)$/.exec(page.url())?.[1]);
    // In the thread (a wide screen may show it in the chat list too); once, as the server answers.
    await expect(page.getByText(text).last()).toBeVisible();
    const sent = (await messagesWith(page.request, conversationId)).filter((m) => m.body === text);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.mine).toBe(true);
    await page.screenshot({ path: `${SCREENS}/intent-chat-${width}.png` });

    // Kept no longer, so a reload (or another tab) sends nothing again, and the composer is empty.
    expect(await page.evaluate(() => localStorage.getItem('vonk.signup_reason'))).toBeNull();
    await page.reload();
    await expect(page.getByText(text).last()).toBeVisible();
    expect((await messagesWith(page.request, conversationId)).filter((m) => m.body === text)).toHaveLength(1);
  });
}

test.describe('an English browser on the Dutch site', () => {
  test.use({ locale: 'en-GB' });

  test('I-02 I-03 L-04 the entry warning and the site are both Dutch: English is not among the Netherlands\u2019 languages', async ({
    page,
  }) => {
    await ownAddress(page.context());
    await page.goto('/');
    expect(await page.evaluate(() => navigator.language)).toBe('en-GB');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    const warning = page.getByRole('dialog', { name: 'Belangrijke informatie' });
    await expect(warning).toBeVisible();
    await expect(page.getByRole('link', { name: 'privacybeleid' })).toBeVisible();
    // Without JavaScript the page would say so in its own language.
    expect(await page.content()).toContain('Zet JavaScript aan om alles van Vonk te gebruiken.');
    await warning.getByRole('button', { name: /Ik ben 18 jaar of ouder/ }).click();
    await expect(warning).toBeHidden();
    await expect(page.getByRole('link', { name: 'Inloggen' }).first()).toBeVisible();
    // The app keeps the page's language.
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    await expect
      .poll(async () => (await page.context().cookies()).find((c) => c.name === 'i18n_redirected')?.value)
      .toBe('nl');
  });
});
