import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ZChatMessagesResponse } from '../../../shared/contract/chat.ts';
import { api, clientId, connectSocket, listeningTestApp, multipart, openChat } from '../../test/chat.ts';
import { buildMember, type TestMember } from '../../test/members.ts';

const server = listeningTestApp();

const paid = () => buildMember(server.t.app.db, { paidUser: true, credits: 50 });
const jpeg = () =>
  sharp({ create: { width: 320, height: 240, channels: 3, background: '#a37' } })
    .jpeg()
    .toBuffer();

async function sendPhoto(m: TestMember, id: number) {
  const res = await server.t.app.inject({
    method: 'POST',
    url: `/api/chats/${id}/photos`,
    cookies: m.cookies,
    ...multipart([
      { name: 'client_id', value: clientId() },
      { name: 'photo', value: await jpeg(), filename: 'x.jpg', type: 'image/jpeg' },
    ]),
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** The photo links each sender's photo has in what `viewer` is shown: sender id -> url or null. */
async function linksFor(viewer: TestMember, id: number) {
  const page = ZChatMessagesResponse.parse(
    (await api(server.t.app, viewer, 'GET', `/api/chats/${id}/messages`)).json(),
  );
  return new Map(page.messages.map((m) => [m.sender_id, m.photo?.url ?? null]));
}

describe('M-04 M-06 private chat photos after a block (issue 21)', () => {
  it('M-04 M-06 after a block neither side gets new links to the other’s chat photos, nor opens an old one; each still sees their own', async () => {
    const a = await paid();
    const b = await paid();
    const id = await openChat(server.t.app, a, b);
    await sendPhoto(a, id);
    await sendPhoto(b, id);
    const before = await linksFor(b, id);
    const oldLinkToA = before.get(a.id) ?? '';
    expect(oldLinkToA).toMatch(/^\/media\/chat\//);
    expect((await server.t.app.inject({ url: oldLinkToA, cookies: b.cookies })).statusCode).toBe(200);

    expect((await api(server.t.app, b, 'POST', `/api/members/${a.id}/block`)).statusCode).toBe(200);
    const forB = await linksFor(b, id);
    expect(forB.get(a.id)).toBeNull();
    expect(forB.get(b.id)).toMatch(/^\/media\/chat\//);
    const forA = await linksFor(a, id);
    expect(forA.get(b.id)).toBeNull();
    const ownOfA = forA.get(a.id) ?? '';
    expect(ownOfA).toMatch(/^\/media\/chat\//);
    // A link issued before the block no longer opens the other's photo; the sender's own still does.
    expect((await server.t.app.inject({ url: oldLinkToA, cookies: b.cookies })).statusCode).toBe(404);
    expect((await server.t.app.inject({ url: ownOfA, cookies: a.cookies })).statusCode).toBe(200);

    // A sync over the socket gives no link either.
    const s = await connectSocket(server.base, b.cookie);
    s.socket.send(JSON.stringify({ type: 'sync', conversations: [{ conversation_id: id, after_seq: 0 }] }));
    const synced = (await s.next('sync')).conversations[0]?.messages ?? [];
    expect(synced.find((m) => m.sender_id === a.id)?.photo).toBeNull();
    expect(synced.find((m) => m.sender_id === b.id)?.photo?.url).toMatch(/^\/media\/chat\//);
    s.socket.close();

    // Unblocked, the links come back.
    expect((await api(server.t.app, b, 'DELETE', `/api/members/${a.id}/block`)).statusCode).toBe(200);
    expect((await linksFor(b, id)).get(a.id)).toMatch(/^\/media\/chat\//);
  });
});
