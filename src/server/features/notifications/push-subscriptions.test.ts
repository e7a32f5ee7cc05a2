import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUSH } from '../../../shared/contract/push.ts';
import { pushSubscriptions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember, TEST_PASSWORD } from '../../test/members.ts';
import { hasPushSubscription } from './queries.ts';
import { isPublicHost, isPushServiceUrl } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What a browser's subscription.toJSON() gives. */
function subscription(overrides: Record<string, unknown> = {}) {
  return {
    endpoint: `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`,
    expirationTime: null,
    keys: { p256dh: randomBytes(65).toString('base64url'), auth: randomBytes(16).toString('base64url') },
    ...overrides,
  };
}
const subscribe = (cookies: Record<string, string> | undefined, body: unknown, ua = 'Firefox on Android') =>
  t.app.inject({
    method: 'POST',
    url: '/api/user.php?push=1',
    headers: { 'user-agent': ua },
    ...(cookies ? { cookies } : {}),
    payload: body as Record<string, unknown>,
  });
const rowsOf = (userId: number) =>
  t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));

describe('POST /api/user.php?push=1 (N-02, issue 10)', () => {
  it('N-02 stores the subscription of the logged-in member, one row per device', async () => {
    const m = await buildMember(t.app.db);
    const phone = subscription();
    const res = await subscribe(m.cookies, { subscription: phone });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ ok: true });
    expect(await subscribe(m.cookies, { subscription: subscription() }, 'Chrome on Windows')).toHaveProperty(
      'statusCode',
      201,
    );
    const rows = await rowsOf(m.id);
    expect(rows.map((r) => r.userAgent).sort()).toEqual(['Chrome on Windows', 'Firefox on Android']);
    expect(rows.find((r) => r.endpoint === phone.endpoint)).toMatchObject({
      p256dh: phone.keys.p256dh,
      auth: phone.keys.auth,
    });
  });

  it('N-02 20 identical posts at once make one row; a browser that logs in as another member moves to them', async () => {
    const a = await buildMember(t.app.db);
    const b = await buildMember(t.app.db);
    const device = subscription();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => subscribe(a.cookies, { subscription: device })),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(await rowsOf(a.id)).toHaveLength(1);
    const fresh = { ...device, keys: subscription().keys };
    expect((await subscribe(b.cookies, { subscription: fresh })).statusCode).toBe(201);
    expect(await rowsOf(a.id)).toHaveLength(0);
    expect((await rowsOf(b.id))[0]).toMatchObject({ endpoint: device.endpoint, p256dh: fresh.keys.p256dh });
  });

  it(`N-02 keeps the newest ${PUSH.maxDevices} devices of a member`, async () => {
    const m = await buildMember(t.app.db);
    for (let i = 0; i < PUSH.maxDevices + 2; i++)
      await subscribe(m.cookies, { subscription: subscription() });
    expect(await rowsOf(m.id)).toHaveLength(PUSH.maxDevices);
  });

  it('A-05 N-02 without a session: 403 authentication_required, nothing stored', async () => {
    const res = await subscribe(undefined, { subscription: subscription() });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({
      code: 'authentication_required',
      authentication_required: true,
    });
    expect(
      await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userAgent, 'nobody')),
    ).toEqual([]);
  });

  it('N-02 refuses endpoints that are not https or point at a private, loopback or link-local host', async () => {
    const m = await buildMember(t.app.db);
    for (const endpoint of [
      'http://push.example.com/x',
      'ftp://push.example.com/x',
      'https://127.0.0.1/x',
      'https://127.1/x',
      'https://0x7f000001/x',
      'https://10.1.2.3/x',
      'https://172.20.0.1/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://[fe80::1]/x',
      'https://[fd00::1]/x',
      'https://localhost/x',
      'https://push.localhost/x',
      'https://printer.local/x',
      'https://intranet/x',
      'https://user:pw@push.example.com/x',
      'not a url',
      `https://push.example.com/${'a'.repeat(PUSH.endpointMax)}`,
    ]) {
      const res = await subscribe(m.cookies, { subscription: subscription({ endpoint }) }, 'en');
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error.fields['subscription.endpoint'], endpoint).toBeTruthy();
    }
    expect(await rowsOf(m.id)).toHaveLength(0);
  });

  it('N-02 issue 21: only the push services browsers use are taken, not public names that resolve anywhere', async () => {
    const m = await buildMember(t.app.db);
    for (const endpoint of [
      'https://localtest.me/x',
      'https://127.0.0.1.nip.io/x',
      'https://192.168.1.1.sslip.io/x',
      'https://push-service.default.svc.cluster.local/x',
      'https://push.example.com/x',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://evilnotify.windows.com/w/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://googleapis.com/fcm/send/x',
    ]) {
      const res = await subscribe(m.cookies, { subscription: subscription({ endpoint }) }, 'en');
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().error.fields['subscription.endpoint'], endpoint).toBeTruthy();
    }
    expect(await rowsOf(m.id)).toHaveLength(0);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com/wp/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QABC',
    ]) {
      expect(isPushServiceUrl(endpoint), endpoint).toBe(true);
      const res = await subscribe(m.cookies, { subscription: subscription({ endpoint }) });
      expect(res.statusCode, endpoint).toBe(201);
    }
  });

  it('N-02 refuses missing or malformed keys with a clear field message', async () => {
    const m = await buildMember(t.app.db);
    const good = subscription().keys;
    for (const keys of [
      undefined,
      {},
      { p256dh: good.p256dh },
      { p256dh: 'not base64!', auth: good.auth },
      { p256dh: randomBytes(64).toString('base64url'), auth: good.auth },
      { p256dh: good.p256dh, auth: randomBytes(8).toString('base64url') },
      { p256dh: good.p256dh, auth: `${good.auth}\u0000` },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user.php?push=1',
        cookies: m.cookies,
        headers: { 'accept-language': 'nl' },
        payload: { subscription: { ...subscription(), keys } },
      });
      expect(res.statusCode, JSON.stringify(keys)).toBe(400);
      const fields = Object.entries(res.json().error.fields as Record<string, string>);
      expect(
        fields.some(([k, v]) => k.startsWith('subscription.keys') && v.includes('sleutels')),
        JSON.stringify(fields),
      ).toBe(true);
    }
    const none = await subscribe(m.cookies, {});
    expect(none.statusCode).toBe(400);
    expect(await rowsOf(m.id)).toHaveLength(0);
  });

  it('A-05 the login on the same path still works, and still asks for e-mail and password', async () => {
    const m = await buildMember(t.app.db);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      payload: { email: m.email, password: TEST_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.id).toBe(m.id);
    const missing = await t.app.inject({ method: 'POST', url: '/api/user.php', payload: { email: m.email } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.fields.password).toBeTruthy();
  });

  it('isPublicHost knows public names and addresses', () => {
    expect(isPublicHost('fcm.googleapis.com')).toBe(true);
    expect(isPublicHost('updates.push.services.mozilla.com')).toBe(true);
    expect(isPublicHost('8.8.8.8')).toBe(true);
    expect(isPublicHost('[2001:4860:4860::8888]')).toBe(true);
    expect(isPublicHost('[::ffff:a00:1]')).toBe(false);
    expect(isPublicHost('LOCALHOST.')).toBe(false);
    expect(isPublicHost('64:ff9b::7f00:1')).toBe(false);
    expect(isPublicHost('64:ff9b::808:808')).toBe(true);
    expect(isPublicHost('fec0::1')).toBe(false);
  });
});

describe('N-02 members without a subscription cost no query per message', () => {
  it('N-02 "no subscription" is remembered for a minute, and forgotten at once when the member subscribes here', async () => {
    const m = await buildMember(t.app.db);
    const now = Date.now();
    expect(await hasPushSubscription(t.app.db, m.id, now)).toBe(false);
    // Stored behind this process's back (another instance): not seen until the mark expires.
    await t.app.db.insert(pushSubscriptions).values({
      userId: m.id,
      endpoint: `https://push.example.test/${randomBytes(8).toString('hex')}`,
      p256dh: 'x',
      auth: 'y',
      userAgent: 'test',
    });
    expect(await hasPushSubscription(t.app.db, m.id, now + 1000)).toBe(false);
    expect(await hasPushSubscription(t.app.db, m.id, now + 61_000)).toBe(true);
    // A member marked without one who subscribes through this instance is seen at once.
    const n = await buildMember(t.app.db);
    expect(await hasPushSubscription(t.app.db, n.id, now)).toBe(false);
    expect((await subscribe(n.cookies, { subscription: subscription() })).statusCode).toBe(201);
    expect(await hasPushSubscription(t.app.db, n.id, now + 1000)).toBe(true);
  });
});
