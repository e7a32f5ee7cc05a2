import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks, chatAllowances, creditLedger, messages } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { api, creditsOf, openChat } from '../../test/chat.ts';
import { expectLedgersBalance, notOpening, refuseBookingsOf } from '../../test/ledger.ts';
import { buildMember } from '../../test/members.ts';
import { bookCredits } from '../accounts/index.ts';
import { type BatchItem, numberSends, submitSend } from './send-batch.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  // Issue 22: whatever these tests booked, every member's ledger still sums to their balance.
  try {
    await expectLedgersBalance(t.app.db);
  } finally {
    await t.close();
  }
});

const item = (sender: number, conv: number, clientId: string, body: string): BatchItem => ({
  sender,
  conv,
  client_id: clientId,
  kind: 'text',
  body,
  gift_code: null,
  photo_filename: null,
  photo_thumb_filename: null,
  photo_width: null,
  photo_height: null,
  sent_by: 'member',
  cost: 3,
  reason: 'chat_message',
  gift_default: 10,
  free_limit: 0,
  created_at: new Date().toISOString(),
});

describe('C-12 C-03 sends that share one transaction (group commit)', () => {
  it('C-12 C-03 each send of a batch gets its own answer: stored, short of credits, not a member, a twin', async () => {
    const a = await buildMember(t.app.db, { paidUser: true, credits: 7 });
    const b = await buildMember(t.app.db, { paidUser: true, credits: 100 });
    const stranger = await buildMember(t.app.db, { paidUser: true, credits: 100 });
    const id = await openChat(t.app, a, b);
    // Submitted in one turn of the event loop: one batch, one transaction.
    const outcomes = await Promise.all([
      submitSend(t.app.db, item(a.id, id, 'batch-a-0001', 'een')),
      submitSend(t.app.db, item(b.id, id, 'batch-b-0001', 'antwoord')),
      submitSend(t.app.db, item(a.id, id, 'batch-a-0002', 'twee')),
      submitSend(t.app.db, item(a.id, id, 'batch-a-0003', 'drie: te weinig credits')),
      submitSend(t.app.db, item(stranger.id, id, 'batch-x-0001', 'meelezen')),
      submitSend(t.app.db, item(a.id, id, 'batch-a-0001', 'een')),
    ]);
    expect(outcomes.map((o) => (o.status === 'error' ? o.error : o.status))).toEqual([
      'ok',
      'ok',
      'ok',
      'insufficient_credits',
      'not_found',
      'duplicate',
    ]);
    // Credits add up within the batch: 7 - 3 - 3 = 1, and the third send did not fit.
    const [first, , second] = outcomes;
    expect(first).toMatchObject({ credits: 4, spent: 3 });
    expect(second).toMatchObject({ credits: 1, spent: 3 });
    expect(outcomes[5]).toMatchObject({ status: 'duplicate', credits: 1 });
    expect(await creditsOf(t.app, a.id)).toBe(1);
    // One conversation, consecutive sequence numbers, in the order sent.
    const stored = await t.app.db
      .select({ seq: messages.seq, body: messages.body })
      .from(messages)
      .where(eq(messages.conversationId, id))
      .orderBy(messages.seq);
    expect(stored).toEqual([
      { seq: 1, body: 'een' },
      { seq: 2, body: 'antwoord' },
      { seq: 3, body: 'twee' },
    ]);
    // The answered rows are the stored rows (a stored message is answered with what was sent plus the id
    // and sequence the database gave it; a duplicate with its stored row).
    const rows = await t.app.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, id))
      .orderBy(messages.seq);
    const answered = outcomes.flatMap((o) => (o.status === 'error' ? [] : [o.row]));
    expect(answered).toEqual([rows[0], rows[1], rows[2], rows[0]]);
    const ledger = await t.app.db
      .select({ amount: creditLedger.amount, reference: creditLedger.reference })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, a.id), notOpening()));
    expect(ledger).toEqual([
      { amount: -3, reference: 'batch-a-0001' },
      { amount: -3, reference: 'batch-a-0002' },
    ]);
    // The recipient's unread total comes with the stored send: B has a's two messages after their answer.
    expect(first).toMatchObject({ recipient: { id: b.id } });
    expect(outcomes[2]).toMatchObject({ recipient: { id: b.id, unread: 1 } });
    const list = await api(t.app, b, 'GET', '/api/chats');
    expect(list.json()).toMatchObject({ total_unread: 1, chats: [{ num_unread_messages: 1 }] });
  });
});

