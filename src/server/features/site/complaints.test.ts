import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { complaints, mailOutbox, sites } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { buildMember } from '../../test/members.ts';

let t: TestApp;
let support: string;
beforeAll(async () => {
  t = await createTestApp();
  const [site] = await t.app.db.select().from(sites).where(eq(sites.isDefault, true));
  support = site?.supportEmail ?? '';
});
afterAll(async () => {
  await t.close();
});

let n = 0;
const complaint = (over: Record<string, unknown> = {}) => ({
  client_id: `test-complaint-${++n}-${Date.now()}`,
  name: 'Sanne de Vries',
  email: `sanne${n}@example.test`,
  topic: 'payment',
  message: 'Ik heb twee keer betaald voor één bundel credits.',
  ...over,
});
const send = (payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/complaints', payload: payload as object, headers });
const mailsTo = (to: string) => t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, to));

describe('L-09 complaints reach the operator', () => {
  it('L-09 a visitor complaint is stored, mailed to support (reply goes to the sender) and confirmed with a reference', async () => {
    const body = complaint();
    const res = await send(body);
    expect(res.statusCode).toBe(201);
    const { reference } = res.json();
    expect(reference).toMatch(/^K-\d{6}$/);
    const [stored] = await t.app.db.select().from(complaints).where(eq(complaints.clientId, body.client_id));
    expect(stored).toMatchObject({ topic: 'payment', email: body.email, userId: null, status: 'open' });

    const toSupport = (await mailsTo(support)).filter((m) => m.subject.includes(reference));
    expect(toSupport).toHaveLength(1);
    expect(toSupport[0]?.subject).toBe(`Klacht ${reference}: Een betaling`);
    expect(toSupport[0]?.headers).toMatchObject({ 'Reply-To': body.email });
    expect(toSupport[0]?.text).toContain('Ik heb twee keer betaald');
    expect(toSupport[0]?.text).toContain('bezoeker, niet ingelogd');

    const confirmation = await mailsTo(body.email);
    expect(confirmation).toHaveLength(1);
    expect(confirmation[0]?.text).toContain(reference);
  });

  it('L-09 a member reports a profile: the mail names the member and links to the profile', async () => {
    const reporter = await buildMember(t.app.db);
    const reported = await buildMember(t.app.db, { name: 'Nepprofiel' });
    const res = await send(
      complaint({
        topic: 'profile',
        member_id: reported.id,
        email: reporter.email,
        message: 'Vraagt om geld.',
      }),
      { cookie: reporter.cookie },
    );
    expect(res.statusCode).toBe(201);
    const { reference } = res.json();
    const [stored] = await t.app.db.select().from(complaints).where(eq(complaints.memberId, reported.id));
    expect(stored?.userId).toBe(reporter.id);
    const [mail] = (await mailsTo(support)).filter((m) => m.subject.includes(reference));
    expect(mail?.text).toContain(`Gemeld profiel: Nepprofiel (#${reported.id})`);
    expect(mail?.text).toContain(`/members/${reported.id}`);
    expect(mail?.text).toContain(`#${reporter.id}`);
  });

  it('L-09 the same form sent 20 times at once is one complaint and one pair of mails', async () => {
    const body = complaint();
    const answers = await Promise.all(Array.from({ length: 20 }, () => send(body)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(answers.map((a) => a.json().reference)).size).toBe(1);
    const rows = await t.app.db
      .select()
      .from(complaints)
      .where(and(eq(complaints.email, body.email), eq(complaints.clientId, body.client_id)));
    expect(rows).toHaveLength(1);
    expect(await mailsTo(body.email)).toHaveLength(1);
    const reference = answers[0]?.json().reference;
    expect((await mailsTo(support)).filter((m) => m.subject.includes(reference))).toHaveLength(1);
  });

  it('L-09 bad input gets localised field messages and stores nothing', async () => {
    const before = await t.app.db.select().from(complaints);
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '  ' }, 'name', 'Vul je naam in.'],
      [{ email: 'geen-adres' }, 'email', 'Ongeldige e-mail'],
      [{ topic: 'spam' }, 'topic', 'Kies waar je klacht over gaat.'],
      [{ message: 'kort' }, 'message', 'Vertel iets meer: minstens 10 tekens.'],
      [{ message: 'x'.repeat(4001) }, 'message', 'Deze tekst is te lang.'],
      [{ message: 'Hallo\u0000daar, dit is mijn klacht' }, 'message', 'validation'],
      [{ name: 'Sanne\uD800' }, 'name', 'validation'],
    ];
    for (const [over, field, text] of cases) {
      const res = await send(complaint(over), { 'accept-language': 'nl' });
      expect(res.statusCode, JSON.stringify(over).slice(0, 40)).toBe(400);
      const error = res.json().error;
      expect(error.fields?.[field], field).toBeTruthy();
      if (text !== 'validation') expect(error.fields[field]).toBe(text);
    }
    expect(await t.app.db.select().from(complaints)).toHaveLength(before.length);
  });

  it('L-09 the confirmation speaks the sender’s language; support reads the site’s', async () => {
    const body = complaint({ topic: 'privacy' });
    const res = await send(body, { 'accept-language': 'de' });
    expect(res.statusCode).toBe(201);
    const [confirmation] = await mailsTo(body.email);
    expect(confirmation?.subject).toBe(`Deine Beschwerde bei Vonk (${res.json().reference})`);
    const staff = await t.app.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `%${res.json().reference}%`));
    expect(staff.find((m) => m.to === support)?.subject).toBe(`Klacht ${res.json().reference}: Privacy`);
  });
});

