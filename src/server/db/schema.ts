// Long for a reason: the whole database schema in one place (drizzle tables mirror the migrations); do not split.
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
    /** Text messages a free (never paid) member may send without credits (C-04). */
    freeMessages: integer('free_messages').notNull().default(3),
    /** New photos: `pre` hides them from others until a moderator approves (M-09); `post` shows them at once. */
    photoModeration: text('photo_moderation').$type<'pre' | 'post'>().notNull().default('post'),
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
    /** The matchfinder's remembered preferences (D-08); null: the defaults (own region, ages around own). */
    matchFinderPrefs: jsonb('match_finder_prefs').$type<{
      min_age: number | null;
      max_age: number | null;
      region: string | null;
    }>(),
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
    // The back office's member list sorts by balance and by last activity, and counts the members of a
    // rare standing (banned, unconfirmed) without reading the table (issue 23, bench/admin-members.ts).
    // An index on credits makes the balance updates of the chat non-HOT; pgbench on 100,000 members
    // measured no difference in update rate (decision 0028).
    index('users_credits_idx').on(t.credits, t.id),
    index('users_last_active_idx').on(t.lastActiveAt, t.id),
    index('users_rare_status_idx')
      .on(t.status, t.id)
      .where(sql`${t.deletedAt} is null and ${t.status} <> 'confirmed'`),
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
    /** The genders this member looks for (one or more); null: anyone (issue 11, decision 0015). */
    lookingFor: text('looking_for').array(),
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
    // The back office finds members by the start of their name (issue 23, O-02).
    // With the name and the member's id in the key, the prefix is read from the index alone.
    index('profiles_name_prefix_idx').on(sql`lower(${t.name})`, t.name, t.userId),
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
    // The liked-by list in its order: new likes first, then newest (D-03), keyset-paged without OFFSET.
    index('likes_received_idx').on(t.likedId, t.isNew.desc(), t.createdAt.desc(), t.likerId.desc()),
    // The likes a member gave, newest first.
    index('likes_given_idx').on(t.likerId, t.createdAt.desc(), t.likedId.desc()),
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
    /** When a moderator looked at it (M-09); null: waiting in the moderation queue. */
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('photos_user_idx').on(t.userId, t.position),
    // The moderation queue, oldest first: only photos nobody has reviewed yet.
    index('photos_review_queue_idx').on(t.createdAt, t.id).where(sql`${t.reviewedAt} is null`),
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

/**
 * Wrong passwords from a browser that has logged in to the account before (its signed device cookie,
 * A-06, issue 21): such a browser is not held by the account's lock, but by its own smaller limit here.
 * A row exists only once the device has failed; a successful login from it removes the row.
 */
