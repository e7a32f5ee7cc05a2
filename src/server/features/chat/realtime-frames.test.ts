import { describe, expect, it } from 'vitest';
import { ZClientFrame } from '../../../shared/contract/realtime.ts';
import { plainSendFrame } from './send.ts';

// The hand check of send frames must never accept what the schema refuses, and must read the same frame.
describe('plainSendFrame', () => {
  const ok = { type: 'send', conversation_id: 7, client_id: 'abcdefgh', body: 'hi' };
  const cases: unknown[] = [
    ok,
    { ...ok, body: '' },
    { ...ok, client_id: 'x'.repeat(64) },
    { ...ok, client_id: 'x'.repeat(65) },
    { ...ok, conversation_id: 0 },
    { ...ok, conversation_id: -1 },
    { ...ok, conversation_id: 1.5 },
    { ...ok, conversation_id: 2_147_483_647 },
    { ...ok, conversation_id: 2_147_483_648 },
    { ...ok, conversation_id: '7' },
    { ...ok, body: 5 },
    { ...ok, body: null },
    { ...ok, extra: 1 },
    JSON.parse('{"type":"send","conversation_id":7,"client_id":"abcdefgh","body":"x","__proto__":{}}'),
    { type: 'send', conversation_id: 7, client_id: 'abcdefgh' },
    { type: 'typing', conversation_id: 7, typing: true },
    ['send'],
    null,
    'send',
  ];
  it.each(cases.map((c) => [JSON.stringify(c), c]))('%s', (_, frame) => {
    const quick = plainSendFrame(frame);
    const schema = ZClientFrame.safeParse(frame);
    if (quick) expect(schema.success && schema.data).toEqual(quick);
    if (schema.success && schema.data.type === 'send') expect(quick).toEqual(schema.data);
  });
});
