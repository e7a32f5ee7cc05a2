import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZComplaintDetail, ZComplaintList } from '../../../shared/contract/admin-moderation.ts';
import { auditLog, complaintReplies, complaints, mailOutbox, sites, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { buildStaff, type TestStaff } from '../../test/staff.ts';
import { testJpeg, uploadPhotoAs } from '../../test/uploads.ts';

let t: TestApp;
let siteA: number;
let siteB: number;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.app.db.select({ id: sites.id }).from(sites).orderBy(asc(sites.id));
  siteA = rows[0]?.id as number;
  siteB = rows[1]?.id as number;
});
afterAll(() => t.close());

let n = 0;
/** Files a complaint through the public form, as a sender writing in `locale`; answers its id. */
async function fileComplaint(
  opts: { member?: TestMember; locale?: string; topic?: string; message?: string; email?: string } = {},
) {
  n += 1;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/complaints',
    headers: { 'accept-language': opts.locale ?? 'nl' },
    remoteAddress: `10.9.${(n >> 8) & 255}.${n & 255}`,
    payload: {
      client_id: `admin-complaint-${n}-${Date.now()}`,
      name: 'Camille Durand',
      email: opts.email ?? `camille${n}@example.test`,
      topic: opts.topic ?? (opts.member ? 'profile' : 'payment'),
      member_id: opts.member?.id ?? null,
      message: opts.message ?? 'Ce profil me demande de l’argent pour un billet d’avion.',
    },
  });
  expect(res.statusCode).toBe(201);
  return Number(String(res.json().reference).slice(2));
}

