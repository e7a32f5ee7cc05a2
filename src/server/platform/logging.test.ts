import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { buildMember, TEST_PASSWORD } from '../test/members.ts';
import { directDebitForm } from '../test/payments.ts';
import { scrubText } from './logging.ts';

// The log of the app, line by line, as production would write it.
const lines: string[] = [];
const stream = new Writable({
  write(chunk, _enc, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});
const logText = () => lines.join('\n');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { logStream: stream });
});
afterAll(() => t.close());

describe('issue 10 item 6: logs carry no personal data or secrets', () => {
  it('A-01 a signup failing in the database logs the error without e-mail, password or hash', async () => {
    // Make the insert of this signup fail inside PostgreSQL, with the row (e-mail, hash) in the error.
    await t.app.db.execute(
      sql`alter table users add constraint log_test_fail check (email not like 'boom%') not valid`,
    );
    const email = `boom-${Date.now()}@example.test`;
    const password = 'Geheim-wachtwoord-7781';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/signup',
      payload: {
        email,
        name: 'Logtest',
        password,
        date_of_birth: '1990-01-01',
        signup_message: 'Hoi',
        gender: 'male',
        looking_for: 'female',
        terms: true,
      },
    });
    await t.app.db.execute(sql`alter table users drop constraint log_test_fail`);
    expect(res.statusCode).toBe(500);
    expect(res.json().error.code).toBe('internal');
    const text = logText();
    expect(text, 'the failure is logged').toMatch(/unhandled error/);
    expect(text, 'with the failing query, without its values').toMatch(/insert into .{0,2}"users/);
    expect(text).not.toContain(email);
    expect(text).not.toContain(password);
    expect(text).not.toMatch(/argon2/);
    expect(text).not.toMatch(/@example\.test/);
  });

  it('A-05 a login failing in the database logs nothing of the e-mail or the stored hash', async () => {
    const m = await buildMember(t.app.db);
    lines.length = 0;
    await t.app.db.execute(sql`alter table users rename column locked_until to locked_until_gone`);
    let res: Awaited<ReturnType<typeof t.app.inject>>;
    try {
      res = await t.app.inject({
        method: 'POST',
        url: '/api/user.php',
        payload: { email: m.email, password: TEST_PASSWORD },
      });
    } finally {
      await t.app.db.execute(sql`alter table users rename column locked_until_gone to locked_until`);
    }
    expect(res.statusCode).toBe(500);
    const text = logText();
    expect(text).toMatch(/unhandled error/);
    expect(text).not.toContain(m.email);
    expect(text).not.toContain(m.email.toLowerCase());
    expect(text).not.toContain(TEST_PASSWORD);
    expect(text).not.toMatch(/argon2/);
  });

  it('fields named like secrets are censored in any log line', () => {
    lines.length = 0;
    t.app.log.warn(
      { email: 'a@b.example', user: { password: 'pw-1', passwordHash: '$argon2id$v=19$x', token: 'tok' } },
      'something',
    );
    const text = logText();
    expect(text).toContain('something');
    for (const secret of ['a@b.example', 'pw-1', 'argon2', 'tok"']) expect(text).not.toContain(secret);
  });

  it('the scrubber takes out drizzle parameter lines, addresses, hashes and long hex tokens', () => {
    const message =
      'Failed query: select 1 where email = $1\nparams: x@y.example,$argon2id$v=19$m=1$abc\n    at foo (file.ts:1:1)';
    const clean = scrubText(message);
    expect(clean).toContain('Failed query: select 1 where email = $1');
    expect(clean).toContain('at foo');
    expect(clean).not.toMatch(/x@y|argon2/);
    expect(scrubText(`token ${'ab12'.repeat(16)}`)).toBe('token [hex]');
    const path = 'at file:///app/node_modules/@electric-sql/pglite/dist/index.js:1:2';
    expect(scrubText(path), 'stack paths stay readable').toBe(path);
    expect(scrubText('to Zoë.de-Vries+1@voorbeeld.nl.')).toBe('to [email].');
  });
  it('Pay-06 a direct debit, accepted or refused, never writes the IBAN or the phone number to the log', async () => {
    lines.length = 0;
    const m = await buildMember(t.app.db, { createdAt: new Date(Date.now() - 48 * 3_600_000) });
    const pricing = (await t.app.inject({ url: '/api/credits', cookies: m.cookies })).json() as {
      bundles: { id: number }[];
    };
    const form = directDebitForm(pricing.bundles[0]?.id, { iban: 'NL91 ABNA 0417 1643 00' });
    const post = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/direct-debit', payload, cookies: m.cookies });
    expect((await post(form)).statusCode).toBe(200);
    // A wrong check digit, and a refused request: the answer names the field, the log never the number.
    expect((await post({ ...form, iban: 'NL92 ABNA 0417 1643 00' })).statusCode).toBe(400);
    const text = logText();
    expect(text).toContain('/api/direct-debit');
    for (const secret of ['0417164300', '0417 1643', '612345678', '1234 5678'])
      expect(text).not.toContain(secret);
  });
});
