import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import type { TDeskQueueItem } from '../../../shared/contract/admin-desk.ts';
import { auditLog, creditLedger, deskAnswers, deskQueue, messages, photos, users } from '../../db/schema.ts';
import {
  api,
  clientId,
  connectSocket,
  creditsOf,
  listeningTestApp,
  openChat,
  sendText,
} from '../../test/chat.ts';
import { expectLedgersBalance } from '../../test/ledger.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { buildStaff, type TestStaff } from '../../test/staff.ts';

const server = listeningTestApp();
const app = () => server.t.app;
// Issue 22: operators' answers book nothing; every member's ledger still sums to their balance.
afterAll(() => expectLedgersBalance(server.t.app.db));

const member = (overrides: Parameters<typeof buildMember>[1] = {}) =>
  buildMember(app().db, { paidUser: true, credits: 50, ...overrides });
const fictional = (name = 'Fien') =>
  buildMember(app().db, {
    name,
    profile: { fictional: true, about: 'Ik hou van fietsen.', city: 'Utrecht' },
  });
const operator = (siteId: number | null = null, name?: string) =>
  buildStaff(app().db, { roles: [{ role: 'operator', siteId }], ...(name ? { name } : {}), language: 'en' });

function desk(
  s: TestStaff | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  payload?: object,
) {
  return app().inject({
    method,
    url: `/api/admin/desk${url}`,
    headers: { 'accept-language': 'en' },
    ...(s ? { cookies: s.cookies } : {}),
    ...(payload ? { payload } : {}),
  });
}

/** A member who wrote `text` to a fresh fictional profile: the conversation waits in the desk's queue. */
async function waiting(text = 'Hoi, ben je er?', who?: TestMember) {
  const m = who ?? (await member());
  const f = await fictional();
  const id = await openChat(app(), m, f);
  const sent = await sendText(app(), m, id, text);
  expect(sent.statusCode).toBe(201);
  return { m, f, id };
}

async function queueOf(s: TestStaff, query = '') {
  const res = await desk(s, 'GET', `/queue${query}`);
  expect(res.statusCode).toBe(200);
  return res.json() as { items: TDeskQueueItem[]; total: number };
}

const answerText = (s: TestStaff, id: number, body: string, extra: object = {}) =>
  desk(s, 'POST', `/${id}/messages`, { kind: 'text', client_id: clientId(), body, ...extra });

describe('O-05 the desk queue', () => {
  it('O-05 lists waiting conversations oldest first with the member, the profile, unread and the wait; banned and deleted members are left out', async () => {
    const op = await operator();
    const first = await waiting('eerste');
    await sendText(app(), first.m, first.id, 'nog een');
    const second = await waiting('tweede');
    const banned = await waiting('geblokkeerd');
    await app().db.update(users).set({ status: 'banned' }).where(eq(users.id, banned.m.id));
    const deleted = await waiting('weg');
    await app().db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.m.id));
    const { items, total } = await queueOf(op);
    const ids = items.map((i) => i.conversation_id);
    expect(ids).toContain(first.id);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));
    expect(ids).not.toContain(banned.id);
    expect(ids).not.toContain(deleted.id);
    expect(total).toBeGreaterThanOrEqual(2);
    const row = items.find((i) => i.conversation_id === first.id);
    expect(row).toMatchObject({
      unread: 2,
      site_id: 1,
      locale: 'nl',
      member: { id: first.m.id, name: first.m.name, age: expect.any(Number) },
      fictional: { id: first.f.id, name: 'Fien' },
      claim: null,
    });
    expect(row?.wait_seconds).toBeGreaterThanOrEqual(0);
    // Sorted by waiting_since throughout.
    const times = items.map((i) => i.waiting_since);
    expect([...times].sort()).toEqual(times);
  });

  it('O-05 an operator of another site sees none of this site, a filter by language narrows, members and anonymous callers are refused', async () => {
    const { id } = await waiting();
    const other = await operator(2);
    expect((await queueOf(other)).items.map((i) => i.conversation_id)).not.toContain(id);
    const op = await operator();
    expect((await queueOf(op, '?locale=nl&site=1')).items.map((i) => i.conversation_id)).toContain(id);
    expect((await queueOf(op, '?locale=de')).items.map((i) => i.conversation_id)).not.toContain(id);
    expect((await desk(op, 'GET', '/queue?locale=xx')).statusCode).toBe(400);
    expect((await desk(null, 'GET', '/queue')).statusCode).toBe(401);
    const m = await member();
    const asMember = await app().inject({ url: '/api/admin/desk/queue', cookies: m.cookies });
    expect(asMember.statusCode).toBe(401);
    const moderator = await buildStaff(app().db, { roles: ['moderator'] });
    expect((await desk(moderator, 'GET', '/queue')).statusCode).toBe(403);
  });
});