const call = (s: TestStaff, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.app.inject({ method, url, cookies: s.cookies, ...(payload ? { payload } : {}) });

describe('O-03 L-09 complaints in the back office', () => {
  it('O-03 lists complaints newest first, filtered by status, site and assignee, paged on the server', async () => {
    const mod = await buildStaff(t.app.db, { roles: ['moderator'] });
    const ids = [await fileComplaint(), await fileComplaint(), await fileComplaint()];
    const res = await call(mod, 'GET', `/api/admin/complaints?site=${siteA}&status=open&page_size=5`);
    expect(res.statusCode).toBe(200);
    const list = ZComplaintList.parse(res.json());
    expect(list.rows.slice(0, 3).map((r) => r.id)).toEqual([...ids].reverse());
    expect(list.rows[0]).toMatchObject({
      status: 'open',
      topic: 'payment',
      site_id: siteA,
      assigned_to: null,
    });
    expect(list.rows[0]?.reference).toMatch(/^K-\d{6}$/);

    // Page 2 of size 5 continues where page 1 stopped; the total counts every match.
    const second = ZComplaintList.parse(
      (await call(mod, 'GET', `/api/admin/complaints?site=${siteA}&page=2&page_size=5`)).json(),
    );
    const first = ZComplaintList.parse(
      (await call(mod, 'GET', `/api/admin/complaints?site=${siteA}&page=1&page_size=5`)).json(),
    );
    expect(second.total).toBe(first.total);
    expect(second.rows.map((r) => r.id)).not.toContain(first.rows[0]?.id);

    // Mine: none until one is assigned to me.
    const mine = () => call(mod, 'GET', '/api/admin/complaints?assigned=me');
    expect(ZComplaintList.parse((await mine()).json()).total).toBe(0);
    await call(mod, 'PATCH', `/api/admin/complaints/${ids[0]}`, { assigned_to: mod.id });
    expect(ZComplaintList.parse((await mine()).json()).rows.map((r) => r.id)).toEqual([ids[0]]);
    const oldestFirst = ZComplaintList.parse(
      (await call(mod, 'GET', `/api/admin/complaints?assigned=none&sort=created_at`)).json(),
    );
    expect(oldestFirst.rows.map((r) => r.id)).not.toContain(ids[0]);
    expect(oldestFirst.rows.map((r) => r.id).indexOf(ids[1] as number)).toBeLessThan(
      oldestFirst.rows.map((r) => r.id).indexOf(ids[2] as number),
    );
  });

  it("O-03 a moderator of another site sees none of this site's complaints and cannot open or change one", async () => {
    const id = await fileComplaint();
    const elsewhere = await buildStaff(t.app.db, { roles: [{ role: 'moderator', siteId: siteB }] });
    const list = ZComplaintList.parse((await call(elsewhere, 'GET', '/api/admin/complaints')).json());
    expect(list.rows.map((r) => r.id)).not.toContain(id);
    expect((await call(elsewhere, 'GET', `/api/admin/complaints?site=${siteA}`)).statusCode).toBe(403);
    for (const [method, url, body] of [
      ['GET', `/api/admin/complaints/${id}`, undefined],
      ['PATCH', `/api/admin/complaints/${id}`, { status: 'handled' }],
      ['POST', `/api/admin/complaints/${id}/replies`, { body: 'Hallo' }],
      ['POST', `/api/admin/complaints/${id}/ban`, { reason: 'spam' }],
    ] as const) {
      const res = await call(elsewhere, method, url, body);
      expect(res.statusCode, url).toBe(403);
    }
    const support = await buildStaff(t.app.db, { roles: ['support'] });
    expect((await call(support, 'GET', '/api/admin/complaints')).statusCode).toBe(403);
    const [row] = await t.app.db.select().from(complaints).where(eq(complaints.id, id));
    expect(row?.status).toBe('open');
  });

  it('O-03 the detail shows message, sender, the member complained about and who can take it; status and assignment are audit-logged', async () => {
    const reported = await buildMember(t.app.db, { name: 'Nepprofiel' });
    const id = await fileComplaint({ member: reported });
    const mod = await buildStaff(t.app.db, { roles: [{ role: 'moderator', siteId: siteA }], name: 'Mo' });
    const other = await buildStaff(t.app.db, { roles: [{ role: 'moderator', siteId: siteB }] });
    const detail = ZComplaintDetail.parse((await call(mod, 'GET', `/api/admin/complaints/${id}`)).json());
    expect(detail).toMatchObject({
      id,
      message: 'Ce profil me demande de l’argent pour un billet d’avion.',
      name: 'Camille Durand',
      topic: 'profile',
      member: { id: reported.id, name: 'Nepprofiel', status: 'confirmed', site_id: siteA },
      replies: [],
      reply_from: 'Vonk <support@vonk.test>',
    });
    expect(detail.assignable.map((s) => s.id)).toContain(mod.id);
    expect(detail.assignable.map((s) => s.id)).not.toContain(other.id);

    const refused = await call(mod, 'PATCH', `/api/admin/complaints/${id}`, { assigned_to: other.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('not_assignable');

    const res = await call(mod, 'PATCH', `/api/admin/complaints/${id}`, {
      status: 'in_progress',
      assigned_to: mod.id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'in_progress', assigned_to: { id: mod.id, name: 'Mo' } });
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'complaint'), eq(auditLog.objectId, String(id))));
    expect(audit).toEqual([
      expect.objectContaining({
        action: 'complaint.update',
        staffId: mod.id,
        before: { status: 'open', assigned_to: null },
        after: { status: 'in_progress', assigned_to: mod.id },
      }),
    ]);
    // The same change again writes nothing more.
    await call(mod, 'PATCH', `/api/admin/complaints/${id}`, { status: 'in_progress' });
    expect(
      await t.app.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.objectType, 'complaint'), eq(auditLog.objectId, String(id)))),
    ).toHaveLength(1);
  });

  it("O-03 a reply is mailed from the site's address to the sender in their language, stored and audit-logged", async () => {
    const email = `reply-${Date.now()}@example.test`;
    const id = await fileComplaint({ locale: 'fr', email });
    const mod = await buildStaff(t.app.db, { roles: ['moderator'] });
    const body = 'Bonjour Camille,\n\nNous avons vérifié ce paiement <b>et</b> le remboursons.';
    const res = await call(mod, 'POST', `/api/admin/complaints/${id}/replies`, { body });
    expect(res.statusCode).toBe(200);
    const detail = ZComplaintDetail.parse(res.json());
    expect(detail).toMatchObject({ status: 'in_progress', assigned_to: { id: mod.id } });
    expect(detail.replies).toEqual([
      expect.objectContaining({ body, staff: expect.objectContaining({ id: mod.id }) }),
    ]);

    const [stored] = await t.app.db
      .select()
      .from(complaintReplies)
      .where(eq(complaintReplies.complaintId, id));
    expect(stored).toMatchObject({ body, staffId: mod.id });
    const mails = (await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, email))).filter((m) =>
      m.subject.startsWith('Réponse'),
    );
    expect(mails).toHaveLength(1);
    const mail = mails[0];
    expect(mail?.from).toBe('Vonk <support@vonk.test>');
    expect(mail?.subject).toBe(`Réponse à ta réclamation sur Vonk (K-${String(id).padStart(6, '0')})`);
    expect(mail?.text).toContain('Nous avons vérifié ce paiement <b>et</b> le remboursons.');
    expect(mail?.html).toContain('&lt;b&gt;et&lt;/b&gt;');
    expect(mail?.html).toContain('lang="fr"');
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'complaint.reply'), eq(auditLog.objectId, String(id))));
    expect(audit?.after).toMatchObject({ status: 'in_progress', locale: 'fr', to: email });

    // Done after a second reply, when asked.
    const done = await call(mod, 'POST', `/api/admin/complaints/${id}/replies`, {
      body: 'Le remboursement est fait.',
      status: 'handled',
    });
    expect(done.json()).toMatchObject({ status: 'handled' });
    expect(done.json().replies).toHaveLength(2);
  });

  it('A-10 O-03 banning the member of a complaint needs a fresh second factor and a reason, ends their session and is audit-logged', async () => {
    const reported = await buildMember(t.app.db);
    const id = await fileComplaint({ member: reported });
    const stale = await buildStaff(t.app.db, { roles: ['moderator'], factorAgeMs: 11 * 60_000 });
    const refused = await call(stale, 'POST', `/api/admin/complaints/${id}/ban`, { reason: 'Vraagt geld' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('step_up_required');

    const mod = await buildStaff(t.app.db, { roles: ['moderator'] });
    const noReason = await call(mod, 'POST', `/api/admin/complaints/${id}/ban`, { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect((await t.app.db.select().from(users).where(eq(users.id, reported.id)))[0]?.status).toBe(
      'confirmed',
    );

    const res = await call(mod, 'POST', `/api/admin/complaints/${id}/ban`, { reason: 'Vraagt geld' });
    expect(res.statusCode).toBe(200);
    expect(res.json().member).toMatchObject({ id: reported.id, status: 'banned' });
    const [row] = await t.app.db.select().from(users).where(eq(users.id, reported.id));
    expect(row).toMatchObject({ status: 'banned', banReason: 'Vraagt geld' });
    const session = await t.app.inject({ url: '/api/user.php', cookies: reported.cookies });
    expect(session.statusCode).toBe(403);
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.ban'), eq(auditLog.objectId, String(reported.id))));
    expect(audit).toMatchObject({
      staffId: mod.id,
      reason: 'Vraagt geld',
      before: { status: 'confirmed' },
      after: { status: 'banned', complaint_id: id },
    });
    const again = await call(mod, 'POST', `/api/admin/complaints/${id}/ban`, { reason: 'Vraagt geld' });
    expect(again.statusCode).toBe(409);

    const aboutNobody = await fileComplaint();
    const none = await call(mod, 'POST', `/api/admin/complaints/${aboutNobody}/ban`, { reason: 'x y z' });
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('no_member');
  });

  it("O-03 from a complaint, a moderator lists the member's photos and removes one through the reject path", async () => {
    const reported = await buildMember(t.app.db);
    const up = await uploadPhotoAs(t.app, reported, await testJpeg());
    expect(up.statusCode).toBe(201);
    await fileComplaint({ member: reported });
    const mod = await buildStaff(t.app.db, { roles: ['moderator'] });
    const list = await call(mod, 'GET', `/api/admin/photos/member/${reported.id}`);
    expect(list.statusCode).toBe(200);
    expect(list.json().photos).toEqual([expect.objectContaining({ id: up.json().id, is_main: true })]);
    const res = await call(mod, 'POST', `/api/admin/photos/${up.json().id}/reject`, {
      reason: 'someone_else',
    });
    expect(res.statusCode).toBe(200);
    expect((await call(mod, 'GET', `/api/admin/photos/member/${reported.id}`)).json().photos).toEqual([]);
  });

  it('O-03 hostile input answers a clear localised 400, never a 500', async () => {
    const id = await fileComplaint();
    const mod = await buildStaff(t.app.db, { roles: ['moderator'] });
    const cases = [
      ['GET', '/api/admin/complaints?status=bogus', undefined],
      ['GET', '/api/admin/complaints?assigned=someone', undefined],
      ['GET', '/api/admin/complaints?page=0', undefined],
      ['GET', '/api/admin/complaints?site=1%00', undefined],
      ['GET', '/api/admin/complaints/abc', undefined],
      ['PATCH', `/api/admin/complaints/${id}`, {}],
      ['PATCH', `/api/admin/complaints/${id}`, { assigned_to: -1 }],
      ['POST', `/api/admin/complaints/${id}/replies`, { body: 'Hallo\u0000daar' }],
      ['POST', `/api/admin/complaints/${id}/replies`, { body: 'Hallo \ud800 daar' }],
      ['POST', `/api/admin/complaints/${id}/replies`, { body: 'x'.repeat(5001) }],
      ['POST', `/api/admin/complaints/${id}/replies`, { body: ' ' }],
      ['POST', `/api/admin/complaints/${id}/ban`, { reason: 'a\u0007b c d' }],
    ] as const;
    for (const [method, url, payload] of cases) {
      const res = await t.app.inject({
        method,
        url,
        cookies: mod.cookies,
        headers: { 'accept-language': 'en' },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    const empty = await call(mod, 'POST', `/api/admin/complaints/${id}/replies`, { body: ' ' });
    expect(JSON.stringify(empty.json())).toContain('Schrijf eerst een antwoord.');
    expect(
      await t.app.db.select().from(complaintReplies).where(eq(complaintReplies.complaintId, id)),
    ).toEqual([]);
  });
});
