// Long for a reason: the admin sites area's form schemas (sites, codes, bundles) share limits and message ids.
import { z } from 'zod';
import { CURRENCIES } from '../data/payment-methods.ts';
import { REGIONS } from '../data/regions.ts';
import { LOCALES } from '../i18n/locales.ts';
import { ATTRIBUTE_FIELDS, SEARCH_FIELDS } from './constants.ts';
import { isVisibleName, zLine } from './text.ts';

// The back office's sites, discount codes and credit bundles (issue 23 item 5, O-04). One schema per form,
// used by the server as the route's body schema and by the admin's form before it sends, so both refuse
// the same input with the same message ids (texts in src/shared/i18n/admin/sites.<nl|en>.json).

const E = (id: string) => `admin.sites.error.${id}`;

/** Countries a site can serve: those Vonk has regions for (the profile's region picker needs them). */
export const SERVED_COUNTRIES = Object.keys(REGIONS).sort();
/** The lucide icons a site may pick as its fictional mark (web components/fictional-icon.tsx draws them). */
export const FICTIONAL_ICONS = [
  'drama',
  'venetian-mask',
  'bot',
  'sparkles',
  'wand-sparkles',
  'info',
  'badge-info',
] as const;
/** Profile facts a site may show on profile pages (settings.visible_profile_fields). */
export const PROFILE_FIELDS = ['gender', ...ATTRIBUTE_FIELDS, 'interests'] as const;
/** Free-text notes a site may show (settings.visible_profile_notes). */
export const PROFILE_NOTES = ['about_me'] as const;
export const NICHES = [1, 2, 3, 4, 5, 6, 7] as const;
export { CURRENCIES, SEARCH_FIELDS };

/** Limits of the numbers a site sets. */
export const SITE_LIMITS = {
  credits: { min: 0, max: 1000 },
  messageLength: { min: 10, max: 5000 },
  refundDays: { min: 0, max: 365 },
  minAge: { min: 18, max: 99 },
  freeMessages: { min: 0, max: 100 },
  costCents: { min: 0, max: 100_000 },
  /** A primary colour carries white text (buttons, the header): at least this contrast (WCAG, large text). */
  primaryContrast: 3,
} as const;

// ---------------------------------------------------------------- building blocks

/** A required one-line text of a site: no control or invisible characters, at most `max`. */
const zName = (max: number) =>
  zLine(max, {
    min: 1,
    minMessage: E('required'),
    maxMessage: E('too_long'),
    charactersMessage: E('characters'),
    typeMessage: E('required'),
  }).refine(isVisibleName, { message: E('characters') });

const zInt = (min: number, max: number, message: string) =>
  z.number({ message }).int({ message }).min(min, { message }).max(max, { message });

const zBool = z.boolean({ message: E('invalid') });

/** A choice from a list; anything else is "choose one of the options". */
const zChoice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { message: E('choice') });

/** A list of distinct choices. */
const zChoices = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .array(zChoice(values), { message: E('invalid') })
    .max(values.length, { message: E('duplicate') })
    .superRefine((list, ctx) => {
      list.forEach((v, i) => {
        if (list.indexOf(v) !== i) ctx.addIssue({ code: 'custom', path: [i], message: E('duplicate') });
      });
    });

export const ZServedCountry = z
  .string({ message: E('country') })
  .trim()
  .toUpperCase()
  .refine((c) => SERVED_COUNTRIES.includes(c), { message: E('country') });

export const ZAdminCurrency = z.enum(CURRENCIES, { message: E('currency') });

/** `#rrggbb`, stored lower-case. */
export const ZColour = z
  .string({ message: E('colour') })
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, { message: E('colour') })
  .toLowerCase();

/** WCAG contrast ratio of a `#rrggbb` colour against white. */
export function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (l + 0.05);
}

