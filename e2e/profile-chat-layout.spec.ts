import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, skipEntryWarning, THIS_MACHINE, test } from './fixtures.ts';
import { createMember, type Member, otherPerson, ownAddress } from './members.ts';

// Issue 27 scope 4: the profile photo first on a phone with a bar of actions at the screen's foot, and the
// chat's list and conversation side by side on a desktop.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const place = { country: 'NL', region: 'NL-UT', city: 'Utrecht' };

/** A member in `context` with credits and Premium: gifts and new conversations are theirs to send. */
async function member(context: BrowserContext, gender: 'male' | 'female' = 'male'): Promise<Member> {
  const m = await createMember(context, {
    activate: true,
    place,
    photo: true,
    gender,
    looking_for: gender === 'male' ? 'female' : 'male',
  });
  const res = await context.request.post('/dev/credits', {
    ...THIS_MACHINE,
    data: { email: m.email, credits: 50, paid_user: true },
  });
  expect(res.status()).toBe(200);
  return m;
}

/**
 * A new member with credits opens the profile of a fictional demo member with an about text and several
 * photos, in another country than the journeys'.
 */
async function openDemoProfile(page: Page): Promise<{ id: number; name: string; age: number }> {
  await ownAddress(page.context());
  await skipEntryWarning(page);
  await member(page.context());
  const her = await demoProfile(page);
  await page.goto(`/members/${her.id}`);
  return her;
}

async function demoProfile(page: Page): Promise<{ id: number; name: string; age: number }> {
  const found = await (await page.request.get('/api/members?gender=female&country=DE')).json();
  for (const card of found.page.results as { id: number; fictional: boolean }[]) {
    if (!card.fictional) continue;
    const { profile } = await (await page.request.get(`/api/members/${card.id}`)).json();
    if (profile.about && profile.photos.length > 1) return profile;
  }
  throw new Error('no fictional demo member with about text and photos');
}

const box = async (locator: Locator) => {
  const b = await locator.boundingBox();
  expect(b, 'a box on the page').not.toBeNull();
  return b as { x: number; y: number; width: number; height: number };
};

