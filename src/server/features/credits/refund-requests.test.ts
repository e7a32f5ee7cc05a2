import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, creditLedger, payments, refundRequests, type StaffRole } from '../../db/schema.ts';
import { listeningTestApp } from '../../test/chat.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { buyFirstBundle } from '../../test/payments.ts';
import { buildStaff } from '../../test/staff.ts';
import { bookCredits } from '../accounts/index.ts';

// Issue 26 scope 5: a member asks for an unspent purchase's refund from its transaction page, within the
// site's refund days; finance staff approve (the back office's refund) or refuse with an answer.

const server = listeningTestApp();
const app = () => server.t.app;
const db = () => server.t.app.db;

const oldMember = () => buildMember(db(), { createdAt: new Date(Date.now() - 48 * 3_600_000) });

/** The ledger id of the member's purchase of this payment, as the transactions list links it. */
async function entryOf(m: TestMember, reference: string) {
  const [row] = await db()
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.userId, m.id), eq(creditLedger.reference, reference)));
  return row?.id as number;
}

const transaction = (m: TestMember, id: number) =>
  app().inject({ url: `/api/transactions/${id}`, cookies: m.cookies, headers: { 'accept-language': 'nl' } });

const ask = (m: TestMember, id: number, reason = '') =>
  app().inject({
    method: 'POST',
    url: `/api/transactions/${id}/refund-request`,
    cookies: m.cookies,
    headers: { 'accept-language': 'nl' },
    payload: { reason },
  });

async function purchase() {
  const m = await oldMember();
  const paid = await buyFirstBundle(app(), m);
  return { m, paid, entry: await entryOf(m, paid.id) };
}

const asStaff = (s: { cookies: Record<string, string> }, url: string, payload?: object) =>
  app().inject({
    method: payload ? 'POST' : 'GET',
    url,
    cookies: s.cookies,
    headers: { 'accept-language': 'en' },
    ...(payload ? { payload } : {}),
  });
const staffWith = (...roles: StaffRole[]) => buildStaff(db(), { roles, language: 'en' });

describe('Pay-11 a member asks for a refund of an unspent purchase', () => {
  it('Pay-11 the purchase offers a refund until refund_days after paying; asking makes one open request', async () => {
    const { m, entry } = await purchase();
    const before = (await transaction(m, entry)).json();
    expect(before.refund).toMatchObject({ status: 'available', requested_at: null });
    const days =
      (new Date(before.refund.until).getTime() - new Date(before.payment.paid_at).getTime()) / 86_400_000;
    expect(days).toBe(14);

    const res = await ask(m, entry, 'Ik had me vergist\nin het pakket.');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund).toMatchObject({ status: 'open' });
    const [row] = await db().select().from(refundRequests).where(eq(refundRequests.userId, m.id));
    expect(row).toMatchObject({ status: 'open', reason: 'Ik had me vergist\nin het pakket.' });

    const again = await ask(m, entry);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({
      code: 'refund_already_requested',
      message: 'Je hebt voor deze aankoop al een terugbetaling aangevraagd.',
    });
  });

  it('Pay-11 the same request 20 times at once makes one request; the others are told it was asked', async () => {
    const { m, entry } = await purchase();
    const answers = await Promise.all(Array.from({ length: 20 }, () => ask(m, entry)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await db().select().from(refundRequests).where(eq(refundRequests.userId, m.id))).toHaveLength(1);
  });

  it('Pay-11 a purchase whose credits were spent, or whose refund days ended, cannot be asked back', async () => {
    const spent = await purchase();
    await bookCredits(db(), spent.m.id, -1, { reason: 'chat_message', reference: 'm1' });
    expect((await transaction(spent.m, spent.entry)).json().refund.status).toBe('spent');
    const refused = await ask(spent.m, spent.entry);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      'Je hebt credits van deze aankoop al gebruikt, dus terugbetalen kan niet meer.',
    );

    const late = await purchase();
    await db()
      .update(payments)
      .set({ paidAt: new Date(Date.now() - 15 * 86_400_000) })
      .where(eq(payments.publicId, late.paid.id));
    expect((await transaction(late.m, late.entry)).json().refund.status).toBe('over');
    const over = await ask(late.m, late.entry);
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('refund_window_over');
    expect(await db().select().from(refundRequests).where(eq(refundRequests.userId, late.m.id))).toHaveLength(
      0,
    );
  });

  it("Pay-11 another member's purchase is a 404; a booking that is no purchase is refused; bad reasons are field errors", async () => {
    const { m, entry } = await purchase();
    const other = await oldMember();
    expect((await ask(other, entry)).statusCode).toBe(404);
    await bookCredits(db(), m.id, 5, { reason: 'staff_adjustment', reference: 'gift-5' });
    const adjust = await entryOf(m, 'gift-5');
    const notPurchase = await ask(m, adjust);
    expect(notPurchase.statusCode).toBe(409);
    expect((await transaction(m, adjust)).json().refund).toBeNull();
    for (const reason of ['a\u0000b', 'x\ud800', 'y'.repeat(501)]) {
      const bad = await ask(m, entry, reason);
      expect(bad.statusCode, reason).toBe(400);
      expect(Object.keys(bad.json().error.fields ?? {})).toEqual(['reason']);
    }
    expect(await db().select().from(refundRequests).where(eq(refundRequests.userId, m.id))).toHaveLength(0);
  });
});

