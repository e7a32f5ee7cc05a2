import { describe, expect, it } from 'vitest';
import {
  emailAlertKind,
  engagedByCounts,
  shouldShowActivationReminder,
  shouldShowDisabledAlert,
  shouldShowPushAlert,
} from './layouts/alert-rules.ts';

describe('L-05 N-02 push-enable alert', () => {
  const fresh = { permission: 'unknown' as const, subscribed: false };
  it('L-05 shows when the browser can get pushes and the member was not asked yet', () => {
    expect(shouldShowPushAlert(fresh, 'members', false)).toBe(true);
    expect(shouldShowPushAlert({ permission: 'granted', subscribed: false }, null, false)).toBe(true);
  });
  it.each([
    ['unsupported', { permission: 'unsupported' as const, subscribed: false }, 'members', false],
    ['denied', { permission: 'denied' as const, subscribed: false }, 'members', false],
    ['subscribed', { permission: 'granted' as const, subscribed: true }, 'members', false],
    ['dismissed', fresh, 'members', true],
    ['signup', fresh, 'signup', false],
    ['notifications', fresh, 'notifications', false],
    ['activate-done', fresh, 'activate-done', false],
    ['directdebit', fresh, 'directdebit', false],
    ['premium', fresh, 'premium', false],
  ])('L-05 does not show: %s', (_name, state, route, dismissed) => {
    expect(shouldShowPushAlert(state, route, dismissed)).toBe(false);
  });
});

describe('N-02 the push prompt comes after a first like, match or message (issue 27)', () => {
  const fresh = { permission: 'unknown' as const, subscribed: false };
  it("N-02 not in a member's first minutes: only once someone liked or wrote them", () => {
    expect(shouldShowPushAlert(fresh, 'members', false, false)).toBe(false);
    expect(shouldShowPushAlert(fresh, 'members', false, true)).toBe(true);
    expect(engagedByCounts(undefined)).toBe(false);
    expect(engagedByCounts({ unread_messages: 0, new_likes: 0 })).toBe(false);
    expect(engagedByCounts({ unread_messages: 1, new_likes: 0 })).toBe(true);
    expect(engagedByCounts({ unread_messages: 0, new_likes: 2 })).toBe(true);
  });
});

describe('N-04 one unsubscribed mail type is not "no e-mail at all" (issue 27)', () => {
  it('N-04 an unsubscribe says so; only a bounce or spam report says mail has stopped', () => {
    expect(emailAlertKind(['listunsubscribe'])).toBe('unsubscribed');
    expect(emailAlertKind(['bounce'])).toBe('stopped');
    expect(emailAlertKind(['listunsubscribe', 'fbl'])).toBe('stopped');
    expect(emailAlertKind([])).toBeNull();
  });
  it('N-04 the activation reminder still shows after an unsubscribe: that mail still arrives', () => {
    const user = { status: 'not_confirmed' as const, profile: { status: 'disabled' as const } };
    expect(
      shouldShowActivationReminder(
        { ...user, notifications_disabled: ['listunsubscribe'] } as never,
        'members',
      ),
    ).toBe(true);
    expect(
      shouldShowActivationReminder({ ...user, notifications_disabled: ['bounce'] } as never, 'members'),
    ).toBe(false);
  });
});

describe('L-05 N-04 disabled-notifications alert', () => {
  const bounced = { notifications_disabled: ['bounce' as const] };
  it('L-05 shows while e-mail is off, except on settings and notifications', () => {
    expect(shouldShowDisabledAlert(bounced, 'members', null)).toBe(true);
    expect(shouldShowDisabledAlert(bounced, 'settings', null)).toBe(false);
    expect(shouldShowDisabledAlert(bounced, 'notifications', null)).toBe(false);
    expect(shouldShowDisabledAlert({ notifications_disabled: [] }, 'members', null)).toBe(false);
    expect(shouldShowDisabledAlert(null, 'members', null)).toBe(false);
  });
  it('L-05 a dismissal holds for the reasons it saw; a new reason shows it again', () => {
    expect(shouldShowDisabledAlert(bounced, 'members', 'bounce')).toBe(false);
    expect(shouldShowDisabledAlert({ notifications_disabled: ['fbl', 'bounce'] }, 'members', 'bounce')).toBe(
      true,
    );
  });
});
