import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_ERRORS } from '../../../shared/contract/chat.ts';
import { blocks, messages, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { api, clientId } from '../../test/chat.ts';
import { buildMember, type TestMember } from '../../test/members.ts';

// Issue 27: the message a visitor writes before having an account is sent by the browser once the account
// is active (web features/accounts/kept-message.ts): open the conversation, then send the text with the
// client id made when it was written. These are the server's answers that sequence relies on.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What the browser does with a kept message: open the conversation, send with the kept client id. */
async function sendKept(from: TestMember, to: { id: number }, id: string, body: string) {
  const open = await api(t.app, from, 'POST', `/api/members/${to.id}/chat`);
  if (open.statusCode !== 200) return open;
  const conversation = open.json().conversation.id as number;
  return api(t.app, from, 'POST', `/api/chats/${conversation}/messages`, {
    kind: 'text',
    client_id: id,
    body,
  });
}

const sentBy = (m: TestMember) => t.app.db.select().from(messages).where(eq(messages.senderId, m.id));

describe('issue 27 A-04 C-10 C-12 a message kept through signup goes out once, after activation, to a member who may get it', () => {
  it('A-04 C-12 refused while the address is unconfirmed (kept for later); once active it is stored once, however often it is sent', async () => {
    const visitor = await buildMember(t.app.db, { status: 'not_confirmed', credits: 10 });
    const member = await buildMember(t.app.db);
    const id = clientId();
    const early = await sendKept(visitor, member, id, 'Hoi! Zin in koffie?');
    expect(early.statusCode).toBe(403);
    expect(early.json().error.code).toBe(CHAT_ERRORS.senderUnconfirmed);
    expect(await sentBy(visitor)).toEqual([]);

    await t.app.db.update(users).set({ status: 'confirmed' }).where(eq(users.id, visitor.id));
    const first = await sendKept(visitor, member, id, 'Hoi! Zin in koffie?');
    expect(first.statusCode).toBe(201);
    // The activation page and a second tab both try: the same client id answers the stored message.
    const again = await Promise.all([1, 2].map(() => sendKept(visitor, member, id, 'Hoi! Zin in koffie?')));
    for (const res of again) {
      expect(res.statusCode).toBe(200);
      expect(res.json().duplicate).toBe(true);
      expect(res.json().message.id).toBe(first.json().message.id);
    }
    const stored = await sentBy(visitor);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ body: 'Hoi! Zin in koffie?', clientId: id });
  });

  it('C-10 never to a member who became hidden, left, or blocks the writer; nothing is stored or charged', async () => {
    const writer = await buildMember(t.app.db, { credits: 10 });
    const hidden = await buildMember(t.app.db, { invisible: true });
    const gone = await buildMember(t.app.db, { deletedAt: new Date() });
    const blocker = await buildMember(t.app.db);
    await t.app.db.insert(blocks).values({ blockerId: blocker.id, blockedId: writer.id });
    for (const to of [hidden, gone, blocker]) {
      const res = await sendKept(writer, to, clientId(), 'Hoi!');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe(CHAT_ERRORS.unavailable);
    }
    expect(await sentBy(writer)).toEqual([]);
    const [row] = await t.app.db
      .select({ credits: users.credits })
      .from(users)
      .where(eq(users.id, writer.id));
    expect(row?.credits).toBe(10);
  });
});
