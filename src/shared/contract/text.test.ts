import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogs } from '../i18n/catalogs.ts';
import { makeSignupSchema, ZLoginRequest, ZProfileName } from './accounts.ts';
import { cleanStoredText, zLine, zMultiline, zSecret } from './text.ts';

const messageOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error?.issues[0]?.message;

describe('the shared text type (issue 10 item 5)', () => {
  it('refuses C0 and C1 controls, DEL and lone surrogates with a field message', () => {
    const line = zLine(50);
    for (const bad of [
      'a\u0000b',
      'a\u0001',
      'tab\there',
      'new\nline',
      'del\u007f',
      'c1\u0085',
      'x\ud800',
      '\udfffx',
    ]) {
      expect(messageOf(line.safeParse(bad)), JSON.stringify(bad)).toBe('validation.text_characters');
    }
    expect(line.parse('  Utrecht  ')).toBe('Utrecht');
  });

  it('text areas keep newlines and tabs, turn CRLF into LF, and still refuse NUL', () => {
    const area = zMultiline(100);
    expect(area.parse('Hoi!\r\n\tIk ben Anna.\rGroet')).toBe('Hoi!\n\tIk ben Anna.\nGroet');
    expect(messageOf(area.safeParse('Hoi\u0000'))).toBe('validation.text_characters');
    expect(messageOf(area.safeParse('Hoi\u000bdaar'))).toBe('validation.text_characters');
  });

  it('normalises free text to NFC before measuring it', () => {
    const decomposed = 'e\u0301'.repeat(3); // "é" as e + combining accent
    expect(zLine(3).parse(decomposed)).toBe('é'.repeat(3));
  });

  it('secrets stay byte for byte as typed', () => {
    expect(zSecret(20).parse(' ＡB ')).toBe(' ＡB ');
    expect(messageOf(zSecret(20).safeParse('pw\u0000'))).toBe('validation.text_characters');
  });

  it('never throws, whatever the string (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) }),
        (s) => {
          zLine(50).safeParse(s);
          zMultiline(50).safeParse(s);
          const parsed = ZProfileName.safeParse(s);
          if (parsed.success) expect(parsed.data.isWellFormed()).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('stored header text loses controls and lone surrogates, and is cut without splitting a pair', () => {
    expect(cleanStoredText('Mozilla\u0000/5.0\ud800', 100)).toBe('Mozilla/5.0\ufffd');
    expect(cleanStoredText('😀😀😀', 2)).toBe('😀😀');
  });

  it('the message exists in all eleven catalogs', () => {
    for (const catalog of Object.values(catalogs)) {
      expect(catalog['validation.text_characters']).toBeTruthy();
      expect(catalog['validation.required']).toBeTruthy();
    }
  });
});

describe('profile names (issue 10 item 12)', () => {
  it('A-03 "＠admin" (fullwidth @) is normalised (NFKC) and fails the @ rule', () => {
    expect(messageOf(ZProfileName.safeParse('＠admin'))).toBe('validation.name_starts_at');
    expect(messageOf(ZProfileName.safeParse('@admin'))).toBe('validation.name_starts_at');
    expect(messageOf(ZProfileName.safeParse('\uFE6Badmin'))).toBe('validation.name_starts_at'); // small @
  });

  it('A-03 refuses zero-width, invisible and bidi control characters', () => {
    for (const bad of [
      'An\u200bna',
      'An\u200cna',
      'An\u200dna',
      'Anna\u2060',
      'An\ufeffna',
      'Anna\u202e',
      '\u202dAnna',
      'An\u2066na\u2069',
      'An\u200fna',
      'An\u061cna',
      'An\u00adna',
      'An\u0000na',
    ]) {
      expect(messageOf(ZProfileName.safeParse(bad)), JSON.stringify(bad)).toBe('validation.name_characters');
    }
  });

  it('A-03 keeps names people really have: accents, scripts, emoji', () => {
    for (const good of [
      'Zoë',
      'José María',
      'Łukasz',
      'Ørjan',
      'Анна',
      'ユキ',
      'سارة',
      'Anna ❤️',
      "O'Brien",
    ]) {
      expect(ZProfileName.safeParse(good).success, good).toBe(true);
    }
    expect(ZProfileName.parse('Ｍａｒｋ')).toBe('Mark'); // fullwidth letters become plain ones
  });

  it('A-03 the login e-mail refuses NUL instead of reaching the database', () => {
    expect(ZLoginRequest.safeParse({ email: 'a\u0000@b.nl', password: 'x' }).success).toBe(false);
    expect(ZLoginRequest.parse({ email: ' ＡNNA@example.nl ', password: 'x' }).email).toBe('anna@example.nl');
  });
});

describe('signup: "name equals e-mail" with the other field errors (issue 10 bug)', () => {
  it('A-03 reports the name error while other fields are still wrong', () => {
    const result = makeSignupSchema(18).safeParse({
      email: 'anna@example.nl',
      name: 'anna@example.nl',
      password: 'short',
      date_of_birth: '',
      gender: 'female',
      looking_for: 'male',
      terms: false,
    });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
    expect(fields.name).toBe('validation.name_is_email');
    expect(fields.password).toBe('validation.password_short');
    expect(fields.terms).toBe('validation.terms_required');
  });
});
