import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './features/accounts/redirect.ts';
import { imageUrl } from './images.ts';
import { activationReminderAsModal, shouldShowActivationReminder } from './layouts/alert-rules.ts';
import { hasTrafficSource, trackingFrom } from './tracking.ts';

const unconfirmed = {
  status: 'not_confirmed' as const,
  profile: { status: 'disabled' as const },
  notifications_disabled: [] as ('fbl' | 'bounce' | 'listunsubscribe')[],
};

describe('L-05 activation reminder', () => {
  it('L-05 shows for an unconfirmed member with a disabled profile whose mail still arrives', () => {
    expect(shouldShowActivationReminder(unconfirmed as never, 'index')).toBe(true);
  });
  it.each([
    ['a visitor', null, 'index'],
    ['a confirmed member', { ...unconfirmed, status: 'confirmed' }, 'index'],
    ['an active profile', { ...unconfirmed, profile: { status: 'active' } }, 'index'],
    ['mail that bounces', { ...unconfirmed, notifications_disabled: ['bounce'] }, 'index'],
    ['the signup page', unconfirmed, 'signup'],
    ['the settings page', unconfirmed, 'settings'],
    ['the notifications page', unconfirmed, 'notifications'],
  ])('L-05 does not show for %s', (_name, user, route) => {
    expect(shouldShowActivationReminder(user as never, route)).toBe(false);
  });
  it('L-05 is a modal only on a smartphone with the signup-complete flag', () => {
    expect(activationReminderAsModal('?signup-complete=1', true)).toBe(true);
    expect(activationReminderAsModal('?signup-complete', true)).toBe(true);
    expect(activationReminderAsModal('?signup-complete=1', false)).toBe(false);
    expect(activationReminderAsModal('', true)).toBe(false);
  });
});

describe('P-08 A-02 tracking', () => {
  it('P-08 reads network, ref and sub1-3 from a landing query and nothing else', () => {
    expect(trackingFrom('?network=aff&ref=r1&sub1=a&sub2=b&sub3=c&utm=x')).toEqual({
      network: 'aff',
      ref: 'r1',
      sub1: 'a',
      sub2: 'b',
      sub3: 'c',
    });
    expect(trackingFrom('?utm_source=x')).toBeNull();
    expect(trackingFrom(`?network=${'n'.repeat(100)}`)?.network).toHaveLength(64);
  });
  it('A-02 a traffic source is a network or a ref', () => {
    expect(hasTrafficSource({ network: 'aff' })).toBe(true);
    expect(hasTrafficSource({ ref: 'r' })).toBe(true);
    expect(hasTrafficSource({ sub1: 'x' })).toBe(false);
    expect(hasTrafficSource(null)).toBe(false);
  });
});

describe('A-05 redirect after login', () => {
  const origin = 'https://vonk.test';
  it.each([
    ['/settings', '/settings'],
    ['/members/12?tab=photos', '/members/12?tab=photos'],
    ['//evil.example/x', null],
    ['/\\evil.example', null],
    ['https://evil.example/', null],
    ['javascript:alert(1)', null],
    ['/login?redirect=/settings', null],
    ['', null],
    [null, null],
  ])('A-05 %s -> %s', (value, expected) => {
    expect(safeRedirect(value, origin)).toBe(expected);
  });
  it('A-05 keeps the slashes of the path readable', () => {
    expect(loginPath('/settings')).toBe('/login?redirect=/settings');
    expect(loginPath('/a?b=c&d')).toBe('/login?redirect=/a%3Fb%3Dc%26d');
  });
});

describe('images', () => {
  it('puts paths and storage keys under the CDN prefix', () => {
    expect(imageUrl('https://cdn.test/', '/media/a.webp')).toBe('https://cdn.test/media/a.webp');
    expect(imageUrl('', 'a.webp')).toBe('/media/a.webp');
    expect(imageUrl('https://cdn.test', 'https://other.test/a.webp')).toBe('https://other.test/a.webp');
  });
});

describe('M-02 interest icons', () => {
  it('M-02 the small icon map of the interests step has every icon of the interest list', async () => {
    const { INTERESTS } = await import('../shared/data/interests.ts');
    const { interestIcon } = await import('./features/accounts/steps/interest-icons.ts');
    const lucide = (await import('lucide-react')) as unknown as Record<string, unknown>;
    for (const interest of INTERESTS)
      expect(interestIcon(interest.icon), interest.icon).toBe(lucide[interest.icon]);
  });
});