describe('O-05 claims', () => {
  it('O-05 one operator holds a claim; another gets 409 with who holds it; release and a lapsed claim free it', async () => {
    const { id } = await waiting();
    const a = await operator(null, 'Anna Operator');
    const b = await operator();
    expect((await desk(a, 'POST', `/${id}/claim`)).statusCode).toBe(200);
    expect((await desk(a, 'POST', `/${id}/claim`)).statusCode, 'the holder may claim again').toBe(200);
    const lost = await desk(b, 'POST', `/${id}/claim`);
    expect(lost.statusCode).toBe(409);
    expect(lost.json().error).toMatchObject({ code: 'desk_claimed' });
    expect(lost.json().error.message).toContain('Anna Operator is already answering');
    const queued = (await queueOf(b)).items.find((i) => i.conversation_id === id);
    expect(queued?.claim).toMatchObject({ name: 'Anna Operator', mine: false });
    expect((await desk(a, 'POST', `/${id}/release`)).statusCode).toBe(204);
    expect((await desk(b, 'POST', `/${id}/claim`)).statusCode).toBe(200);
    // b goes quiet for more than three minutes: a may take it over.
    await app()
      .db.update(deskQueue)
      .set({ claimActiveAt: sql`now() - interval '181 seconds'` })
      .where(eq(deskQueue.conversationId, id));
    expect((await queueOf(a)).items.find((i) => i.conversation_id === id)?.claim).toBeNull();
    expect((await desk(a, 'POST', `/${id}/claim`)).statusCode).toBe(200);
    const actions = await app()
      .db.select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'desk_conversation'), eq(auditLog.objectId, String(id))))
      .orderBy(auditLog.id);
    expect(actions.map((r) => r.action)).toEqual(['desk.claim', 'desk.release', 'desk.claim', 'desk.claim']);
  });

  it('O-05 activity keeps the claim alive; activity without a claim is refused', async () => {
    const { id } = await waiting();
    const a = await operator();
    const b = await operator();
    expect((await desk(b, 'POST', `/${id}/activity`, {})).statusCode).toBe(409);
    await desk(a, 'POST', `/${id}/claim`);
    await app()
      .db.update(deskQueue)
      .set({ claimActiveAt: sql`now() - interval '170 seconds'` })
      .where(eq(deskQueue.conversationId, id));
    const touched = await desk(a, 'POST', `/${id}/activity`, {});
    expect(touched.statusCode).toBe(200);
    expect(touched.json().hold).toBe('claim');
    const [row] = await app().db.select().from(deskQueue).where(eq(deskQueue.conversationId, id));
    expect(Date.now() - (row?.claimActiveAt?.getTime() ?? 0)).toBeLessThan(10_000);
  });

  it('O-05 a conversation nobody waits in, or with a real member, cannot be claimed', async () => {
    const op = await operator();
    const m = await member();
    const real = await member();
    const id = await openChat(app(), m, real);
    await sendText(app(), m, id, 'hoi');
    expect((await desk(op, 'POST', `/${id}/claim`)).statusCode).toBe(404);
    expect((await desk(op, 'GET', `/${id}`)).statusCode).toBe(404);
    const f = await fictional();
    const quiet = await openChat(app(), m, f);
    expect((await desk(op, 'POST', `/${quiet}/claim`)).json().error.code).toBe('desk_not_waiting');
  });
});

