import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { api, connectSocket, listeningTestApp, openChat } from '../../test/chat.ts';
import { buildMember, type TestMember } from '../../test/members.ts';

const server = listeningTestApp();

const paid = () => buildMember(server.t.app.db, { paidUser: true, credits: 100 });
const typing = (socket: WebSocket, id: number) =>
  socket.send(JSON.stringify({ type: 'typing', conversation_id: id, typing: true }));

/**
 * `from` types in `hidden` (which must not show), then in `shown` (which must): once the second has
 * arrived and a sync round trip on the sender's socket is answered, the first has been handled too.
 */
async function typeBoth(
  from: Awaited<ReturnType<typeof connectSocket>>,
  hidden: number,
  shown: { id: number; at: Awaited<ReturnType<typeof connectSocket>>; member: TestMember },
  sender: TestMember,
) {
  typing(from.socket, hidden);
  typing(from.socket, shown.id);
  await shown.at.next('typing', (e) => e.member_id === sender.id && e.conversation_id === shown.id);
  from.socket.send(
    JSON.stringify({ type: 'sync', conversations: [{ conversation_id: shown.id, after_seq: 0 }] }),
  );
  await from.next('sync');
}

describe('C-11 typing follows the rules of messages (issue 21)', () => {
  it('C-11 M-06 a blocked member’s typing does not reach the blocker, nor the blocker’s the blocked member', async () => {
    const a = await paid();
    const b = await paid();
    const c = await paid();
    const ab = await openChat(server.t.app, a, b);
    const ac = await openChat(server.t.app, a, c);
    const bc = await openChat(server.t.app, b, c);
    expect((await api(server.t.app, b, 'POST', `/api/members/${a.id}/block`)).statusCode).toBe(200);
    const [sa, sb, sc] = await Promise.all([
      connectSocket(server.base, a.cookie),
      connectSocket(server.base, b.cookie),
      connectSocket(server.base, c.cookie),
    ]);
    await typeBoth(sa, ab, { id: ac, at: sc, member: c }, a);
    await typeBoth(sb, ab, { id: bc, at: sc, member: c }, b);
    expect(sb.events.filter((e) => e.type === 'typing')).toEqual([]);
    expect(sa.events.filter((e) => e.type === 'typing')).toEqual([]);
    for (const s of [sa, sb, sc]) s.socket.close();
  });

  it('C-11 D-10 an invisible member’s typing shows to no one, as their online status; visible again, it shows', async () => {
    const a = await paid();
    const b = await paid();
    const c = await paid();
    const ab = await openChat(server.t.app, a, b);
    const cb = await openChat(server.t.app, c, b);
    const hide = (invisible: boolean) =>
      server.t.app.inject({
        method: 'PUT',
        url: '/api/account/privacy',
        cookies: a.cookies,
        payload: { invisible },
      });
    expect((await hide(true)).statusCode).toBe(200);
    const [sa, sb, sc] = await Promise.all([
      connectSocket(server.base, a.cookie),
      connectSocket(server.base, b.cookie),
      connectSocket(server.base, c.cookie),
    ]);
    // c types to b as a check that b's socket hears typing at all.
    typing(sa.socket, ab);
    typing(sc.socket, cb);
    await sb.next('typing', (e) => e.member_id === c.id);
    sa.socket.send(JSON.stringify({ type: 'sync', conversations: [{ conversation_id: ab, after_seq: 0 }] }));
    await sa.next('sync');
    expect(sb.events.filter((e) => e.type === 'typing' && e.member_id === a.id)).toEqual([]);
    expect((await hide(false)).statusCode).toBe(200);
    typing(sa.socket, ab);
    expect(await sb.next('typing', (e) => e.member_id === a.id)).toMatchObject({ conversation_id: ab });
    for (const s of [sa, sb, sc]) s.socket.close();
  });
});
