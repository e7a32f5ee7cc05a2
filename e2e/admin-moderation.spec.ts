import { mkdirSync } from 'node:fs';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, skipEntryWarning, THIS_MACHINE, test } from './fixtures.ts';
import { ownAddress, PASSWORD, photo, unique } from './members.ts';

// The back office's photo moderation and complaints (issue 23 items 3 and 4: M-09, O-03, L-09), on the
// second demo site (127.0.0.1), set to pre-moderation for the journey and back after.

const SHOTS = process.env.E2E_SHOTS_DIR ?? 'test-results/admin-moderation';
mkdirSync(SHOTS, { recursive: true });

interface Mail {
  to: string;
  subject: string;
  text: string;
}

const secondSite = () => `http://127.0.0.1:${process.env.E2E_PORT}`;

/** A member of the second site, logged in in `context` (its cookie jar keeps the session there). */
async function memberOfSecondSite(context: BrowserContext) {
  const email = `${unique('mod')}@example.com`;
  const name = `Modlid${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;
  const res = await context.request.post(`${secondSite()}/dev/members`, {
    ...THIS_MACHINE,
    data: {
      email,
      name,
      password: PASSWORD,
      date_of_birth: '1990-03-02',
      gender: 'female',
      looking_for: 'male',
      activated: true,
    },
  });
  expect(res.status()).toBe(201);
  const { user } = (await res.json()) as { user: { id: number } };
  return { id: user.id, email, name };
}

async function signInAsModerator(page: Page, origin: string) {
  const res = await page.request.post(`${origin}/dev/staff`, {
    ...THIS_MACHINE,
    data: { grants: [{ role: 'moderator', siteId: null }], language: 'nl', name: 'Mona Moderator' },
  });
  expect(res.status()).toBe(200);
  await page.addInitScript(() => localStorage.setItem('vonk.admin.locale', 'nl'));
}

async function shoot(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
}

test.describe('back office moderation (M-09, O-03)', () => {
  test('M-09 O-03 a photo on a pre-moderated site stays hidden until a moderator rejects it with a reason, and the member is told', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const site = secondSite();
    const setModeration = async (mode: 'pre' | 'post') => {
      const res = await page.request.post(`${site}/dev/site-moderation`, {
        ...THIS_MACHINE,
        data: { photo_moderation: mode },
      });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { site_id: number }).site_id;
    };
    const siteId = await setModeration('pre');
    const owner = await browser.newContext({ locale: 'nl-NL' });
    const other = await browser.newContext({ locale: 'nl-NL' });
    try {
      await ownAddress(owner);
      await ownAddress(other);
      const member = await memberOfSecondSite(owner);
      const upload = await owner.request.post(`${site}/api/photos`, { multipart: { photo: await photo(3) } });
      expect(upload.status()).toBe(201);
      const uploaded = (await upload.json()) as { id: number; status: string };
      expect(uploaded.status).toBe('pending');

      // Another member of the site sees no photo of her, anywhere the profile shows.
      await memberOfSecondSite(other);
      const seen = await other.request.get(`${site}/api/members/${member.id}`);
      expect(seen.status()).toBe(200);
      expect((await seen.json()).profile).toMatchObject({ photos: [], main_image: null });

      // She sees it herself, awaiting review.
      const ownPage = await owner.newPage();
      await skipEntryWarning(ownPage);
      await ownPage.goto(`${site}/profile`);
      await expect(ownPage.getByTestId('own-photo').getByText('Wordt bekeken')).toBeVisible();
      await expect(ownPage.getByTestId('pending-hint')).toBeVisible();

      // A moderator finds it in the queue of that site, the waiting count in the navigation.
      await signInAsModerator(page, site);
      await page.goto(`${site}/admin/photos?site=${siteId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Fotomoderatie' })).toBeVisible();
      await expect(page.getByRole('navigation').getByTestId('nav-badge')).toBeVisible();
      const current = page.getByTestId('queue-current');
      for (let i = 0; i < 30; i++) {
        await expect(current).toBeVisible();
        if ((await current.getByRole('heading', { level: 2 }).textContent())?.includes(member.name)) break;
        await page.keyboard.press('n');
      }
      await expect(current.getByRole('heading', { level: 2 })).toContainText(member.name);
      await expect(current.getByText('Verborgen tot goedkeuring (vooraf beoordelen)')).toBeVisible();
      await expect(current.getByRole('img')).toHaveJSProperty('complete', true);
      expect(
        await current.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      await expect(current.getByRole('link', { name: `Lid #${member.id} openen` })).toHaveAttribute(
        'href',
        `/admin/members/${member.id}`,
      );
      await expectNoAxeViolations(page);
      await shoot(page, 'photos-queue');

      // R opens the reasons, 1 picks the first: not a person.
      await page.keyboard.press('r');
      await expect(page.getByTestId('reject-reasons')).toBeVisible();
      await expectNoAxeViolations(page);
      await shoot(page, 'photos-reject-reasons');
      await page.keyboard.press('1');
      await expect(page.getByRole('status').filter({ hasText: 'Afgekeurd: Geen persoon' })).toBeAttached();
      await expect(current.or(page.getByText('Niets te beoordelen'))).not.toContainText(member.name);

      // The photo is gone for her too, and she is told why: in the app and by mail.
      const own = await owner.request.get(`${site}/api/photos`);
      expect((await own.json()).photos).toEqual([]);
      await ownPage.goto(`${site}/notifications`);
      await expect(
        ownPage.getByText('We hebben een foto van je verwijderd. Op de foto staat geen persoon.'),
      ).toBeVisible();
      await shoot(ownPage, 'member-notification');
      const mails = (await (await page.request.get(`${site}/dev/mail.json`, THIS_MACHINE)).json()) as Mail[];
      const mail = mails.find((m) => m.to === member.email && m.subject.includes('niet goedgekeurd'));
      expect(mail?.subject).toBe('Je foto op Vonk Goud is niet goedgekeurd');
      expect(mail?.text).toContain('Op de foto staat geen persoon.');
    } finally {
      await setModeration('post');
      await owner.close();
      await other.close();
    }
  });

  test("O-03 L-09 a moderator takes a complaint about a member, answers the sender by mail and sees the member's photos", async ({
    page,
    browser,
  }) => {
    test.setTimeout(90_000);
    const site = secondSite();
    const reportedContext = await browser.newContext({ locale: 'nl-NL' });
    try {
      await ownAddress(reportedContext);
      const reported = await memberOfSecondSite(reportedContext);
      const up = await reportedContext.request.post(`${site}/api/photos`, {
        multipart: { photo: await photo(5) },
      });
      expect(up.status()).toBe(201);
      const sender = `${unique('klager')}@example.test`;
      const filed = await page.request.post(`${site}/api/complaints`, {
        headers: { 'accept-language': 'en', 'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.9` },
        data: {
          client_id: unique('c').replace(/[^A-Za-z0-9_-]/g, ''),
          name: 'Jamie Walker',
          email: sender,
          topic: 'profile',
          member_id: reported.id,
          message: 'This profile keeps asking me for money and gift cards.',
        },
      });
      expect(filed.status()).toBe(201);
      const { reference } = (await filed.json()) as { reference: string };

      await signInAsModerator(page, site);
      await page.goto(`${site}/admin/complaints?status=open`);
      await expect(page.getByRole('heading', { level: 1, name: 'Klachten' })).toBeVisible();
      await expect(page.getByLabel('Status')).toHaveValue('open');
      await expect(page.getByRole('link', { name: reference })).toBeVisible();
      await expectNoAxeViolations(page);
      await shoot(page, 'complaints-list');

      await page.getByRole('link', { name: reference }).click();
      await expect(page.getByRole('heading', { level: 1, name: `Klacht ${reference}` })).toBeVisible();
      await expect(page.getByTestId('complaint-message')).toHaveText(
        'This profile keeps asking me for money and gift cards.',
      );
      await expect(page.getByRole('link', { name: `${reported.name} (#${reported.id})` })).toHaveAttribute(
        'href',
        `/admin/members/${reported.id}`,
      );
      await expect(page.getByRole('img', { name: new RegExp(`Foto van ${reported.name}`) })).toBeVisible();

      await page.getByRole('button', { name: 'Aan mij toewijzen' }).click();
      await expect(page.getByText('Opgeslagen.')).toBeVisible();
      await page
        .getByLabel('Antwoord aan de afzender')
        .fill('Hello Jamie,\n\nThank you, we have looked into this profile.');
      await page.getByRole('button', { name: 'Antwoord versturen' }).click();
      await expect(page.getByText('Je antwoord is verstuurd.')).toBeVisible();
      await expect(page.getByTestId('complaint-reply')).toContainText('we have looked into this profile');
      await expect(page.getByText('In behandeling').first()).toBeVisible();
      await expectNoAxeViolations(page);
      await shoot(page, 'complaint-detail');

      const mails = (await (await page.request.get(`${site}/dev/mail.json`, THIS_MACHINE)).json()) as Mail[];
      const answer = mails.find((m) => m.to === sender && m.subject.startsWith('Answer'));
      expect(answer?.subject).toBe(`Answer to your complaint at Vonk Goud (${reference})`);
      expect(answer?.text).toContain('Thank you, we have looked into this profile.');

      // Back to the list, filtered on "mine": the complaint is there, in progress.
      await page.goto(`${site}/admin/complaints?assigned=me`);
      await expect(page.getByRole('link', { name: reference })).toBeVisible();
    } finally {
      await reportedContext.close();
    }
  });
});
