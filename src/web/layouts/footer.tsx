import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { TCompany } from '../../shared/contract/site.ts';
import { pathFor } from '../../shared/routes.ts';
import { useCompany } from '../api/site.ts';
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
  const country =
    new Intl.DisplayNames([intl.locale], { type: 'region' }).of(company.country) ?? company.country;
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

export function Footer() {
  const { settings, locale } = useSite();
  const company = useCompany();
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-line bg-surface pb-[calc(env(safe-area-inset-bottom)+1.5rem)] pt-8 text-sm text-muted">
      <div className="mx-auto max-w-6xl space-y-5 px-4">
        <nav aria-label={settings.name}>
          <ul className="flex flex-wrap gap-x-1 gap-y-1">
            {FOOTER_LINKS.map(([route, label]) => {
              const to = pathFor(route);
              return to ? (
                <li key={route}>
                  <Link
                    to={to}
                    className="inline-flex min-h-11 items-center rounded px-2 hover:text-ink hover:underline"
                  >
                    <FormattedMessage id={label} />
                  </Link>
                </li>
              ) : null;
            })}
          </ul>
        </nav>
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