describe('L-09 issue 21: complaints are no mail relay', () => {
  it('L-09 the confirmation quotes nothing the sender wrote; support still reads all of it', async () => {
    const body = complaint({
      name: 'Win 500 euro op spam.example',
      message: 'Klik hier: https://spam.example/win en <a href="https://spam.example">hier</a> nu!',
    });
    const res = await send(body);
    expect(res.statusCode).toBe(201);
    const { reference } = res.json();
    const [confirmation] = await mailsTo(body.email);
    expect(confirmation?.text).toContain(reference);
    for (const part of [confirmation?.subject, confirmation?.text, confirmation?.html]) {
      expect(part).not.toContain('spam.example');
      expect(part).not.toContain('Win 500');
      expect(part).not.toContain('Klik hier');
    }
    const [toSupport] = (await mailsTo(support)).filter((m) => m.subject.includes(reference));
    expect(toSupport?.text).toContain('https://spam.example/win');
    expect(toSupport?.text).toContain('Win 500 euro op spam.example');
  });

  it('L-09 one mailbox gets at most 3 confirmations a day; every complaint is still stored and reaches support', async () => {
    const box = `slachtoffer-${Date.now()}`;
    const addresses = [`${box}@example.test`, `${box}+1@example.test`, `${box}+a.b@example.test`];
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => send(complaint({ email: addresses[i % 3] }))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(201));
    const references = answers.map((a) => a.json().reference as string);
    expect(new Set(references).size).toBe(6);
    const confirmations = (await Promise.all(addresses.map(mailsTo))).flat();
    expect(confirmations).toHaveLength(3);
    const stored = await t.app.db
      .select()
      .from(complaints)
      .where(like(complaints.email, `${box}%`));
    expect(stored).toHaveLength(6);
    const staff = await mailsTo(support);
    for (const reference of references) {
      expect(
        staff.filter((m) => m.subject.includes(reference)),
        reference,
      ).toHaveLength(1);
    }
    // Another mailbox is not affected.
    const other = complaint();
    expect((await send(other)).statusCode).toBe(201);
    expect(await mailsTo(other.email)).toHaveLength(1);
  });

  it('L-09 a complaint about an unknown member id answers as one about a known member', async () => {
    const known = await buildMember(t.app.db);
    const answers = [];
    for (const memberId of [known.id, 2_000_000_000]) {
      const body = complaint({
        topic: 'profile',
        member_id: memberId,
        message: 'Dit profiel vraagt om geld.',
      });
      const res = await send(body, { 'accept-language': 'nl' });
      const [confirmation] = await mailsTo(body.email);
      answers.push({
        status: res.statusCode,
        keys: Object.keys(res.json()),
        confirmation: confirmation?.text.replace(/K-\d{6}/g, 'K-x'),
      });
    }
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[1]?.status).toBe(201);
    const [stored] = await t.app.db.select().from(complaints).where(eq(complaints.memberId, known.id));
    expect(stored).toBeTruthy();
    const staff = (await mailsTo(support)).filter((m) => m.text.includes('#2000000000'));
    expect(staff).toHaveLength(1);
    expect(staff[0]?.text).toContain('Gemeld profiel #2000000000: bestaat niet (meer).');
  });
});

describe('L-09 complaints are limited per address', () => {
  it('L-09 the eleventh complaint within an hour from one address is refused with a localised 429', async () => {
    const limited = await createTestApp({ RATE_LIMIT_FACTOR: '1' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/complaints',
          payload: complaint(),
          headers: { 'accept-language': 'nl' },
        });
        codes.push(res.statusCode);
        if (i === 10) expect(res.json().error.message).toContain('te vaak');
      }
      expect(codes.slice(0, 10)).toEqual(Array(10).fill(201));
      expect(codes[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
