import { desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { blocks, mailOutbox, notificationDeliveries, users } from '../../db/schema.ts';
import { createMailer } from '../../platform/mail.ts';
import { jobOrigin } from '../../platform/site.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { api, openChat, sendText } from '../../test/chat.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import {
  MAIL_NOTICES,
  makeUnsubscribeToken,
  type NoticeContext,
  sendLikeMails,
  sendMessageMails,
  sendReminderMails,
  unsubscribeSecret,
} from './mail-notices.ts';

let t: TestApp;
let ctx: NoticeContext;
const SECRET = 'a-shared-secret-of-the-mail-provider';
beforeAll(async () => {
  t = await createTestApp({ MAIL_EVENTS_SECRET: SECRET });
  ctx = { db: t.app.db, mailer: t.app.mailer, originOf: (site) => `https://${site.domain}` };
});
afterAll(() => t.close());

const paid = (overrides: Parameters<typeof buildMember>[1] = {}) =>
  buildMember(t.app.db, { paidUser: true, credits: 500, ...overrides });
const later = (ms: number) => new Date(Date.now() + ms);
const mailsTo = (m: TestMember) =>
  t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, m.email)).orderBy(desc(mailOutbox.id));
const userRow = async (m: TestMember) => (await t.app.db.select().from(users).where(eq(users.id, m.id)))[0];

