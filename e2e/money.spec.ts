import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, skipEntryWarning, THIS_MACHINE, test } from './fixtures.ts';
import { type Member, otherPerson, personInUtrecht, setCredits, spendAllCredits } from './members.ts';

// Money moments (issue 26): the balance in sight on a phone, walls before the tap, true premium texts,
// and every payment leading back to the conversation.

const SCREENS = 'test-results/screens';
mkdirSync(SCREENS, { recursive: true });
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function shot(page: Page, name: string) {
  await page.screenshot({
    path: `${SCREENS}/money-${name}-${page.viewportSize()?.width}.png`,
    fullPage: false,
  });
}

const person = personInUtrecht;

async function startChat(page: Page, other: Member) {
  await page.goto(`/members/${other.id}`);
  await page.getByRole('link', { name: 'Bericht sturen' }).click();
  await expect(page).toHaveURL(/\/chats\/\d+$/);
  await expect(page.getByTestId('chat-name')).toContainText(other.name);
}

const composer = (page: Page, name: string) => page.getByRole('textbox', { name: `Bericht aan ${name}` });

test.describe('money moments', () => {
  // Refusals answer 402/403 on purpose.
  test.use({ allowedConsoleErrors: [/status of 40[239]/] });

  for (const size of [PHONE, DESKTOP]) {
    test(`L-02 C-03 Pay-04 at ${size.width} px: the balance in sight, out of credits in a chat, pay, back to the draft and send it`, async ({
      page,
      browser,
    }) => {
      await page.setViewportSize(size);
      await skipEntryWarning(page);
      const a = await person(page.context(), 'male');
      const bContext = await otherPerson(browser);
      const b = await person(bContext, 'female');
      await setCredits(page.context(), a, 3, true);

      // The header's pill: 3 credits in the warning colour, leading to /credits (on the phone; the
      // desktop has the navigation's credits item with its badge).
      await page.goto('/members');
      if (size.width < 768) {
        const pill = page.getByTestId('credits-pill');
        await expect(pill).toBeVisible();
        await expect(pill).toHaveText('3');
        await expect(pill).toHaveAttribute('data-tone', 'warning');
        await expect(pill).toHaveAccessibleName(/Saldo: 3 credits/);
        await shot(page, 'header');
      } else {
        await expect(page.getByTestId('credits-pill')).toBeHidden();
        await expect(page.getByTestId('nav-credits')).toContainText('3');
        // "Credits kopen" in the account menu.
        await page.getByRole('button', { name: /Mijn account/ }).click();
        await expect(page.getByRole('menuitem', { name: 'Credits kopen' })).toBeVisible();
        await page.keyboard.press('Escape');
      }

      // In the chat: the cost and the balance on every size, and the gentle notice while it runs low.
      await startChat(page, b);
      await expect(page.getByTestId('chat-cost')).toContainText('saldo: 3');
      // Really on screen (not only for screen readers): a box of its own, inside the viewport.
      const balance = page.getByTestId('chat-balance');
      await expect(balance).toBeInViewport();
      expect((await balance.boundingBox())?.width ?? 0).toBeGreaterThan(30);
      await expect(page.getByTestId('balance-notice')).toContainText('Nog 3 credits');
      await shot(page, 'chat-low');

      // Out of credits: the way to buy shows before a send is refused; the typed text goes along.
      await spendAllCredits(page.request, a.email);
      await page.reload();
      await expect(page.getByTestId('balance-notice')).toHaveAttribute('data-kind', 'out');
      await composer(page, b.name).fill('Zullen we zaterdag koffie drinken?');
      await expectNoAxeViolations(page);
      await page.getByTestId('balance-buy').click();
      await expect(page).toHaveURL(/\/credits$/);
      await page.getByRole('link', { name: 'Kies 15 credits' }).click();

      // Checkout: no tab bar, and the pay button in view without scrolling past the methods.
      await expect(page.getByRole('heading', { name: 'Kies je betaalmethode' })).toBeVisible();
      await expect(page.getByTestId('tab-bar')).toHaveCount(0);
      await page.getByRole('radio', { name: 'iDEAL', exact: true }).check();
      const pay = page.getByRole('button', { name: /^Betaal / });
      if (size.width < 640) await expect(pay).toBeInViewport();
      await shot(page, 'methods');
      await pay.click();
      await expect(page.getByTestId('checkout-amount')).toBeVisible();
      await page.getByRole('button', { name: 'Betaald' }).click();
      await expect(page.getByRole('heading', { name: 'Betaling gelukt!' })).toBeVisible({ timeout: 15_000 });

      // Back to the conversation, where the draft waits with "Nu versturen".
      await page.getByTestId('payment-back').click();
      await expect(page).toHaveURL(/\/chats\/\d+$/);
      await expect(composer(page, b.name)).toHaveValue('Zullen we zaterdag koffie drinken?');
      await expect(page.getByTestId('draft-waiting')).toContainText('Je bericht staat klaar');
      await shot(page, 'draft-waiting');
      await page.getByRole('button', { name: 'Nu versturen' }).click();
      await expect(
        page.getByTestId('message-body').filter({ hasText: 'Zullen we zaterdag koffie drinken?' }),
      ).toBeVisible();
      await expect(composer(page, b.name)).toHaveValue('');
      await expect(page.getByTestId('draft-waiting')).toHaveCount(0);
      await bContext.close();
    });
  }

  test('C-04 Pay-02 walls before the tap: a free member’s camera is locked and opens the premium sheet; texts are true', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize(PHONE);
    await skipEntryWarning(page);
    const a = await person(page.context(), 'male');
    const bContext = await otherPerson(browser);
    const b = await person(bContext, 'female');
    await page.goto('/members');
    await expect(page.getByTestId('premium-pill')).toHaveText('Word Premium');
    await shot(page, 'header-free');

    await startChat(page, b);
    let chooser = false;
    page.on('filechooser', () => {
      chooser = true;
    });
    await page.getByTestId('chat-photo-locked').click();
    const sheet = page.getByRole('dialog', { name: "Foto's sturen kan met Premium" });
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText('Je wordt premium lid met je eerste creditsbundel');
    await expect(sheet).toContainText("Stuur foto's in de chat");
    await expectNoAxeViolations(page);
    await shot(page, 'premium-sheet');
    expect(chooser).toBe(false);
    await sheet.getByRole('button', { name: 'Niet nu' }).click();
    await expect(sheet).toBeHidden();

    // /premium promises nothing this site does not do: messages cost credits for everyone.
    await page.goto('/premium');
    await expect(page.getByText(/onbeperkt/i).filter({ hasText: /chat/i })).toHaveCount(0);
    await expect(page.getByTestId('premium-costs')).toContainText('Berichten kosten voor iedereen credits');
    await page.getByRole('link', { name: 'Word premium', exact: true }).click();
    await expect(page).toHaveURL(/\/credits$/);

    // A paying member's swipe page does not offer what they already have.
    await setCredits(page.context(), a, 20, true);
    await page.goto('/swipe-game');
    await expect(page.getByTestId('likes-left')).toHaveText('Als premium lid like je onbeperkt');
    await bContext.close();
  });

  test('Pay-08 Pay-09 after an abandoned payment the welcome discount still applies; a weaker code leaves it; cards show the discounted price', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await skipEntryWarning(page);
    const me = await person(page.context(), 'male');
    await page.goto('/credits');
    await expect(page.getByTestId('discount-running')).toContainText('25%');
    const card = page.getByTestId('bundle-price').first();
    await expect(card).toContainText('7,46');
    await expect(card.locator('s')).toContainText('9,95');
    await expectNoAxeViolations(page);
    await shot(page, 'bundles-discounted');

    // Off to the bank, and never back: the payment stays open with the welcome discount reserved.
    await page.getByRole('link', { name: 'Kies 15 credits' }).click();
    await page.getByRole('radio', { name: 'iDEAL', exact: true }).check();
    await page.getByRole('button', { name: /^Betaal / }).click();
    await expect(page.getByTestId('checkout-amount')).toHaveText(/7,46/);

    // Later: the discount is still the member's, and a typed weaker code does not replace it.
    await page.goto('/credits');
    await page.getByRole('link', { name: 'Kies 15 credits' }).click();
    await page.getByLabel('Kortingscode').fill('VONK10');
    await page.getByRole('button', { name: 'Toepassen' }).click();
    await expect(page.getByTestId('discount-why')).toContainText('Je welkomstkorting van 25% is voordeliger');
    await expect(page.getByTestId('amount')).toHaveText(/7,46/);
    await shot(page, 'better-discount');
    await page.getByRole('radio', { name: 'iDEAL', exact: true }).check();
    await page.getByRole('button', { name: /^Betaal / }).click();
    await expect(page.getByTestId('checkout-amount')).toHaveText(/7,46/);
    await page.getByRole('button', { name: 'Betaald' }).click();
    await expect(page.getByRole('heading', { name: 'Betaling gelukt!' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText(/Betaald: €\s7,46/)).toBeVisible();
    // The receipt is in the outbox: amount with VAT, the payment's reference.
    const receipts = (
      (await (await page.request.get('/dev/mail.json', THIS_MACHINE)).json()) as {
        to: string;
        subject: string;
        text: string;
      }[]
    ).filter((m) => m.to === me.email && m.subject.includes('je betaalbewijs'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toMatch(/Bedrag: €\s7,46 \(inclusief btw\)/);
  });

  test('Pay-04 a failed payment says nothing was charged and offers the next method', async ({ page }) => {
    await page.setViewportSize(PHONE);
    await skipEntryWarning(page);
    await person(page.context(), 'male');
    await page.goto('/credits');
    await page.getByRole('link', { name: 'Kies 15 credits' }).click();
    await page.getByRole('radio', { name: 'iDEAL', exact: true }).check();
    await page.getByRole('button', { name: /^Betaal / }).click();
    await expect(page.getByTestId('checkout-amount')).toBeVisible();
    await page.getByRole('button', { name: 'Mislukt' }).click();
    await expect(page.getByRole('heading', { name: 'Betaling mislukt' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByTestId('nothing-charged')).toHaveText('Er is niets afgeschreven.');
    await expect(page.getByTestId('next-method')).toHaveText(/^Betaal met /);
    await expect(page.getByTestId('tab-bar')).toHaveCount(0);
    await expectNoAxeViolations(page);
    await shot(page, 'failed');
    await page.getByTestId('next-method').click();
    await expect(page.getByRole('heading', { name: 'Testbetaling' })).toBeVisible();
  });

  test('Pay-04 a payment the bank is already processing cannot be cancelled, and the page says so', async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await skipEntryWarning(page);
    await person(page.context(), 'male');
    await page.goto('/credits');
    await page.getByRole('link', { name: 'Kies 15 credits' }).click();
    await page.getByRole('radio', { name: 'iDEAL', exact: true }).check();
    await page.getByRole('button', { name: /^Betaal / }).click();
    await expect(page.getByTestId('checkout-amount')).toBeVisible();
    await page.getByRole('button', { name: 'In behandeling' }).click();
    await expect(page.getByRole('heading', { name: 'Je betaling wordt verwerkt' })).toBeVisible({
      timeout: 15_000,
    });
    await shot(page, 'pending');
    // The test bank cannot cancel a payment it is processing (nor can most real ones): the member is told.
    await page.getByTestId('cancel-payment').click();
    await expect(page.getByText('Deze betaling kan niet meer worden geannuleerd.')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

test.describe('refund requests', () => {
  test('Pay-11 O-02 a member asks for an unspent purchase back from its transaction page; finance approves; the member reads it and gets the receipt', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(PHONE);
    await skipEntryWarning(page);
    const me = await person(page.context(), 'male');
    await page.goto('/credits');
    await page.getByRole('link', { name: 'Kies 15 credits' }).click();
    await page.getByRole('radio', { name: 'iDEAL', exact: true }).check();
    await page.getByRole('button', { name: /^Betaal / }).click();
    // On the checkout's own page (a full load) before its outcome is chosen: the click then waits for that
    // page to hydrate, not for the one it left.
    await expect(page).toHaveURL(/\/test-checkout\//);
    await expect(page.getByTestId('checkout-amount')).toHaveText(/7,46/);
    await page.getByRole('button', { name: 'Betaald' }).click();
    await expect(page.getByRole('heading', { name: 'Betaling gelukt!' })).toBeVisible({ timeout: 15_000 });

    await page.goto('/transactions');
    await page.getByRole('link', { name: /Credits gekocht/ }).click();
    const refund = page.getByTestId('refund');
    await expect(refund.getByRole('heading', { name: 'Geld terug' })).toBeVisible();
    await expect(refund).toContainText('Heb je nog niets van deze aankoop gebruikt?');
    await refund.getByRole('button', { name: 'Terugbetaling aanvragen' }).click();
    await refund.getByLabel('Waarom wil je je geld terug? (niet verplicht)').fill('Verkeerd pakket gekozen');
    await expectNoAxeViolations(page);
    await shot(page, 'refund-form');
    await refund.getByRole('button', { name: 'Aanvraag versturen' }).click();
    await expect(refund.getByRole('status')).toContainText('We hebben je aanvraag van');
    await page.setViewportSize(DESKTOP);
    await shot(page, 'refund-asked');
    await page.setViewportSize(PHONE);

    const office = await otherPerson(browser);
    const grant = await office.request.post('/dev/staff', {
      ...THIS_MACHINE,
      data: { grants: [{ role: 'finance', siteId: null }], language: 'nl' },
    });
    expect(grant.ok()).toBe(true);
    const admin = await office.newPage();
    await admin.goto('/admin/refunds');
    await expect(admin.getByRole('heading', { name: 'Aanvragen om terugbetaling', level: 1 })).toBeVisible();
    const card = admin.getByRole('listitem').filter({ hasText: me.email });
    await expect(card).toContainText('Verkeerd pakket gekozen');
    await expectNoAxeViolations(admin);
    await admin.screenshot({ path: `${SCREENS}/money-refund-admin-1280.png`, fullPage: true });
    await card.getByRole('button', { name: 'Terugbetalen' }).click();
    await expect(card).toHaveCount(0);
    await admin.getByRole('link', { name: 'Goedgekeurd' }).click();
    await expect(admin.getByRole('listitem').filter({ hasText: me.email })).toContainText('Goedgekeurd door');

    await page.reload();
    await expect(page.getByTestId('refund')).toContainText('Je aanvraag is goedgekeurd.');
    await expect(page.getByText('Terugbetaald', { exact: true })).toBeVisible();
    const mails = (await (await page.request.get('/dev/mail.json', THIS_MACHINE)).json()) as {
      to: string;
      subject: string;
    }[];
    expect(mails.filter((m) => m.to === me.email && m.subject.includes('terugbetaling'))).toHaveLength(1);
  });
});
