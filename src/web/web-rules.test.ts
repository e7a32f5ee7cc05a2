import { describe, expect, it } from 'vitest';
import { shouldShowEntryWarning } from '../shared/entry-warning.ts';
import { ApiError, isSessionLost, retryDelay, shouldRetry } from './api/client.ts';

const base = {
  layout: 'default' as const,
  routeName: 'index',
  skippedAt: null,
  standalone: false,
  loggedIn: false,
  enabled: true,
  country: 'NL',
  countries: ['NL', 'DE', 'BE'],
};

describe('L-04 site-entry warning rules', () => {
  it('L-04 shows to a new visitor from an allowed country', () => {
    expect(shouldShowEntryWarning(base)).toBe(true);
  });
  it.each([
    ['after it was skipped', { skippedAt: '2026-01-01T00:00:00Z' }],
    ['in installed-app mode', { standalone: true }],
    ['when logged in', { loggedIn: true }],
    ['when the site disables it', { enabled: false }],
    ['for a country outside the list', { country: 'JP' }],
    ['on complete-signup', { routeName: 'complete-signup' }],
    ['on reset-password', { routeName: 'reset-password' }],
    ['on reset-password-do', { routeName: 'reset-password-do' }],
    ['in the chat layout outside NL and DE', { layout: 'chat' as const, country: 'BE' }],
  ])('L-04 does not show %s', (_name, override) => {
    expect(shouldShowEntryWarning({ ...base, ...override })).toBe(false);
  });
  it('L-04 shows in the chat layout for NL and DE', () => {
    expect(shouldShowEntryWarning({ ...base, layout: 'chat', country: 'DE' })).toBe(true);
  });
});

describe('P-04 P-05 HTTP client', () => {
  const err = (status: number, body: unknown = {}, url = '/api/chats') => new ApiError(status, url, body);

  it('P-04 retries network failures and 5xx up to 5 times, never a 4xx', () => {
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(4, err(503))).toBe(true);
    expect(shouldRetry(5, err(503))).toBe(false);
    expect(shouldRetry(0, err(400))).toBe(false);
    expect(shouldRetry(0, err(429))).toBe(true);
  });

  it('P-04 waits exponentially longer between tries', () => {
    expect([0, 1, 2, 3, 4].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000]);
    expect(retryDelay(10)).toBe(30_000);
  });

  it('P-05 a 403 asking for authentication ends the session, except from user.php', () => {
    const body = { error: { code: 'auth', message: 'x', authentication_required: true } };
    expect(isSessionLost(err(403, body))).toBe(true);
    expect(isSessionLost(err(403, body, '/api/user.php'))).toBe(false);
    expect(isSessionLost(err(403, { error: { code: 'forbidden', message: 'x' } }))).toBe(false);
  });
});