describe('C-12 a batch of sends from different members is one round', () => {
  it('C-12 sends are cut into rounds where no sender and no conversation repeats, in the order sent', () => {
    const rounds = numberSends([
      item(1, 10, 'a', 'x'),
      item(2, 20, 'b', 'x'),
      item(1, 30, 'c', 'x'), // sender 1 again
      item(3, 20, 'd', 'x'), // conversation 20 again
      item(4, 40, 'e', 'x'),
      item(1, 10, 'a', 'x'), // a twin: after sender 1's second send
    ]).map((i) => [i.ord, i.round]);
    expect(rounds).toEqual([
      [0, 1],
      [1, 1],
      [2, 2],
      [3, 2],
      [4, 1],
      [5, 3],
    ]);
  });

  it('C-12 C-03 C-04 one round of six members: stored, free, blocked, unknown gift, short of credits and a twin of an earlier send each get their own answer', async () => {
    const pairs = await Promise.all(
      [
        { paidUser: true, credits: 10 },
        { paidUser: false, credits: 0 },
        { paidUser: true, credits: 10 },
        { paidUser: true, credits: 10 },
        { paidUser: true, credits: 2 },
        { paidUser: true, credits: 10 },
      ].map(async (sender) => {
        const a = await buildMember(t.app.db, sender);
        const b = await buildMember(t.app.db, { paidUser: true });
        return { a, b, conv: await openChat(t.app, a, b) };
      }),
    );
    const [paid, free, blocked, gifted, poor, twin] = pairs as [
      (typeof pairs)[0],
      (typeof pairs)[0],
      (typeof pairs)[0],
      (typeof pairs)[0],
      (typeof pairs)[0],
      (typeof pairs)[0],
    ];
    await t.app.db.insert(blocks).values({ blockerId: blocked.b.id, blockedId: blocked.a.id });
    const first = await submitSend(t.app.db, item(twin.a.id, twin.conv, 'round-twin-01', 'eerder'));
    expect(first.status).toBe('ok');
    const outcomes = await Promise.all([
      submitSend(t.app.db, item(paid.a.id, paid.conv, 'round-paid-01', 'betaald')),
      submitSend(t.app.db, { ...item(free.a.id, free.conv, 'round-free-01', 'gratis'), free_limit: 2 }),
      submitSend(t.app.db, item(blocked.a.id, blocked.conv, 'round-block-01', 'geblokkeerd')),
      submitSend(t.app.db, {
        ...item(gifted.a.id, gifted.conv, 'round-gift-01', ''),
        kind: 'gift',
        body: null,
        gift_code: 'no-such-gift',
      }),
      submitSend(t.app.db, item(poor.a.id, poor.conv, 'round-poor-01', 'te duur')),
      submitSend(t.app.db, item(twin.a.id, twin.conv, 'round-twin-01', 'eerder')),
    ]);
    expect(outcomes.map((o) => (o.status === 'error' ? o.error : o.status))).toEqual([
      'ok',
      'ok',
      'unavailable',
      'unknown_gift',
      'insufficient_credits',
      'duplicate',
    ]);
    expect(outcomes[0]).toMatchObject({
      credits: 7,
      spent: 3,
      freeLeft: null,
      recipient: { id: paid.b.id, unread: 1 },
    });
    expect(outcomes[1]).toMatchObject({ credits: 0, spent: 0, freeLeft: 1, recipient: { id: free.b.id } });
    expect(outcomes[4]).toMatchObject({ required: 3 });
    expect(outcomes[5]).toMatchObject({ status: 'duplicate', credits: 7 });
    if (first.status === 'error' || outcomes[5]?.status !== 'duplicate') throw new Error('no row');
    expect(outcomes[5].row.id).toBe(first.row.id);
    // Only the two stored sends wrote anything: one message each, one booking (the free one has none).
    const stored = await t.app.db
      .select({ conv: messages.conversationId, seq: messages.seq, spent: messages.creditsSpent })
      .from(messages)
      .where(inArray(messages.conversationId, [paid.conv, free.conv, blocked.conv, gifted.conv, poor.conv]));
    // The pairs are set up side by side, so their conversation ids come in either order.
    const byConv = (x: { conv: number }, y: { conv: number }) => x.conv - y.conv;
    expect(stored.sort(byConv)).toEqual(
      [
        { conv: paid.conv, seq: 1, spent: 3 },
        { conv: free.conv, seq: 1, spent: 0 },
      ].sort(byConv),
    );
    const booked = await t.app.db
      .select({ user: creditLedger.userId, amount: creditLedger.amount, after: creditLedger.balanceAfter })
      .from(creditLedger)
      .where(and(inArray(creditLedger.userId, [paid.a.id, free.a.id, poor.a.id]), notOpening()));
    expect(booked).toEqual([{ user: paid.a.id, amount: -3, after: 7 }]);
    const [allowance] = await t.app.db
      .select({ used: chatAllowances.freeMessagesUsed })
      .from(chatAllowances)
      .where(eq(chatAllowances.memberId, free.a.id));
    expect(allowance?.used).toBe(1);
    expect(await creditsOf(t.app, poor.a.id)).toBe(2);
  });
});

