import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  chatDraftFor,
  forgetSignupReason,
  keepAsDraft,
  keepMessage,
  readSignupReason,
  rememberSignupReason,
} from './signup-reason.ts';

/** The browser's localStorage, as a map: these rules run in Node. */
function fakeStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (k: string) => items.get(k) ?? null,
    setItem: (k: string, v: string) => void items.set(k, String(v)),
    removeItem: (k: string) => void items.delete(k),
    raw: items,
  };
}

let storage: ReturnType<typeof fakeStorage>;
beforeEach(() => {
  storage = fakeStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const anna = { id: 7, name: 'Anna' };

describe("issue 27 C-12 a visitor's message kept through signup", () => {
  it('C-12 keeps one client id while the message is edited, so every send of it is the same message', () => {
    keepMessage(anna, 'Hoi Anna', true);
    const first = readSignupReason()?.send?.clientId;
    expect(first).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    keepMessage(anna, 'Hoi Anna, zin in koffie?', true);
    expect(readSignupReason()).toMatchObject({
      memberId: 7,
      draft: 'Hoi Anna, zin in koffie?',
      send: { name: 'Anna', clientId: first },
    });
    // Another member's message is another message.
    keepMessage({ id: 8, name: 'Bo' }, 'Hoi Bo', true);
    expect(readSignupReason()?.send?.clientId).not.toBe(first);
  });

  it('C-12 a message waiting to go out by itself is no chat draft (typed again it would go out twice)', () => {
    keepMessage(anna, 'Hoi Anna', true);
    expect(chatDraftFor(7)).toBeNull();
    // Refused for good: it waits in the composer instead, and no longer goes out by itself.
    keepAsDraft(7);
    expect(readSignupReason()?.send).toBeUndefined();
    expect(chatDraftFor(7)).toBe('Hoi Anna');
    forgetSignupReason(7);
    expect(readSignupReason()).toBeNull();
  });

  it('nothing goes out unasked: typing keeps a draft, an empty message is never sent', () => {
    keepMessage(anna, 'Hoi', false);
    expect(readSignupReason()?.send).toBeUndefined();
    keepMessage(anna, '   ', true);
    expect(readSignupReason()?.send).toBeUndefined();
    keepMessage(anna, 'x'.repeat(900), true);
    expect(readSignupReason()?.draft).toHaveLength(500);
  });

  it("L-08 a member landing's drafted first message stays a draft; a week later it is forgotten", () => {
    vi.useFakeTimers({ now: new Date('2026-11-01T12:00:00Z') });
    rememberSignupReason(7, 'Hoi Anna! Je profiel sprak me aan.');
    expect(chatDraftFor(7)).toBe('Hoi Anna! Je profiel sprak me aan.');
    expect(chatDraftFor(8)).toBeNull();
    vi.setSystemTime(new Date('2026-11-08T12:00:01Z'));
    expect(readSignupReason()).toBeNull();
  });

  it('a stored value of the wrong shape counts as none', () => {
    for (const bad of [
      '{',
      '{"memberId":7,"draft":"x","at":1e15,"send":{"name":"A","clientId":"<script>"}}',
      '{"memberId":-1,"draft":"x","at":1e15}',
    ]) {
      storage.setItem('vonk.signup_reason', bad);
      expect(readSignupReason(), bad).toBeNull();
    }
  });
});