/** A site's domain: a lower-case host name (letters, digits, dots, hyphens; punycode for others). */
export const ZDomain = z
  .string({ message: E('domain') })
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/, {
    message: E('domain'),
  });

/** An https address or a root-relative path, with nothing a header or a CSP could be broken with. */
function isSafeUrlOrPath(value: string): boolean {
  if (/[\s"'<>;\\`]/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && !url.username && !url.password && !url.search && !url.hash;
  } catch {
    return false;
  }
}

const zCdnPrefix = zLine(300, { maxMessage: E('too_long'), charactersMessage: E('characters') }).refine(
  (v) => v === '' || isSafeUrlOrPath(v),
  { message: E('url') },
);

const zFictionalIcon = zLine(300, {
  min: 1,
  minMessage: E('required'),
  maxMessage: E('too_long'),
  charactersMessage: E('characters'),
}).refine((v) => (FICTIONAL_ICONS as readonly string[]).includes(v) || isSafeUrlOrPath(v), {
  message: E('icon'),
});

const zEmail = zLine(254, {
  min: 1,
  minMessage: E('required'),
  maxMessage: E('too_long'),
  charactersMessage: E('characters'),
  form: 'NFKC',
})
  .toLowerCase()
  .pipe(z.email({ message: E('email') }));

const zPhone = zLine(40, {
  min: 1,
  minMessage: E('required'),
  maxMessage: E('too_long'),
  charactersMessage: E('characters'),
}).regex(/^\+?[0-9][0-9 ()-]{5,30}$/, { message: E('phone') });

/** The name mails come from: shown in a From header, so none of its special characters. */
const zMailName = zName(80).refine((v) => !/["<>,;:\\@()[\]]/.test(v), { message: E('mail_name') });

export const ZMessageCostInput = z.object({
  costs: zInt(SITE_LIMITS.costCents.min, SITE_LIMITS.costCents.max, E('cost_range')),
  currency: ZAdminCurrency,
});

// ---------------------------------------------------------------- sites

/**
 * Every settings field of a site a staff member edits (spec §3, plus the theme colours, the minimum age,
 * free messages and photo moderation). Names as in the members' /api/settings answer.
 */
export const ZSiteSettingsInput = z
  .object({
    name: zName(80),
    index_title: zName(160),
    description: zName(320),
    niche: zInt(1, 7, E('niche')),
    domain_language: z.enum(LOCALES, { message: E('language') }),
    countries: z
      .array(ZServedCountry, { message: E('countries_empty') })
      .min(1, { message: E('countries_empty') })
      .max(SERVED_COUNTRIES.length, { message: E('duplicate') })
      .superRefine((list, ctx) => {
        list.forEach((v, i) => {
          if (list.indexOf(v) !== i) ctx.addIssue({ code: 'custom', path: [i], message: E('duplicate') });
        });
      }),
    enable_site_entry_popup: zBool,
    signups: zChoice(['all', 'with_trafficsource'] as const),
    logged_out_search: zBool,
    logged_out_search_trafficsource: zBool,
    cdn_prefix: zCdnPrefix,
    minimum_message_costs: z.record(z.string(), ZMessageCostInput, { message: E('invalid') }),
    support_phone: zPhone,
    support_email: zEmail,
    fictional_icon: zFictionalIcon,
    visible_profile_fields: zChoices(PROFILE_FIELDS),
    visible_profile_notes: zChoices(PROFILE_NOTES),
    message_credits: zInt(SITE_LIMITS.credits.min, SITE_LIMITS.credits.max, E('credits_range')),
    photo_credits: zInt(SITE_LIMITS.credits.min, SITE_LIMITS.credits.max, E('credits_range')),
    gift_credits: zInt(SITE_LIMITS.credits.min, SITE_LIMITS.credits.max, E('credits_range')),
    signup_credits: zInt(SITE_LIMITS.credits.min, SITE_LIMITS.credits.max, E('credits_range')),
    message_length: zInt(
      SITE_LIMITS.messageLength.min,
      SITE_LIMITS.messageLength.max,
      E('message_length_range'),
    ),
    search_fields: zChoices(SEARCH_FIELDS),
    refund_days: zInt(SITE_LIMITS.refundDays.min, SITE_LIMITS.refundDays.max, E('refund_days_range')),
    member_resell: zBool,
    mail_name: zMailName,
    min_age: zInt(SITE_LIMITS.minAge.min, SITE_LIMITS.minAge.max, E('min_age_range')),
    company_address_variant: zInt(1, 3, E('address_variant')),
    theme: z.object({
      primary: ZColour.refine((c) => contrastWithWhite(c) >= SITE_LIMITS.primaryContrast, {
        message: E('colour_contrast'),
      }),
      secondary: ZColour,
    }),
    free_messages: zInt(SITE_LIMITS.freeMessages.min, SITE_LIMITS.freeMessages.max, E('free_messages_range')),
    photo_moderation: zChoice(['pre', 'post'] as const),
  })
  .superRefine((s, ctx) => {
    // A message cost per country the site serves, in a known country.
    for (const key of Object.keys(s.minimum_message_costs)) {
      const known = SERVED_COUNTRIES.includes(key);
      if (!known || !s.countries.includes(key)) {
        ctx.addIssue({
          code: 'custom',
          path: ['minimum_message_costs', key],
          message: E(known ? 'cost_country' : 'country'),
        });
      }
    }
  });
export type TSiteSettingsInput = z.infer<typeof ZSiteSettingsInput>;
export type TSiteSettingsDraft = z.input<typeof ZSiteSettingsInput>;

export const ZSiteUpdate = z.object({
  domain: ZDomain,
  company_id: z
    .number({ message: E('company') })
    .int({ message: E('company') })
    .positive({ message: E('company') }),
  settings: ZSiteSettingsInput,
});
export type TSiteUpdate = z.infer<typeof ZSiteUpdate>;
export const ZSiteCreate = ZSiteUpdate;

export const ZAdminSite = z.object({
  id: z.number().int(),
  domain: z.string(),
  company_id: z.number().int(),
  is_default: z.boolean(),
  created_at: z.string(),
  settings: ZSiteSettingsInput,
});
export type TAdminSite = z.infer<typeof ZAdminSite>;

export const ZAdminSiteSummary = z.object({
  id: z.number().int(),
  domain: z.string(),
  name: z.string(),
  company_id: z.number().int(),
  is_default: z.boolean(),
  domain_language: z.string(),
  countries: z.array(z.string()),
  signups: z.string(),
  photo_moderation: z.string(),
  theme: z.object({ primary: z.string(), secondary: z.string() }),
});
export type TAdminSiteSummary = z.infer<typeof ZAdminSiteSummary>;

export const SITE_SORTS = ['id', 'name', 'domain'] as const;
export const ZSiteListQuery = z.object({
  q: zLine(100).optional(),
  sort: z.enum(SITE_SORTS).default('id'),
  dir: z.enum(['asc', 'desc']).default('asc'),
});
export const ZAdminSiteList = z.object({
  sites: z.array(ZAdminSiteSummary),
  companies: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TAdminSiteList = z.infer<typeof ZAdminSiteList>;

// ---------------------------------------------------------------- discount codes

export const CODE_LIMITS = { maxUses: 1_000_000, minimumCents: 10_000_000 } as const;

/** An ISO timestamp, or empty for none. */
const zMoment = z
  .string({ message: E('date') })
  .trim()
  .refine((v) => !Number.isNaN(Date.parse(v)) && /^\d{4}-\d{2}-\d{2}T/.test(v), { message: E('date') })
  .nullable();

export const ZCodeInput = z
  .object({
    code: z
      .string({ message: E('code_format') })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z0-9]{3,32}$/, { message: E('code_format') }),
    percentage: zInt(1, 100, E('percentage_range')),
    minimum_cents: zInt(0, CODE_LIMITS.minimumCents, E('minimum_range')),
    site_id: z
      .number({ message: E('site') })
      .int({ message: E('site') })
      .positive()
      .nullable(),
    country: ZServedCountry.nullable(),
    valid_from: zMoment,
    valid_until: zMoment,
    once_per_member: zBool,
    max_uses: zInt(1, CODE_LIMITS.maxUses, E('max_uses_range')).nullable(),
    active: zBool,
  })
  .superRefine((c, ctx) => {
    if (c.valid_from && c.valid_until && Date.parse(c.valid_until) <= Date.parse(c.valid_from)) {
      ctx.addIssue({ code: 'custom', path: ['valid_until'], message: E('valid_range') });
    }
  });
export type TCodeInput = z.infer<typeof ZCodeInput>;
export type TCodeDraft = z.input<typeof ZCodeInput>;

export const ZAdminCode = z.object({
  id: z.number().int(),
  code: z.string(),
  percentage: z.number().int(),
  minimum_cents: z.number().int(),
  site_id: z.number().int().nullable(),
  country: z.string().nullable(),
  valid_from: z.string().nullable(),
  valid_until: z.string().nullable(),
  once_per_member: z.boolean(),
  max_uses: z.number().int().nullable(),
  active: z.boolean(),
  /** Payments that used it and did not fail. */
  uses: z.number().int(),
  created_at: z.string(),
});
export type TAdminCode = z.infer<typeof ZAdminCode>;

export const CODE_SORTS = ['code', 'created_at', 'percentage', 'valid_until', 'uses'] as const;
export const ZCodeListQuery = z.object({
  q: zLine(40).optional(),
  site: z
    .string()
    .regex(/^(all|[1-9][0-9]{0,9})$/)
    .optional(),
  status: z.enum(['all', 'active', 'inactive']).default('all'),
  sort: z.enum(CODE_SORTS).default('created_at'),
  dir: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
});
export const CODE_PAGE_SIZE = 50;
export const ZAdminCodeList = z.object({
  codes: z.array(ZAdminCode),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type TAdminCodeList = z.infer<typeof ZAdminCodeList>;

// ---------------------------------------------------------------- credit bundles

export const BUNDLE_LIMITS = { credits: 100_000, amountCents: 10_000_000, position: 999 } as const;

export const ZBundleInput = z.object({
  site_id: z
    .number({ message: E('site') })
    .int({ message: E('site') })
    .positive({ message: E('site') }),
  country: ZServedCountry,
  currency: ZAdminCurrency,
  credits: zInt(1, BUNDLE_LIMITS.credits, E('bundle_credits_range')),
  amount_cents: zInt(1, BUNDLE_LIMITS.amountCents, E('amount_range')),
  position: zInt(0, BUNDLE_LIMITS.position, E('position_range')),
  active: zBool,
});
export type TBundleInput = z.infer<typeof ZBundleInput>;
export type TBundleDraft = z.input<typeof ZBundleInput>;

export const ZAdminBundle = z.object({
  id: z.number().int(),
  site_id: z.number().int(),
  country: z.string(),
  currency: z.string(),
  credits: z.number().int(),
  amount_cents: z.number().int(),
  position: z.number().int(),
  active: z.boolean(),
});
export type TAdminBundle = z.infer<typeof ZAdminBundle>;

export const ZBundleListQuery = z.object({
  site: z
    .string()
    .regex(/^[1-9][0-9]{0,9}$/)
    .optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  status: z.enum(['all', 'active', 'inactive']).default('all'),
});
export const ZAdminBundleList = z.object({ bundles: z.array(ZAdminBundle) });
export type TAdminBundleList = z.infer<typeof ZAdminBundleList>;

/** Turns zod issues into the same `fields` map the server answers: dotted path to message id. */
export function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}