export const loginDevices = pgTable(
  'login_devices',
  {
    /** The random part of the device cookie. */
    nonce: text('nonce').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('login_devices_user_idx').on(t.userId)],
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

/**
 * Every e-mail the site sends; without SMTP it stays here ('kept') and shows at /dev/mail. With SMTP it
 * is 'queued' until the outbox sender (a pg-boss job per mail, `platform/mail-sender.ts`) has sent it
 * ('sent') or given up ('failed', with the error).
 */
export const mailOutbox = pgTable('mail_outbox', {
  id: serial('id').primaryKey(),
  from: text('from').notNull().default(''),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html').notNull(),
  headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
  status: text('status').$type<'kept' | 'queued' | 'sent' | 'failed'>().notNull(),
  error: text('error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  sentAt: timestamp('sent_at', { withTimezone: true }),
});

/**
 * Every notification mail or push sent to a member, by idempotency key (N-03, N-05): a job claims a key
 * in the transaction that queues the mail, so a retried job or a second instance never sends it twice.
 * `ref` groups keys (the conversation a new-message mail was about), for spacing mails out.
 */
export const notificationDeliveries = pgTable(
  'notification_deliveries',
  {
    key: text('key').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'mail' | 'push'>().notNull(),
    ref: text('ref'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('notification_deliveries_user_idx').on(t.userId, t.ref, t.createdAt)],
);

/**
 * Web-push subscriptions (N-02): one row per browser or device of a member. The endpoint is unique: a
 * browser that logs in as someone else moves its subscription to that member.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId, t.createdAt),
  ],
);

/** Credit bundles per site and country, priced in the country's currency in integer cents (Pay-01). */
export const creditBundles = pgTable(
  'credit_bundles',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    credits: integer('credits').notNull(),
    amountCents: integer('amount_cents').notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('credit_bundles_site_country_credits_key').on(t.siteId, t.country, t.credits),
    check('credit_bundles_positive', sql`${t.credits} > 0 and ${t.amountCents} > 0`),
  ],
);

/**
 * One row per payment attempt. The amount is fixed on the server when the row is made; the status only
 * moves forward (a trigger of migration payments_custom refuses anything else), and the credits of a
 * paid payment are booked once, with the payment as the ledger reference (Pay-10).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => creditBundles.id),
    credits: integer('credits').notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    country: text('country').notNull(),
    method: text('method').notNull(),
    provider: text('provider').notNull(),
    providerId: text('provider_id'),
    status: text('status')
      .$type<'open' | 'pending' | 'paid' | 'failed' | 'canceled' | 'expired' | 'refunded' | 'charged_back'>()
      .notNull()
      .default('open'),
    discountCode: text('discount_code'),
    discountPercentage: integer('discount_percentage').notNull().default(0),
    refundedCredits: integer('refunded_credits').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    /** A paid direct debit's credits are booked at this time, not before (a hold); null once booked. */
    creditsHeldUntil: timestamp('credits_held_until', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_public_id_key').on(t.publicId),
    uniqueIndex('payments_provider_id_key').on(t.provider, t.providerId),
    index('payments_user_idx').on(t.userId, t.id),
    index('payments_credits_held_idx').on(t.creditsHeldUntil).where(sql`${t.creditsHeldUntil} is not null`),
    check('payments_amount_nonnegative', sql`${t.amountCents} >= 0 and ${t.credits} > 0`),
  ],
);

/**
 * Payments the member's bank took back (a card chargeback), one row each: what was reversed through the
 * ledger, what the member had spent already (the shortfall) and whether premium ended. The list of
 * flagged members for the back office.
 */
export const paymentChargebacks = pgTable(
  'payment_chargebacks',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    creditsRemoved: integer('credits_removed').notNull(),
    creditsShort: integer('credits_short').notNull(),
    premiumEnded: boolean('premium_ended').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_chargebacks_payment_key').on(t.paymentId),
    index('payment_chargebacks_user_idx').on(t.userId),
  ],
);

