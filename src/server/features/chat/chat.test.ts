import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT,
  ZChatListResponse,
  ZChatMessagesResponse,
  ZGiftsResponse,
  ZSendMessageResponse,
} from '../../../shared/contract/chat.ts';
import { blocks, conversations, creditLedger, messages, sites, users } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  api,
  clientId,
  connectSocket,
  creditsOf,
  listenOn,
  multipart,
  openChat,
  sendOverSocket,
  sendText,
} from '../../test/chat.ts';
import { closeCheckingLedgers, notOpening } from '../../test/ledger.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { bookCredits } from '../accounts/index.ts';
import { sendAsOperator } from './operator.ts';
import { chatPhotoUrl } from './present.ts';
import { countUnreadMessages, fictionalQueue } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => closeCheckingLedgers(t));

const member = (overrides: Parameters<typeof buildMember>[1] = {}) => buildMember(t.app.db, overrides);
const paid = (credits = 100, overrides: Parameters<typeof buildMember>[1] = {}) =>
  member({ paidUser: true, credits, ...overrides });
const call = (m: TestMember | null, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  api(t.app, m, method, url, payload);
const open = (a: TestMember, b: TestMember) => openChat(t.app, a, b);
const text = (m: TestMember, id: number, body: string, cid = clientId()) => sendText(t.app, m, id, body, cid);
const messagesOf = (conversationId: number) =>
  t.app.db.select().from(messages).where(eq(messages.conversationId, conversationId));

describe('C-10 opening or starting a conversation', () => {
  it('C-10 POST /api/members/:id/chat starts once and then opens the same conversation, from either side', async () => {
    const a = await paid();
    const b = await paid();
    const first = await call(a, 'POST', `/api/members/${b.id}/chat`);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().created).toBe(true);
    const again = await call(a, 'POST', `/api/members/${b.id}/chat`);
    expect(again.json()).toEqual({ conversation: first.json().conversation, created: false });
    const back = await call(b, 'POST', `/api/members/${a.id}/chat`);
    expect(back.json()).toEqual({ conversation: first.json().conversation, created: false });
  });

  it('C-10 refuses visitors, oneself, unknown, invisible, banned, deleted and blocked members', async () => {
    const a = await paid();
    expect((await call(null, 'POST', `/api/members/${a.id}/chat`)).statusCode).toBe(403);
    expect((await call(a, 'POST', `/api/members/${a.id}/chat`)).json().error.code).toBe('chat_self');
    expect((await call(a, 'POST', '/api/members/2147483000/chat')).statusCode).toBe(409);
    for (const overrides of [{ invisible: true }, { status: 'banned' as const }, { deletedAt: new Date() }]) {
      const gone = await member(overrides);
      const res = await call(a, 'POST', `/api/members/${gone.id}/chat`);
      expect(res.statusCode, JSON.stringify(overrides)).toBe(409);
      expect(res.json().error.code).toBe('member_unavailable');
    }
    const blocker = await member();
    await t.app.db.insert(blocks).values({ blockerId: blocker.id, blockedId: a.id });
    expect((await call(a, 'POST', `/api/members/${blocker.id}/chat`)).json().error.code).toBe(
      'member_unavailable',
    );
    const blocked = await member();
    await t.app.db.insert(blocks).values({ blockerId: a.id, blockedId: blocked.id });
    expect((await call(a, 'POST', `/api/members/${blocked.id}/chat`)).json().error.code).toBe('blocked');
  });

  it('C-04 a free member starts at most 2 conversations (also with 10 parallel starts); answering is free', async () => {
    const free = await member();
    const others = await Promise.all(Array.from({ length: 10 }, () => member()));
    const results = await Promise.all(others.map((o) => call(free, 'POST', `/api/members/${o.id}/chat`)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(CHAT.freeStartedConversations);
    const refused = results.find((r) => r.statusCode === 403);
    expect(refused?.json().error).toMatchObject({ code: 'free_conversation_limit' });
    expect(refused?.json().error.message).toContain('2');
    // A conversation someone else started does not count.
    const starter = await paid();
    const id = await open(starter, free);
    expect((await text(starter, id, 'Hoi!')).statusCode).toBe(201);
    expect((await call(free, 'POST', `/api/members/${starter.id}/chat`)).json()).toEqual({
      conversation: { id },
      created: false,
    });
  });

  it('C-04 an unconfirmed member cannot receive messages: the sender is told so', async () => {
    const a = await paid();
    const unconfirmed = await member({ status: 'not_confirmed' });
    const res = await call(a, 'POST', `/api/members/${unconfirmed.id}/chat`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('recipient_unconfirmed');
    expect(res.json().error.message).toMatch(/bevestigd/);
    // A member whose e-mail is unconfirmed cannot write first (issue 21, chat-unconfirmed.test.ts); one
    // whose conversation dates from before (demo data, an older rule) cannot get a reply either.
    const writer = await member({ paidUser: true, credits: 5 });
    const id = await open(writer, a);
    expect((await text(writer, id, 'Hallo')).statusCode).toBe(201);
    await t.app.db.update(users).set({ status: 'not_confirmed' }).where(eq(users.id, writer.id));
    const reply = await text(a, id, 'Hoi terug');
    expect(reply.statusCode).toBe(409);
    expect(reply.json().error.code).toBe('recipient_unconfirmed');
  });
});

describe('C-03 C-12 sending messages for credits', () => {
  it('C-03 a text costs message_credits, booked with the message; the answer is given after the commit', async () => {
    const a = await paid(10);
    const b = await paid();
    const id = await open(a, b);
    const res = await text(a, id, '  Hoi <b>daar</b>\r\nhoe gaat het?  ');
    expect(res.statusCode, res.body).toBe(201);
    const sent = ZSendMessageResponse.parse(res.json());
    expect(sent.message).toMatchObject({
      seq: 1,
      mine: true,
      kind: 'text',
      body: 'Hoi <b>daar</b>\nhoe gaat het?',
    });
    expect(sent.duplicate).toBe(false);
    expect(sent.credits).toBe(9);
    expect(await creditsOf(t.app, a.id)).toBe(9);
    const ledger = await t.app.db
      .select()
      .from(creditLedger)
      .where(and(eq(creditLedger.userId, a.id), notOpening()));
    expect(ledger).toMatchObject([
      { amount: -1, balanceAfter: 9, reason: 'chat_message', reference: sent.message.client_id },
    ]);
  });

  it("C-03 short of credits: 402 insufficient_credits 'Je hebt onvoldoende credits', nothing stored or booked", async () => {
    const a = await paid(0);
    const b = await paid();
    const id = await open(a, b);
    const res = await text(a, id, 'Hoi');
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toMatchObject({
      code: 'insufficient_credits',
      message: 'Je hebt onvoldoende credits',
    });
    expect(await messagesOf(id)).toHaveLength(0);
    // The sequence was not used up: the next message that can be paid for is number 1.
    await bookCredits(t.app.db, a.id, 3, { reason: 'test_grant' });
    expect((await text(a, id, 'Nu wel')).json().message.seq).toBe(1);
  });

  it('C-04 a free member sends the free messages of the site, then needs credits; photos are premium only', async () => {
    const free = await member();
    const b = await paid();
    const id = await open(free, b);
    const [site] = await t.app.db
      .select({ free: sites.freeMessages })
      .from(sites)
      .where(eq(sites.isDefault, true));
    const allowed = site?.free ?? 0;
    for (let i = 0; i < allowed; i++) {
      const res = await text(free, id, `gratis ${i}`);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().free_messages_left).toBe(allowed - i - 1);
    }
    const over = await text(free, id, 'een te veel');
    expect(over.statusCode).toBe(402);
    expect(over.json().error.message).toBe('Je hebt onvoldoende credits');
    const photo = await sendPhoto(free, id, await jpeg());
    expect(photo.statusCode).toBe(403);
    expect(photo.json().error).toMatchObject({
      code: 'premium_only',
      message: 'Deze functie is alleen beschikbaar voor premium leden.',
    });
  });

  it('C-12 a retry with the same client_id answers the stored message and books nothing more', async () => {
    const a = await paid(10);
    const b = await paid();
    const id = await open(a, b);
    const cid = clientId();
    const first = await text(a, id, 'Eén keer', cid);
    const retry = await text(a, id, 'Eén keer', cid);
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(200);
    expect(retry.json()).toMatchObject({
      duplicate: true,
      credits: 9,
      message: { id: first.json().message.id },
    });
    const parallel = await Promise.all(Array.from({ length: 20 }, () => text(a, id, 'Eén keer', cid)));
    expect(parallel.every((r) => r.statusCode === 200)).toBe(true);
    expect(await messagesOf(id)).toHaveLength(1);
    expect(await creditsOf(t.app, a.id)).toBe(9);
    const reused = await text(a, id, 'Iets anders', cid);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().error.code).toBe('client_id_reused');
  });

  it('C-12 20 different messages in parallel get sequences 1..20 without gaps and cost 20 credits', async () => {
    const a = await paid(20);
    const b = await paid();
    const id = await open(a, b);
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => text(a, id, `bericht ${i}`)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const seqs = (await messagesOf(id)).map((m) => m.seq).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    expect(await creditsOf(t.app, a.id)).toBe(0);
  });

  it('C-02 hostile text is refused with field messages: empty, invisible, control, bidi, lone surrogate, too long', async () => {
    const a = await paid();
    const b = await paid();
    const id = await open(a, b);
    const cases: [string, string][] = [
      ['', 'Schrijf eerst een bericht.'],
      ['   \n\t ', 'Schrijf eerst een bericht.'],
      ['\u200b\u200b', 'Schrijf eerst een bericht.'],
      ['nul\u0000byte', 'Je bericht bevat tekens die niet zijn toegestaan.'],
      ['bidi \u202e gnaal', 'Je bericht bevat tekens die niet zijn toegestaan.'],
      ['half \ud83d surrogate', 'Je bericht bevat tekens die niet zijn toegestaan.'],
      ['x'.repeat(CHAT.maxBodyLength + 1), 'Je bericht is te lang.'],
    ];
    for (const [body, message] of cases) {
      const res = await text(a, id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.fields.body).toBe(message);
    }
    // Longer than the site's message_length (1000 by default), within the absolute cap.
    const long = await text(a, id, 'y'.repeat(1001));
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.body).toBe('Je bericht is te lang.');
    const badId = await call(a, 'POST', `/api/chats/${id}/messages`, {
      kind: 'text',
      client_id: 'a b',
      body: 'x',
    });
    expect(badId.statusCode).toBe(400);
    expect(await messagesOf(id)).toHaveLength(0);
    // Script is only text: stored and answered as it was written.
    const script = await text(a, id, '<script>alert(1)</script>');
    expect(script.json().message.body).toBe('<script>alert(1)</script>');
  });

  it('C-10 sending is refused once either member blocks the other, or the other is banned', async () => {
    const a = await paid();
    const b = await paid();
    const id = await open(a, b);
    await t.app.db.insert(blocks).values({ blockerId: b.id, blockedId: a.id });
    expect((await text(a, id, 'Hoi')).json().error.code).toBe('member_unavailable');
    expect((await text(b, id, 'Hoi')).json().error.code).toBe('blocked');
    await t.app.db.delete(blocks).where(and(eq(blocks.blockerId, b.id), eq(blocks.blockedId, a.id)));
    await t.app.db.update(users).set({ status: 'banned' }).where(eq(users.id, b.id));
    expect((await text(a, id, 'Hoi')).statusCode).toBe(409);
    expect(await messagesOf(id)).toHaveLength(0);
  });
});

