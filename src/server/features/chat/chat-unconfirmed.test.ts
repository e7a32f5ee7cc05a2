import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CHAT_ERRORS } from '../../../shared/contract/chat.ts';
import nl from '../../../shared/i18n/messages/nl.json' with { type: 'json' };
import { messages, users } from '../../db/schema.ts';
import {
  api,
  clientId,
  connectSocket,
  creditsOf,
  listeningTestApp,
  openChat,
  sendOverSocket,
  sendText,
} from '../../test/chat.ts';
import { buildMember, type TestMember } from '../../test/members.ts';

const server = listeningTestApp();

const setStatus = (m: TestMember, status: 'confirmed' | 'not_confirmed') =>
  server.t.app.db.update(users).set({ status }).where(eq(users.id, m.id));
const sentBy = (m: TestMember) => server.t.app.db.select().from(messages).where(eq(messages.senderId, m.id));

describe('C-10 C-12 a member whose e-mail is unconfirmed starts no conversation and sends nothing (issue 21)', () => {
  it('C-10 C-03 C-09 HTTP: opening a new conversation, a text and a gift are refused with 403 and the localised text; nothing stored or charged', async () => {
    const a = await buildMember(server.t.app.db, { paidUser: true, credits: 50 });
    const b = await buildMember(server.t.app.db, { paidUser: true });
    const c = await buildMember(server.t.app.db, { paidUser: true });
    const existing = await openChat(server.t.app, a, b);
    await setStatus(a, 'not_confirmed');
    const refused = (res: { statusCode: number; json(): { error: { code: string; message: string } } }) => {
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toMatchObject({
        code: CHAT_ERRORS.senderUnconfirmed,
        message: nl['chat.sender_unconfirmed'],
      });
    };
    refused(await api(server.t.app, a, 'POST', `/api/members/${c.id}/chat`));
    refused(await sendText(server.t.app, a, existing, 'hallo'));
    refused(
      await api(server.t.app, a, 'POST', `/api/members/${c.id}/gifts`, {
        client_id: clientId(),
        gift_code: 'rose',
      }),
    );
    expect(await sentBy(a)).toEqual([]);
    expect(await creditsOf(server.t.app, a.id)).toBe(50);
    // An existing conversation still opens (to read it).
    expect((await api(server.t.app, a, 'POST', `/api/members/${b.id}/chat`)).statusCode).toBe(200);
  });

  it('C-12 the socket: a send frame gets a nack with the same refusal; once the e-mail is confirmed the same socket sends', async () => {
    const a = await buildMember(server.t.app.db, { paidUser: true, credits: 50 });
    const b = await buildMember(server.t.app.db, { paidUser: true });
    const id = await openChat(server.t.app, a, b);
    await setStatus(a, 'not_confirmed');
    const s = await connectSocket(server.base, a.cookie);
    const first = clientId();
    sendOverSocket(s.socket, id, first, 'hallo');
    expect(await s.next('nack', (e) => e.client_id === first)).toMatchObject({
      status: 403,
      error: { code: CHAT_ERRORS.senderUnconfirmed, message: nl['chat.sender_unconfirmed'] },
    });
    expect(await sentBy(a)).toEqual([]);
    await setStatus(a, 'confirmed');
    const second = clientId();
    sendOverSocket(s.socket, id, second, 'nu wel');
    expect((await s.next('ack', (e) => e.client_id === second)).response.message.body).toBe('nu wel');
    s.socket.close();
  });
});