/** The built-in test provider's own side: what it was asked to charge and what the tester chose. */
export const testProviderPayments = pgTable('test_provider_payments', {
  id: text('id').primaryKey(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  description: text('description').notNull(),
  method: text('method').notNull(),
  status: text('status').notNull().default('open'),
  redirectUrl: text('redirect_url').notNull(),
  refundedCents: integer('refunded_cents').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Discount codes (Pay-07): a percentage off, from a minimum order value, optionally for one country. */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull(),
    percentage: integer('percentage').notNull(),
    minimumCents: integer('minimum_cents').notNull().default(0),
    country: text('country'),
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    oncePerMember: boolean('once_per_member').notNull().default(true),
    active: boolean('active').notNull().default(true),
    /** Only on this site (null: every site). */
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    /** How many payments may use it in all (null: no limit). */
    maxUses: integer('max_uses'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_key').on(t.code),
    check('discount_codes_percentage', sql`${t.percentage} between 1 and 100`),
  ],
);

/**
 * A code (or TIMEBONUS25) used by a member for a payment. Unique per member and code, so two tabs
 * redeeming one single-use code cannot both win; a payment that fails gives its code back.
 */
export const discountRedemptions = pgTable(
  'discount_redemptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('discount_redemptions_user_code_key').on(t.userId, t.code),
    index('discount_redemptions_payment_idx').on(t.paymentId),
  ],
);

/** The time-bonus popup closed by a member (Pay-09): it does not open again. */
export const timeBonusDismissals = pgTable('time_bonus_dismissals', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  dismissedAt: timestamp('dismissed_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every text message the site sends; without an SMS provider it stays here and shows at /dev/sms. */
export const smsOutbox = pgTable('sms_outbox', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  text: text('text').notNull(),
  status: text('status').$type<'kept' | 'sent' | 'failed'>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A direct-debit order waiting for its SMS code (Pay-06). The IBAN is kept masked: a one-time debit
 * through the provider is made when the code is right, and nothing later needs the full number here.
 */
export const directDebitRequests = pgTable(
  'direct_debit_requests',
  {
    id: serial('id').primaryKey(),
    publicId: text('public_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bundleId: integer('bundle_id')
      .notNull()
      .references(() => creditBundles.id),
    discountCode: text('discount_code'),
    accountHolder: text('account_holder').notNull(),
    ibanMasked: text('iban_masked').notNull(),
    street: text('street').notNull(),
    houseNumber: text('house_number').notNull(),
    zip: text('zip').notNull(),
    city: text('city').notNull(),
    phone: text('phone').notNull(),
    otpHash: text('otp_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    paymentId: integer('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('direct_debit_requests_public_id_key').on(t.publicId),
    index('direct_debit_requests_user_idx').on(t.userId, t.createdAt),
  ],
);

/**
 * A conversation between two members (C-01): one per pair, members stored lowest id first. `lastSeq` is
 * the conversation's monotonic message sequence; bumping it is the lock that orders concurrent sends.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: serial('id').primaryKey(),
    memberLow: integer('member_low')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberHigh: integer('member_high')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    startedBy: integer('started_by').notNull(),
    lastSeq: integer('last_seq').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('conversations_pair_key').on(t.memberLow, t.memberHigh),
    index('conversations_high_idx').on(t.memberHigh),
    check('conversations_ordered', sql`${t.memberLow} < ${t.memberHigh}`),
  ],
);

/**
 * One member's side of a conversation: their read position, unread count, and whether they removed it
 * (C-05, C-06). Removing hides messages up to `clearedSeq` for this member only; a new message brings the
 * conversation back. The other side of a conversation nobody wrote in yet stays hidden.
 */
export const conversationMembers = pgTable(
  'conversation_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    otherId: integer('other_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readSeq: integer('read_seq').notNull().default(0),
    clearedSeq: integer('cleared_seq').notNull().default(0),
    unread: integer('unread').notNull().default(0),
    /**
     * `unread > 0`, kept by the database. The partial index of unread sides is on this flag, not on
     * `unread`, so a message to a side that already has unread ones changes no indexed column.
     */
    hasUnread: boolean('has_unread').notNull().generatedAlwaysAs(sql`unread > 0`),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    lastActivityAt: timestamp('last_activity_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Every message updates both sides (unread, read position, last activity). No index covers a column
  // that changes per message, and pages keep room (fillfactor, migration 0021), so these updates are HOT:
  // no new index entries (decision 0013, session 6).
  (t) => [
    primaryKey({ columns: [t.conversationId, t.memberId] }),
    // A member's sides: the chat list (sorted by last activity, cursor-paged) and cascades.
    index('conversation_members_member_idx').on(t.memberId),
    // Unread totals, the operators' queue and the mail jobs read only the sides with something unread.
    index('conversation_members_unread_idx').on(t.memberId).where(sql`${t.hasUnread}`),
    index('conversation_members_other_idx').on(t.otherId),
    check('conversation_members_unread_nonnegative', sql`${t.unread} >= 0`),
  ],
);

/**
 * A chat message (C-02, C-07, C-09, C-12). `(senderId, clientId)` is unique: a retried send finds the
 * stored message instead of storing it twice. `sentBy` tells a member's own message from an operator's
 * answer for a fictional profile.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentBy: text('sent_by').$type<'member' | 'operator'>().notNull().default('member'),
    kind: text('kind').$type<'text' | 'photo' | 'gift'>().notNull(),
    body: text('body'),
    photoFilename: text('photo_filename'),
    photoThumbFilename: text('photo_thumb_filename'),
    photoWidth: integer('photo_width'),
    photoHeight: integer('photo_height'),
    giftCode: text('gift_code'),
    clientId: text('client_id').notNull(),
    creditsSpent: integer('credits_spent').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('messages_conversation_seq_key').on(t.conversationId, t.seq),
    uniqueIndex('messages_sender_client_key').on(t.senderId, t.clientId),
    // /media/chat/<key> finds its message by file name.
    uniqueIndex('messages_photo_key').on(t.photoFilename).where(sql`${t.photoFilename} is not null`),
    uniqueIndex('messages_photo_thumb_key')
      .on(t.photoThumbFilename)
      .where(sql`${t.photoThumbFilename} is not null`),
    check('messages_kind', sql`${t.kind} in ('text', 'photo', 'gift')`),
  ],
);

/** Per member counters of the free tier (spec §6): free messages used, conversations started. */
export const chatAllowances = pgTable(
  'chat_allowances',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    freeMessagesUsed: integer('free_messages_used').notNull().default(0),
    conversationsStarted: integer('conversations_started').notNull().default(0),
  },
  (t) => [
    check('chat_allowances_nonnegative', sql`${t.freeMessagesUsed} >= 0 and ${t.conversationsStarted} >= 0`),
  ],
);

/** The gift catalogue (C-09): names come from the catalogs (`gift.<code>`), images are static files. */
export const gifts = pgTable('gifts', {
  code: text('code').primaryKey(),
  image: text('image').notNull(),
  /** Price in credits; null: the site's gift_credits. */
  price: integer('price'),
  position: integer('position').notNull().default(0),
  active: boolean('active').notNull().default(true),
});

/**
 * What happened to a member that they should hear of: likes, matches, system notices, and later
 * messages and payments (D-09, N-01). Generic on purpose: a feature adds rows through
 * `createNotification` with its own `kind` and JSON payload. `actorId` is the member it is about, if
 * any (lists leave out members who cannot be shown). `popupSeenAt`: the full-screen like/match modal
 * (D-04) has shown it, so it never shows again.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'cascade' }),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamp('read_at', { withTimezone: true }),
    popupSeenAt: timestamp('popup_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The notifications page: a member's newest first, keyset on id.
    index('notifications_user_idx').on(t.userId, t.id.desc()),
    // The unread count of the navigation reads only the unread ones.
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    index('notifications_actor_idx').on(t.actorId),
  ],
);

/**
 * Per-member counters of one local day (the swipe game's free likes, auto-likes): raised by one
 * conditional upsert, so parallel requests can never pass a daily limit.
 */
export const dailyCounters = pgTable(
  'daily_counters',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.day] })],
);

/** Profiles a member passed in the swipe game: not shown again, unless the pass is undone (D-07). */
export const swipePasses = pgTable(
  'swipe_passes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.memberId] }),
    index('swipe_passes_member_idx').on(t.memberId),
    index('swipe_passes_recent_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/**
 * Complaints and reports (L-09): what a visitor or member sends through /complaints, or through "Profiel
 * melden" on a member's page (`memberId`). Each is mailed to the site's support address in the same
 * transaction (the outbox), and the sender gets a confirmation with the reference. `(email, clientId)` is
 * unique: a form sent twice (a double tap, a retry after a lost answer) is one complaint.
 */
export const complaints = pgTable(
  'complaints',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    clientId: text('client_id').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    topic: text('topic').notNull(),
    memberId: integer('member_id').references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    locale: text('locale').notNull(),
    /** open (new), in_progress, handled (done). */
    status: text('status').$type<'open' | 'in_progress' | 'handled'>().notNull().default('open'),
    assignedTo: integer('assigned_to').references(() => staff.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('complaints_status_idx').on(t.status, t.createdAt),
    // A member's page in the back office lists the complaints by and about them.
    index('complaints_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
    index('complaints_member_idx').on(t.memberId).where(sql`${t.memberId} is not null`),
    uniqueIndex('complaints_client_key').on(t.email, t.clientId),
    index('complaints_open_idx').on(t.siteId, t.createdAt.desc()),
  ],
);

// ---------------------------------------------------------------- back office (issue 23)

/**
 * Staff accounts: separate from members (O-01). A staff member signs in with e-mail, password and a
 * second factor (O-06); until enrolment is finished (password set, factor registered) the account cannot
 * sign in. `status` disabled ends every session.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash'),
    status: text('status').$type<'invited' | 'active' | 'disabled'>().notNull().default('invited'),
    /** Base32 TOTP secret once the one-time code app is enrolled. */
    totpSecret: text('totp_secret'),
    /** The last TOTP time step accepted: a code is used once. */
    totpLastStep: integer('totp_last_step'),
    failedLogins: integer('failed_logins').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    language: text('language').notNull().default('nl'),
    createdBy: integer('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_email_key').on(sql`lower(${t.email})`)],
);

export type StaffRole = 'admin' | 'moderator' | 'operator' | 'support' | 'finance';

/** A role of a staff member, for one site or (site null) for all sites. */
export const staffRoles = pgTable(
  'staff_roles',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    role: text('role').$type<StaffRole>().notNull(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('staff_roles_key').on(t.staffId, t.role, sql`coalesce(${t.siteId}, 0)`),
    check('staff_roles_role', sql`${t.role} in ('admin', 'moderator', 'operator', 'support', 'finance')`),
  ],
);

/** WebAuthn credentials (passkeys) of a staff member. */
export const staffPasskeys = pgTable(
  'staff_passkeys',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    counter: integer('counter').notNull().default(0),
    transports: jsonb('transports').$type<string[]>().notNull().default([]),
    name: text('name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_passkeys_credential_key').on(t.credentialId),
    index('staff_passkeys_staff_idx').on(t.staffId),
  ],
);

/** One-time recovery codes (sha256), each usable once. */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('staff_recovery_codes_key').on(t.staffId, t.codeHash)],
);

