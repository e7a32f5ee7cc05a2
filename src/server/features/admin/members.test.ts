import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '../../../shared/contract/realtime.ts';
import { auditLog, payments, type StaffRole, sites, users } from '../../db/schema.ts';
import { connectSocket, listeningTestApp, openChat, sendText } from '../../test/chat.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { buyFirstBundle } from '../../test/payments.ts';
import { buildStaff } from '../../test/staff.ts';
import { keyOf, testJpeg, uploadPhotoAs } from '../../test/uploads.ts';

const server = listeningTestApp();
const app = () => server.t.app;
const db = () => server.t.app.db;

type Grant = StaffRole | { role: StaffRole; siteId: number | null };
const staffWith = (...roles: Grant[]) => buildStaff(db(), { roles, language: 'en' });

function asStaff(
  s: { cookies: Record<string, string> },
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app().inject({
    method,
    url,
    cookies: s.cookies,
    headers: { 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
}

const search = async (s: { cookies: Record<string, string> }, query: string) => {
  const res = await asStaff(s, 'GET', `/api/admin/members?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    items: { id: number; email: string; name: string; status: string }[];
    total: number;
  };
};

const memberRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0];
const auditOf = (memberId: number, action: string) =>
  db()
    .select()
    .from(auditLog)
    .where(
      and(
        eq(auditLog.objectType, 'member'),
        eq(auditLog.objectId, String(memberId)),
        eq(auditLog.action, action),
      ),
    );

async function secondSite() {
  const [row] = await db()
    .insert(sites)
    .values({
      domain: `other-${randomUUID().slice(0, 8)}.test`,
      companyId: 1,
      name: 'Other site',
      indexTitle: 'Other',
      description: 'Other',
      countries: ['NL'],
      supportPhone: '1',
      supportEmail: 'support@other.test',
      mailName: 'Other',
    })
    .returning({ id: sites.id });
  return row?.id as number;
}

const buy = (m: TestMember) => buyFirstBundle(app(), m);

describe('O-02 member search', () => {
  it('O-02 finds a member by id exactly, by e-mail prefix in any case, and by name prefix', async () => {
    const s = await staffWith('support');
    const tag = randomUUID().slice(0, 6);
    const m = await buildMember(db(), { email: `Zoe.${tag}@Example.test`, name: `Zoewijn${tag}` });
    expect((await search(s, `q=${m.id}`)).items.map((r) => r.id)).toEqual([m.id]);
    const byMail = await search(s, `q=${encodeURIComponent(`zoe.${tag.toUpperCase()}@EX`)}`);
    expect(byMail.items.map((r) => r.id)).toEqual([m.id]);
    const byName = await search(s, `q=zoewijn${tag}`);
    expect(byName.items.map((r) => r.id)).toEqual([m.id]);
    expect(byName.items[0]).toMatchObject({ email: m.email, name: m.name, status: 'confirmed' });
    // A prefix, not a substring; wildcards typed by staff are letters.
    expect((await search(s, `q=oewijn${tag}`)).items).toEqual([]);
    expect((await search(s, `q=${encodeURIComponent('zoe%')}`)).items).toEqual([]);
    expect((await search(s, 'q=2147483648')).items).toEqual([]);
  });

  it('O-02 filters by status (not confirmed, banned, deleted) and site, with server paging and sorting', async () => {
    const s = await staffWith('moderator');
    const tag = `Pg${randomUUID().slice(0, 6)}`;
    const made: number[] = [];
    for (let i = 0; i < 28; i++) {
      made.push((await buildMember(db(), { name: `${tag}${String(i).padStart(2, '0')}`, credits: i })).id);
    }
    const waiting = await buildMember(db(), { name: `${tag}w`, status: 'not_confirmed' });
    const banned = await buildMember(db(), { name: `${tag}b`, status: 'banned' });
    const deleted = await buildMember(db(), { name: `${tag}d`, deletedAt: new Date() });
    const q = `q=${tag}`;
    expect((await search(s, `${q}&status=not_confirmed`)).items.map((r) => r.id)).toEqual([waiting.id]);
    expect((await search(s, `${q}&status=banned`)).items.map((r) => r.id)).toEqual([banned.id]);
    const del = await search(s, `${q}&status=deleted`);
    expect(del.items.map((r) => [r.id, r.status])).toEqual([[deleted.id, 'deleted']]);
    const confirmed = await search(s, `${q}&status=confirmed`);
    expect(confirmed.total).toBe(28);
    // Newest first by default, 25 a page.
    expect(confirmed.items.map((r) => r.id)).toEqual([...made].reverse().slice(0, 25));
    const page2 = await search(s, `${q}&status=confirmed&page=2`);
    expect(page2.items.map((r) => r.id)).toEqual([...made].reverse().slice(25));
    const rich = await search(s, `${q}&status=confirmed&sort=-credits`);
    expect(rich.items[0]?.id).toBe(made[27]);
    const poor = await search(s, `${q}&status=confirmed&sort=credits`);
    expect(poor.items[0]?.id).toBe(made[0]);
    expect((await search(s, `${q}&site=1`)).total).toBe(31);
    expect((await search(s, `${q}&site=999`)).total).toBe(0);
  });

  it('O-02 members of a rare standing sort by balance and activity across pages (their own read path)', async () => {
    const s = await staffWith('moderator');
    const tag = `Rb${randomUUID().slice(0, 6)}`;
    const banned: { id: number; credits: number }[] = [];
    for (let i = 0; i < 27; i++) {
      // Balances out of id order, so an order by id would show.
      const credits = (i * 7) % 27;
      banned.push({
        id: (await buildMember(db(), { name: `${tag}${i}`, status: 'banned', credits })).id,
        credits,
      });
    }
    const byBalance = [...banned].sort((a, b) => b.credits - a.credits || b.id - a.id).map((m) => m.id);
    const first = await search(s, `q=${tag}&status=banned&sort=-credits`);
    const second = await search(s, `q=${tag}&status=banned&sort=-credits&page=2`);
    expect(first.total).toBe(27);
    expect([...first.items, ...second.items].map((r) => r.id)).toEqual(byBalance);
    expect(first.items.every((r) => r.status === 'banned')).toBe(true);
    const poorest = await search(s, `q=${tag}&status=banned&sort=credits`);
    expect(poorest.items[0]?.id).toBe(byBalance.at(-1));
    expect(poorest.items[0]?.name).toBe(`${tag}0`);
  });

  it("O-02 staff of another site see nothing of this site's members: not in search, not their page", async () => {
    const other = await secondSite();
    const theirs = await buildMember(db(), { siteId: other, name: `Elders${randomUUID().slice(0, 6)}` });
    const ours = await buildMember(db());
    const s = await staffWith({ role: 'support', siteId: other });
    expect((await search(s, `q=${ours.id}`)).items).toEqual([]);
    expect((await search(s, `q=${ours.email}`)).items).toEqual([]);
    expect((await search(s, `q=${theirs.id}`)).items.map((r) => r.id)).toEqual([theirs.id]);
    expect((await search(s, 'site=1')).items).toEqual([]);
    expect((await asStaff(s, 'GET', `/api/admin/members/${ours.id}`)).statusCode).toBe(403);
    const ban = await asStaff(s, 'POST', `/api/admin/members/${ours.id}/ban`, { reason: 'spam spam' });
    expect(ban.statusCode).toBe(403);
    expect((await memberRow(ours.id))?.status).toBe('confirmed');
  });

  it('O-02 hostile input gets a clear localised 400, never a 5xx', async () => {
    const s = await staffWith('support');
    for (const url of [
      '/api/admin/members?q=a%00b',
      `/api/admin/members?q=${'x'.repeat(300)}`,
      '/api/admin/members?page=abc',
      '/api/admin/members?page=0',
      '/api/admin/members?status=gone',
      '/api/admin/members?sort=password',
      '/api/admin/members?site=1e3',
      '/api/admin/members/1e3',
      '/api/admin/members/0',
    ]) {
      const res = await asStaff(s, 'GET', url);
      expect(res.statusCode, url).toBe(400);
    }
    // Bidi and zero-width characters in a query simply match nothing.
    expect((await search(s, `q=${encodeURIComponent('\u202eabc\u200b')}`)).items).toEqual([]);
    const m = await buildMember(db());
    const supportAdmin = await staffWith('admin');
    for (const reason of ['ab\u0000c', 'x'.repeat(501), '  ', '\ud800abc']) {
      const res = await asStaff(supportAdmin, 'POST', `/api/admin/members/${m.id}/ban`, { reason });
      expect(res.statusCode, JSON.stringify(reason)).toBe(400);
      expect(res.json().error.fields.reason).toMatch(/[a-z]/i);
    }
    const noReason = await asStaff(supportAdmin, 'POST', `/api/admin/members/${m.id}/ban`, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().error.fields.reason).toMatch(/[a-z]/i);
    const short = await asStaff(supportAdmin, 'POST', `/api/admin/members/${m.id}/ban`, { reason: ' x ' });
    expect(short.json().error.fields.reason).toBe('Give a reason of at least 3 characters.');
    const zero = await asStaff(supportAdmin, 'POST', `/api/admin/members/${m.id}/credits`, {
      amount: 0,
      reason: 'because',
      client_id: randomUUID(),
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.fields.amount).toBe('Enter a number of credits other than 0.');
    expect((await memberRow(m.id))?.status).toBe('confirmed');
  });
});

describe("O-02 a member's page", () => {
  it('O-02 shows account, profile, photos, payments, ledger, sessions, complaints and conversations; message text only with a fictional profile', async () => {
    const s = await staffWith('moderator');
    const m = await buildMember(db(), { paidUser: true, credits: 40, language: 'de' });
    const friend = await buildMember(db(), { paidUser: true, credits: 10 });
    const fictional = await buildMember(db(), { profile: { fictional: true } });
    const realChat = await openChat(app(), m, friend);
    expect((await sendText(app(), m, realChat, 'geheim tussen leden')).statusCode).toBeLessThan(300);
    const deskChat = await openChat(app(), m, fictional);
    expect((await sendText(app(), m, deskChat, 'hallo fictief profiel')).statusCode).toBeLessThan(300);
    const complaint = await app().inject({
      method: 'POST',
      url: '/api/complaints',
      payload: {
        client_id: randomUUID(),
        name: 'Klager',
        email: `klager-${randomUUID().slice(0, 6)}@example.test`,
        topic: 'profile',
        member_id: m.id,
        message: 'Dit profiel stuurt spam naar iedereen.',
      },
    });
    expect(complaint.statusCode, complaint.body).toBeLessThan(300);

    const res = await asStaff(s, 'GET', `/api/admin/members/${m.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.account).toMatchObject({
      id: m.id,
      email: m.email,
      status: 'confirmed',
      credits: 38,
      paid_user: true,
      language: 'de',
      site: { id: 1 },
    });
    expect(page.profile).toMatchObject({ name: m.name, fictional: false });
    expect(page.sessions.length).toBeGreaterThan(0);
    expect(page.ledger.items.map((i: { reason: string }) => i.reason)).toContain('chat_message');
    expect(page.complaints.about.map((c: { message: string }) => c.message)).toEqual([
      'Dit profiel stuurt spam naar iedereen.',
    ]);
    expect(page.conversations.total).toBe(2);
    expect(page.conversations.messages_sent).toBe(2);
    const partners = page.conversations.items.map(
      (c: { partner: { id: number; fictional: boolean } }) => c.partner,
    );
    expect(partners).toEqual(
      expect.arrayContaining([
        { id: friend.id, name: friend.name, fictional: false },
        { id: fictional.id, name: fictional.name, fictional: true },
      ]),
    );
    // No message text on the page at all.
    expect(res.body).not.toContain('geheim tussen leden');
    expect(res.body).not.toContain('hallo fictief profiel');
    const real = await asStaff(s, 'GET', `/api/admin/members/${m.id}/conversations/${realChat}`);
    expect(real.statusCode).toBe(403);
    expect(real.json().error.code).toBe('not_fictional');
    expect(real.body).not.toContain('geheim');
    const desk = await asStaff(s, 'GET', `/api/admin/members/${m.id}/conversations/${deskChat}`);
    expect(desk.statusCode).toBe(200);
    expect(desk.json().items).toMatchObject([{ from_member: true, body: 'hallo fictief profiel' }]);
    // Another member's conversation through this member's page: not found.
    const stranger = await buildMember(db());
    const elsewhere = await asStaff(s, 'GET', `/api/admin/members/${stranger.id}/conversations/${deskChat}`);
    expect(elsewhere.statusCode).toBe(404);
    expect((await asStaff(s, 'GET', '/api/admin/members/2000000000')).statusCode).toBe(404);
  });
});

describe("O-02 a member's photos for staff", () => {
  it('O-02 public photos by their public path; private ones only through the staff route, for staff of the site', async () => {
    const m = await buildMember(db());
    expect((await uploadPhotoAs(app(), m, await testJpeg())).statusCode).toBe(201);
    expect((await uploadPhotoAs(app(), m, await testJpeg(), { isPrivate: true })).statusCode).toBe(201);
    const s = await staffWith('moderator');
    const page = (await asStaff(s, 'GET', `/api/admin/members/${m.id}`)).json();
    const [open, closed] = page.photos as { url: string; thumb_url: string; is_private: boolean }[];
    expect(open?.is_private).toBe(false);
    expect(open?.url).toMatch(/^\/media\/[^/]+$/);
    expect(closed?.is_private).toBe(true);
    expect(closed?.thumb_url).toBe(`/api/admin/members/${m.id}/media/${keyOf(closed?.thumb_url ?? '')}`);
    const image = await asStaff(s, 'GET', closed?.thumb_url ?? '');
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['cache-control']).toBe('private, no-store');
    // Not for members, not for staff of another site, not another member's file through this page.
    expect((await app().inject({ url: closed?.thumb_url ?? '', cookies: m.cookies })).statusCode).toBe(401);
    const elsewhere = await staffWith({ role: 'moderator', siteId: await secondSite() });
    expect((await asStaff(elsewhere, 'GET', closed?.thumb_url ?? '')).statusCode).toBe(403);
    const other = await buildMember(db());
    const stolen = await asStaff(
      s,
      'GET',
      `/api/admin/members/${other.id}/media/${keyOf(closed?.url ?? '')}`,
    );
    expect(stolen.statusCode).toBe(404);
  });
});

