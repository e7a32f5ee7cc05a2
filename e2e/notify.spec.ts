import { expect, expectNoAxeViolations, skipEntryWarning, test } from './fixtures.ts';
import { createMember, otherPerson } from './members.ts';

const MAIL_EVENTS_SECRET = 'e2e-mail-events-secret-0123456789';

test.describe('notifications', () => {
  test('L-05 N-02 the push-enable alert, granting permission, a push shown by the service worker and its click opening the chat', async ({
    browser,
  }) => {
    // Two members, a push, and the settings' switch (issue 27): more than the default 30 s on busy cores.
    test.setTimeout(90_000);
    const ctxA = await otherPerson(browser);
    const ctxB = await otherPerson(browser);
    const a = await createMember(ctxA, { activate: true });
    await createMember(ctxB, { activate: true, gender: 'male', looking_for: 'female' });
    // B writes to A: the chat the push will open.
    const open = await ctxB.request.post(`/api/members/${a.id}/chat`);
    expect(open.ok()).toBe(true);
    const conversationId = ((await open.json()) as { conversation: { id: number } }).conversation.id;
    // Issue 27: the push prompt comes once someone liked or wrote the member, not in their first minutes.
    expect((await ctxB.request.post(`/api/members/${a.id}/like`)).ok()).toBe(true);

    const page = await ctxA.newPage();
    await skipEntryWarning(page);
    await page.goto('/members');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    const alert = page.getByTestId('push-alert');
    await expect(alert).toBeVisible();
    await expect(alert).toContainText('Mis nooit meer een bericht');
    await expectNoAxeViolations(page);
    // Not shown on the pages of spec §4.
    await page.goto('/notifications');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('push-alert')).toHaveCount(0);
    await page.goto('/members');
    await expect(alert).toBeVisible();

    // Permission granted through the browser's DevTools protocol, as a member's "Allow" would.
    const origin = new URL(page.url()).origin;
    const cdp = await ctxA.newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    const browserCdp = await browser.newBrowserCDPSession();
    await browserCdp.send('Browser.grantPermissions', {
      origin,
      permissions: ['notifications'],
      browserContextId: targetInfo.browserContextId,
    });
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');

    // A push delivered to the service worker through CDP is shown with the site's name and a discreet text.
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => {
        const reg = e.registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
        if (reg) resolve(reg.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin,
      registrationId: await registrationId,
      data: JSON.stringify({
        title: 'Vonk',
        body: 'Je hebt een nieuw bericht',
        url: `/chats/${conversationId}`,
        tag: `chat-${conversationId}`,
        icon: '/icons/icon-192.png',
      }),
    });
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const reg = await navigator.serviceWorker.ready;
          return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body }));
        }),
      )
      .toEqual([{ title: 'Vonk', body: 'Je hebt een nieuw bericht' }]);

    // Its click opens the chat (the click is dispatched inside the service worker).
    const [worker] = ctxA.serviceWorkers();
    expect(worker).toBeTruthy();
    await worker?.evaluate(async () => {
      type Scope = {
        registration: { getNotifications(): Promise<unknown[]> };
        dispatchEvent(e: Event): boolean;
        NotificationEvent: new (type: string, init: { notification: unknown }) => Event;
      };
      const sw = self as unknown as Scope;
      const [n] = await sw.registration.getNotifications();
      if (n) sw.dispatchEvent(new sw.NotificationEvent('notificationclick', { notification: n }));
    });
    await expect(page).toHaveURL(new RegExp(`/chats/${conversationId}$`));

    // Dismissed, it stays away after a reload (the dismissal is stored).
    await page.goto('/members');
    await page.getByTestId('push-alert').getByRole('button', { name: 'Sluiten' }).click();
    await expect(page.getByTestId('push-alert')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByTestId('push-alert')).toHaveCount(0);

    // Issue 27 (N-02): with the alert closed, the settings keep a switch for push on this device.
    await page.goto('/settings');
    const pushSwitch = page
      .getByTestId('push-setting')
      .getByRole('switch', { name: 'Pushmeldingen op dit apparaat' });
    await expect(pushSwitch).toBeVisible();
    // It says what the browser has: on exactly when this browser holds a push subscription.
    const subscribed = await page.evaluate(async () =>
      Boolean(await (await navigator.serviceWorker.ready).pushManager.getSubscription()),
    );
    await expect(pushSwitch).toBeChecked({ checked: subscribed });
  });

  test('A-08 N-03 N-04 L-05 settings: per-type e-mail switches, a bounced address and the way to turn e-mail back on', async ({
    browser,
  }) => {
    const ctx = await otherPerson(browser);
    const m = await createMember(ctx, { activate: true });
    const page = await ctx.newPage();
    await skipEntryWarning(page);
    await page.goto('/settings');
    const like = page.getByRole('switch', { name: 'Likes' });
    await expect(like).toBeChecked();
    await like.click();
    await expect(like).not.toBeChecked();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Likes' })).not.toBeChecked();
    await expect(page.getByRole('switch', { name: 'Nieuwe berichten' })).toBeChecked();

    // The mail provider reports a bounce.
    const report = await ctx.request.post('/api/mail/events', {
      headers: { authorization: `Bearer ${MAIL_EVENTS_SECRET}` },
      data: { events: [{ type: 'bounce', email: m.email }] },
    });
    expect(report.ok()).toBe(true);

    // Other pages show the disabled-notifications alert with a way to the settings.
    await page.goto('/members');
    const alert = page.getByTestId('email-disabled-alert');
    await expect(alert).toBeVisible();
    await alert.getByRole('link', { name: 'Naar instellingen' }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByTestId('email-disabled-alert')).toHaveCount(0);
    const disabled = page.getByTestId('email-disabled');
    await expect(disabled).toContainText(`E-mails naar ${m.email} kwamen niet aan.`);
    await expectNoAxeViolations(page);
    await disabled.getByRole('button', { name: 'E-mail weer aanzetten' }).click();
    await expect(page.getByTestId('email-disabled')).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Likes' })).toBeVisible();
    await expect(page.getByTestId('email-disabled')).toHaveCount(0);
  });
});

test.describe('alerts on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('L-05 a phone shows one prompt at a time: the welcome offer first, the photo warning waiting behind it, no push prompt before a like or message', async ({
    browser,
  }) => {
    const ctx = await otherPerson(browser);
    await createMember(ctx, { activate: true });
    const page = await ctx.newPage();
    await skipEntryWarning(page);
    await page.goto('/members');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
    await page.reload();
    // Issue 27: activation, welcome offer, photo, e-mail, push: the first that applies, one at a time.
    await expect(page.getByTestId('time-bonus-banner')).toBeVisible();
    const photo = page.getByTestId('photo-warning');
    await expect(photo).toHaveCount(1);
    await expect(photo).toBeHidden();
    await expect(page.getByTestId('push-alert')).toBeHidden();
    await expectNoAxeViolations(page);
    await ctx.close();
  });
});
