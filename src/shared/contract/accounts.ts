import { z } from 'zod';
import { COMMON_PASSWORDS } from '../data/common-passwords.ts';
import { LOCALES } from '../i18n/locales.ts';
import { GENDERS, type Gender } from './constants.ts';
import { isVisibleName, zLine, zMultiline, zSecret } from './text.ts';

// Zod messages are catalog ids: the server answers them localised, the client shows them with react-intl.

export const NOTIFICATION_TYPES = [
  'new_conversations',
  'new_messages',
  'like',
  'unread_message_reminders',
  'promotions',
  'weekly_updates',
  'news',
  'reminders',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Why e-mail to a member stopped (spec §4): marked as spam, bounced, unsubscribed by list header. */
export const EMAIL_DISABLED_REASONS = ['fbl', 'bounce', 'listunsubscribe'] as const;

export type { Gender } from './constants.ts';
export { GENDERS } from './constants.ts';

/**
 * "Ik zoek" as sent: one gender (as before) or several (issue 11, decision 0015). Always read as the set, in
 * the order of GENDERS, without repeats.
 */
export const ZLookingFor = z
  .union(
    [
      z.enum(GENDERS, { message: 'validation.choose' }),
      z.array(z.enum(GENDERS, { message: 'validation.choose' })).min(1, { message: 'validation.choose' }),
    ],
    { message: 'validation.choose' },
  )
  .transform((v): Gender[] => GENDERS.filter((g) => (typeof v === 'string' ? g === v : v.includes(g))));

/**
 * "Ik zoek" as answered: `looking_for` is the one gender sought, or null when the member seeks anyone or
 * several (what clients of one gender read as "any"); `looking_for_genders` is the whole set (empty: anyone).
 */
export const ZLookingForAnswer = {
  looking_for: z.enum(GENDERS).nullable(),
  looking_for_genders: z.array(z.enum(GENDERS)),
};
/** The answer fields of a stored set (null: anyone). */
export function lookingForAnswer(stored: readonly string[] | null) {
  const genders = GENDERS.filter((g) => stored?.includes(g));
  return { looking_for: genders.length === 1 ? (genders[0] ?? null) : null, looking_for_genders: genders };
}

export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi', 'curious'] as const;
export const HAIR_COLOURS = ['blond', 'brown', 'black', 'red', 'grey', 'dyed', 'bald'] as const;
export const EYE_COLOURS = ['blue', 'green', 'brown', 'grey', 'hazel'] as const;
export const BODY_TYPES = ['slim', 'athletic', 'average', 'curvy', 'full', 'muscular'] as const;
export const RELATIONSHIP_STATUSES = [
  'single',
  'relationship',
  'married',
  'divorced',
  'widowed',
  'open',
] as const;
export const TATTOOS = ['none', 'some', 'many'] as const;
export const SIGNUP_REASONS = ['chat', 'flirt', 'dating', 'relationship', 'friendship', 'adventure'] as const;
export const DELETE_REASONS = [
  'found_partner',
  'not_enough_matches',
  'too_expensive',
  'too_many_messages',
  'privacy',
  'taking_break',
  'other',
] as const;

/** An e-mail address as typed: NFKC (a fullwidth "＠" is an "@"), lower case. */
const ZEmailText = zLine(254, { form: 'NFKC', charactersMessage: 'validation.email_invalid' }).toLowerCase();
export const ZEmail = ZEmailText.email({ message: 'validation.email_invalid' });

/** A password as typed: never normalised or trimmed, so it logs in byte for byte as it was set. */
const ZPasswordTyped = zSecret(256);
export const ZPassword = zSecret(128, {
  min: 8,
  minMessage: 'validation.password_short',
  maxMessage: 'validation.password_long',
}).refine((p) => !COMMON_PASSWORDS.has(p.toLowerCase()), { message: 'validation.password_common' });

/**
 * A profile name, NFKC-normalised before every rule (issue 10 item 12): "＠admin" starts with an "@",
 * and invisible, zero-width and bidi control characters are refused, so a name shows what it is.
 */
export const ZProfileName = zLine(30, {
  form: 'NFKC',
  min: 2,
  minMessage: 'validation.name_length',
  maxMessage: 'validation.name_length',
  charactersMessage: 'validation.name_characters',
})
  .refine((n) => !n.startsWith('@'), { message: 'validation.name_starts_at' })
  .refine((n) => isVisibleName(n) && !/[<>{}]/.test(n), { message: 'validation.name_characters' });

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Whole years between a birth date and today (UTC), or null for an impossible date. */
export function ageOn(dateOfBirth: string, today: Date): number | null {
  if (!ISO_DATE.test(dateOfBirth)) return null;
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  let age = today.getUTCFullYear() - y;
  if (today.getUTCMonth() < m - 1 || (today.getUTCMonth() === m - 1 && today.getUTCDate() < d)) age--;
  return age;
}

/** Date of birth: required and at least min_age years ago; impossible dates and ages over 120 are invalid. */
export function ZDateOfBirth(minAge: number, today: () => Date = () => new Date()) {
  return z
    .string({ message: 'validation.birthdate_required' })
    .trim()
    .min(1, { message: 'validation.birthdate_required' })
    .superRefine((value, ctx) => {
      const age = ageOn(value, today());
      if (age === null || age > 120 || age < 0)
        ctx.addIssue({ code: 'custom', message: 'validation.birthdate_invalid' });
      else if (age < minAge) ctx.addIssue({ code: 'custom', message: 'validation.birthdate_required' });
    });
}

export const ZTracking = z
  .object({
    network: zLine(64).optional(),
    ref: zLine(64).optional(),
    sub1: zLine(128).optional(),
    sub2: zLine(128).optional(),
    sub3: zLine(128).optional(),
    /** The lander the visit arrived on (COUNTED_LANDERS), for its signup count (issue 25). */
    lander: zLine(32).optional(),
  })
  .partial();
export type TTracking = z.infer<typeof ZTracking>;

/** Name and e-mail compared as the schemas would store them. */
function sameText(name: string, email: string): boolean {
  const norm = (s: string) => s.normalize('NFKC').trim().toLowerCase();
  return norm(name) === norm(email);
}
function isNameAndEmail(value: unknown): value is { name: string; email: string } {
  const v = value as { name?: unknown; email?: unknown } | null;
  return typeof v?.name === 'string' && typeof v.email === 'string';
}

/** Step 0 of signup: the account. One schema for the form and the server. */
export function makeSignupSchema(minAge: number) {
  return z
    .object({
      email: ZEmail,
      name: ZProfileName,
      password: ZPassword,
      date_of_birth: ZDateOfBirth(minAge),
      signup_message: zMultiline(500).optional().default(''),
      gender: z.enum(GENDERS, { message: 'validation.choose' }),
      looking_for: ZLookingFor,
      tracking: ZTracking.optional(),
      /** Where the member lives: a found city's centre or the browser's position (issue 11). */
      place: z.object({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) }).optional(),
      terms: z.literal(true, { message: 'validation.terms_required' }),
    })
    .superRefine(
      (v, ctx) => {
        if (sameText(v.name, v.email)) {
          ctx.addIssue({ code: 'custom', path: ['name'], message: 'validation.name_is_email' });
        }
      },
      // Checked even while other fields are wrong, so the form shows every field error at once (issue 10).
      { when: ({ value }) => isNameAndEmail(value) },
    );
}
/** The widest form, for OpenAPI and types: the server checks min_age of the site on top. */
export const ZSignupRequest = makeSignupSchema(18);
export type TSignupRequest = z.input<typeof ZSignupRequest>;

