import { crc32, deflateSync } from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, skipEntryWarning, test } from './fixtures.ts';
import { activationLink, answerOnPhone, ownAddress } from './members.ts';

// Member landing pages (L-08, issue 25): where a paid click for one member arrives.

const TRACKING = '?network=n1&ref=r1&sub1=s1';

/** A listed demo member with a photo, in the Netherlands (the default site's first market). */
async function demoMember(request: APIRequestContext): Promise<{ id: number; name: string }> {
  const showcase = (await (await request.get('/api/showcase')).json()) as {
    members: { id: number; name: string; thumb_url: string | null }[];
  };
  const member = showcase.members.find((m) => m.thumb_url);
  expect(member, 'a demo member with a photo').toBeDefined();
  return member as { id: number; name: string };
}

function png(width = 240, height = 320): Buffer {
  const stride = width * 3 + 1;
  const raw = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * stride + 1 + x * 3;
      raw[i] = 200;
      raw[i + 1] = 80 + (x % 100);
      raw[i + 2] = 60 + (y % 150);
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: width < 500 ? 844 : 800 });
}

test.describe('member landing pages (L-08)', () => {
  test('L-08 P-08 each landing design shows the member, keeps the traffic source, and is axe clean at 390 and 1280 px', async ({
    page,
  }, info) => {
    test.setTimeout(60_000);
    await skipEntryWarning(page);
    const member = await demoMember(page.request);
    const paths = [
      `/members/${member.id}/landing`,
      `/members/${member.id}/landing2/zomer`,
      `/members/${member.id}/landing3`,
    ];
    for (const width of [390, 1280]) {
      await atWidth(page, width);
      for (const path of paths) {
        await page.goto(`${path}${TRACKING}`);
        await expect(page.getByRole('heading', { level: 1 })).toContainText(member.name);
        await expect(page.getByRole('img', { name: `Foto van ${member.name}` }).first()).toBeVisible();
        const cta = page.getByTestId('landing-cta');
        await expect(cta).toHaveText(`Stuur ${member.name} een bericht`);
        await expect(cta).toHaveAttribute('href', `/members/${member.id}/signup`);
        await expectNoAxeViolations(page);
        await page.screenshot({
          path: info.outputPath(`${path.replace(/\W+/g, '_')}-${width}.png`),
          fullPage: true,
        });
      }
    }
    // The visit remembers where it came from for the signup (P-08).
    expect(await page.evaluate(() => sessionStorage.getItem('vonk.tracking'))).toContain('n1');
  });

  test('L-08 an unknown member gives a page of other members, not a 404', async ({ page }) => {
    await skipEntryWarning(page);
    for (const path of ['/members/99999999/landing', '/members/99999999/landing3/x']) {
      const res = await page.goto(`${path}${TRACKING}`);
      expect(res?.status()).toBe(200);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Ontmoet leden bij jou in de buurt' }),
      ).toBeVisible();
      await expect(page.getByTestId('member-card').first()).toBeVisible();
      await expect(page.getByTestId('landing-cta')).toHaveAttribute('href', '/signup');
    }
    await expectNoAxeViolations(page);
  });

  test('L-08 P-08 from a landing to a signup with that member as its reason, then the chat with a first message drafted', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await ownAddress(page.context());
    await skipEntryWarning(page);
    await atWidth(page, 390);
    const member = await demoMember(page.request);
    const email = `landing-${Date.now().toString(36)}-${process.pid}@example.com`;
    const draft = `Hoi ${member.name}! Je profiel sprak me aan. Zin om kennis te maken?`;

    await page.goto(`/members/${member.id}/landing${TRACKING}`);
    await page.getByTestId('landing-cta').click();
    await expect(page).toHaveURL(new RegExp(`/members/${member.id}/signup$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Schrijf ${member.name} een bericht`);
    await expect(page.getByTestId('signup-reason')).toContainText(member.name);

    // A phone asks one question at a time.
    await answerOnPhone(page, { email, name: 'Landingslid', city: 'Utrecht' });
    const next = page.getByRole('button', { name: 'Verder' });
    const signup = page.waitForRequest((r) => r.url().endsWith('/api/signup') && r.method() === 'POST');
    await page.getByRole('button', { name: 'Gratis aanmelden' }).click();
    expect((await signup).postDataJSON().tracking).toEqual({
      network: 'n1',
      ref: 'r1',
      sub1: 's1',
      lander: 'member',
    });

    await page
      .getByLabel('Kies een foto')
      .setInputFiles({ name: 'ik.png', mimeType: 'image/png', buffer: png() });
    await expect(page.getByText('Je foto is toegevoegd.')).toBeVisible();
    await next.click();
    await expect(page.getByRole('heading', { name: 'Vertel iets over jezelf' })).toBeVisible();
    while (!(await page.getByRole('heading', { name: 'Check je mail' }).isVisible())) {
      await next.click();
      await page.waitForTimeout(200);
    }
    await next.click();

    // The signup is done; a chat opens once the address is confirmed.
    await expect(page).toHaveURL(/\/signup-matches\?signup-complete=1$/);

    // The account carries the source; activation in this browser leads to that member's chat, drafted.
    const data = (await (await page.request.get('/api/account/export')).json()) as {
      account: { tracking: Record<string, string> };
    };
    expect(data.account.tracking).toMatchObject({ network: 'n1', ref: 'r1', sub1: 's1' });
    await page.goto(await activationLink(page.request, email));
    await expect(page).toHaveURL(/\/activate\/done$/);
    await page.getByRole('link', { name: 'Verder' }).click();
    await expect(page).toHaveURL(/\/chats\/\d+$/);
    await expect(page.getByRole('textbox').last()).toHaveValue(draft);
  });
});
