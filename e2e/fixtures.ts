import { AxeBuilder } from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';

/** Marks the entry warning as already seen, for tests about something else. */
export async function skipEntryWarning(page: Page) {
  await page.addInitScript(() =>
    localStorage.setItem('vonk.entry-warning-skipped', '2026-01-01T00:00:00.000Z'),
  );
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(
    results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** The app's page in the browser has taken over from the server's HTML (or the page is not the app's). */
async function hydrated(page: Page) {
  if (withoutScripts.has(page)) return;
  await page
    .waitForFunction(
      () => !document.getElementById('root') || document.documentElement.hasAttribute('data-hydrated'),
      null,
      { timeout: 15_000 },
    )
    // A page without JavaScript, or one a test broke on purpose (offline, a blocked chunk): go on.
    .catch(() => {});
}

/** Pages of contexts without JavaScript: nothing hydrates there. */
const withoutScripts = new WeakSet<Page>();

let patched = false;
/**
 * Issue 24: pages arrive rendered by the server and respond once React has hydrated them. Every action
 * (click, fill, press...) first waits for that, as a person waits for a page to respond, so a journey
 * never taps a button whose handler is not attached yet: after `page.goto`, and after a page load the app
 * itself caused (a payment's return, a reload).
 */
function patchActions(page: Page) {
  if (patched) return;
  patched = true;
  const proto = Object.getPrototypeOf(page.locator('html')) as Record<string, unknown>;
  for (const name of [
    'click',
    'dblclick',
    'fill',
    'press',
    'pressSequentially',
    'check',
    'uncheck',
    'setChecked',
    'selectOption',
    'tap',
  ]) {
    const original = proto[name] as (...args: unknown[]) => Promise<unknown>;
    proto[name] = async function (this: { page(): Page }, ...args: unknown[]) {
      await hydrated(this.page());
      return original.apply(this, args);
    };
  }
}

/** Every test fails on an unexpected console error or a request to a host outside this machine. */
export const test = base.extend<{ allowedConsoleErrors: RegExp[]; failOnConsoleErrors: undefined }>({
  /**
   * Issue 24: pages arrive rendered by the server and become interactive when React has hydrated them. A
   * journey that opens a page goes on once the app has taken over (`data-hydrated`), as a person would
   * wait for the page to respond, not into a button whose handler is not attached yet.
   */
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled === false) withoutScripts.add(page);
    patchActions(page);
    const goto = page.goto.bind(page);
    page.goto = async (url, options) => {
      const res = await goto(url, options);
      if (options?.waitUntil !== 'commit') await hydrated(page);
      return res;
    };
    const reload = page.reload.bind(page);
    page.reload = async (options) => {
      const res = await reload(options);
      if (options?.waitUntil !== 'commit') await hydrated(page);
      return res;
    };
    await use(page);
  },
  /** Console errors a test causes on purpose (going offline, a blocked chunk). */
  allowedConsoleErrors: [[], { option: true }],
  failOnConsoleErrors: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on('console', (msg) => {
        // A 404 page answers 404 on purpose; the browser logs that as a failed resource.
        const text = msg.text();
        if (msg.type() !== 'error' || /status of 404/.test(text)) return;
        if (!allowedConsoleErrors.some((re) => re.test(text))) errors.push(text);
      });
      page.on('pageerror', (err) => errors.push(err.message));
      await page.route(/^https?:\/\/(?!localhost|127\.0\.0\.1)/, (route) => {
        errors.push(`outside request: ${route.request().url()}`);
        return route.abort();
      });
      await use(undefined);
      expect(errors).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * Options for calls to /dev and /metrics: they answer only requests from this machine that carry no
 * forwarding header, and a context with a made-up client address (X-Forwarded-For, see ownAddress) has
 * one on every request. Playwright cannot drop a context's header per request, so this one overrides it
 * with an empty value, which names nobody and counts as none.
 */
export const THIS_MACHINE = { headers: { 'x-forwarded-for': '' } };