describe('Pay-11 O-02 finance decides refund requests', () => {
  it('Pay-11 O-02 finance sees open requests; approving refunds the payment once, through the ledger, audited', async () => {
    const { m, paid, entry } = await purchase();
    expect((await ask(m, entry, 'Toch niet nodig')).statusCode).toBe(200);
    const finance = await staffWith('finance');
    const support = await staffWith('support');
    expect((await asStaff(support, '/api/admin/refund-requests')).statusCode).toBe(403);

    const list = (await asStaff(finance, '/api/admin/refund-requests?page_size=100')).json();
    const mine = list.rows.find((r: { member: { id: number } }) => r.member.id === m.id);
    expect(mine).toMatchObject({
      status: 'open',
      reason: 'Toch niet nodig',
      refundable: true,
      payment: { id: paid.id, status: 'paid', credits: paid.credits },
      member: { balance: paid.credits },
    });

    const approvals = await Promise.all(
      [1, 2, 3].map(() => asStaff(finance, `/api/admin/refund-requests/${mine.id}/approve`, {})),
    );
    expect(approvals.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const approved = approvals.find((r) => r.statusCode === 200)?.json();
    expect(approved).toMatchObject({
      status: 'approved',
      payment: { status: 'refunded' },
      member: { balance: 0 },
    });
    const [p] = await db().select().from(payments).where(eq(payments.publicId, paid.id));
    expect(p).toMatchObject({ status: 'refunded', refundedCredits: paid.credits });
    expect((await transaction(m, entry)).json().refund.status).toBe('approved');
    const audit = await db().select().from(auditLog).where(eq(auditLog.action, 'member.refund'));
    expect(audit.some((a) => a.objectId === String(m.id))).toBe(true);
  });

  it('Pay-11 O-02 a refusal needs an answer, which the member reads; a decided request is not decided again', async () => {
    const { m, entry } = await purchase();
    await ask(m, entry);
    const finance = await staffWith('finance');
    const [row] = await db().select().from(refundRequests).where(eq(refundRequests.userId, m.id));
    const empty = await asStaff(finance, `/api/admin/refund-requests/${row?.id}/refuse`, { note: ' ' });
    expect(empty.statusCode).toBe(400);
    const note = 'Je hebt al 3 berichten gestuurd met deze credits.';
    const res = await asStaff(finance, `/api/admin/refund-requests/${row?.id}/refuse`, { note });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'refused', note });
    expect((await transaction(m, entry)).json().refund).toMatchObject({ status: 'refused', note });
    const twice = await asStaff(finance, `/api/admin/refund-requests/${row?.id}/approve`, {});
    expect(twice.statusCode).toBe(409);
    const refused = (
      await asStaff(finance, '/api/admin/refund-requests?status=refused&page_size=100')
    ).json();
    expect(refused.rows.map((r: { id: number }) => r.id)).toContain(row?.id);
  });

  it('Pay-11 a refund from the member page answers the open request too', async () => {
    const { m, paid, entry } = await purchase();
    await ask(m, entry);
    const finance = await staffWith('finance');
    const res = await asStaff(finance, `/api/admin/members/${m.id}/payments/${paid.id}/refund`, {
      reason: 'Asked by phone',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db().select().from(refundRequests).where(eq(refundRequests.userId, m.id));
    expect(row).toMatchObject({ status: 'approved', decidedBy: finance.id });
  });
});