/** Steps 2-4 of signup (about me); also what /profile edits. Every field optional, so steps save partly. */
export const ZAboutMe = z
  .object({
    sexuality: z.enum(SEXUALITIES),
    hair_colour: z.enum(HAIR_COLOURS),
    eye_colour: z.enum(EYE_COLOURS),
    body_type: z.enum(BODY_TYPES),
    relationship_status: z.enum(RELATIONSHIP_STATUSES),
    tattoos: z.enum(TATTOOS),
    signup_reason: z.enum(SIGNUP_REASONS),
    interests: z.array(zLine(40)).max(30),
    about: zMultiline(2000),
  })
  .partial();
export type TAboutMe = z.infer<typeof ZAboutMe>;

export const ZSignupStepRequest = z.object({
  step: z.number().int().min(1).max(5),
  about: ZAboutMe.optional(),
});

export const ZLoginRequest = z.object({
  email: ZEmailText,
  password: ZPasswordTyped,
});

export const ZMainImage = z
  .object({ id: z.number().int(), filename: z.string(), thumb_filename: z.string() })
  .nullable();

/** The logged-in user of spec §3. */
export const ZUser = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(['not_confirmed', 'confirmed']),
  credits: z.number().int(),
  notifications_disabled: z.array(z.enum(EMAIL_DISABLED_REASONS)),
  notification_settings: z.record(z.enum(NOTIFICATION_TYPES), z.boolean()),
  profile: z.object({
    id: z.number().int(),
    name: z.string(),
    gender: z.enum(GENDERS).nullable(),
    ...ZLookingForAnswer,
    country: z.string().nullable(),
    status: z.enum(['active', 'disabled']),
    main_image: ZMainImage,
  }),
  paid_user: z.boolean(),
  language: z.enum(LOCALES),
  signup_date: z.string(),
  signup_step: z.number().int(),
  invisible: z.boolean(),
  location_options: z.object({ use_gps: z.boolean(), show_distance: z.boolean() }),
  retention_discount: z.number().int().nullable(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZUserResponse = z.object({ user: ZUser.nullable() });
export type TUserResponse = z.infer<typeof ZUserResponse>;

export const ZUpdateUserRequest = z.object({ language: z.enum(LOCALES) });

/** A one-time token from a mailed link. */
export const ZToken = zSecret(200, { min: 10, minMessage: 'reset.link_invalid' });

export const ZResetRequest = z.object({ email: ZEmail });
export const ZResetDoRequest = z
  .object({ token: ZToken, password: ZPassword, password_confirm: ZPasswordTyped })
  .refine((v) => v.password === v.password_confirm, {
    path: ['password_confirm'],
    message: 'validation.passwords_differ',
  });

export const ZChangePasswordRequest = z
  .object({ old_password: ZPasswordTyped, password: ZPassword, password_confirm: ZPasswordTyped })
  .refine((v) => v.password === v.password_confirm, {
    path: ['password_confirm'],
    message: 'validation.passwords_differ',
  });

export const ZChangeEmailRequest = z.object({ email: ZEmail, password: ZPasswordTyped });
export const ZTokenRequest = z.object({ token: ZToken });

export const ZNotificationSettingsRequest = z.object({
  notification_settings: z.partialRecord(z.enum(NOTIFICATION_TYPES), z.boolean()),
});
export const ZPrivacyRequest = z.object({ invisible: z.boolean() });
export const ZLocationOptionsRequest = z.object({ use_gps: z.boolean(), show_distance: z.boolean() });

/** What we offer before someone leaves. */
const ZRetentionKind = z.enum(['invisible', 'pause_email', 'discount']);
export const ZRetentionResponse = z.object({
  solutions: z.array(z.object({ kind: ZRetentionKind, percentage: z.number().int().optional() })),
});
export const ZRetentionAcceptRequest = z.object({ kind: ZRetentionKind });
export const ZDeleteAccountRequest = z.object({
  password: ZPasswordTyped,
  reasons: z.array(z.enum(DELETE_REASONS)).max(DELETE_REASONS.length),
  comment: zMultiline(1000).optional().default(''),
});

export const ZOk = z.object({ ok: z.literal(true) });
