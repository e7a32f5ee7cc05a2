import type { APIRequestContext, Browser, BrowserContext, Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, THIS_MACHINE } from './fixtures.ts';

// Members made through the API for e2e journeys, each in a browser context with an address of its own.

export const DEMO = { email: 'demo@vonk.test', password: 'vonk-demo' };
export const PASSWORD = 'zomer-in-de-stad-42';

let counter = 0;
export function unique(prefix: string) {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}`;
}

/** A client address of its own per context: the e2e server trusts X-Forwarded-For (rate limits). */
export async function ownAddress(context: BrowserContext) {
  const n = () => Math.floor(Math.random() * 250) + 1;
  await context.setExtraHTTPHeaders({ 'x-forwarded-for': `10.${n()}.${n()}.${n()}` });
}

/** A real photo of 300x400 (the server wants 200 px on the short side), in a colour of its own. */
export async function photo(seed: number, format: 'png' | 'jpeg' = 'png') {
  const image = sharp({
    create: {
      width: 300,
      height: 400,
      channels: 3,
      background: { r: (seed * 70) % 256, g: 118, b: (seed * 40 + 90) % 256 },
    },
  });
  const buffer = await (format === 'png' ? image.png() : image.jpeg()).toBuffer();
  return { name: `foto-${seed}.${format === 'png' ? 'png' : 'jpg'}`, mimeType: `image/${format}`, buffer };
}

export async function logInByApi(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/user.php', { data: { email, password } });
  expect(res.status()).toBe(200);
  return (await res.json()).user as { id: number; profile: { name: string } };
}

export interface Member {
  id: number;
  email: string;
  name: string;
}

/**
 * A member made by the dev tools in `context` (POST /dev/members: the signup's own checks, credits and
 * mail, no form), logged in there (its cookie jar keeps the session), activated when asked, with a place
 * and a photo when asked. Signup and activation through the form are the accounts journeys' business.
 */
export async function createMember(
  context: BrowserContext,
  opts: {
    gender?: string;
    looking_for?: string;
    date_of_birth?: string;
    activate?: boolean;
    place?: { country: string; region: string; city: string };
    photo?: boolean;
  } = {},
): Promise<Member> {
  const email = `${unique('lid')}@example.com`;
  // Letters only: a profile name, unique enough to find on a page of results.
  const name = `Testlid${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, '')
    .slice(0, 6)}`;
  const res = await context.request.post('/dev/members', {
    ...THIS_MACHINE,
    data: {
      email,
      name,
      password: PASSWORD,
      date_of_birth: opts.date_of_birth ?? '1991-04-12',
      gender: opts.gender ?? 'female',
      looking_for: opts.looking_for ?? 'male',
      activated: opts.activate ?? false,
      place: opts.place,
    },
  });
  expect(res.status()).toBe(201);
  const { user } = (await res.json()) as { user: { id: number } };
  if (opts.photo) {
    const upload = await context.request.post('/api/photos', { multipart: { photo: await photo(7) } });
    expect(upload.status()).toBe(201);
  }
  return { id: user.id, email, name };
}

/** Spends all of a member's credits through the dev tools: some offers are for members with 0 (Pay-09). */
export async function spendAllCredits(request: APIRequestContext, email: string) {
  const me = (await (await request.get('/api/user.php')).json()).user as { credits: number };
  if (me.credits > 0) {
    const spent = await request.post('/dev/credits', {
      ...THIS_MACHINE,
      data: { email, credits: -me.credits },
    });
    expect(spent.ok()).toBe(true);
  }
}

/** A second browser with its own address and cookie jar: another person. */
export async function otherPerson(browser: Browser) {
  const context = await browser.newContext({ locale: 'nl-NL' });
  await ownAddress(context);
  return context;
}

/** Answers the nine account questions one screen at a time, as on a phone, up to the terms. */
export async function answerOnPhone(scope: Page | Locator, v: { email: string; name: string; city: string }) {
  const next = () => scope.getByRole('button', { name: 'Verder' }).click();
  await scope.getByRole('group', { name: 'Ik ben' }).getByLabel('Man', { exact: true }).check();
  await next();
  await scope.getByRole('group', { name: 'Ik zoek' }).getByLabel('Vrouwen', { exact: true }).check();
  await next();
  await scope.getByLabel('Waar woon je?').fill(v.city);
  await scope.getByTestId('place-results').getByRole('button').first().click();
  await next();
  await scope.getByLabel('Profielnaam').fill(v.name);
  await next();
  await scope.getByLabel('Dag', { exact: true }).selectOption('3');
  await scope.getByLabel('Maand', { exact: true }).selectOption('5');
  await scope.getByLabel('Jaar', { exact: true }).selectOption('1988');
  await next();
  await scope.getByLabel('E-mailadres').fill(v.email);
  await next();
  await scope.getByLabel('Wachtwoord', { exact: true }).fill('zomer-in-de-stad-42');
  await next();
  // The last question: the opening line, with the terms on the same screen (issue 27).
  await scope.getByRole('checkbox', { name: /algemene voorwaarden/ }).check();
}

/** Fills the whole account step on one screen (desktop width), up to and with the terms. */
export async function fillAccountStep(
  scope: Locator | Page,
  v: { email: string; name: string; password?: string; dob?: [string, string, string] },
) {
  await scope.getByRole('group', { name: 'Ik ben' }).getByLabel('Man', { exact: true }).check();
  await scope.getByRole('group', { name: 'Ik zoek' }).getByLabel('Vrouwen', { exact: true }).check();
  await scope.getByLabel('Waar woon je?').fill('Utrecht');
  await scope.getByTestId('place-results').getByRole('button').first().click();
  await scope.getByLabel('Profielnaam').fill(v.name);
  const [day, month, year] = v.dob ?? ['12', '4', '1990'];
  await scope.getByLabel('Dag', { exact: true }).selectOption(day);
  await scope.getByLabel('Maand', { exact: true }).selectOption(month);
  await scope.getByLabel('Jaar', { exact: true }).selectOption(year);
  await scope.getByLabel('E-mailadres').fill(v.email);
  await scope.getByLabel('Wachtwoord', { exact: true }).fill(v.password ?? PASSWORD);
  await scope.getByRole('checkbox', { name: /algemene voorwaarden/ }).check();
}

/** The activation link mailed to an address (the development outbox at /dev/mail.json), once it is there. */
export async function activationLink(request: APIRequestContext, to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (await request.get('/dev/mail.json', THIS_MACHINE)).json()) as {
        to: string;
        text: string;
      }[];
      link = mails
        .find((m) => m.to === to)
        ?.text.match(/https?:\/\/\S+/g)
        ?.find((url) => /\/api\/activate\?token=/.test(url));
      return Boolean(link);
    })
    .toBe(true);
  return link as string;
}

/** An activated member in Utrecht with a photo, looking for the other gender, from their own address. */
export async function personInUtrecht(context: BrowserContext, gender: 'male' | 'female') {
  await ownAddress(context);
  return createMember(context, {
    activate: true,
    place: { country: 'NL', region: 'NL-UT', city: 'Utrecht' },
    photo: true,
    gender,
    looking_for: gender === 'male' ? 'female' : 'male',
  });
}

/** Sets a member's balance to exactly `credits` (and premium when `paid`). */
export async function setCredits(context: BrowserContext, member: Member, credits: number, paid: boolean) {
  await spendAllCredits(context.request, member.email);
  if (credits > 0 || paid) {
    const res = await context.request.post('/dev/credits', {
      ...THIS_MACHINE,
      data: { email: member.email, credits: credits > 0 ? credits : 1, paid_user: paid },
    });
    expect(res.status()).toBe(200);
    if (credits === 0) await spendAllCredits(context.request, member.email);
  }
}