/** Single-use enrolment links (sha256 of the token) made by `npm run admin:create` or an admin. */
export const staffTokens = pgTable(
  'staff_tokens',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    purpose: text('purpose').$type<'enrol'>().notNull().default('enrol'),
    /** The WebAuthn challenge or pending TOTP secret of an enrolment in progress. */
    challenge: text('challenge'),
    pendingTotpSecret: text('pending_totp_secret'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('staff_tokens_hash_key').on(t.tokenHash)],
);

/**
 * Staff sessions: own cookie limited to the admin paths, 12 hours at most, ended when idle. A session is
 * made after the password; it is usable only once `factorAt` is set (the second factor passed), and a
 * dangerous action needs `factorAt` within 10 minutes (step-up).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    factorAt: timestamp('factor_at', { withTimezone: true }),
    /** The WebAuthn challenge of a sign-in or step-up in progress. */
    challenge: text('challenge'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('staff_sessions_token_key').on(t.tokenHash),
    index('staff_sessions_staff_idx').on(t.staffId),
  ],
);

/**
 * Append-only record of every staff action (O-06): a trigger refuses UPDATE, DELETE and TRUNCATE
 * (migration 0027). Who, with which role, did what to which object, before and after, from where.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id'),
    staffEmail: text('staff_email').notNull(),
    role: text('role').notNull(),
    action: text('action').notNull(),
    objectType: text('object_type').notNull(),
    objectId: text('object_id'),
    siteId: integer('site_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason'),
    ip: text('ip').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_staff_idx').on(t.staffId, t.id.desc()),
    index('audit_log_object_idx').on(t.objectType, t.objectId, t.id.desc()),
  ],
);

/** A photo's review (M-09): who approved or rejected it and why. */
export const photoReviews = pgTable(
  'photo_reviews',
  {
    photoId: integer('photo_id').primaryKey(),
    userId: integer('user_id').notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    decision: text('decision').$type<'approved' | 'rejected'>().notNull(),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('photo_reviews_user_idx').on(t.userId)],
);