describe('O-05 answering as the fictional profile', () => {
  it('O-05 C-11 the answer reaches the member live over the real-time channel with a read receipt; free for both; counted and audited; the wait ends', async () => {
    const { m, f, id } = await waiting('Ben je echt?');
    const before = await creditsOf(app(), m.id);
    const socket = await connectSocket(server.base, m.cookie);
    const op = await operator();
    expect((await desk(op, 'POST', `/${id}/claim`)).statusCode).toBe(200);
    const typing = await desk(op, 'POST', `/${id}/activity`, { typing: true });
    expect(typing.statusCode).toBe(200);
    expect(await socket.next('typing', (e) => e.conversation_id === id)).toMatchObject({
      member_id: f.id,
      typing: true,
    });
    const res = await answerText(op, id, 'Jazeker! Hoe gaat het?');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: { from: 'fictional', sent_by: 'operator', body: 'Jazeker! Hoe gaat het?' },
    });
    const read = await socket.next('read', (e) => e.conversation_id === id);
    expect(read).toMatchObject({ reader_id: f.id, read_seq: 1 });
    const live = await socket.next('message', (e) => e.conversation_id === id);
    expect(live.message).toMatchObject({ sender_id: f.id, mine: false, body: 'Jazeker! Hoe gaat het?' });
    expect(live.unread_messages).toBeGreaterThanOrEqual(1);
    socket.socket.close();
    expect(await creditsOf(app(), m.id), "the member's credits are untouched").toBe(before);
    expect(await creditsOf(app(), f.id)).toBe(0);
    const booked = await app().db.select().from(creditLedger).where(eq(creditLedger.userId, f.id));
    expect(booked, 'nothing booked for the fictional profile').toEqual([]);
    const [row] = await app().db.select().from(messages).where(eq(messages.id, res.json().message.id));
    expect(row).toMatchObject({ senderId: f.id, sentBy: 'operator', creditsSpent: 0 });
    const [answer] = await app().db.select().from(deskAnswers).where(eq(deskAnswers.conversationId, id));
    expect(answer).toMatchObject({ staffId: op.id, siteId: 1, messageId: row?.id });
    expect(answer?.waitedMs).toBeGreaterThanOrEqual(0);
    expect(await app().db.select().from(deskQueue).where(eq(deskQueue.conversationId, id))).toEqual([]);
    const audit = await app()
      .db.select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'desk.answer'), eq(auditLog.objectId, String(id))));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ staffId: op.id, role: 'operator', siteId: 1 });
    // The member's own view: the fictional profile with its marker, and the answer.
    const own = await api(app(), m, 'GET', `/api/chats/${id}/messages`);
    expect(own.json().profile).toMatchObject({ id: f.id, fictional: true });
    expect(own.json().messages.at(-1)).toMatchObject({ sender_id: f.id, body: 'Jazeker! Hoe gaat het?' });
  });

  it('O-05 gifts and photos as the profile; a photo not of the profile is refused', async () => {
    const { m, f, id } = await waiting();
    const op = await operator();
    await desk(op, 'POST', `/${id}/claim`);
    const gift = await desk(op, 'POST', `/${id}/messages`, {
      kind: 'gift',
      client_id: clientId(),
      gift_code: 'rose',
    });
    expect(gift.statusCode).toBe(201);
    expect(gift.json().message).toMatchObject({ kind: 'gift', gift: { code: 'rose', name: 'Rose' } });
    expect(await creditsOf(app(), m.id)).toBe(50 - 1);
    const photo = await desk(op, 'POST', `/${id}/messages`, {
      kind: 'photo',
      client_id: clientId(),
      photo_id: 2_000_000,
    });
    expect(photo.statusCode).toBe(400);
    expect(photo.json().error).toMatchObject({
      code: 'desk_photo_unknown',
      message: "Choose one of this profile's own photos.",
    });
    // One of the profile's own photos goes as a private chat photo, free, re-encoded under a new key.
    const image = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#c0ffee' } })
      .webp()
      .toBuffer();
    await app().media.put('desk-test-photo.webp', image, 'image/webp');
    const [own] = await app()
      .db.insert(photos)
      .values({
        userId: f.id,
        filename: 'desk-test-photo.webp',
        thumbFilename: 'desk-test-photo_t.webp',
        width: 300,
        height: 400,
      })
      .returning();
    const view = (await desk(op, 'GET', `/${id}`)).json();
    expect(view.fictional.photos.map((p: { id: number }) => p.id)).toContain(own?.id);
    const sent = await desk(op, 'POST', `/${id}/messages`, {
      kind: 'photo',
      client_id: clientId(),
      photo_id: own?.id,
    });
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message.photo.url).toMatch(new RegExp(`^/api/admin/desk/${id}/media/`));
    expect(await creditsOf(app(), m.id)).toBe(50 - 1);
    const file = await desk(op, 'GET', sent.json().message.photo.thumb_url.replace('/api/admin/desk', ''));
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const own2 = await api(app(), m, 'GET', `/api/chats/${id}/messages`);
    expect(own2.json().messages.at(-1)).toMatchObject({ kind: 'photo', sender_id: f.id });
    // Files of other conversations are not served here.
    expect((await desk(op, 'GET', `/${id}/media/someone-else.webp`)).statusCode).toBe(404);
  });

  it('O-05 an operator without the claim, of another site, or a member is refused; the holder keeps the conversation after answering unless released', async () => {
    const { m, id } = await waiting();
    const a = await operator();
    const b = await operator();
    const elsewhere = await operator(2);
    const none = await answerText(b, id, 'mag niet');
    expect(none.statusCode).toBe(409);
    expect(none.json().error).toMatchObject({ code: 'desk_claim_required' });
    await desk(a, 'POST', `/${id}/claim`);
    expect((await answerText(b, id, 'mag niet')).json().error.code).toBe('desk_claimed');
    for (const call of [
      desk(elsewhere, 'GET', `/${id}`),
      desk(elsewhere, 'POST', `/${id}/claim`),
      answerText(elsewhere, id, 'andere site'),
    ])
      expect((await call).statusCode).toBe(403);
    const asMember = await app().inject({
      method: 'POST',
      url: `/api/admin/desk/${id}/messages`,
      cookies: m.cookies,
      payload: { kind: 'text', client_id: clientId(), body: 'x' },
    });
    expect(asMember.statusCode).toBe(401);
    expect((await answerText(a, id, 'Eerste antwoord')).statusCode).toBe(201);
    const more = await answerText(a, id, 'En nog iets');
    expect(more.statusCode, 'a follow-up while the answer is fresh').toBe(201);
    expect(more.json().waited_ms).toBeNull();
    expect((await answerText(b, id, 'ik ook')).statusCode).toBe(409);
    // The member writes back within the claim's life: the operator who kept it takes it, nobody else.
    await sendText(app(), m, id, 'Leuk!');
    expect((await desk(b, 'POST', `/${id}/claim`)).statusCode).toBe(409);
    expect((await desk(a, 'POST', `/${id}/claim`)).statusCode).toBe(200);
    const released = await answerText(a, id, 'Tot later', { release: true });
    expect(released.json().hold).toBeNull();
    expect((await answerText(a, id, 'nog eentje')).statusCode, 'released: no follow-ups').toBe(409);
    await sendText(app(), m, id, 'Hallo?');
    expect((await desk(b, 'POST', `/${id}/claim`)).statusCode, 'released: anyone may claim').toBe(200);
  });

  it('O-05 hostile input gets a clear localised 400', async () => {
    const { id } = await waiting();
    const op = await operator();
    await desk(op, 'POST', `/${id}/claim`);
    for (const body of ['a\u0000b', 'x\u202Egnp.exe', 'half \uD800', 'x'.repeat(100_000), '   ']) {
      const res = await answerText(op, id, body);
      expect(res.statusCode, JSON.stringify(body.slice(0, 20))).toBe(400);
      expect(res.json().error.fields.body).toMatch(/\w/);
    }
    for (const payload of [
      { kind: 'video', client_id: clientId() },
      { kind: 'text', client_id: 'no', body: 'hoi' },
      { kind: 'gift', client_id: clientId(), gift_code: '<script>' },
    ])
      expect((await desk(op, 'POST', `/${id}/messages`, payload)).statusCode).toBe(400);
    for (const path of ['/abc', '/1e3', '/0/claim', '/99999999999/claim', `/${id}?before_seq=-1`])
      expect((await desk(op, path.endsWith('claim') ? 'POST' : 'GET', path)).statusCode, path).toBe(400);
    const other = await desk(op, 'POST', `/${id}/messages`, {
      kind: 'text',
      client_id: clientId(),
      body: 'x'.repeat(1001),
    });
    expect(other.statusCode, "over the site's message length").toBe(400);
  });
});

