import type { BrowserContext, Page, Request } from '@playwright/test';
import { expect, skipEntryWarning, test } from './fixtures.ts';
import { type Member, otherPerson, personInUtrecht, setCredits } from './members.ts';

// Issue 22 (4): the browser keeps what the server tells it. Events and answers carry the unread totals,
// the balance and the list row; the page writes them into its cache instead of asking the API again.

const PHONE = { width: 390, height: 844 };

const person = personInUtrecht;

/** The balance as the server has it (asked beside the page, not by it). */
async function serverBalance(context: BrowserContext): Promise<number> {
  return ((await (await context.request.get('/api/user.php')).json()) as { user: { credits: number } }).user
    .credits;
}

/** The API requests a page makes from now on (the socket itself left out), as "METHOD /path". */
function apiRequests(page: Page): { list: string[]; stop(): void } {
  const list: string[] = [];
  const on = (r: Request) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/') && url.pathname !== '/api/realtime') {
      list.push(`${r.method()} ${url.pathname}`);
    }
  };
  page.on('request', on);
  return { list, stop: () => page.off('request', on) };
}

/**
 * The refresh loop (P-06) out of the way, so every request counted is one the events caused: its first
 * tick would otherwise come 5 s after a page starts (the loop's own test knob, api/counts.ts).
 */
async function quietLoop(context: BrowserContext) {
  await context.addInitScript(() => localStorage.setItem('vonk.refresh_ms', String(3_600_000)));
}

/**
 * Holds every answer to the API calls that could bring a balance (counts, session) until released: what
 * the page shows meanwhile comes from its cache, whatever a component mounting late asks for.
 */
async function holdBalanceFetches(page: Page): Promise<{ held: string[]; release(): Promise<void> }> {
  const waiting: (() => Promise<void>)[] = [];
  const held: string[] = [];
  const pattern = /\/api\/(counts|user\.php)(\?|$)/;
  await page.route(pattern, (route) => {
    held.push(`${route.request().method()} ${new URL(route.request().url()).pathname}`);
    waiting.push(() => route.continue());
  });
  return {
    held,
    release: async () => {
      // A request the page has given up on meanwhile (a refetch cancelled by a newer one) is handled already.
      for (const go of waiting.splice(0)) await go().catch(() => undefined);
      await page.unroute(pattern);
    },
  };
}

const composer = (page: Page, name: string) => page.getByRole('textbox', { name: `Bericht aan ${name}` });