test.describe('photo-first profile on a phone (issue 27)', () => {
  test.use({ viewport: PHONE, hasTouch: true, allowedConsoleErrors: [/status of 40[23]/] });

  test('M-05 P-14 the photo starts the page with name and age on it; the bar at the foot likes without moving anything, messages and gives', async ({
    page,
  }, info) => {
    const her = await openDemoProfile(page);

    // The photo is the first thing of the page, full width; the heading (name, age) sits on it.
    const header = page.getByTestId('member-photo-header');
    const [photo, main] = [await box(header), await box(page.locator('main'))];
    expect(Math.abs(photo.y - main.y)).toBeLessThanOrEqual(1);
    expect(photo.x).toBe(0);
    expect(photo.width).toBe(PHONE.width);
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toHaveText(new RegExp(`^${her.name}, ${her.age}`));
    const h1 = await box(heading);
    expect(h1.y).toBeGreaterThan(photo.y);
    expect(h1.y + h1.height).toBeLessThanOrEqual(photo.y + photo.height);
    await expect(page.getByRole('link', { name: 'Terug naar zoeken' })).toBeVisible();

    // The bar with like, message and gift stands at the foot of the screen, above the tab bar, also
    // when scrolled to the end.
    const bar = page.getByTestId('action-bar');
    const tabs = page.getByTestId('tab-bar');
    await expect(bar).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Vind ik leuk' })).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Bericht sturen' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Cadeau sturen' })).toBeVisible();
    await page.screenshot({ path: info.outputPath('profile-390.png') });
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(page.locator('footer').last()).toBeInViewport();
    const [b, t] = [await box(bar), await box(tabs)];
    expect(b.y + b.height).toBeLessThanOrEqual(t.y + 1);
    expect(b.y).toBeGreaterThan(PHONE.height - 200);
    // Nothing of the page hides behind it: the end of the page is scrolled clear of the bar.
    const footer = await box(page.locator('footer').last());
    expect(footer.y + footer.height).toBeLessThanOrEqual(b.y + 1);
    await page.screenshot({ path: info.outputPath('profile-390-end.png') });
    await page.evaluate(() => window.scrollTo(0, 0));

    // A like changes the button and a chip on the photo; not one box of the page moves.
    const watched = [
      header,
      heading,
      page.getByRole('heading', { name: new RegExp(`^Over ${her.name}`) }),
      page.getByTestId('fictional-warning'),
      bar.getByRole('link', { name: 'Bericht sturen' }),
      bar.getByRole('button', { name: 'Cadeau sturen' }),
      page.getByTestId('like-button'),
    ];
    const before = await Promise.all(watched.map(box));
    await bar.getByRole('button', { name: 'Vind ik leuk' }).click();
    await expect(bar.getByRole('button', { name: 'Geliked' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('like-note')).toHaveText(`Je vindt ${her.name} leuk.`);
    const after = await Promise.all(watched.map(box));
    expect(after).toEqual(before);
    await page.screenshot({ path: info.outputPath('profile-390-liked.png') });
    await expectNoAxeViolations(page);

    // A gift from the bar.
    await bar.getByRole('button', { name: 'Cadeau sturen' }).click();
    const picker = page.getByRole('dialog');
    await picker.getByTestId('gift-list').getByRole('button').first().click();
    await expect(page.getByTestId('gift-sent')).toBeVisible();

    // And the message button opens the conversation.
    await bar.getByRole('link', { name: 'Bericht sturen' }).click();
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    await expect(page.getByTestId('chat-name')).toContainText(her.name);
    // On a phone the conversation has the screen to itself: no list beside it.
    await expect(page.getByTestId('chat-list-pane')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Chat met ${her.name}`);
    await page.screenshot({ path: info.outputPath('chat-390.png') });
    await expectNoAxeViolations(page);
    await page.goto('/chats');
    await expect(page.getByTestId('chat-row')).toHaveCount(1);
    await expect(page.getByTestId('chat-pick')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Berichten');
    await page.screenshot({ path: info.outputPath('chats-390.png') });
    await expectNoAxeViolations(page);
  });
});

test.describe('two-pane chat on a desktop (issue 27)', () => {
  test.use({ viewport: DESKTOP });

  test('C-01 C-02 P-14 L-01 list and conversation side by side; another conversation opens beside the list without a page load', async ({
    page,
    browser,
  }, info) => {
    await ownAddress(page.context());
    await skipEntryWarning(page);
    await member(page.context());
    const others: Member[] = [];
    for (let i = 0; i < 2; i += 1) {
      const context = await otherPerson(browser);
      others.push(await member(context, 'female'));
      await context.close();
    }
    const [b, c] = others as [Member, Member];
    const ids: number[] = [];
    for (const other of others) {
      const res = await page.request.post(`/api/members/${other.id}/chat`);
      expect(res.ok()).toBe(true);
      ids.push((await res.json()).conversation.id);
    }
    const [idB, idC] = ids as [number, number];

    // The list alone on /chats, with a friendly pane where a conversation will open.
    await page.goto('/chats');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Berichten');
    await expect(page.getByTestId('chat-pick')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Kies een gesprek' })).toBeVisible();
    await page.screenshot({ path: info.outputPath('chats-1280.png') });
    await expectNoAxeViolations(page);

    // Choosing one opens it on the right; the list stays on the left and marks it.
    await page.getByTestId('chat-row').filter({ hasText: b.name }).click();
    await expect(page).toHaveURL(new RegExp(`/chats/${idB}$`));
    await expect(page.getByTestId('chat-name')).toContainText(b.name);
    const list = page.getByTestId('chat-list-pane');
    const thread = page.getByTestId('chat');
    await expect(list).toBeVisible();
    const [l, th] = [await box(list), await box(thread)];
    expect(l.x + l.width).toBeLessThanOrEqual(th.x + 1);
    expect(Math.abs(l.y - th.y)).toBeLessThanOrEqual(1);
    const rowB = list.getByRole('link', { name: new RegExp(b.name) });
    const rowC = list.getByRole('link', { name: new RegExp(c.name) });
    await expect(rowB).toHaveAttribute('aria-current', 'page');
    await expect(rowC).not.toHaveAttribute('aria-current', 'page');
    // The profile peek: photo, name, age, city, the way to the profile.
    const peek = page.getByTestId('profile-peek');
    await expect(peek.getByRole('heading', { name: new RegExp(`^${b.name}, \\d+`) })).toBeVisible();
    await expect(peek).toContainText('Utrecht');
    await expect(peek.getByRole('img', { name: `Foto van ${b.name}` })).toBeVisible();
    await expect(peek.getByRole('link', { name: 'Profiel bekijken' })).toHaveAttribute(
      'href',
      `/members/${b.id}`,
    );
    // The chat page's main heading says whose chat it is.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Chat met ${b.name}`);
    await page.screenshot({ path: info.outputPath('chat-1280.png') });
    await expectNoAxeViolations(page);

    // Another conversation from the list: the URL and the conversation change, the page does not load.
    await page.evaluate(() => {
      (window as unknown as { stayed: boolean }).stayed = true;
    });
    await rowC.click();
    await expect(page).toHaveURL(new RegExp(`/chats/${idC}$`));
    await expect(page.getByTestId('chat-name')).toContainText(c.name);
    await expect(rowC).toHaveAttribute('aria-current', 'page');
    await expect(rowB).not.toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Chat met ${c.name}`);
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

    // Opened directly, the server's page and the browser's agree (no hydration error on the console).
    await page.goto(`/chats/${idC}`);
    await expect(page.getByTestId('chat-list-pane').getByTestId('chat-row')).toHaveCount(2);
    await expect(page.getByTestId('chat-name')).toContainText(c.name);
  });

  test('M-05 P-14 the profile on a desktop: photo with name and age beside the details and the actions', async ({
    page,
  }, info) => {
    const her = await openDemoProfile(page);
    const photo = await box(page.getByTestId('member-photo-header'));
    const bar = page.getByTestId('action-bar');
    const actions = await box(bar);
    // Two columns: the actions to the right of the photo, in the flow of the page (not fixed).
    expect(actions.x).toBeGreaterThan(photo.x + photo.width);
    expect(await bar.evaluate((el) => getComputedStyle(el).position)).toBe('static');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^${her.name}, ${her.age}`));
    const watched = [page.getByRole('heading', { name: new RegExp(`^Over ${her.name}`) }), bar];
    const before = await Promise.all(watched.map(box));
    await bar.getByRole('button', { name: 'Vind ik leuk' }).click();
    await expect(bar.getByRole('button', { name: 'Geliked' })).toBeVisible();
    expect(await Promise.all(watched.map(box))).toEqual(before);
    await page.screenshot({ path: info.outputPath('profile-1280.png') });
    await expectNoAxeViolations(page);
  });
});