/** A staff reply to a complaint, mailed to its sender (O-03). */
export const complaintReplies = pgTable(
  'complaint_replies',
  {
    id: serial('id').primaryKey(),
    complaintId: integer('complaint_id')
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('complaint_replies_complaint_idx').on(t.complaintId)],
);

/**
 * The chat desk's queue (O-05): one row per conversation in which a member waits for a fictional
 * profile's answer, kept by a trigger on `conversation_members` (migration 0027) when the fictional side's
 * unread flag turns on or off. Site and language are the member's; `claimedBy` is the operator who holds
 * it, until `claimActiveAt` is older than the claim's life.
 */
export const deskQueue = pgTable(
  'desk_queue',
  {
    conversationId: integer('conversation_id')
      .primaryKey()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    fictionalId: integer('fictional_id').notNull(),
    memberId: integer('member_id').notNull(),
    siteId: integer('site_id').notNull(),
    locale: text('locale').notNull(),
    waitingSince: timestamp('waiting_since', { withTimezone: true }).notNull(),
    claimedBy: integer('claimed_by').references(() => staff.id, { onDelete: 'set null' }),
    claimActiveAt: timestamp('claim_active_at', { withTimezone: true }),
  },
  (t) => [
    index('desk_queue_waiting_idx').on(t.siteId, t.locale, t.waitingSince, t.conversationId),
    index('desk_queue_all_idx').on(t.waitingSince, t.conversationId),
  ],
);

