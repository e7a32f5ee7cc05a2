import { Globe } from 'lucide-react';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { TCompany } from '../../shared/contract/site.ts';
import { DEFAULT_LOCALE, LOCALE_NAMES, type Locale, toLocale } from '../../shared/i18n/locales.ts';
import { pathFor } from '../../shared/routes.ts';
import { useCompany } from '../api/site.ts';
import { Link, RouteLink } from '../components/route-link.tsx';
import { useSite } from '../site-context.tsx';

/** Footer links of spec §2, in order; a link appears once its page exists. */
const FOOTER_LINKS = [
  ['pages-terms', 'footer.terms'],
  ['pages-privacy', 'footer.privacy'],
  ['pages-cookies', 'footer.cookies'],
  ['pages-ban', 'footer.ban'],
  ['pricing', 'footer.pricing'],
  ['complaints', 'footer.complaints'],
  ['pages-return-policy', 'footer.return_policy'],
  ['pages-faq', 'footer.faq'],
  ['pages-service', 'footer.support'],
] as const;

/** The company line in one of the three variants a site can choose (L-03). */
export function CompanyAddress({ company, variant }: { company: TCompany; variant: number }) {
  const intl = useIntl();
  // The server names the country in every locale: the browser's DisplayNames costs tens of milliseconds
  // on its first use, and the footer is drawn while the first screen loads.
  const country = company.country_names?.[toLocale(intl.locale) ?? DEFAULT_LOCALE] ?? company.country;
  if (variant === 2) {
    return (
      <FormattedMessage
        id="footer.company_short"
        values={{ name: company.name, city: company.city, country, kvk: company.kvk }}
      />
    );
  }
  if (variant === 3) {
    return (
      <FormattedMessage
        id="footer.company_tradenames"
        values={{
          tradenames: intl.formatList(company.tradenames),
          name: company.name,
          address: company.address,
          country,
        }}
      />
    );
  }
  return (
    <FormattedMessage
      id="footer.company_full"
      values={{
        name: company.name,
        address: company.address,
        country,
        kvk: company.kvk,
        vat: company.vat_numbers.join(', '),
      }}
    />
  );
}

/**
 * The languages of the visitor's country (I-03: NL only Dutch; BE Dutch, French and German), as a picker
 * when there is more than one; any other language of the site is one link away, on the country and
 * language page (issue 11: nobody is stuck with one).
 */
function LanguagePicker() {
  const { locale, setLocale, visible } = useSite();
  const id = useId();
  const langConfig = pathFor('lang-config');
  const options = visible.includes(locale) ? visible : [locale, ...visible];
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-2" data-testid="footer-language">
      {options.length > 1 ? (
        <>
          <label htmlFor={id} className="inline-flex items-center gap-1.5 font-semibold text-ink">
            <Globe aria-hidden size={16} />
            <FormattedMessage id="footer.language" />
          </label>
          <select
            id={id}
            value={locale}
            onChange={(e) => void setLocale(e.target.value as Locale)}
            className="min-h-11 rounded-xl border border-line bg-white px-3 text-ink"
          >
            {options.map((l) => (
              <option key={l} value={l} lang={l}>
                {LOCALE_NAMES[l]}
              </option>
            ))}
          </select>
        </>
      ) : (
        <span className="inline-flex items-center gap-1.5 text-ink">
          <Globe aria-hidden size={16} />
          <span className="font-semibold">
            <FormattedMessage id="footer.language" />
          </span>
          <span lang={locale}>{LOCALE_NAMES[locale]}</span>
        </span>
      )}
      {langConfig && (
        <Link
          to={langConfig}
          className="inline-flex min-h-11 items-center rounded px-1 hover:text-ink hover:underline"
        >
          <FormattedMessage id="footer.language_country" />
        </Link>
      )}
    </div>
  );
}

export function Footer() {
  const { settings, locale } = useSite();
  const company = useCompany({ quiet: true });
  const year = new Date().getFullYear();
  return (
    <footer className="cv-auto mt-16 border-t [--cv-size:520px] border-line bg-surface pb-[calc(env(safe-area-inset-bottom)+1.5rem)] pt-8 text-sm text-muted">
      <div className="mx-auto max-w-6xl space-y-5 px-4">
        <nav aria-label={settings.name}>
          <ul className="flex flex-wrap gap-x-1 gap-y-1">
            {FOOTER_LINKS.map(([route, label]) => {
              const to = pathFor(route);
              return to ? (
                <li key={route}>
                  <RouteLink
                    href={to}
                    className="inline-flex min-h-11 items-center rounded px-2 hover:text-ink hover:underline"
                  >
                    <FormattedMessage id={label} />
                  </RouteLink>
                </li>
              ) : null;
            })}
          </ul>
        </nav>
        <LanguagePicker />
        <p className="px-2" data-testid="company-address">
          © {year}{' '}
          {company.data ? (
            <CompanyAddress company={company.data} variant={settings.company_address_variant} />
          ) : (
            '\u00a0'
          )}
        </p>
        <p className="px-2 text-xs leading-relaxed">
          <FormattedMessage
            id="footer.disclaimer"
            values={{ site: settings.name, min_age: settings.min_age }}
          />
        </p>
        {locale === 'en' && (
          <p className="px-2 text-xs leading-relaxed" data-testid="us-footer">
            <FormattedMessage id="footer.us_2257" values={{ site: settings.name }} />
          </p>
        )}
      </div>
    </footer>
  );
}
