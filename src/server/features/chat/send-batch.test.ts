import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditLedger, messages } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/members.ts';
import { api, creditsOf, openChat } from './chat-test-kit.ts';
import { type BatchItem, submitSend } from './send-batch.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

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
    const ledger = await t.app.db
      .select({ amount: creditLedger.amount, reference: creditLedger.reference })
      .from(creditLedger)
      .where(eq(creditLedger.userId, a.id));
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