describe('N-03 links in notification mails carry the public address with its port (issue 27)', () => {
  it('N-03 without PUBLIC_URL a site on this machine is linked at the port the server listens on', async () => {
    expect(jobOrigin({ domain: 'localhost' }, { publicUrl: undefined, port: 3203 })).toBe(
      'http://localhost:3203',
    );
    expect(jobOrigin({ domain: 'vonk.nl' }, { publicUrl: undefined, port: 3203 })).toBe('https://vonk.nl');
    expect(jobOrigin({ domain: 'vonk.nl' }, { publicUrl: 'https://vonk.example:8443/', port: 1 })).toBe(
      'https://vonk.example:8443',
    );
    const a = await paid();
    const b = await paid({ language: 'nl' });
    const conv = await openChat(t.app, a, b);
    expect((await sendText(t.app, a, conv, 'hallo')).statusCode).toBe(201);
    const local = {
      ...ctx,
      originOf: (site: { domain: string }) => jobOrigin(site, { publicUrl: undefined, port: 3203 }),
    };
    expect(await sendMessageMails(local, later(MAIL_NOTICES.quietMs + 1000))).toBeGreaterThanOrEqual(1);
    const [mail] = await mailsTo(b);
    expect(mail?.text).toContain(`http://localhost:3203/chats/${conv}`);
    expect(mail?.html).not.toMatch(/https:\/\/localhost\//);
  });
});

describe('N-03 new-message mails', () => {
  it('N-03 five quick messages make one mail after the quiet period, with both unsubscribe headers', async () => {
    const a = await paid();
    const b = await paid({ language: 'nl' });
    const conv = await openChat(t.app, a, b);
    for (let i = 0; i < 5; i++) expect((await sendText(t.app, a, conv, `bericht ${i}`)).statusCode).toBe(201);
    // Not quiet yet: nothing.
    expect(await sendMessageMails(ctx, new Date())).toBe(0);
    expect(await mailsTo(b)).toHaveLength(0);
    const now = later(MAIL_NOTICES.quietMs + 1000);
    expect(await sendMessageMails(ctx, now)).toBeGreaterThanOrEqual(1);
    // A retry of the job, or a second instance, sends nothing more.
    await Promise.all([sendMessageMails(ctx, now), sendMessageMails(ctx, now)]);
    const mails = await mailsTo(b);
    expect(mails).toHaveLength(1);
    const mail = mails[0] as (typeof mails)[number];
    expect(mail.subject).not.toMatch(/bericht|Tester/);
    expect(mail.text).toContain('5 nieuwe berichten');
    expect(mail.text).not.toContain('bericht 0');
    expect(mail.text).toContain(`/chats/${conv}`);
    expect(mail.html).toContain(`/chats/${conv}`);
    expect(mail.headers['List-Unsubscribe']).toMatch(
      /^<https:\/\/[^>]+\/api\/mail\/unsubscribe\?t=[\w.-]+>$/,
    );
    expect(mail.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail.text).not.toContain(a.email);

    // RFC 8058: the mail program POSTs to the link without a login; that type goes off.
    const link = new URL(mail.headers['List-Unsubscribe']?.slice(1, -1) ?? '');
    const get = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
    expect(get.statusCode).toBe(200);
    expect((await userRow(b))?.notificationSettings.new_conversations).not.toBe(false);
    const post = await t.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode).toBe(200);
    const row = await userRow(b);
    expect(row?.notificationSettings.new_conversations).toBe(false);
    expect(row?.notificationsDisabled).toContain('listunsubscribe');
    const me = await api(t.app, b, 'GET', '/api/user.php');
    expect(me.json().user.notification_settings.new_conversations).toBe(false);
    expect(me.json().user.notifications_disabled).toEqual(['listunsubscribe']);

    // Switched off: the next new conversation is not mailed.
    const c = await paid();
    const conv2 = await openChat(t.app, c, b);
    await sendText(t.app, c, conv2, 'hoi');
    await sendMessageMails(ctx, later(MAIL_NOTICES.quietMs + 2000));
    expect(await mailsTo(b)).toHaveLength(1);
  });

  it('N-04 a forged or expired unsubscribe token changes nothing', async () => {
    const m = await paid();
    const secret = await unsubscribeSecret(t.app.db);
    const expired = makeUnsubscribeToken(
      secret,
      m.id,
      'new_messages',
      new Date(Date.now() - 91 * 86_400_000),
    );
    const forged = makeUnsubscribeToken('not-the-secret', m.id, 'new_messages', new Date());
    const good = makeUnsubscribeToken(secret, m.id, 'new_messages', new Date());
    const tampered = good.replace(/^\d+/, String(m.id + 1));
    for (const token of [expired, forged, tampered, 'garbage', '']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/mail/unsubscribe?t=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode, token).toBe(400);
    }
    const row = await userRow(m);
    expect(row?.notificationSettings).toEqual({});
    expect(row?.notificationsDisabled).toEqual([]);
  });

  it('N-03 M-06 a member who blocked the writer gets no mail about them', async () => {
    const a = await paid();
    const b = await paid();
    const conv = await openChat(t.app, a, b);
    await sendText(t.app, a, conv, 'hallo');
    await t.app.db.insert(blocks).values({ blockerId: b.id, blockedId: a.id });
    await sendMessageMails(ctx, later(MAIL_NOTICES.quietMs + 1000));
    expect(await mailsTo(b)).toHaveLength(0);
  });

  it('N-03 the new_messages switch off: no mail; reminders follow their own switch', async () => {
    const a = await paid();
    const b = await paid({ notificationSettings: { new_conversations: false, new_messages: false } });
    const conv = await openChat(t.app, a, b);
    await sendText(t.app, a, conv, 'hallo');
    await sendMessageMails(ctx, later(MAIL_NOTICES.quietMs + 1000));
    expect(await mailsTo(b)).toHaveLength(0);
    await sendReminderMails(ctx, later(MAIL_NOTICES.reminderAfterMs + 1000));
    await sendReminderMails(ctx, later(MAIL_NOTICES.reminderAfterMs + 2000));
    const mails = await mailsTo(b);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });

  it('N-03 likes and a match: one mail per member, linking to the likes page', async () => {
    const a = await paid();
    const b = await paid({ language: 'en' });
    const c = await paid();
    expect((await api(t.app, a, 'POST', `/api/members/${b.id}/like`)).statusCode).toBe(200);
    expect((await api(t.app, c, 'POST', `/api/members/${b.id}/like`)).statusCode).toBe(200);
    const now = later(MAIL_NOTICES.likeQuietMs + 1000);
    await sendLikeMails(ctx, now);
    await sendLikeMails(ctx, now);
    const mails = await mailsTo(b);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('2 members liked your profile');
    expect(mails[0]?.text).toContain('/likes');
    const keys = await t.app.db
      .select()
      .from(notificationDeliveries)
      .where(like(notificationDeliveries.key, 'mail:n:%'));
    expect(keys.filter((k) => k.userId === b.id)).toHaveLength(2);
  });
});