describe('O-05 the conversation view and its live stream', () => {
  it('O-05 shows both profiles, the site and language, the history paged back, and the member typing and reading live', async () => {
    const { m, f, id } = await waiting(
      'bericht 1',
      await member({ credits: 100, profile: { listed: true } }),
    );
    for (let i = 2; i <= 55; i++) await sendText(app(), m, id, `bericht ${i}`);
    const op = await operator();
    const view = await desk(op, 'GET', `/${id}`);
    expect(view.statusCode).toBe(200);
    const body = view.json();
    expect(body.conversation).toMatchObject({
      id,
      site: { id: 1, name: 'Vonk' },
      locale: 'nl',
      unread: 55,
      hold: null,
    });
    expect(body.member).toMatchObject({ id: m.id, name: m.name, looking_for: ['male'] });
    expect(body.fictional).toMatchObject({ id: f.id, about: 'Ik hou van fietsen.', city: 'Utrecht' });
    expect(body.messages).toHaveLength(50);
    expect(body.messages.at(-1)).toMatchObject({ seq: 55, from: 'member', body: 'bericht 55' });
    expect(body.has_more_before).toBe(true);
    const older = (await desk(op, 'GET', `/${id}?before_seq=6`)).json();
    expect(older.messages.map((x: { seq: number }) => x.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(older.has_more_before).toBe(false);

    await desk(op, 'POST', `/${id}/claim`);
    const controller = new AbortController();
    const res = await fetch(`${server.base.replace(/^ws/, 'http')}/api/admin/desk/${id}/events`, {
      headers: { cookie: `vonk_staff=${op.cookies.vonk_staff}` },
      signal: controller.signal,
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body?.getReader();
    const seen: string[] = [];
    const until = async (pattern: RegExp) => {
      const decoder = new TextDecoder();
      for (let i = 0; i < 50 && !pattern.test(seen.join('')); i++) {
        const chunk = await Promise.race([
          reader?.read(),
          new Promise<never>((_, reject) =>
            setTimeout(() => reject(new Error(`no ${pattern} in ${seen.join('')}`)), 5000),
          ),
        ]);
        if (!chunk || chunk.done) break;
        seen.push(decoder.decode(chunk.value));
      }
      return seen.join('');
    };
    await until(/: desk/);
    const socket = await connectSocket(server.base, m.cookie);
    socket.socket.send(JSON.stringify({ type: 'typing', conversation_id: id, typing: true }));
    expect(await until(/"type":"typing"/)).toContain('"typing":true');
    await sendText(app(), m, id, 'nog een vraag');
    expect(await until(/nog een vraag/)).toContain('"from":"member"');
    await answerText(op, id, 'Antwoord!');
    socket.socket.send(JSON.stringify({ type: 'read', conversation_id: id, seq: 57 }));
    expect(await until(/"type":"read"/)).toMatch(/"read_seq":57/);
    controller.abort();
    socket.socket.close();
    // Someone else's stream: refused.
    const stranger = await operator(2);
    const refused = await fetch(`${server.base.replace(/^ws/, 'http')}/api/admin/desk/${id}/events`, {
      headers: { cookie: `vonk_staff=${stranger.cookies.vonk_staff}` },
    });
    expect(refused.status).toBe(403);
  });
});

describe('O-05 canned openers and figures', () => {
  it('O-05 admins keep openers per language with audit; operators read them and may not change them', async () => {
    const admin = await buildStaff(app().db, { roles: ['admin'] });
    const op = await operator();
    const made = await desk(admin, 'POST', '/openers', {
      locale: 'de',
      body: '  Hallo! Wie geht es dir?  ',
      position: 1,
    });
    expect(made.statusCode).toBe(201);
    const opener = made.json().opener;
    expect(opener).toMatchObject({ locale: 'de', body: 'Hallo! Wie geht es dir?', site_id: null });
    expect((await desk(op, 'POST', '/openers', { locale: 'de', body: 'x' })).statusCode).toBe(403);
    const list = (await desk(op, 'GET', '/openers?locale=de')).json().openers;
    expect(list.map((o: { id: number }) => o.id)).toContain(opener.id);
    expect(list.every((o: { locale: string }) => o.locale === 'de')).toBe(true);
    const changed = await desk(admin, 'PATCH', `/openers/${opener.id}`, { body: 'Hallo du!' });
    expect(changed.json().opener.body).toBe('Hallo du!');
    expect((await desk(admin, 'POST', '/openers', { locale: 'de', body: 'a\u0000' })).statusCode).toBe(400);
    expect(
      (await desk(admin, 'POST', '/openers', { locale: 'de', body: 'x', site_id: 999 })).statusCode,
    ).toBe(400);
    expect((await desk(admin, 'DELETE', `/openers/${opener.id}`)).statusCode).toBe(204);
    const actions = await app()
      .db.select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.objectType, 'desk_opener'), eq(auditLog.objectId, String(opener.id))))
      .orderBy(auditLog.id);
    expect(actions.map((a) => a.action)).toEqual([
      'desk.opener.create',
      'desk.opener.update',
      'desk.opener.delete',
    ]);
    const siteAdmin = await buildStaff(app().db, { roles: [{ role: 'admin', siteId: 2 }] });
    expect((await desk(siteAdmin, 'POST', '/openers', { locale: 'nl', body: 'Hoi' })).statusCode).toBe(403);
    expect(
      (await desk(siteAdmin, 'POST', '/openers', { locale: 'nl', body: 'Hoi', site_id: 2 })).statusCode,
    ).toBe(201);
  });

  it('O-05 figures per operator and site: answered, median and p90 wait', async () => {
    const op = await operator(null, 'Figure Operator');
    const waits = [1000, 2000, 3000, 4000, 10_000];
    for (const waitedMs of waits) {
      const { id } = await waiting();
      await app().db.insert(deskAnswers).values({ conversationId: id, staffId: op.id, siteId: 1, waitedMs });
    }
    const res = await desk(op, 'GET', '/figures');
    expect(res.statusCode).toBe(200);
    const mine = res.json().operators.find((o: { staff_id: number }) => o.staff_id === op.id);
    expect(mine).toEqual({
      staff_id: op.id,
      name: 'Figure Operator',
      answered: 5,
      median_wait_ms: 3000,
      p90_wait_ms: 7600,
    });
    expect(
      res.json().sites.find((s: { site_id: number }) => s.site_id === 1)?.answered,
    ).toBeGreaterThanOrEqual(5);
    const past = await desk(op, 'GET', '/figures?from=2020-01-01&to=2020-01-31');
    expect(past.json().operators).toEqual([]);
    expect((await desk(op, 'GET', '/figures?from=2020-02-01&to=2020-01-01')).statusCode).toBe(400);
    expect((await desk(op, 'GET', '/figures?from=yesterday')).statusCode).toBe(400);
    const elsewhere = await operator(2);
    expect(
      (await desk(elsewhere, 'GET', '/figures'))
        .json()
        .sites.every((s: { site_id: number }) => s.site_id === 2),
    ).toBe(true);
  });
});
