import { useQuery } from '@tanstack/react-query';
import { Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from 'react-router';
import { fillPlaceholders } from '../../../shared/i18n/fill.ts';
import type { Locale } from '../../../shared/i18n/locales.ts';
import { pathFor, STATIC_PAGES, type StaticPage as StaticPageName } from '../../../shared/routes.ts';
import { cleanPhone, termsVersionDate } from '../../../shared/rules.ts';
import { useCompany } from '../../api/site.ts';
import { Link } from '../../components/route-link.tsx';
import { useSite } from '../../site-context.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { NotFoundPage } from './error-page.tsx';

interface PageText {
  title: string;
  intro: string;
  sections: { heading: string; paragraphs: string[] }[];
}
type PageFile = Record<string, PageText>;

const loaders = import.meta.glob<{ default: PageFile }>('../../../shared/i18n/pages/*.json');

async function loadPages(locale: Locale): Promise<PageFile> {
  const load =
    loaders[`../../../shared/i18n/pages/${locale}.json`] ?? loaders['../../../shared/i18n/pages/nl.json'];
  if (!load) throw new Error('no page texts');
  return (await load()).default;
}

/** The footer's label of each static page, for the links between them. */
const PAGE_LABELS: Record<StaticPageName, string> = {
  terms: 'footer.terms',
  privacy: 'footer.privacy',
  cookies: 'footer.cookies',
  ban: 'footer.ban',
  'return-policy': 'footer.return_policy',
  faq: 'footer.faq',
  service: 'footer.support',
};

/** Under every static page: how to reach support, and the other pages (L-06, issue 11). */
function PageLinks({ page, email, phone }: { page: StaticPageName; email: string; phone: string }) {
  return (
    <aside className="mt-12 space-y-6 border-t border-line pt-8" data-testid="page-links">
      <div className="rounded-2xl bg-surface p-5">
        <h2 className="text-lg font-bold">
          <FormattedMessage id="pages.contact_title" />
        </h2>
        <p className="mt-1 text-muted">
          <FormattedMessage id="pages.contact_body" />
        </p>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <a href={`mailto:${email}`} className="btn btn-ghost bg-white">
            <Mail aria-hidden size={18} className="text-primary" />
            {email}
          </a>
          {phone && (
            <a href={`tel:${phone}`} className="btn btn-ghost bg-white">
              <Phone aria-hidden size={18} className="text-primary" />
              {phone}
            </a>
          )}
        </div>
      </div>
      <nav aria-labelledby="more-pages">
        <h2 id="more-pages" className="text-lg font-bold">
          <FormattedMessage id="pages.more" />
        </h2>
        <ul className="mt-2 flex flex-wrap gap-x-2">
          {STATIC_PAGES.filter((p) => p !== page).map((p) => {
            const to = pathFor(`pages-${p}`);
            return to ? (
              <li key={p}>
                <Link
                  to={to}
                  className="inline-flex min-h-11 items-center px-1 font-semibold text-primary underline"
                >
                  <FormattedMessage id={PAGE_LABELS[p]} />
                </Link>
              </li>
            ) : null;
          })}
        </ul>
      </nav>
    </aside>
  );
}

/** The page named by the last part of /pages/{token}. */
export function StaticPageRoute() {
  const token = useLocation().pathname.replace(/\/$/, '').split('/').pop() ?? '';
  const page = STATIC_PAGES.find((p) => p === token);
  return page ? <StaticPage page={page} /> : <NotFoundPage />;
}

/** Terms, privacy (with the en-US variant), cookies, ban, return policy, FAQ and service (L-06). */
export function StaticPage({ page }: { page: StaticPageName }) {
  const { settings, locale } = useSite();
  const intl = useIntl();
  const company = useCompany();
  const pages = useQuery({
    queryKey: ['pages', locale],
    queryFn: () => loadPages(locale),
    staleTime: Number.POSITIVE_INFINITY,
  });

  const key =
    page === 'privacy' && locale === 'en' && settings.geoip_selected_country === 'US' ? 'privacy-us' : page;
  const text = pages.data?.[key] ?? pages.data?.[page];
  usePageTitle(text?.title ?? null);

  if (!text || !company.data) {
    return (
      <div className="mx-auto max-w-3xl animate-pulse space-y-4 px-4 py-10" aria-busy="true">
        <div className="h-9 w-2/3 rounded bg-surface" />
        {[1, 2, 3, 4, 5].map((n) => (
          <div key={n} className="h-4 rounded bg-surface" />
        ))}
      </div>
    );
  }
  const c = company.data;
  const values = {
    site_name: settings.name,
    company_name: c.name,
    company_address: `${c.address}, ${new Intl.DisplayNames([locale], { type: 'region' }).of(c.country) ?? c.country}`,
    support_email: settings.support_email,
    support_phone: cleanPhone(settings.support_phone),
    refund_days: settings.refund_days,
    min_age: settings.min_age,
    version_date: intl.formatDate(termsVersionDate(c.added), { dateStyle: 'long', timeZone: 'UTC' }),
  };
  const format = (s: string) => fillPlaceholders(s, values);
  // The support address and number are links that open the mail app or dial (spec §5: digits only).
  const links: Record<string, string> = {
    support_email: `mailto:${settings.support_email}`,
    support_phone: `tel:${values.support_phone}`,
  };
  const formatWithLinks = (s: string): ReactNode[] => {
    const nodes: ReactNode[] = [];
    let from = 0;
    for (const m of s.matchAll(/\{(support_email|support_phone)\}/g)) {
      const name = m[1] as 'support_email' | 'support_phone';
      nodes.push(format(s.slice(from, m.index)));
      nodes.push(
        <a
          key={m.index}
          href={links[name]}
          className="whitespace-nowrap font-semibold text-primary underline underline-offset-2"
        >
          {values[name]}
        </a>,
      );
      from = m.index + m[0].length;
    }
    nodes.push(format(s.slice(from)));
    return nodes;
  };

  return (
    <article className="prose-page mx-auto max-w-3xl px-4 py-10" data-page={key}>
      <h1 className="text-3xl font-extrabold tracking-tight">{format(text.title)}</h1>
      <p className="mt-3 text-lg text-muted">{formatWithLinks(text.intro)}</p>
      {text.sections.map((section) => (
        <section key={section.heading}>
          <h2>{format(section.heading)}</h2>
          {section.paragraphs.map((p) => (
            <p key={p}>{formatWithLinks(p)}</p>
          ))}
        </section>
      ))}
      <PageLinks page={page} email={settings.support_email} phone={values.support_phone} />
    </article>
  );
}