/** One operator answer: who answered which conversation after how long (the desk's figures). */
export const deskAnswers = pgTable(
  'desk_answers',
  {
    id: serial('id').primaryKey(),
    conversationId: integer('conversation_id').notNull(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    siteId: integer('site_id').notNull(),
    messageId: integer('message_id'),
    waitedMs: integer('waited_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('desk_answers_staff_idx').on(t.staffId, t.createdAt),
    index('desk_answers_site_idx').on(t.siteId, t.createdAt),
  ],
);

/** Canned openers for operators, per language (and optionally per site). */
export const deskOpeners = pgTable(
  'desk_openers',
  {
    id: serial('id').primaryKey(),
    siteId: integer('site_id').references(() => sites.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    body: text('body').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('desk_openers_locale_idx').on(t.locale, t.position)],
);

/**
 * Paid traffic's funnel per day (issue 25, P-08): views of a lander or member landing, signups started from
 * it and accounts made, per site, lander, niche and traffic source (the tracking query's `network`, '' for
 * none). One row a day and combination, counted up by `insert … on conflict do update`.
 */
export const landerCounts = pgTable(
  'lander_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    siteId: integer('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
    lander: text('lander').notNull(),
    niche: integer('niche').notNull(),
    network: text('network').notNull(),
    views: integer('views').notNull().default(0),
    starts: integer('starts').notNull().default(0),
    signups: integer('signups').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.day, t.lander, t.niche, t.network] })],
);

/**
 * A member's request to have an unspent purchase refunded (issue 26, Pay-11): asked from the transaction's
 * page within the site's refund days, decided by finance staff in the back office. One request per
 * payment (a refused one is not asked again); approving it runs the refund of the back office, through
 * the one booking function.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    status: text('status').$type<'open' | 'approved' | 'refused'>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedBy: integer('decided_by').references(() => staff.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** Staff's answer on a refusal, shown to the member. */
    note: text('note'),
  },
  (t) => [
    uniqueIndex('refund_requests_payment_key').on(t.paymentId),
    index('refund_requests_open_idx').on(t.createdAt).where(sql`${t.status} = 'open'`),
    check('refund_requests_status', sql`${t.status} in ('open', 'approved', 'refused')`),
  ],
);
