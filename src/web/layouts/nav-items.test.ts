import { describe, expect, it } from 'vitest';
import { badgeLabel, badgeText } from '../../shared/rules.ts';
import { creditsBadge, creditsPillTone, hasBackButton, showsTabBar } from './nav-items.tsx';

describe('L-02 navigation badges', () => {
  it('L-02 the credits badge shows at 10 or fewer: warning above 0, danger at 0', () => {
    expect(creditsBadge(11)).toBeNull();
    expect(creditsBadge(10)).toEqual({ count: 10, tone: 'warning' });
    expect(creditsBadge(1)).toEqual({ count: 1, tone: 'warning' });
    expect(creditsBadge(0)).toEqual({ count: 0, tone: 'danger' });
  });

  it("L-02 the phone header's credits pill takes the badge's colours at 10 or fewer", () => {
    expect(creditsPillTone(250)).toBe('neutral');
    expect(creditsPillTone(11)).toBe('neutral');
    expect(creditsPillTone(10)).toBe('warning');
    expect(creditsPillTone(1)).toBe('warning');
    expect(creditsPillTone(0)).toBe('danger');
  });

  it('Pay-04 no tab bar during checkout or signup; everywhere else it stays', () => {
    for (const path of ['/credits/3', '/credits/3/ideal', '/directdebit', '/test-checkout/tr_1', '/signup'])
      expect(showsTabBar(path), path).toBe(false);
    for (const path of ['/credits', '/members', '/chats', '/premium', '/transactions'])
      expect(showsTabBar(path), path).toBe(true);
  });

  it('L-02 counts read 99+ from 100', () => {
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });

  it('L-02 a badge of 99+ says "more than 99" to screen readers, not the capped 100 (issue 27)', () => {
    expect(badgeLabel('nav.unread_messages', 99)).toEqual({
      id: 'nav.unread_messages',
      values: { count: 99 },
    });
    expect(badgeLabel('nav.unread_messages', 100)).toEqual({
      id: 'nav.unread_messages_over',
      values: { count: 99 },
    });
  });
});

describe('P-12 back button in the installed app', () => {
  it('P-12 shows on profile, likes, credits and payment-method pages only', () => {
    for (const path of [
      '/profile',
      '/members/12',
      '/likes',
      '/likes/received',
      '/likes/m/7',
      '/credits',
      '/credits/3/ideal',
    ])
      expect(hasBackButton(path), path).toBe(true);
    for (const path of ['/members', '/chats', '/swipe-game', '/notifications', '/'])
      expect(hasBackButton(path), path).toBe(false);
  });
});
