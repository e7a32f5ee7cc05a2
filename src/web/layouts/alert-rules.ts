import type { TUser } from '../../shared/contract/accounts.ts';

/** Pages that never show the activation reminder: spec §4, plus the pages that offer a new mail already. */
export const ACTIVATION_REMINDER_HIDDEN_ON: readonly string[] = [
  'signup',
  'settings',
  'notifications',
  'complete-signup',
  'activate-error',
];

/**
 * The activation reminder (L-05): a member who has not confirmed the address, whose profile is still
 * disabled, and whose e-mail still reaches them (no disabled notifications).
 */
/** Whether no mail reaches the member at all: a bounce or a spam report (an unsubscribe stops one type only). */
export const mailStopped = (reasons: readonly string[]): boolean =>
  reasons.some((r) => r === 'bounce' || r === 'fbl');

/**
 * Which e-mail alert a member sees (issue 27): `stopped` when no mail reaches them, `unsubscribed` when
 * they turned one type off by a mail's link (the others still come), else none.
 */
export function emailAlertKind(reasons: readonly string[]): 'stopped' | 'unsubscribed' | null {
  if (mailStopped(reasons)) return 'stopped';
  return reasons.includes('listunsubscribe') ? 'unsubscribed' : null;
}

export function shouldShowActivationReminder(
  user: Pick<TUser, 'status' | 'profile' | 'notifications_disabled'> | null,
  routeName: string | null,
): boolean {
  if (!user) return false;
  if (routeName && ACTIVATION_REMINDER_HIDDEN_ON.includes(routeName)) return false;
  return (
    user.status === 'not_confirmed' &&
    user.profile.status === 'disabled' &&
    !mailStopped(user.notifications_disabled)
  );
}

/** On a smartphone, right after signup (?signup-complete), the reminder is a modal instead. */
export function activationReminderAsModal(search: string, smartphone: boolean): boolean {
  return smartphone && new URLSearchParams(search).has('signup-complete');
}

/** Pages that never show the profile-photo warning: spec §4, plus complete-signup, which asks for a photo itself. */
export const PHOTO_WARNING_HIDDEN_ON: readonly string[] = [
  'profile',
  'signup',
  'activate-done',
  'premium',
  'notifications',
  'directdebit',
  'settings',
  'complete-signup',
];

/** localStorage key of the dismissal, one per member (a shared browser does not hide it for another). */
export const photoWarningKey = (userId: number) => `vonk.photo-warning-dismissed.${userId}`;

/** A dismissed warning comes back after this long, in case the member meant "not now". */
export const PHOTO_WARNING_QUIET_MS = 7 * 86_400_000;

/**
 * The profile-photo warning (L-05): a logged-in member without a main image, unless they dismissed it
 * less than PHOTO_WARNING_QUIET_MS ago (`dismissedAt` is the stored ISO timestamp) or the page is one
 * where it never shows.
 */
export function shouldShowPhotoWarning(
  user: { profile: Pick<TUser['profile'], 'main_image'> } | null,
  routeName: string | null,
  dismissedAt: string | null,
  now: number,
): boolean {
  if (!user || user.profile.main_image !== null) return false;
  if (routeName && PHOTO_WARNING_HIDDEN_ON.includes(routeName)) return false;
  const at = dismissedAt ? Date.parse(dismissedAt) : Number.NaN;
  if (!Number.isNaN(at) && now - at < PHOTO_WARNING_QUIET_MS && at <= now) return false;
  return true;
}

/** Push permission of this browser (spec §4): not capable, unknown (not asked yet), denied, granted. */
import type { PushPermission } from '../api/push.ts';

export type { PushPermission };

/** Pages that never show the push-enable alert (spec §4). */
export const PUSH_ALERT_HIDDEN_ON: readonly string[] = [
  'signup',
  'notifications',
  'activate-done',
  'directdebit',
  'premium',
  'complete-signup',
];

export const pushAlertKey = (userId: number) => `vonk.push-alert-dismissed.${userId}`;

/**
 * The push-enable alert (L-05, N-02): a browser that can get pushes, not subscribed yet, where the
 * member has not been asked (unknown) or was asked and said yes without a subscription; a denied
 * permission shows the alert only right after the member pressed the button (the page says how to allow
 * it). Hidden on its pages and once dismissed. Offered only once the member has something to be told
 * about (issue 27, `engaged`): a first like, match or message, not in their first minutes.
 */
export function shouldShowPushAlert(
  state: { permission: PushPermission; subscribed: boolean },
  routeName: string | null,
  dismissed: boolean,
  engaged = true,
): boolean {
  if (dismissed || state.subscribed || !engaged) return false;
  if (routeName && PUSH_ALERT_HIDDEN_ON.includes(routeName)) return false;
  return state.permission === 'unknown' || state.permission === 'granted';
}

/** localStorage key: this member has had a first like, match or message (the push alert may come). */
export const engagedKey = (userId: number) => `vonk.engaged.${userId}`;

/** Whether the counts show a first like or message to the member (unread ones: the moment it happens). */
export const engagedByCounts = (
  counts: { unread_messages: number; new_likes: number } | undefined,
): boolean => Boolean(counts && (counts.unread_messages > 0 || counts.new_likes > 0));

/** Pages that never show the disabled-notifications alert (spec §4). */
export const DISABLED_ALERT_HIDDEN_ON: readonly string[] = ['settings', 'notifications'];

export const disabledAlertKey = (userId: number) => `vonk.email-disabled-dismissed.${userId}`;

/**
 * The disabled-notifications alert (L-05, N-04): e-mail to the member stopped (bounce, spam report,
 * unsubscribe link); hidden on settings and notifications and once dismissed (until it stops again
 * for a new reason: the dismissal stores the reasons it saw).
 */
export function shouldShowDisabledAlert(
  user: Pick<TUser, 'notifications_disabled'> | null,
  routeName: string | null,
  dismissedFor: string | null,
): boolean {
  if (!user || user.notifications_disabled.length === 0) return false;
  if (routeName && DISABLED_ALERT_HIDDEN_ON.includes(routeName)) return false;
  return dismissedFor !== [...user.notifications_disabled].sort().join(',');
}
