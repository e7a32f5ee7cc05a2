import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  address: text('address').notNull(),
  kvk: text('kvk').notNull(),
  city: text('city').notNull(),
  country: text('country').notNull(),
  tradenames: jsonb('tradenames').$type<string[]>().notNull().default([]),
  vatNumbers: jsonb('vat_numbers').$type<string[]>().notNull().default([]),
  supportPhone: text('support_phone').notNull(),
  deleteDiscount: integer('delete_discount').notNull().default(0),
  added: date('added', { mode: 'string' }).notNull(),
});

/** One row per branded domain: everything a site shows differently lives here (P-02). */
export const sites = pgTable(
  'sites',
  {
    id: serial('id').primaryKey(),
    domain: text('domain').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    name: text('name').notNull(),
    indexTitle: text('index_title').notNull(),
    description: text('description').notNull(),
    niche: integer('niche').notNull().default(1),
    domainLanguage: text('domain_language').notNull().default('nl'),
    countries: jsonb('countries').$type<string[]>().notNull(),
    enableSiteEntryPopup: boolean('enable_site_entry_popup').notNull().default(true),
    signups: text('signups').$type<'all' | 'with_trafficsource'>().notNull().default('all'),
    loggedOutSearch: boolean('logged_out_search').notNull().default(true),
    loggedOutSearchTrafficsource: boolean('logged_out_search_trafficsource').notNull().default(false),
    cdnPrefix: text('cdn_prefix').notNull().default(''),
    minimumMessageCosts: jsonb('minimum_message_costs')
      .$type<Record<string, { costs: number; currency: string }>>()
      .notNull()
      .default({}),
    supportPhone: text('support_phone').notNull(),
    supportEmail: text('support_email').notNull(),
    fictionalIcon: text('fictional_icon').notNull().default('drama'),
    visibleProfileFields: jsonb('visible_profile_fields').$type<string[]>().notNull().default([]),
    visibleProfileNotes: jsonb('visible_profile_notes').$type<string[]>().notNull().default([]),
    messageCredits: integer('message_credits').notNull().default(1),
    photoCredits: integer('photo_credits').notNull().default(2),
    giftCredits: integer('gift_credits').notNull().default(5),
    signupCredits: integer('signup_credits').notNull().default(0),
    messageLength: integer('message_length').notNull().default(1000),
    searchFields: jsonb('search_fields').$type<string[]>().notNull().default([]),
    refundDays: integer('refund_days').notNull().default(14),
    memberResell: boolean('member_resell').notNull().default(false),
    mailName: text('mail_name').notNull(),
    minAge: integer('min_age').notNull().default(18),
    companyAddressVariant: integer('company_address_variant').notNull().default(1),
    themePrimary: text('theme_primary').notNull().default('#0d9488'),
    themeSecondary: text('theme_secondary').notNull().default('#d4a017'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sites_domain_key').on(t.domain),
    // At most one default site: the one unknown domains fall back to.
    uniqueIndex('sites_one_default').on(t.isDefault).where(sql`${t.isDefault}`),
  ],
);

/** Small server-made secrets that must survive restarts (VAPID keys, signing keys). */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    status: text('status')
      .$type<'not_confirmed' | 'confirmed' | 'banned'>()
      .notNull()
      .default('not_confirmed'),
    credits: integer('credits').notNull().default(0),
    paidUser: boolean('paid_user').notNull().default(false),
    language: text('language').notNull().default('nl'),
    signupStep: integer('signup_step').notNull().default(1),
    signupMessage: text('signup_message').notNull().default(''),
    tracking: jsonb('tracking').$type<Record<string, string>>().notNull().default({}),
    invisible: boolean('invisible').notNull().default(false),
    notificationsDisabled: jsonb('notifications_disabled').$type<string[]>().notNull().default([]),
    notificationSettings: jsonb('notification_settings')
      .$type<Record<string, boolean>>()
      .notNull()
      .default({}),
    locationOptions: jsonb('location_options')
      .$type<{ use_gps: boolean; show_distance: boolean }>()
      .notNull()
      .default({ use_gps: false, show_distance: true }),
    retentionDiscount: integer('retention_discount'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deleteReasons: jsonb('delete_reasons').$type<{ reasons: string[]; comment: string }>(),
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    banReason: text('ban_reason'),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_key').on(sql`lower(${t.email})`),
    check('users_credits_nonnegative', sql`${t.credits} >= 0`),
    // The purge job looks for accounts whose reactivation window has passed.
    index('users_deleted_at_idx').on(t.deletedAt).where(sql`${t.deletedAt} is not null`),
  ],
);