describe('C-01 C-05 C-06 C-07 the chat list and one chat', () => {
  it('C-01 GET /api/chats lists conversations with profile, unread count and last message, cursor-paged', async () => {
    const me = await paid();
    const others = await Promise.all(Array.from({ length: 3 }, () => paid()));
    for (const [i, o] of others.entries()) {
      const id = await open(o, me);
      for (let n = 0; n <= i; n++) expect((await text(o, id, `van ${o.name} ${n}`)).statusCode).toBe(201);
    }
    const page1 = ZChatListResponse.parse((await call(me, 'GET', '/api/chats?limit=2')).json());
    expect(page1.total_unread).toBe(6);
    expect(page1.chats.map((c) => c.profile.id)).toEqual([others[2]?.id, others[1]?.id]);
    expect(page1.chats[0]).toMatchObject({
      num_unread_messages: 3,
      profile: { name: others[2]?.name, fictional: false, available: true },
      last_message: { kind: 'text', preview: `van ${others[2]?.name} 2`, mine: false },
    });
    expect(page1.next_cursor).not.toBeNull();
    const page2 = ZChatListResponse.parse(
      (await call(me, 'GET', `/api/chats?limit=2&cursor=${page1.next_cursor}`)).json(),
    );
    expect(page2.chats.map((c) => c.profile.id)).toEqual([others[0]?.id]);
    expect(page2.next_cursor).toBeNull();
    expect((await call(me, 'GET', '/api/chats?cursor=bogus')).statusCode).toBe(400);
    expect(await countUnreadMessages(t.app.db, me.id)).toBe(6);
    // A preview is cut between characters, never inside an emoji.
    const emoji = await paid();
    const emojiChat = await open(emoji, me);
    await text(emoji, emojiChat, '😀'.repeat(CHAT.previewLength + 5));
    const preview = ZChatListResponse.parse((await call(me, 'GET', '/api/chats?limit=1')).json()).chats[0]
      ?.last_message?.preview;
    expect(preview).toBe('😀'.repeat(CHAT.previewLength));
  });

  it('C-01 the member written to sees no conversation until the first message arrives', async () => {
    const a = await paid();
    const b = await paid();
    const id = await open(a, b);
    expect(ZChatListResponse.parse((await call(b, 'GET', '/api/chats')).json()).chats).toHaveLength(0);
    expect(ZChatListResponse.parse((await call(a, 'GET', '/api/chats')).json()).chats).toHaveLength(1);
    await text(a, id, 'Hoi');
    expect(ZChatListResponse.parse((await call(b, 'GET', '/api/chats')).json()).chats).toHaveLength(1);
  });

  it('C-07 the newest 50 messages load first; older ones with before_seq; after_seq syncs', async () => {
    const a = await paid(200);
    const b = await paid();
    const id = await open(a, b);
    for (let i = 1; i <= 60; i++) await text(a, id, `m${i}`);
    const newest = ZChatMessagesResponse.parse((await call(b, 'GET', `/api/chats/${id}/messages`)).json());
    expect(newest.messages.map((m) => m.body)).toEqual(Array.from({ length: 50 }, (_, i) => `m${i + 11}`));
    expect(newest.has_more_before).toBe(true);
    expect(newest.messages[0]).toMatchObject({ mine: false, client_id: null });
    expect(newest.profile).toMatchObject({ id: a.id, name: a.name });
    const older = ZChatMessagesResponse.parse(
      (await call(b, 'GET', `/api/chats/${id}/messages?before_seq=11`)).json(),
    );
    expect(older.messages.map((m) => m.seq)).toEqual(Array.from({ length: 10 }, (_, i) => i + 1));
    expect(older.has_more_before).toBe(false);
    const after = ZChatMessagesResponse.parse(
      (await call(b, 'GET', `/api/chats/${id}/messages?after_seq=55&limit=3`)).json(),
    );
    expect(after.messages.map((m) => m.seq)).toEqual([56, 57, 58]);
    expect(after.has_more_after).toBe(true);
  }, 120_000);

  it('C-05 reading sets unread to 0 and moves the read position the other member sees', async () => {
    const a = await paid();
    const b = await paid();
    const id = await open(a, b);
    await text(a, id, 'een');
    await text(a, id, 'twee');
    const read = await call(b, 'POST', `/api/chats/${id}/read`, {});
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ my_read_seq: 2, num_unread_messages: 0, total_unread: 0 });
    const seenByA = ZChatMessagesResponse.parse((await call(a, 'GET', `/api/chats/${id}/messages`)).json());
    expect(seenByA.conversation).toMatchObject({ other_read_seq: 2, last_seq: 2 });
    await text(a, id, 'drie');
    const partly = await call(b, 'POST', `/api/chats/${id}/read`, { seq: 2 });
    expect(partly.json()).toMatchObject({ my_read_seq: 2, num_unread_messages: 1 });
  });

  it('C-06 removing a chat hides it for me only; a new message brings it back without the old ones', async () => {
    const a = await paid();
    const b = await paid();
    const id = await open(a, b);
    await text(a, id, 'oud');
    const removed = await call(b, 'DELETE', `/api/chats/${id}`);
    expect(removed.json()).toEqual({ removed: 1 });
    expect(ZChatListResponse.parse((await call(b, 'GET', '/api/chats')).json()).chats).toHaveLength(0);
    expect(ZChatListResponse.parse((await call(a, 'GET', '/api/chats')).json()).chats).toHaveLength(1);
    expect((await call(a, 'GET', `/api/chats/${id}/messages`)).json().messages).toHaveLength(1);
    await text(a, id, 'nieuw');
    const back = ZChatMessagesResponse.parse((await call(b, 'GET', `/api/chats/${id}/messages`)).json());
    expect(back.messages.map((m) => m.body)).toEqual(['nieuw']);
    expect(back.has_more_before).toBe(false);
    const byMember = await call(b, 'DELETE', `/api/members/${a.id}/chats`);
    expect(byMember.json()).toEqual({ removed: 1 });
    expect(await countUnreadMessages(t.app.db, b.id)).toBe(0);
  });

  it('C-01 no IDOR: a third member can read, send, mark read, delete or upload in nobody else’s chat', async () => {
    const a = await paid();
    const b = await paid();
    const stranger = await paid(50);
    const id = await open(a, b);
    await text(a, id, 'privé');
    const attempts = [
      await call(stranger, 'GET', `/api/chats/${id}/messages`),
      await text(stranger, id, 'ik lees mee'),
      await call(stranger, 'POST', `/api/chats/${id}/messages`, {
        kind: 'gift',
        client_id: clientId(),
        gift_code: 'rose',
      }),
      await call(stranger, 'POST', `/api/chats/${id}/read`, {}),
      await call(stranger, 'DELETE', `/api/chats/${id}`),
      await sendPhoto(stranger, id, await jpeg()),
    ];
    expect(attempts.map((r) => r.statusCode)).toEqual([404, 404, 404, 404, 404, 404]);
    expect(ZChatListResponse.parse((await call(stranger, 'GET', '/api/chats')).json()).chats).toHaveLength(0);
    expect(await creditsOf(t.app, stranger.id)).toBe(50);
    expect(await messagesOf(id)).toHaveLength(1);
    expect((await call(b, 'POST', `/api/chats/${id}/read`, {})).json().my_read_seq).toBe(1);
    for (const url of [`/api/chats/${id}/messages`, '/api/chats'])
      expect((await call(null, 'GET', url)).statusCode).toBe(403);
  });
});

