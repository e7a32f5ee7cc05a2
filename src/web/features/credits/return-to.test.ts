import { describe, expect, it } from 'vitest';
import { isLocalPath, parseReturn, RETURN_TTL_MS } from './return-to.ts';

const now = Date.UTC(2026, 10, 28, 4, 0);
const stored = (v: object) => JSON.stringify(v);

describe('Pay-04 back to the conversation after paying', () => {
  it('Pay-04 keeps the chat, the name and the typed draft', () => {
    expect(
      parseReturn(stored({ path: '/chats/12', name: 'Sanne', draft: 'Hoi!', at: now - 5000 }), now),
    ).toEqual({ path: '/chats/12', name: 'Sanne', draft: 'Hoi!', at: now - 5000 });
  });

  it('Pay-04 forgets a return older than an hour, and anything malformed', () => {
    expect(
      parseReturn(stored({ path: '/chats/1', name: '', draft: '', at: now - RETURN_TTL_MS - 1 }), now),
    ).toBe(null);
    expect(parseReturn('{not json', now)).toBeNull();
    expect(parseReturn(stored({ path: 12, at: now }), now)).toBeNull();
    expect(parseReturn(null, now)).toBeNull();
  });

  it('Pay-04 never leads off the site (no open redirect through the stored path)', () => {
    for (const path of [
      '//evil.example/x',
      'https://evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
    ])
      expect(isLocalPath(path), path).toBe(false);
    expect(parseReturn(stored({ path: '//evil.example', name: '', draft: '', at: now }), now)).toBeNull();
    expect(isLocalPath('/members/7')).toBe(true);
  });
});
