import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { catalogs } from '../../../shared/i18n/catalogs.ts';
import { mailOutbox, users } from '../../db/schema.ts';
import { startJobs } from '../../platform/jobs.ts';
import { MAIL_BODY_DAYS, mailPurgeJob } from '../../platform/mail-purge.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember, TEST_PASSWORD, type TestMember } from '../../test/members.ts';

/** Issue 10 item 10: old links die when the password or the address changes; the old address is told. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function mailsTo(email: string) {
  return t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.id));
}
async function latestTokenTo(email: string): Promise<string> {
  const [mail] = await mailsTo(email);
  const token = mail?.text.match(/token=([\w-]+)/)?.[1];
  if (!token) throw new Error(`no link mailed to ${email}`);
  return token;
}
async function requestReset(m: TestMember) {
  const res = await t.app.inject({ method: 'POST', url: '/api/password-reset', payload: { email: m.email } });
  expect(res.statusCode).toBe(200);
  return latestTokenTo(m.email);
}
const useReset = (token: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/password-reset/do',
    payload: { token, password: 'someone-else-now-1', password_confirm: 'someone-else-now-1' },
  });
async function changeEmail(m: TestMember, to: string) {
  const res = await t.app.inject({
    method: 'PUT',
    url: '/api/account/email',
    cookies: m.cookies,
    payload: { email: to, password: TEST_PASSWORD },
  });
  expect(res.statusCode).toBe(200);
  return t.app.inject({
    method: 'POST',
    url: '/api/mail-change/do',
    payload: { token: await latestTokenTo(to) },
  });
}

describe('tokens and notices on account changes (issue 10 item 10)', () => {
  it('A-07 A-08 a reset link mailed before a password change no longer works, and the member is told', async () => {
    const m = await buildMember(t.app.db, { language: 'de' });
    const token = await requestReset(m);
    const change = await t.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      cookies: m.cookies,
      payload: {
        old_password: TEST_PASSWORD,
        password: 'a-new-passphrase-2',
        password_confirm: 'a-new-passphrase-2',
      },
    });
    expect(change.statusCode).toBe(200);
    const res = await useReset(token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('link_invalid');
    const [notice] = await mailsTo(m.email);
    expect(notice?.subject).toBe(catalogs.de['mail.password_changed.subject']?.replace('{site}', 'Vonk'));
    expect(notice?.text).toContain('/reset-password');
  });

  it('A-04 A-08 an activation link mailed before a password change no longer works', async () => {
    const m = await buildMember(t.app.db, { status: 'not_confirmed' });
    const resend = await t.app.inject({ method: 'POST', url: '/api/activation/resend', cookies: m.cookies });
    expect(resend.statusCode).toBe(200);
    const token = await latestTokenTo(m.email);
    await t.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      cookies: m.cookies,
      payload: {
        old_password: TEST_PASSWORD,
        password: 'a-new-passphrase-3',
        password_confirm: 'a-new-passphrase-3',
      },
    });
    const activate = await t.app.inject({ url: `/api/activate?token=${token}` });
    expect(activate.headers.location).toBe('/activate/error');
  });

  it('A-04 A-07 a used reset link revokes the activation link too, and a notice follows the reset', async () => {
    const m = await buildMember(t.app.db, { language: 'fr', status: 'not_confirmed' });
    await t.app.inject({ method: 'POST', url: '/api/activation/resend', cookies: m.cookies });
    const activation = await latestTokenTo(m.email);
    expect((await useReset(await requestReset(m))).statusCode).toBe(200);
    const [notice] = await mailsTo(m.email);
    expect(notice?.subject).toBe(catalogs.fr['mail.password_changed.subject']?.replace('{site}', 'Vonk'));
    // The reset proved the address and activated the account: the old link activates nothing and says
    // the account is active (issue 11).
    const activate = await t.app.inject({ url: `/api/activate?token=${activation}` });
    expect(activate.headers.location).toBe('/activate/done?already=1');
  });

  it("A-07 A-08 a reset link mailed to the old address no longer works after a change of e-mail; the old address is told in the member's language", async () => {
    const m = await buildMember(t.app.db, { language: 'pl' });
    const token = await requestReset(m);
    const newEmail = `moved-${m.id}@example.test`;
    const confirm = await changeEmail(m, newEmail);
    expect(confirm.statusCode).toBe(200);
    const [user] = await t.app.db.select({ email: users.email }).from(users).where(eq(users.id, m.id));
    expect(user?.email).toBe(newEmail);
    expect((await useReset(token)).statusCode).toBe(400);
    const [notice] = await mailsTo(m.email);
    expect(notice?.subject).toBe(catalogs.pl['mail.email_changed.subject']?.replace('{site}', 'Vonk'));
    // The old address learns that the account moved, but not the whole new address.
    expect(notice?.text).toContain(`m***@example.test`);
    expect(notice?.text).not.toContain(newEmail);
  });

  it('the notice texts exist in all eleven catalogs', () => {
    for (const catalog of Object.values(catalogs)) {
      for (const kind of ['password_changed', 'email_changed'])
        for (const part of ['subject', 'heading', 'body', 'button'])
          expect(catalog[`mail.${kind}.${part}`], `${kind}.${part}`).toBeTruthy();
    }
  });
});

describe('mail bodies are purged after a week (issue 10 item 10)', () => {
  it('N-05 the purge job empties the bodies of mails older than 7 days and keeps newer ones', async () => {
    // Mails of the other tests are seconds old: only the one made 8 days back may be purged.
    const start = new Date();
    const day = 86_400_000;
    const insert = (to: string, ageDays: number) =>
      t.app.db
        .insert(mailOutbox)
        .values({
          to,
          subject: 'Nieuw wachtwoord',
          text: 'https://vonk.test/reset-password/do?token=secret',
          html: '<a href="https://vonk.test/reset-password/do?token=secret">x</a>',
          headers: { 'List-Unsubscribe': '<https://vonk.test/u?t=secret>' },
          status: 'sent',
          createdAt: new Date(start.getTime() - ageDays * day),
        })
        .returning({ id: mailOutbox.id });
    const [old] = await insert('old@purge.test', MAIL_BODY_DAYS + 1);
    const [recent] = await insert('recent@purge.test', MAIL_BODY_DAYS - 1);

    // The job runs through pg-boss on the test database (N-05), as it does in the server.
    let done: Promise<unknown> | undefined;
    const job = mailPurgeJob(t.app.db);
    const runner = await startJobs([{ ...job, run: (now, ctx) => (done ??= job.run(now, ctx)) }], t.app.log, {
      database: t.database,
      timing: { firstTickMs: 0, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 },
    });
    try {
      await vi.waitFor(() => expect(done).toBeDefined(), { timeout: 20_000, interval: 100 });
    } finally {
      await runner.stop();
    }
    expect(await done).toBe(1);
    const byId = async (id: number | undefined) =>
      (
        await t.app.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.id, id ?? 0))
      )[0];
    expect(await byId(old?.id)).toMatchObject({
      text: '',
      html: '',
      headers: {},
      subject: 'Nieuw wachtwoord',
    });
    expect((await byId(recent?.id))?.text).toContain('token=secret');
  });
});
