import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHAT_REFUSALS, refuse, WRITE_RULES, writeRefusal } from './refusals.ts';

// Issue 22: "who may write to whom" lives in one table; chat_send()'s SQL is checked against it.
const source = readFileSync(join(import.meta.dirname, '../../db/functions/chat_send.sql'), 'utf8');

/** The refusals of chat_send()'s outcome CASE, in order: [condition, refusal]. */
function sqlRefusals(): [string, string][] {
  const start = source.indexOf('outcome AS (');
  const end = source.indexOf('END AS err', start);
  const block = source.slice(start, end);
  return [...block.matchAll(/WHEN (.+?) THEN '([a-z_]+)'/g)].map((m) => [
    (m[1] ?? '').replace(/\s+/g, ' ').trim(),
    m[2] ?? '',
  ]);
}

describe('chat refusals: one table for TS and SQL (issue 22)', () => {
  it('C-03 chat_send() refuses exactly the table write rules, in the same order', () => {
    expect(sqlRefusals()).toEqual(WRITE_RULES.map((r) => [r.sql, r.refusal]));
  });

  it('C-03 the TS checks follow the same rules in the same order', () => {
    const ok = { listed: true, blockedMe: false, blockedByMe: false, status: 'confirmed' };
    expect(writeRefusal(ok)).toBeNull();
    expect(writeRefusal(undefined)).toBe('unavailable');
    expect(writeRefusal({ ...ok, listed: false, blockedByMe: true })).toBe('unavailable');
    expect(writeRefusal({ ...ok, blockedMe: true })).toBe('unavailable');
    expect(writeRefusal({ ...ok, blockedByMe: true, status: 'not_confirmed' })).toBe('blocked_by_me');
    expect(writeRefusal({ ...ok, status: 'not_confirmed' })).toBe('recipient_unconfirmed');
  });

  it('C-03 each refusal answers with its status and code; a shortfall says how many credits', () => {
    for (const [reason, wire] of Object.entries(CHAT_REFUSALS)) {
      const err = refuse(reason as keyof typeof CHAT_REFUSALS, 7);
      expect([err.status, err.code, err.messageId]).toEqual([wire.status, wire.code, wire.messageId]);
    }
    expect(refuse('insufficient_credits', 7).details).toEqual({ required: 7 });
  });
});
