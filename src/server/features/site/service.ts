import type { TCompany, TRegionsResponse, TSettings } from '../../../shared/contract/site.ts';
import { REGIONS } from '../../../shared/data/regions.ts';
import { LOCALES, type Locale } from '../../../shared/i18n/locales.ts';
import { cleanPhone } from '../../../shared/rules.ts';
import { AppError } from '../../platform/errors.ts';
import { t } from '../../platform/i18n.ts';
import type { CompanyRow, SiteRow } from '../../platform/site.ts';

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

/** `company`: the site resolver's kept lookup (platform/site.ts). */
export async function getCompany(
  company: (id: number) => Promise<CompanyRow | undefined>,
  site: SiteRow,
): Promise<TCompany> {
  const row = await company(site.companyId);
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
