import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  TAdminSite,
  TAdminSiteSummary,
  TSiteSettingsInput,
  TSiteUpdate,
} from '../../../shared/contract/admin-sites.ts';
import type { TSettings } from '../../../shared/contract/site.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { AppError } from '../../platform/errors.ts';
import type { SiteRow } from '../../platform/site.ts';
import { assertSite, writeAudit } from '../../platform/staff.ts';
import { presentSettings } from '../site/index.ts';
import {
  companyExists,
  domainTaken,
  insertSiteRow,
  lockSiteRow,
  type SiteValues,
  updateSiteRow,
} from './sites-queries.ts';

/** Sites are the admin's: only they read and change them (issue 23 item 5). */
export const SITE_ROLES = ['admin'] as const;

const fieldError = (status: number, code: string, field: string, id: string) =>
  new AppError(status, code, 'error.validation', { details: { fieldIds: { [field]: id } } });

/** A site row's settings in the form's names (as members' /api/settings answers them). */
export function settingsOf(row: SiteRow): TSiteSettingsInput {
  return {
    name: row.name,
    index_title: row.indexTitle,
    description: row.description,
    niche: row.niche,
    domain_language: row.domainLanguage as TSiteSettingsInput['domain_language'],
    countries: row.countries,
    enable_site_entry_popup: row.enableSiteEntryPopup,
    signups: row.signups,
    logged_out_search: row.loggedOutSearch,
    logged_out_search_trafficsource: row.loggedOutSearchTrafficsource,
    cdn_prefix: row.cdnPrefix,
    minimum_message_costs: row.minimumMessageCosts as TSiteSettingsInput['minimum_message_costs'],
    support_phone: row.supportPhone,
    support_email: row.supportEmail,
    fictional_icon: row.fictionalIcon,
    visible_profile_fields: row.visibleProfileFields as TSiteSettingsInput['visible_profile_fields'],
    visible_profile_notes: row.visibleProfileNotes as TSiteSettingsInput['visible_profile_notes'],
    message_credits: row.messageCredits,
    photo_credits: row.photoCredits,
    gift_credits: row.giftCredits,
    signup_credits: row.signupCredits,
    message_length: row.messageLength,
    search_fields: row.searchFields as TSiteSettingsInput['search_fields'],
    refund_days: row.refundDays,
    member_resell: row.memberResell,
    mail_name: row.mailName,
    min_age: row.minAge,
    company_address_variant: row.companyAddressVariant,
    theme: { primary: row.themePrimary, secondary: row.themeSecondary },
    free_messages: row.freeMessages,
    photo_moderation: row.photoModeration,
  };
}

/** The row's columns for a form's settings. */
export function valuesOf(input: TSiteUpdate): SiteValues {
  const s = input.settings;
  return {
    domain: input.domain,
    companyId: input.company_id,
    name: s.name,
    indexTitle: s.index_title,
    description: s.description,
    niche: s.niche,
    domainLanguage: s.domain_language,
    countries: s.countries,
    enableSiteEntryPopup: s.enable_site_entry_popup,
    signups: s.signups,
    loggedOutSearch: s.logged_out_search,
    loggedOutSearchTrafficsource: s.logged_out_search_trafficsource,
    cdnPrefix: s.cdn_prefix,
    minimumMessageCosts: s.minimum_message_costs,
    supportPhone: s.support_phone,
    supportEmail: s.support_email,
    fictionalIcon: s.fictional_icon,
    visibleProfileFields: s.visible_profile_fields,
    visibleProfileNotes: s.visible_profile_notes,
    messageCredits: s.message_credits,
    photoCredits: s.photo_credits,
    giftCredits: s.gift_credits,
    signupCredits: s.signup_credits,
    messageLength: s.message_length,
    searchFields: s.search_fields,
    refundDays: s.refund_days,
    memberResell: s.member_resell,
    mailName: s.mail_name,
    minAge: s.min_age,
    companyAddressVariant: s.company_address_variant,
    themePrimary: s.theme.primary,
    themeSecondary: s.theme.secondary,
    freeMessages: s.free_messages,
    photoModeration: s.photo_moderation,
  };
}

