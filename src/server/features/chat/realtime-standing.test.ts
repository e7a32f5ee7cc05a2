import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '../../../shared/contract/realtime.ts';
import { mailOutbox, messages, sessions, users } from '../../db/schema.ts';
import { createSession, SESSION_COOKIE } from '../../platform/session.ts';
import {
  api,
  clientId,
  connectSocket,
  creditsOf,
  listeningTestApp,
  openChat,
  sendOverSocket,
} from '../../test/chat.ts';
import { buildMember, TEST_PASSWORD, type TestMember } from '../../test/members.ts';
import { banMember } from '../accounts/index.ts';

const server = listeningTestApp();

const paid = (credits = 100) => buildMember(server.t.app.db, { paidUser: true, credits });
const sentBy = (m: TestMember) => server.t.app.db.select().from(messages).where(eq(messages.senderId, m.id));

/** A second session of the same member (another device). */
async function secondSession(m: TestMember) {
  const token = await createSession(server.t.app.db, m.id, 'other device');
  return { cookie: `${SESSION_COOKIE}=${token}`, cookies: { [SESSION_COOKIE]: token } };
}

describe('A-10 P-15 an open socket follows the member’s standing (issue 21)', () => {
  it('A-10 P-15 a ban closes the member’s open sockets at once with 4403; nothing sent after it is stored or charged', async () => {
    const a = await paid(10);
    const b = await paid();
    await openChat(server.t.app, a, b);
    const [one, two] = await Promise.all([
      connectSocket(server.base, a.cookie),
      connectSocket(server.base, a.cookie),
    ]);
    const bystander = await connectSocket(server.base, b.cookie);
    await banMember(server.t.app.db, a.id, 'spam', new Date(), server.t.app.bus);
    expect((await one.waitClose()).code).toBe(CLOSE_CODES.banned);
    expect((await two.waitClose()).code).toBe(CLOSE_CODES.banned);
    expect(bystander.closed()).toBeNull();
    expect(await sentBy(a)).toEqual([]);
    expect(await creditsOf(server.t.app, a.id)).toBe(10);
    bystander.socket.close();
  });

  it('A-10 P-15 a ban that reached no bus (set in the database) refuses the next send frame with 403 banned and closes the socket; nothing stored or charged', async () => {
    const a = await paid(10);
    const b = await paid();
    const id = await openChat(server.t.app, a, b);
    const s = await connectSocket(server.base, a.cookie);
    await server.t.app.db
      .update(users)
      .set({ status: 'banned', bannedAt: new Date() })
      .where(eq(users.id, a.id));
    const cid = clientId();
    sendOverSocket(s.socket, id, cid, 'nog even');
    const nack = await s.next('nack', (e) => e.client_id === cid);
    expect(nack).toMatchObject({ status: 403, error: { code: 'banned' } });
    expect((await s.waitClose()).code).toBe(CLOSE_CODES.banned);
    expect(await sentBy(a)).toEqual([]);
    expect(await creditsOf(server.t.app, a.id)).toBe(10);
  });

  it('A-10 C-12 a send right after a ban that reached no bus is refused by the send itself, though the socket sent a moment ago', async () => {
    const a = await paid(10);
    const b = await paid();
    const id = await openChat(server.t.app, a, b);
    const s = await connectSocket(server.base, a.cookie);
    const first = clientId();
    sendOverSocket(s.socket, id, first, 'eerste');
    const ack = await s.next('ack', (e) => e.client_id === first);
    expect(ack.response.credits).toBeLessThan(10);
    // Within the second a socket used to trust the standing it read before the first send.
    await server.t.app.db
      .update(users)
      .set({ status: 'banned', bannedAt: new Date() })
      .where(eq(users.id, a.id));
    const second = clientId();
    sendOverSocket(s.socket, id, second, 'tweede');
    const nack = await s.next('nack', (e) => e.client_id === second);
    expect(nack).toMatchObject({ status: 403, error: { code: 'banned' } });
    expect((await s.waitClose()).code).toBe(CLOSE_CODES.banned);
    expect((await sentBy(a)).map((m) => m.body)).toEqual(['eerste']);
    expect(await creditsOf(server.t.app, a.id)).toBe(ack.response.credits);
  });

  it('P-15 C-12 a session ended in the database (no bus) refuses the next send with 403 and closes the socket with 4401; nothing stored or charged', async () => {
    const a = await paid(10);
    const b = await paid();
    const id = await openChat(server.t.app, a, b);
    const s = await connectSocket(server.base, a.cookie);
    await server.t.app.db.delete(sessions).where(eq(sessions.userId, a.id));
    const cid = clientId();
    sendOverSocket(s.socket, id, cid, 'na het uitloggen');
    const nack = await s.next('nack', (e) => e.client_id === cid);
    expect(nack).toMatchObject({ status: 403, error: { code: 'authentication_required' } });
    expect((await s.waitClose()).code).toBe(CLOSE_CODES.unauthenticated);
    expect(await sentBy(a)).toEqual([]);
    expect(await creditsOf(server.t.app, a.id)).toBe(10);
  });

  it('P-15 a password change closes the sockets of the member’s other sessions at once (4401), not its own', async () => {
    const a = await paid();
    const other = await secondSession(a);
    const [elsewhere, here] = await Promise.all([
      connectSocket(server.base, other.cookie),
      connectSocket(server.base, a.cookie),
    ]);
    const res = await server.t.app.inject({
      method: 'PUT',
      url: '/api/account/password',
      cookies: a.cookies,
      payload: {
        old_password: TEST_PASSWORD,
        password: 'een-heel-nieuw-wachtwoord-1',
        password_confirm: 'een-heel-nieuw-wachtwoord-1',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await elsewhere.waitClose()).code).toBe(CLOSE_CODES.unauthenticated);
    here.socket.send(JSON.stringify({ type: 'ping' }));
    await here.next('pong');
    expect(here.closed()).toBeNull();
    here.socket.close();
  });

  it('P-15 deleting the account closes the sockets of all its sessions at once (4401)', async () => {
    const a = await paid();
    const other = await secondSession(a);
    const [elsewhere, here] = await Promise.all([
      connectSocket(server.base, other.cookie),
      connectSocket(server.base, a.cookie),
    ]);
    const res = await api(server.t.app, a, 'DELETE', '/api/account', {
      password: TEST_PASSWORD,
      reasons: [],
      comment: '',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await elsewhere.waitClose()).code).toBe(CLOSE_CODES.unauthenticated);
    expect((await here.waitClose()).code).toBe(CLOSE_CODES.unauthenticated);
  });

  it('P-15 A-08 a confirmed e-mail change ends the member’s other sessions and closes their sockets at once', async () => {
    const a = await paid();
    const other = await secondSession(a);
    const elsewhere = await connectSocket(server.base, other.cookie);
    const next = `nieuw-${a.id}@example.test`;
    const asked = await server.t.app.inject({
      method: 'PUT',
      url: '/api/account/email',
      cookies: a.cookies,
      payload: { email: next, password: TEST_PASSWORD },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const [mail] = await server.t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, next))
      .orderBy(desc(mailOutbox.id));
    const token = mail?.text.match(/token=([\w-]+)/)?.[1];
    const done = await server.t.app.inject({
      method: 'POST',
      url: '/api/mail-change/do',
      cookies: a.cookies,
      payload: { token },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((await elsewhere.waitClose()).code).toBe(CLOSE_CODES.unauthenticated);
    const gone = await server.t.app.inject({ url: '/api/user.php', cookies: other.cookies });
    expect(gone.json().user).toBeNull();
    expect((await server.t.app.inject({ url: '/api/user.php', cookies: a.cookies })).json().user.id).toBe(
      a.id,
    );
  });
});
