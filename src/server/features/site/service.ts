import type { TCompany, TRegionsResponse, TSettings } from '../../../shared/contract/site.ts';
import { REGIONS } from '../../../shared/data/regions.ts';
import { LOCALES, type Locale } from '../../../shared/i18n/locales.ts';
import { cleanPhone } from '../../../shared/rules.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { t } from '../../platform/i18n.ts';
import { type CompanyRow, findCompany, findDefaultSite, findSiteByDomain, type SiteRow } from './queries.ts';

/**
 * The origin for links in e-mails and payment returns: the request's own when it came to the site's
 * domain, else the configured public URL or the site's domain; never whatever Host a request claimed.
 */
export function siteOrigin(
  req: { host: string; protocol: string },
  site: SiteRow,
  publicUrl: string | undefined,
): string {
  if (normaliseDomain(req.host) === site.domain) return `${req.protocol}://${req.host}`;
  return publicUrl ?? `https://${site.domain}`;
}

/** Host header or domain parameter to the bare lower-case host name: "Www.Vonk.nl:443" -> "www.vonk.nl". */
export function normaliseDomain(raw: string | undefined): string {
  if (!raw) return '';
  const host = raw
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '');
  const withoutPath = host.split('/')[0] ?? '';
  // Bracketed IPv6 keeps its colons; otherwise a trailing :port goes.
  const bare = withoutPath.startsWith('[')
    ? withoutPath.replace(/\]:\d+$/, ']')
    : withoutPath.replace(/:\d+$/, '');
  return /^[a-z0-9.\-[\]:]{1,253}$/.test(bare) ? bare : '';
}

const SITE_TTL_MS = 30_000;

/**
 * Finds the site of a domain, else the default site. Sites change rarely and every page load asks, so
 * answers are kept for a short while per domain (an edit shows within SITE_TTL_MS on every instance).
 */
export function createSiteResolver(db: Db, now: () => number = Date.now) {
  const cache = new Map<string, { at: number; site: SiteRow }>();
  const resolveSite = async (domain: string): Promise<SiteRow> => {
    const key = normaliseDomain(domain);
    const hit = cache.get(key);
    if (hit && now() - hit.at < SITE_TTL_MS) return hit.site;
    const site = (key && (await findSiteByDomain(db, key))) || (await findDefaultSite(db));
    if (!site) throw new AppError(503, 'no_site', 'error.general');
    if (cache.size > 1000) cache.clear();
    cache.set(key, { at: now(), site });
    return site;
  };
  /** After an edit on this instance: the next page load reads the site again (others within the TTL). */
  const forget = () => cache.clear();
  return Object.assign(resolveSite, { forget });
}
export type SiteResolver = ReturnType<typeof createSiteResolver>;

/** geoip_country from the trusted proxy header when present, else the site's home country. */
export function geoCountry(site: SiteRow, headerValue: string | undefined): string {
  const c = headerValue?.trim().toUpperCase();
  return c && /^[A-Z]{2}$/.test(c) && c !== 'XX' ? c : (site.countries[0] ?? 'NL');
}

const countryNamesCache = new Map<string, Record<Locale, string>>();
/**
 * A country's name in every locale. The browser could ask `Intl.DisplayNames`, but its first Intl call
 * loads the locale data for tens of milliseconds on a phone, in the middle of the first screen.
 */
export function countryNames(code: string): Record<Locale, string> {
  let names = countryNamesCache.get(code);
  if (!names) {
    const entries = LOCALES.map((locale) => {
      const name = /^[A-Z]{2}$/.test(code)
        ? new Intl.DisplayNames([locale], { type: 'region' }).of(code)
        : undefined;
      return [locale, name ?? code] as const;
    });
    names = Object.fromEntries(entries) as Record<Locale, string>;
    countryNamesCache.set(code, names);
  }
  return names;
}

export function presentSettings(
  site: SiteRow,
  ctx: { locale: Locale; geoipCountry: string; selectedCountry: string | undefined; pushPublicKey: string },
): TSettings {
  const selected = ctx.selectedCountry?.toUpperCase();
  return {
    geoip_country: ctx.geoipCountry,
    geoip_selected_country: selected && /^[A-Z]{2}$/.test(selected) ? selected : ctx.geoipCountry,
    enable_site_entry_popup: site.enableSiteEntryPopup,
    niche: site.niche,
    signups: site.signups,
    logged_out_search: site.loggedOutSearch,
    logged_out_search_trafficsource: site.loggedOutSearchTrafficsource,
    cdn_prefix: site.cdnPrefix,
    domain: site.domain,
    domain_language: site.domainLanguage as Locale,
    name: site.name,
    index_title: site.indexTitle,
    description: site.description,
    push_public_key: ctx.pushPublicKey,
    minimum_message_costs: site.minimumMessageCosts,
    support_phone: cleanPhone(site.supportPhone),
    support_email: site.supportEmail,
    fictional_icon: site.fictionalIcon,
    fictional_warning: t(ctx.locale, 'fictional.warning', { site: site.name }),
    fictional_singular: t(ctx.locale, 'fictional.singular'),
    fictional_plural: t(ctx.locale, 'fictional.plural'),
    countries: site.countries,
    country_names: Object.fromEntries(site.countries.map((c) => [c, countryNames(c)])),
    visible_profile_fields: site.visibleProfileFields,
    visible_profile_notes: site.visibleProfileNotes,
    message_credits: site.messageCredits,
    photo_credits: site.photoCredits,
    gift_credits: site.giftCredits,
    signup_credits: site.signupCredits,
    message_length: site.messageLength,
    search_fields: site.searchFields,
    refund_days: site.refundDays,
    member_resell: site.memberResell,
    company_id: site.companyId,
    mail_name: site.mailName,
    min_age: site.minAge,
    company_address_variant: site.companyAddressVariant,
    theme: { primary: site.themePrimary, secondary: site.themeSecondary },
  };
}

export async function getCompany(db: Db, site: SiteRow): Promise<TCompany> {
  const row = await findCompany(db, site.companyId);
  if (!row) throw new AppError(404, 'not_found', 'error.not_found');
  return presentCompany(row);
}

function presentCompany(row: CompanyRow): TCompany {
  return {
    name: row.name,
    address: row.address,
    kvk: row.kvk,
    city: row.city,
    country: row.country,
    country_names: countryNames(row.country),
    tradenames: row.tradenames,
    vat_numbers: row.vatNumbers,
    support_phone: cleanPhone(row.supportPhone),
    delete_discount: row.deleteDiscount,
    added: row.added,
  };
}

export function getRegions(country: string): TRegionsResponse {
  const code = country.trim().toUpperCase();
  const entry = /^[A-Z]{2}$/.test(code) ? REGIONS[code] : undefined;
  if (!entry) throw new AppError(404, 'unknown_country', 'error.unknown_country');
  return { country: code, label: entry.label, regions: [...entry.regions] };
}