export function presentAdminSite(row: SiteRow): TAdminSite {
  return {
    id: row.id,
    domain: row.domain,
    company_id: row.companyId,
    is_default: row.isDefault,
    created_at: row.createdAt.toISOString(),
    settings: settingsOf(row),
  };
}

export function presentSiteSummary(row: SiteRow): TAdminSiteSummary {
  return {
    id: row.id,
    domain: row.domain,
    name: row.name,
    company_id: row.companyId,
    is_default: row.isDefault,
    domain_language: row.domainLanguage,
    countries: row.countries,
    signups: row.signups,
    photo_moderation: row.photoModeration,
    theme: { primary: row.themePrimary, secondary: row.themeSecondary },
  };
}

/** What the audit log keeps of a site: domain, company and every setting, so a change shows field by field. */
const auditView = (row: SiteRow) => ({ domain: row.domain, company_id: row.companyId, ...settingsOf(row) });

async function checkRefs(db: FastifyInstance['db'], input: TSiteUpdate, exceptId?: number) {
  if (!(await companyExists(db, input.company_id)))
    throw fieldError(400, 'validation', 'company_id', 'admin.sites.error.company');
  if (await domainTaken(db, input.domain, exceptId))
    throw fieldError(409, 'domain_taken', 'domain', 'admin.sites.error.domain_taken');
}

/**
 * Changes a site: every setting, its domain and company, with the audit line (before and after) in the
 * same transaction; after the commit every instance is told to read its sites again (O-04).
 */
export async function updateSite(app: FastifyInstance, req: FastifyRequest, id: number, input: TSiteUpdate) {
  assertSite(req, SITE_ROLES, id);
  await checkRefs(app.db, input, id);
  const row = await app.db
    .transaction(async (tx) => {
      const before = await lockSiteRow(tx, id);
      if (!before) throw new AppError(404, 'not_found', 'admin.error.not_found');
      const after = await updateSiteRow(tx, id, valuesOf(input));
      if (!after) throw new AppError(404, 'not_found', 'admin.error.not_found');
      await writeAudit(tx, req, {
        action: 'site.update',
        objectType: 'site',
        objectId: id,
        siteId: id,
        roles: SITE_ROLES,
        ...changedFields(auditView(before), auditView(after)),
      });
      return after;
    })
    .catch(domainRace);
  app.bus.notify({ kind: 'sites_changed', siteId: id });
  return presentAdminSite(row);
}

/** Adds a site (a new domain of a company) with its settings; audited, and every instance told. */
export async function createSite(app: FastifyInstance, req: FastifyRequest, input: TSiteUpdate) {
  await checkRefs(app.db, input);
  const row = await app.db
    .transaction(async (tx) => {
      const created = await insertSiteRow(tx, valuesOf(input));
      if (!created) throw new Error('site not stored');
      await writeAudit(tx, req, {
        action: 'site.create',
        objectType: 'site',
        objectId: created.id,
        siteId: created.id,
        roles: SITE_ROLES,
        after: auditView(created),
      });
      return created;
    })
    .catch(domainRace);
  app.bus.notify({ kind: 'sites_changed', siteId: row.id });
  return presentAdminSite(row);
}

/** Two saves of one domain at once: the unique index decides, the loser gets the field error. */
function domainRace(err: unknown): never {
  if (isUniqueViolation(err))
    throw fieldError(409, 'domain_taken', 'domain', 'admin.sites.error.domain_taken');
  throw err;
}

/** Before and after of only the fields that changed (the whole object when nothing did). */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>) {
  const b: Record<string, unknown> = {};
  const a: Record<string, unknown> = {};
  for (const key of Object.keys(after)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      b[key] = before[key];
      a[key] = after[key];
    }
  }
  return { before: b, after: a };
}

/**
 * What members' /api/settings would answer with these settings (the preview of an unsaved form): the same
 * presenter, on the site row as it would be after saving.
 */
export function previewSettings(
  row: SiteRow,
  input: TSiteUpdate,
  locale: Locale,
  pushPublicKey: string,
): TSettings {
  const draft = { ...row, ...valuesOf(input) } as SiteRow;
  return presentSettings(draft, {
    locale,
    geoipCountry: draft.countries[0] ?? 'NL',
    selectedCountry: undefined,
    pushPublicKey,
  });
}