describe('C-03 a paid send books through book_credits(), the one booking of credits (issue 22, decision 0032)', () => {
  const ledgerOf = (userId: number) =>
    t.app.db
      .select({
        amount: creditLedger.amount,
        after: creditLedger.balanceAfter,
        reason: creditLedger.reason,
        reference: creditLedger.reference,
      })
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, userId), notOpening()))
      .orderBy(creditLedger.id);
  const messagesOf = (clientId: string) =>
    t.app.db.select({ seq: messages.seq }).from(messages).where(eq(messages.clientId, clientId));

  it('C-03 a paid send that book_credits() refuses stores nothing and answers insufficient_credits; the send beside it is booked by the function', async () => {
    const a = await buildMember(t.app.db, { paidUser: true, credits: 50 });
    const c = await buildMember(t.app.db, { paidUser: true, credits: 50 });
    const b = await buildMember(t.app.db, { paidUser: true });
    const ab = await openChat(t.app, a, b);
    const cb = await openChat(t.app, c, b);
    const restore = await refuseBookingsOf(t.app.db, a.id);
    let outcomes: Awaited<ReturnType<typeof submitSend>>[];
    try {
      outcomes = await Promise.all([
        submitSend(t.app.db, item(a.id, ab, 'book-refused-01', 'niet betaald')),
        submitSend(t.app.db, item(c.id, cb, 'book-beside-01', 'betaald')),
      ]);
    } finally {
      await restore();
    }
    expect(outcomes[0]).toEqual({ status: 'error', error: 'insufficient_credits', required: 3 });
    expect(outcomes[1]).toMatchObject({ status: 'ok', credits: 47, spent: 3 });
    // No message, no sequence number, no unread, no booking for the refused send.
    expect(await messagesOf('book-refused-01')).toEqual([]);
    expect(await ledgerOf(a.id)).toEqual([]);
    expect(await creditsOf(t.app, a.id)).toBe(50);
    expect(await ledgerOf(c.id)).toEqual([
      { amount: -3, after: 47, reason: 'chat_message', reference: 'book-beside-01' },
    ]);
    // Booked again, the same send goes in as the conversation's first message.
    const again = await submitSend(t.app.db, item(a.id, ab, 'book-refused-01', 'niet betaald'));
    expect(again).toMatchObject({ status: 'ok', credits: 47, spent: 3, row: { seq: 1 } });
    expect(await ledgerOf(a.id)).toEqual([
      { amount: -3, after: 47, reason: 'chat_message', reference: 'book-refused-01' },
    ]);
  });

  it('C-03 C-12 a paid send whose client id was booked before without a message stores nothing: client_id_reused, never a message unpaid', async () => {
    const a = await buildMember(t.app.db, { paidUser: true, credits: 20 });
    const b = await buildMember(t.app.db, { paidUser: true });
    const ab = await openChat(t.app, a, b);
    await bookCredits(t.app.db, a.id, -3, { reason: 'chat_message', reference: 'booked-before-01' });
    const outcome = await submitSend(t.app.db, item(a.id, ab, 'booked-before-01', 'al geboekt'));
    expect(outcome).toEqual({ status: 'error', error: 'client_id_reused' });
    expect(await messagesOf('booked-before-01')).toEqual([]);
    expect(await creditsOf(t.app, a.id)).toBe(17);
    expect(await ledgerOf(a.id)).toHaveLength(1);
  });
});