async function startChat(page: Page, other: Member): Promise<number> {
  await page.goto(`/members/${other.id}`);
  await page.getByRole('link', { name: 'Bericht sturen' }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expect(page.getByTestId('chat')).toHaveAttribute('data-realtime', 'open');
  return Number(new URL(page.url()).pathname.split('/').pop());
}

async function send(page: Page, other: Member, text: string) {
  await composer(page, other.name).fill(text);
  await composer(page, other.name).press('Enter');
  await expect(page.getByTestId('message-body').filter({ hasText: text })).toHaveCount(1);
}

test.describe('the browser keeps what the server tells it', () => {
  test('P-15 C-01 C-05 C-08 one received message asks the API for nothing: in the list, and in an open chat (but its read); the list row follows', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(PHONE);
    await skipEntryWarning(page);
    const a = await person(page.context(), 'male');
    await setCredits(page.context(), a, 20, true);
    const bContext = await otherPerson(browser);
    await quietLoop(bContext);
    const b = await person(bContext, 'female');
    const bPage = await bContext.newPage();
    await bPage.setViewportSize(PHONE);
    await skipEntryWarning(bPage);

    const id = await startChat(page, b);
    await send(page, b, 'Eerste bericht');

    // B has the list open (with the tab bar's unread badge): a message moves in with no request at all.
    await bPage.goto('/chats');
    const row = bPage.getByTestId('chat-row').filter({ hasText: a.name });
    await expect(row).toContainText('Eerste bericht');
    await expect(row.getByTestId('chat-unread')).toContainText('1');
    // The members' part of the app is running (the title's count, P-13) and the socket delivers.
    await expect(bPage).toHaveTitle(/^\(1\) /);
    await send(page, b, 'Nog een bericht');
    await expect(row).toContainText('Nog een bericht');
    await bPage.waitForLoadState('networkidle');
    const onList = apiRequests(bPage);
    await send(page, b, 'En nog een');
    await expect(row).toContainText('En nog een');
    await expect(row.getByTestId('chat-unread')).toContainText('3');
    await expect(bPage.getByTestId('tab-bar').getByTestId('nav-badge')).toContainText('3');
    await expect(bPage).toHaveTitle(/^\(3\) /);
    await bPage.waitForLoadState('networkidle');
    onList.stop();
    expect(onList.list).toEqual([]);

    // Then the conversation from the list (the list stays in the cache behind the chat).
    await row.click();
    await expect(bPage).toHaveURL(new RegExp(`/chats/${id}$`));
    await expect(bPage.getByTestId('chat')).toHaveAttribute('data-realtime', 'open');
    await expect(bPage.getByTestId('message-body').filter({ hasText: 'En nog een' })).toHaveCount(1);
    // Everything the open chat asks for by itself (its messages, the first read) is done.
    await expect(page.getByTestId('message-read')).toHaveCount(3);
    await bPage.waitForLoadState('networkidle');

    const seen = apiRequests(bPage);
    await send(page, b, 'Tweede bericht, live');
    await expect(bPage.getByTestId('message-body').filter({ hasText: 'Tweede bericht, live' })).toHaveCount(
      1,
    );
    // B has it open, so B reads it: A sees the second receipt once B's read is stored.
    await expect(page.getByTestId('message-read')).toHaveCount(4);
    await bPage.waitForLoadState('networkidle');
    seen.stop();
    // The member's own read is the one request: no counts, no list, no thread, no session.
    expect(seen.list).toEqual([`POST /api/chats/${id}/read`]);

    // Back in the list: the row already says what came last, from the event, without asking.
    const back = apiRequests(bPage);
    await bPage.goBack();
    await expect(bPage).toHaveURL(/\/chats$/);
    await expect(row).toContainText('Tweede bericht, live');
    await expect(row.getByTestId('chat-unread')).toHaveCount(0);
    back.stop();
    expect(back.list.filter((r) => r.startsWith('GET /api/chats'))).toEqual([]);
    await bContext.close();
  });

  test('L-02 C-03 C-09 the header’s balance shows the new balance right after a send, with no refetch', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(PHONE);
    await skipEntryWarning(page);
    await quietLoop(page.context());
    const a = await person(page.context(), 'male');
    await setCredits(page.context(), a, 30, true);
    const bContext = await otherPerson(browser);
    const b = await person(bContext, 'female');

    // A gift from the profile page, whose header shows the pill.
    await page.goto(`/members/${b.id}`);
    const pill = page.getByTestId('credits-pill');
    await expect(pill).toHaveText('30');
    const hold = await holdBalanceFetches(page);
    await page.getByTestId('gift-button').click();
    await page.getByTestId('gift-list').getByRole('button').first().click();
    await expect(page.getByTestId('gift-sent')).toBeVisible();
    const afterGift = await serverBalance(page.context());
    expect(afterGift).toBeLessThan(30);
    // Shown while no counts or session answer can reach the page: from the send's answer.
    await expect(pill).toHaveText(String(afterGift));
    await hold.release();

    // A text in the chat: the composer's balance follows the answer, and the header has it on the way back.
    await page.getByRole('link', { name: 'Bericht sturen' }).click();
    await expect(page.getByTestId('chat')).toHaveAttribute('data-realtime', 'open');
    await expect(page.getByTestId('chat-balance')).toHaveText(`saldo: ${afterGift}`);
    await send(page, b, 'Hoi, mooi cadeau toch?');
    const afterText = await serverBalance(page.context());
    expect(afterText).toBeLessThan(afterGift);
    await expect(page.getByTestId('chat-balance')).toHaveText(`saldo: ${afterText}`);
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/members/${b.id}$`));
    await expect(pill).toHaveText(String(afterText));
    await bContext.close();
  });

  test('Pay-02 Pay-04 L-02 a purchase shows the new balance at once, and in the member’s other tab without a reload', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await skipEntryWarning(page);
    await quietLoop(page.context());
    await person(page.context(), 'male');

    // A second tab of the same member: the free member's "Word Premium" in the header.
    const other = await page.context().newPage();
    await other.setViewportSize(PHONE);
    await other.goto('/members');
    await expect(other.getByTestId('premium-pill')).toBeVisible();
    await other.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    // Whatever the other tab asks for now stays unanswered until it shows the new balance.
    const hold = await holdBalanceFetches(other);

    await page.goto('/credits');
    await page.getByRole('link', { name: 'Kies 15 credits' }).click();
    await page.getByRole('radio', { name: 'iDEAL', exact: true }).check();
    await page.getByRole('button', { name: /^Betaal / }).click();
    await expect(page.getByTestId('checkout-amount')).toBeVisible();
    await page.getByRole('button', { name: 'Betaald' }).click();
    await expect(page.getByRole('heading', { name: 'Betaling gelukt!' })).toBeVisible({ timeout: 15_000 });
    const balance = await serverBalance(page.context());
    expect(balance).toBeGreaterThanOrEqual(15);
    await expect(page.getByTestId('balance')).toContainText(String(balance));
    // This tab's header has it from the payment's answer.
    await expect(page.getByTestId('credits-pill')).toHaveText(String(balance));

    // The other tab: premium now, with the new balance, from this tab's word (no counts answered).
    await expect(other.getByTestId('credits-pill')).toHaveText(String(balance));
    await expect(other.getByTestId('premium-pill')).toHaveCount(0);
    expect(await other.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    await hold.release();
  });
});