const jpeg = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: '#3a7' } })
    .jpeg()
    .toBuffer();

function sendPhoto(m: TestMember, id: number, data: Buffer, cid = clientId()) {
  return t.app.inject({
    method: 'POST',
    url: `/api/chats/${id}/photos`,
    cookies: m.cookies,
    ...multipart([
      { name: 'client_id', value: cid },
      { name: 'photo', value: data, filename: 'x.jpg', type: 'image/jpeg' },
    ]),
  });
}

describe('M-04 C-09 photos and gifts in chat', () => {
  it('M-04 a photo message costs photo_credits and is shown only to the two members through signed links', async () => {
    const a = await paid(10);
    const b = await paid();
    const stranger = await paid();
    const id = await open(a, b);
    const res = await sendPhoto(a, id, await jpeg());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().credits).toBe(8);
    const forB = ZChatMessagesResponse.parse((await call(b, 'GET', `/api/chats/${id}/messages`)).json())
      .messages[0];
    const url = forB?.photo?.url ?? '';
    expect(url).toMatch(/^\/media\/chat\/[0-9a-f]+\.webp\?exp=\d+&v=\d+&sig=/);
    const asB = await t.app.inject({ method: 'GET', url, cookies: b.cookies });
    expect(asB.statusCode).toBe(200);
    expect(asB.headers['content-type']).toBe('image/webp');
    expect((await sharp(asB.rawPayload).metadata()).exif).toBeUndefined();
    // B's link is B's: another member's session, or none, is refused.
    expect((await t.app.inject({ method: 'GET', url, cookies: stranger.cookies })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    // Even a link correctly signed for the stranger does not open a photo of someone else's chat.
    const { getMediaSigningSecret } = await import('../../platform/signed-urls.ts');
    const key = url.split('?')[0]?.split('/').pop() ?? '';
    const forged = chatPhotoUrl(await getMediaSigningSecret(t.app.db), key, stranger.id, new Date());
    expect((await t.app.inject({ method: 'GET', url: forged, cookies: stranger.cookies })).statusCode).toBe(
      404,
    );
    // The public and private photo routes do not serve chat files.
    expect((await t.app.inject({ method: 'GET', url: `/media/${key}` })).statusCode).toBe(404);
  });

  it('C-12 M-04 a photo sent 6 times at once with one client id, and again later, is stored and charged once', async () => {
    const a = await paid(20);
    const b = await paid();
    const id = await open(a, b);
    const image = await jpeg();
    const cid = clientId();
    const answers = await Promise.all(Array.from({ length: 6 }, () => sendPhoto(a, id, image, cid)));
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 200, 200, 200, 201]);
    const first = answers.find((r) => r.statusCode === 201);
    const charged = 20 - (first?.json().credits ?? 20);
    expect(charged).toBeGreaterThan(0);
    for (const res of answers) {
      expect(res.json()).toMatchObject({ message: { id: first?.json().message.id } });
    }
    const later = await sendPhoto(a, id, image, cid);
    expect(later.json()).toMatchObject({ duplicate: true, credits: 20 - charged });
    expect(await messagesOf(id)).toHaveLength(1);
    expect(await creditsOf(t.app, a.id)).toBe(20 - charged);
    // The same client id for a different kind of message is a mistake, not a retry.
    expect((await text(a, id, 'hoi', cid)).statusCode).toBe(409);
  });

  it('M-04 a photo that is not an image is refused and leaves nothing behind', async () => {
    const a = await paid(10);
    const b = await paid();
    const id = await open(a, b);
    const res = await sendPhoto(a, id, Buffer.from('<svg onload="alert(1)"/>'));
    expect(res.statusCode).toBe(415);
    expect(await messagesOf(id)).toHaveLength(0);
    expect(await creditsOf(t.app, a.id)).toBe(10);
  });

  it('C-09 the catalogue has at least 12 gifts with names in the visitor language and real images', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/gifts',
      headers: { 'accept-language': 'en' },
    });
    const { gifts } = ZGiftsResponse.parse(res.json());
    expect(gifts.length).toBeGreaterThanOrEqual(12);
    expect(gifts[0]).toMatchObject({ code: 'rose', name: 'Rose', price: 5 });
    for (const gift of gifts) {
      const image = await t.app.inject({ method: 'GET', url: gift.image_url });
      expect(image.statusCode, gift.code).toBe(200);
      expect(image.headers['content-type']).toBe('image/svg+xml');
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta.width).toBe(256);
    }
    expect((await t.app.inject({ method: 'GET', url: '/media/gifts/..%2Fsecret.svg' })).statusCode).toBe(404);
  });

  it('C-09 a gift from the profile page opens the conversation and costs gift_credits; unknown gifts are refused', async () => {
    const a = await paid(12);
    const b = await paid();
    const cid = clientId();
    const res = await call(a, 'POST', `/api/members/${b.id}/gifts`, { client_id: cid, gift_code: 'teddy' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      credits: 7,
      message: { kind: 'gift', gift: { code: 'teddy', name: 'Knuffelbeer' } },
    });
    const retry = await call(a, 'POST', `/api/members/${b.id}/gifts`, { client_id: cid, gift_code: 'teddy' });
    expect(retry.json()).toMatchObject({ duplicate: true, credits: 7 });
    const id = res.json().message.conversation_id;
    const unknown = await call(a, 'POST', `/api/chats/${id}/messages`, {
      kind: 'gift',
      client_id: clientId(),
      gift_code: 'unicorn',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.code).toBe('unknown_gift');
    expect(await creditsOf(t.app, a.id)).toBe(7);
  });

  it('C-09 C-04 a refused gift from the profile page (10 at once) starts no conversation and uses up no free start', async () => {
    const a = await member({ credits: 0 });
    const [x, y, z] = await Promise.all([paid(), paid(), paid()]);
    const gifts = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        call(a, 'POST', `/api/members/${x.id}/gifts`, {
          client_id: i % 2 ? clientId() : 'same-gift-id',
          gift_code: 'rose',
        }),
      ),
    );
    expect(gifts.map((r) => r.statusCode)).toEqual(Array(10).fill(402));
    expect(gifts[0]?.json().error.message).toBe('Je hebt onvoldoende credits');
    expect(ZChatListResponse.parse((await call(a, 'GET', '/api/chats')).json()).chats).toEqual([]);
    const between = await t.app.db.select().from(conversations).where(eq(conversations.startedBy, a.id));
    expect(between, 'no half-made conversation').toEqual([]);
    // Both free starts are still there.
    expect((await call(a, 'POST', `/api/members/${y.id}/chat`)).statusCode).toBe(200);
    expect((await call(a, 'POST', `/api/members/${z.id}/chat`)).statusCode).toBe(200);
    expect(await creditsOf(t.app, a.id)).toBe(0);
  });

  it('C-09 C-04 credits for one gift, gifts to 3 members at once: one is sent, the refused ones give their start back', async () => {
    const [site] = await t.app.db.select().from(sites).where(eq(sites.isDefault, true));
    const a = await member({ credits: site?.giftCredits ?? 0 });
    const [x, y, z, w] = await Promise.all([paid(), paid(), paid(), paid()]);
    const gifts = await Promise.all(
      [x, y, z].map((m) =>
        call(a, 'POST', `/api/members/${m.id}/gifts`, { client_id: clientId(), gift_code: 'rose' }),
      ),
    );
    expect(gifts.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(gifts.filter((r) => r.statusCode >= 400).map((r) => r.json().error.code)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^(insufficient_credits|free_conversation_limit)$/)]),
    );
    expect(await creditsOf(t.app, a.id)).toBe(0);
    const started = await t.app.db.select().from(conversations).where(eq(conversations.startedBy, a.id));
    expect(started, 'only the conversation of the sent gift').toHaveLength(1);
    expect((await call(a, 'POST', `/api/members/${w.id}/chat`)).statusCode, 'one free start left').toBe(200);
  });
});