describe('O-02 A-10 ban and unban', () => {
  it('A-10 a ban ends the member’s open socket and session at once, is audited with before, after and reason; unban restores', async () => {
    const s = await staffWith('moderator');
    const m = await buildMember(db());
    const socket = await connectSocket(server.base, m.cookie);
    const res = await asStaff(s, 'POST', `/api/admin/members/${m.id}/ban`, { reason: 'Spam naar leden' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await socket.waitClose()).code).toBe(CLOSE_CODES.banned);
    const me = await app().inject({ url: '/api/user.php', cookies: m.cookies });
    expect(me.statusCode).toBe(403);
    expect(me.json().error.code).toBe('banned');
    expect(await memberRow(m.id)).toMatchObject({ status: 'banned', banReason: 'Spam naar leden' });
    const [line] = await auditOf(m.id, 'member.ban');
    expect(line).toMatchObject({
      staffId: s.id,
      role: 'moderator',
      siteId: 1,
      before: { status: 'confirmed' },
      after: { status: 'banned', ban_reason: 'Spam naar leden' },
      reason: 'Spam naar leden',
    });
    const again = await asStaff(s, 'POST', `/api/admin/members/${m.id}/ban`, { reason: 'nog eens' });
    expect(again.statusCode).toBe(409);
    const page = (await asStaff(s, 'GET', `/api/admin/members/${m.id}`)).json();
    expect(page.account).toMatchObject({ status: 'banned', ban_reason: 'Spam naar leden' });

    const unban = await asStaff(s, 'POST', `/api/admin/members/${m.id}/unban`, { reason: 'Vergissing' });
    expect(unban.statusCode).toBe(200);
    expect(await memberRow(m.id)).toMatchObject({ status: 'confirmed', banReason: null });
    expect((await auditOf(m.id, 'member.unban'))[0]).toMatchObject({
      before: { status: 'banned', ban_reason: 'Spam naar leden' },
      after: { status: 'confirmed' },
      reason: 'Vergissing',
    });
  });

  it('O-06 a ban asks for the second factor again when it passed more than 10 minutes ago', async () => {
    const s = await buildStaff(db(), { roles: ['moderator'], factorAgeMs: 11 * 60_000 });
    const m = await buildMember(db());
    const res = await asStaff(s, 'POST', `/api/admin/members/${m.id}/ban`, { reason: 'spam spam' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('step_up_required');
    expect((await memberRow(m.id))?.status).toBe('confirmed');
    // Reading is no dangerous action.
    expect((await asStaff(s, 'GET', `/api/admin/members/${m.id}`)).statusCode).toBe(200);
    const fresh = await buildStaff(db(), { roles: ['moderator'], factorAgeMs: 9 * 60_000 });
    expect(
      (await asStaff(fresh, 'POST', `/api/admin/members/${m.id}/ban`, { reason: 'spam spam' })).statusCode,
    ).toBe(200);
  });
});

describe('O-02 credits, refunds, activation mail and deletion', () => {
  it('O-02 credits added with a reason appear in the member’s own transactions with that reason; a resend books once', async () => {
    const s = await staffWith('support');
    const m = await buildMember(db(), { credits: 5 });
    const clientId = randomUUID();
    const body = { amount: 50, reason: 'Compensatie voor de storing', client_id: clientId };
    const res = await asStaff(s, 'POST', `/api/admin/members/${m.id}/credits`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, credits: 55 });
    const resent = await asStaff(s, 'POST', `/api/admin/members/${m.id}/credits`, body);
    expect(resent.json()).toEqual({ ok: true, credits: 55 });
    expect((await memberRow(m.id))?.credits).toBe(55);
    const mine = (await app().inject({ url: '/api/transactions', cookies: m.cookies })).json();
    expect(mine.items[0]).toMatchObject({
      reason: 'staff_adjustment',
      credits: 50,
      balance_after: 55,
      note: 'Compensatie voor de storing',
    });
    expect(mine.items.filter((i: { reason: string }) => i.reason === 'staff_adjustment')).toHaveLength(1);
    const one = await app().inject({ url: `/api/transactions/${mine.items[0].id}`, cookies: m.cookies });
    expect(one.json().note).toBe('Compensatie voor de storing');
    expect(await auditOf(m.id, 'member.credits')).toMatchObject([
      {
        before: { credits: 5 },
        after: { credits: 55, amount: 50, reference: clientId },
        reason: body.reason,
      },
    ]);

    const finance = await staffWith('finance');
    const take = await asStaff(finance, 'POST', `/api/admin/members/${m.id}/credits`, {
      amount: -15,
      reason: 'Dubbel gegeven',
      client_id: randomUUID(),
    });
    expect(take.json()).toEqual({ ok: true, credits: 40 });
    const tooMuch = await asStaff(finance, 'POST', `/api/admin/members/${m.id}/credits`, {
      amount: -41,
      reason: 'Te veel',
      client_id: randomUUID(),
    });
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().error).toMatchObject({
      code: 'insufficient_credits',
      message: 'The member has only 40 credits; you cannot take more than that.',
    });
    expect((await memberRow(m.id))?.credits).toBe(40);
    // Another member's notes never show: the staff reason is read by the booking's own member.
    const other = (
      await app().inject({ url: '/api/transactions', cookies: (await buildMember(db())).cookies })
    ).json();
    expect(JSON.stringify(other)).not.toContain('Compensatie');
  });

  it('Pay-11 O-02 finance refunds a paid payment by the refund rules: unspent credits leave, the payment is refunded, audited', async () => {
    const m = await buildMember(db(), { createdAt: new Date(Date.now() - 48 * 3_600_000) });
    const paid = await buy(m);
    const finance = await staffWith('finance');
    const page = (await asStaff(finance, 'GET', `/api/admin/members/${m.id}`)).json();
    expect(page.payments[0]).toMatchObject({ id: paid.id, status: 'paid', refundable: true });
    const support = await staffWith('support');
    const refused = await asStaff(support, 'POST', `/api/admin/members/${m.id}/payments/${paid.id}/refund`, {
      reason: 'Klant vroeg erom',
    });
    expect(refused.statusCode).toBe(403);
    const res = await asStaff(finance, 'POST', `/api/admin/members/${m.id}/payments/${paid.id}/refund`, {
      reason: 'Klant vroeg erom',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, credits: 0 });
    const [row] = await db().select().from(payments).where(eq(payments.publicId, paid.id));
    expect(row).toMatchObject({ status: 'refunded', refundedCredits: paid.credits });
    expect((await auditOf(m.id, 'member.refund'))[0]).toMatchObject({
      before: { payment: paid.id, status: 'paid' },
      after: { payment: paid.id, status: 'refunded', credits_removed: paid.credits },
      reason: 'Klant vroeg erom',
    });
    const twice = await asStaff(finance, 'POST', `/api/admin/members/${m.id}/payments/${paid.id}/refund`, {
      reason: 'Nog een keer',
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('not_refundable');
    // A payment of another member through this member's page: not found.
    const other = await buildMember(db());
    const wrong = await asStaff(
      finance,
      'POST',
      `/api/admin/members/${other.id}/payments/${paid.id}/refund`,
      {
        reason: 'verkeerd lid',
      },
    );
    expect(wrong.statusCode).toBe(404);
  });

  it('O-02 support sends the activation mail again to a member who has not confirmed, from their site in their language', async () => {
    const s = await staffWith('support');
    const m = await buildMember(db(), { status: 'not_confirmed', language: 'en' });
    const res = await asStaff(s, 'POST', `/api/admin/members/${m.id}/activation-mail`, {});
    expect(res.statusCode, res.body).toBe(200);
    const mails = (await app().inject({ url: '/dev/mail.json' })).json() as { to: string; text: string }[];
    const mail = mails.find((x) => x.to === m.email);
    expect(mail?.text).toMatch(/activate\?token=/);
    expect(await auditOf(m.id, 'member.activation_mail')).toHaveLength(1);
    const confirmed = await buildMember(db());
    const no = await asStaff(s, 'POST', `/api/admin/members/${confirmed.id}/activation-mail`, {});
    expect(no.statusCode).toBe(409);
    expect(no.json().error.code).toBe('already_confirmed');
  });

  it('O-02 support deletes an account by the member’s own rules: gone from lists, session and socket end, audited', async () => {
    const s = await staffWith('support');
    const m = await buildMember(db());
    const socket = await connectSocket(server.base, m.cookie);
    const res = await asStaff(s, 'DELETE', `/api/admin/members/${m.id}`, {
      reason: 'Op verzoek van het lid',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await socket.waitClose()).code).toBe(CLOSE_CODES.unauthenticated);
    const me = await app().inject({ url: '/api/user.php', cookies: m.cookies });
    expect(me.json().user ?? null).toBeNull();
    const row = await memberRow(m.id);
    expect(row?.deletedAt).not.toBeNull();
    expect(row?.deleteReasons).toEqual({ reasons: ['staff'], comment: 'Op verzoek van het lid' });
    expect((await search(s, `q=${m.id}&status=deleted`)).items.map((r) => r.id)).toEqual([m.id]);
    expect((await auditOf(m.id, 'member.delete'))[0]).toMatchObject({ reason: 'Op verzoek van het lid' });
    const again = await asStaff(s, 'DELETE', `/api/admin/members/${m.id}`, { reason: 'nog eens' });
    expect(again.statusCode).toBe(409);
  });
});

describe('O-02 who may do what (role matrix)', () => {
  const allowed: Record<string, StaffRole[]> = {
    view: ['moderator', 'support', 'finance', 'admin'],
    ban: ['moderator', 'support', 'admin'],
    credits: ['support', 'finance', 'admin'],
    refund: ['finance', 'admin'],
    activation: ['support', 'admin'],
    delete: ['support', 'admin'],
  };
  const roles: StaffRole[] = ['admin', 'moderator', 'operator', 'support', 'finance'];

  it('O-02 each action passes for its roles only; operators, members and anonymous callers are refused', async () => {
    const m = await buildMember(db(), { status: 'not_confirmed', credits: 100 });
    const requests: Record<string, () => [method: 'GET' | 'POST' | 'DELETE', url: string, body?: object]> = {
      view: () => ['GET', `/api/admin/members/${m.id}`],
      ban: () => ['POST', `/api/admin/members/${m.id}/ban`, { reason: 'matrix' }],
      credits: () => [
        'POST',
        `/api/admin/members/${m.id}/credits`,
        { amount: 1, reason: 'matrix', client_id: randomUUID() },
      ],
      // An unknown payment: the role check comes first (403), then 404 for those allowed.
      refund: () => [
        'POST',
        `/api/admin/members/${m.id}/payments/tr_unknown0000/refund`,
        { reason: 'matrix' },
      ],
      activation: () => ['POST', `/api/admin/members/${m.id}/activation-mail`, {}],
      delete: () => ['DELETE', `/api/admin/members/${m.id}`, { reason: 'matrix' }],
    };
    const outcome: string[] = [];
    for (const [action, make] of Object.entries(requests)) {
      for (const role of roles) {
        const s = await staffWith(role);
        const [method, url, body] = make();
        const res = await asStaff(s, method, url, body);
        const passed = res.statusCode !== 403 && res.statusCode !== 401;
        if (passed !== allowed[action]?.includes(role)) outcome.push(`${action} ${role}: ${res.statusCode}`);
        // Undo what a passing ban or deletion did, so the next role meets the same member.
        if (passed && action === 'ban' && res.statusCode === 200)
          await db()
            .update(users)
            .set({ status: 'not_confirmed', banReason: null })
            .where(eq(users.id, m.id));
        if (passed && action === 'delete' && res.statusCode === 200)
          await db().update(users).set({ deletedAt: null }).where(eq(users.id, m.id));
      }
      const [method, url, body] = make();
      for (const cookies of [{}, (await buildMember(db())).cookies]) {
        const res = await app().inject({ method, url, cookies, ...(body ? { payload: body } : {}) });
        if (res.statusCode !== 401) outcome.push(`${action} member/anonymous: ${res.statusCode}`);
      }
    }
    expect(outcome).toEqual([]);
    const search = await asStaff(await staffWith('operator'), 'GET', '/api/admin/members');
    expect(search.statusCode).toBe(403);
  });
});