describe('N-05 two instances', () => {
  it('N-05 two instances on one database run the reminder and new-message jobs at once: one mail each', async () => {
    // On PostgreSQL (npm run test:pg) the second instance has its own connection pool.
    const url = (t.database as { url?: string }).url;
    const second = url ? await openDatabase({ url, dataDir: null }) : null;
    try {
      const other: NoticeContext = {
        db: second?.db ?? t.app.db,
        mailer: createMailer(second?.db ?? t.app.db, undefined),
        originOf: ctx.originOf,
      };
      const a = await paid();
      const b = await paid();
      const conv = await openChat(t.app, a, b);
      for (let i = 0; i < 3; i++) await sendText(t.app, a, conv, `x${i}`);
      const soon = later(MAIL_NOTICES.quietMs + 1000);
      const [one, two] = await Promise.all([sendMessageMails(ctx, soon), sendMessageMails(other, soon)]);
      expect((one ?? 0) + (two ?? 0)).toBeGreaterThanOrEqual(1);
      expect(await mailsTo(b)).toHaveLength(1);
      const next = later(MAIL_NOTICES.reminderAfterMs + 1000);
      await Promise.all([
        sendReminderMails(ctx, next),
        sendReminderMails(other, next),
        sendReminderMails(other, next),
      ]);
      const mails = await mailsTo(b);
      expect(mails).toHaveLength(2);
      expect(mails.filter((m) => m.text.includes('ongelezen'))).toHaveLength(1);
    } finally {
      await second?.close();
    }
  });
});

describe('N-04 bounces, complaints and turning e-mail back on', () => {
  const report = (events: unknown, secret = SECRET) =>
    t.app.inject({
      method: 'POST',
      url: '/api/mail/events',
      headers: { authorization: `Bearer ${secret}` },
      payload: { events } as Record<string, unknown>,
    });

  it('N-04 the endpoint needs the shared secret; a bounce and a complaint stop all notification mail', async () => {
    const m = await paid();
    const wrong = await report([{ type: 'bounce', email: m.email }], 'not-the-secret-at-all-really');
    expect(wrong.statusCode).toBe(403);
    expect((await userRow(m))?.notificationsDisabled).toEqual([]);
    expect((await report([{ type: 'bounce', email: m.email, permanent: false }])).json().updated).toBe(0);
    const res = await report([
      { type: 'bounce', email: m.email.toUpperCase() },
      { type: 'complaint', email: m.email },
      { type: 'bounce', email: 'nobody@example.test' },
    ]);
    expect(res.statusCode).toBe(200);
    expect((await userRow(m))?.notificationsDisabled.sort()).toEqual(['bounce', 'fbl']);
    expect((await report([{ type: 'nonsense', email: m.email }])).statusCode).toBe(400);

    const a = await paid();
    const conv = await openChat(t.app, a, m);
    await sendText(t.app, a, conv, 'hallo');
    await sendMessageMails(ctx, later(MAIL_NOTICES.quietMs + 1000));
    expect(await mailsTo(m)).toHaveLength(0);

    const enable = await t.app.inject({
      method: 'PUT',
      url: '/api/account/email/enable',
      cookies: m.cookies,
      payload: {},
    });
    expect(enable.statusCode).toBe(200);
    expect(enable.json().user.notifications_disabled).toEqual([]);
    await sendMessageMails(ctx, later(MAIL_NOTICES.quietMs + 2000));
    expect(await mailsTo(m)).toHaveLength(1);
  });

  it('N-04 without MAIL_EVENTS_SECRET the endpoint does not exist', async () => {
    const other = await createTestApp();
    try {
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/mail/events',
        payload: { events: [{ type: 'bounce', email: 'x@example.test' }] },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await other.close();
    }
  });
});