describe('fictional profiles: operators answer, the queue finds who waits', () => {
  it('C-01 a message to a fictional profile waits in the queue until an operator answers for free', async () => {
    const a = await paid(5);
    const fictional = await member({ profile: { fictional: true } });
    const id = await open(a, fictional);
    await text(a, id, 'Ben je echt?');
    const queue = await fictionalQueue(t.app.db, 1000);
    expect(queue.find((q) => q.conversation_id === id)).toMatchObject({
      fictional_id: fictional.id,
      member_id: a.id,
      unread: 1,
    });
    const site = await t.app.sites('localhost');
    const deps = {
      db: t.app.db,
      publish: t.app.bus.publishToMember,
      site,
      mediaSecret: 'x',
      locale: 'nl' as const,
      now: new Date(),
    };
    const answer = await sendAsOperator(deps, fictional.id, id, {
      clientId: clientId(),
      body: 'Hoi! Leuk dat je schrijft.',
    });
    expect(answer.credits).toBe(0);
    const [row] = await t.app.db.select().from(messages).where(eq(messages.id, answer.message.id));
    expect(row).toMatchObject({ sentBy: 'operator', senderId: fictional.id, creditsSpent: 0 });
    expect((await fictionalQueue(t.app.db, 1000)).find((q) => q.conversation_id === id)).toBeUndefined();
    // Only fictional profiles have operators.
    const real = await paid();
    await expect(sendAsOperator(deps, real.id, id, { clientId: clientId(), body: 'x' })).rejects.toThrow();
  });
});