export const profiles = pgTable(
  'profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    gender: text('gender'),
    lookingFor: text('looking_for'),
    sexuality: text('sexuality'),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    about: text('about').notNull().default(''),
    country: text('country'),
    region: text('region'),
    city: text('city'),
    hairColour: text('hair_colour'),
    eyeColour: text('eye_colour'),
    bodyType: text('body_type'),
    relationshipStatus: text('relationship_status'),
    tattoos: text('tattoos'),
    signupReason: text('signup_reason'),
    interests: jsonb('interests').$type<string[]>().notNull().default([]),
    status: text('status').$type<'active' | 'disabled'>().notNull().default('disabled'),
    mainPhotoId: integer('main_photo_id'),
    fictional: boolean('fictional').notNull().default(false),
    /** Coarse position (rounded to about 1 km); never leaves the server (M-10). */
    latCoarse: doublePrecision('lat_coarse'),
    lonCoarse: doublePrecision('lon_coarse'),
    /**
     * Whether search and lists may show this member: profile active, not invisible, not deleted, not banned.
     * Kept in step by the accounts and profiles services so search needs one table and one index.
     */
    listed: boolean('listed').notNull().default(false),
    /** Copy of users.last_active_at for the search sort order (index-only scans). */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Search: listed members of a gender in a country, newest activity first (D-01), ties by user_id as
    // the search orders them, so a walk along activity needs no sort. Migrations 0005/0007 add INCLUDE
    // (date_of_birth[, region]) to both, which Drizzle cannot declare.
    index('profiles_search_idx')
      .on(t.country, t.gender, t.lastActiveAt.desc(), t.userId.desc().nullsFirst())
      .where(sql`${t.listed}`),
    index('profiles_search_region_idx')
      .on(t.country, t.region, t.gender, t.lastActiveAt.desc(), t.userId.desc().nullsFirst())
      .where(sql`${t.listed}`),
    // The same members by date of birth, for age ranges: counts and rare ages read only the members of
    // those ages. Only a condition on date_of_birth implies `date_of_birth is not null`, so a search
    // without one, or a walk along activity, never takes them. Migration 0007 adds INCLUDE (user_id,
    // last_active_at[, region]).
    index('profiles_search_age_idx')
      .on(t.country, t.gender, t.dateOfBirth)
      .where(sql`${t.listed} and ${t.dateOfBirth} is not null`),
    index('profiles_search_region_age_idx')
      .on(t.country, t.region, t.gender, t.dateOfBirth)
      .where(sql`${t.listed} and ${t.dateOfBirth} is not null`),
  ],
);

/** A member who blocked another: neither sees the other in search, and the blocked one cannot open the profile (M-06). */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId)],
);

/**
 * A like from one member to another (M-05, D-03). Two likes in both directions make a match. `isNew`
 * stays true until the liked member opens the liker's profile (the liked-by list's `like_new`).
 */
export const likes = pgTable(
  'likes',
  {
    likerId: integer('liker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    likedId: integer('liked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    isNew: boolean('is_new').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.likerId, t.likedId] }),
    // Who liked me, newest first (the likes page's liked-by list).
    index('likes_liked_idx').on(t.likedId, t.createdAt.desc()),
    check('likes_not_self', sql`${t.likerId} <> ${t.likedId}`),
  ],
);

export const photos = pgTable(
  'photos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    thumbFilename: text('thumb_filename').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    isPrivate: boolean('is_private').notNull().default(false),
    status: text('status').$type<'active' | 'pending' | 'rejected'>().notNull().default('active'),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('photos_user_idx').on(t.userId, t.position),
    // /media/<key> finds its photo by file name.
    uniqueIndex('photos_filename_key').on(t.filename),
    uniqueIndex('photos_thumb_filename_key').on(t.thumbFilename),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    /** sha256 of the cookie token: a stolen table does not give working sessions. */
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    userAgent: text('user_agent').notNull().default(''),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Append-only: every change of a member's credits, with the balance after it. */
export const creditLedger = pgTable(
  'credit_ledger',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    balanceAfter: integer('balance_after').notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_ledger_user_idx').on(t.userId, t.id),
    // The same grant or spend (payment id, message key) is booked once, however often it is retried.
    uniqueIndex('credit_ledger_idempotency_key')
      .on(t.userId, t.reason, t.reference)
      .where(sql`${t.reference} is not null`),
  ],
);

/** Single-use links sent by e-mail: activation, password reset, change of e-mail. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'activation' | 'reset' | 'mail_change'>().notNull(),
    tokenHash: text('token_hash').notNull(),
    newEmail: text('new_email'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('email_tokens_hash_key').on(t.tokenHash),
    index('email_tokens_user_kind_idx').on(t.userId, t.kind, t.createdAt),
  ],
);

/** Every e-mail the site sends; without SMTP it stays here and shows at /dev/mail. */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
  status: text('status').$type<'kept' | 'sent' | 'failed'>().notNull(),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
