import {
  EMAIL_DISABLED_REASONS,
  GENDERS,
  lookingForAnswer,
  NOTIFICATION_TYPES,
  type NotificationType,
  type TUser,
} from '../../../shared/contract/accounts.ts';
import { type Locale, toLocale } from '../../../shared/i18n/locales.ts';
import type { AccountBundle } from './queries.ts';

const asGender = (g: string | null) =>
  (GENDERS as readonly string[]).includes(g ?? '') ? (g as TUser['profile']['gender']) : null;

/** The logged-in member as spec §3 describes them: never hashes, tokens or another member's data. */
export function presentUser({ user, profile, mainPhoto }: AccountBundle): TUser {
  const notificationSettings = Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => [type, user.notificationSettings[type] ?? true]),
  ) as Record<NotificationType, boolean>;
  return {
    id: user.id,
    email: user.email,
    status: user.status === 'confirmed' ? 'confirmed' : 'not_confirmed',
    credits: user.credits,
    notifications_disabled: user.notificationsDisabled.filter(
      (r): r is (typeof EMAIL_DISABLED_REASONS)[number] =>
        (EMAIL_DISABLED_REASONS as readonly string[]).includes(r),
    ),
    notification_settings: notificationSettings,
    profile: {
      id: user.id,
      name: profile.name,
      gender: asGender(profile.gender),
      ...lookingForAnswer(profile.lookingFor),
      country: profile.country,
      status: profile.status,
      main_image: mainPhoto
        ? {
            id: mainPhoto.id,
            filename: `/media/${mainPhoto.filename}`,
            thumb_filename: `/media/${mainPhoto.thumbFilename}`,
          }
        : null,
    },
    paid_user: user.paidUser,
    language: (toLocale(user.language) ?? 'nl') as Locale,
    signup_date: user.createdAt.toISOString(),
    signup_step: user.signupStep,
    invisible: user.invisible,
    location_options: user.locationOptions,
    retention_discount: user.retentionDiscount,
  };
}