describe('C-12 sends are rate-limited per member', () => {
  it('C-12 a member gets 429 after CHAT.sendsPerMinute sends in a minute, counted over text, gifts and the socket together; another member is not affected', async () => {
    const limited = await createTestApp({ RATE_LIMIT_FACTOR: '1' });
    try {
      const a = await buildMember(limited.app.db, { paidUser: true, credits: 1000 });
      const b = await buildMember(limited.app.db, { paidUser: true, credits: 10 });
      const id = await openChat(limited.app, a, b);
      const socket = await connectSocket(await listenOn(limited.app), a.cookie);
      // Half over the socket, half over HTTP: one budget.
      const half = CHAT.sendsPerMinute / 2;
      for (let i = 0; i < half; i++) {
        sendOverSocket(socket.socket, id, `ws-rate-${i}-0000`, `s ${i}`);
        await socket.next('ack', (e) => e.client_id === `ws-rate-${i}-0000`);
      }
      for (let i = half; i < CHAT.sendsPerMinute; i++)
        expect((await sendText(limited.app, a, id, `snel ${i}`)).statusCode).toBe(201);
      const over = await sendText(limited.app, a, id, 'te snel');
      expect(over.statusCode).toBe(429);
      expect(over.json().error.code).toBe('rate_limited');
      const gift = await api(limited.app, a, 'POST', `/api/chats/${id}/messages`, {
        kind: 'gift',
        client_id: clientId(),
        gift_code: 'rose',
      });
      expect(gift.statusCode).toBe(429);
      sendOverSocket(socket.socket, id, 'ws-rate-over-0000', 'te snel');
      expect(await socket.next('nack', (e) => e.client_id === 'ws-rate-over-0000')).toMatchObject({
        status: 429,
        error: { code: 'rate_limited' },
      });
      socket.socket.close();
      expect((await sendText(limited.app, b, id, 'ik mag nog')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  }, 120_000);
});
