import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import {
  COUNTRY_COOKIE,
  LOCALE_NAMES,
  LOCALES,
  type Locale,
  visibleLocales,
} from '../../../shared/i18n/locales.ts';
import { sortByName } from '../../../shared/i18n/sort-names.ts';
import { RULES } from '../../../shared/rules.ts';
import { Link } from '../../components/route-link.tsx';
import { writeCookie } from '../../i18n/locale.ts';
import { useSite } from '../../site-context.tsx';
import { usePageTitle } from '../../use-page-title.ts';

/** The country's own languages first, then the site's others: nobody is stuck with one (issue 11). */
function languagesFor(country: string, fallback: Locale): Locale[] {
  const own = visibleLocales(country, fallback);
  return [...own, ...LOCALES.filter((l) => !own.includes(l))];
}

/** Country and language choice; the country's languages come first (I-03). */
export function LangConfigPage() {
  const { settings, locale, setLocale } = useSite();
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [country, setCountry] = useState(settings.geoip_selected_country);
  const options = languagesFor(country, settings.domain_language);
  const navigate = useNavigate();
  const [language, setLanguage] = useState<Locale>(
    options.includes(locale) ? locale : (options[0] ?? locale),
  );
  const [saved, setSaved] = useState(false);
  const countryId = useId();
  usePageTitle(intl.formatMessage({ id: 'langconfig.title' }));

  const regionName = new Intl.DisplayNames([locale], { type: 'region' });
  const countries = sortByName(settings.countries, (c) => regionName.of(c) ?? c, locale);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    writeCookie(COUNTRY_COOKIE, country, RULES.cookies.localeDays);
    await setLocale(language);
    await queryClient.invalidateQueries({ queryKey: ['settings'] });
    setSaved(true);
  }

  return (
    <div className="mx-auto max-w-lg px-4 py-8 sm:py-10">
      <Link
        to="/"
        onClick={(e) => {
          // Back where the visitor came from when there is such a page in this tab.
          if (window.history.state?.idx > 0) {
            e.preventDefault();
            navigate(-1);
          }
        }}
        className="mb-4 inline-flex min-h-11 items-center gap-2 rounded-full pr-3 text-[15px] font-semibold text-muted hover:text-ink"
      >
        <ArrowLeft aria-hidden size={18} />
        <FormattedMessage id="langconfig.back" />
      </Link>
      <h1 className="text-3xl font-extrabold tracking-tight">
        <FormattedMessage id="langconfig.title" />
      </h1>
      <form onSubmit={save} className="mt-6 space-y-6 rounded-2xl border border-line p-6">
        <div>
          <label htmlFor={countryId} className="block font-semibold">
            <FormattedMessage id="langconfig.country" />
          </label>
          <select
            id={countryId}
            value={country}
            onChange={(e) => {
              const next = e.target.value;
              setCountry(next);
              const own = visibleLocales(next, settings.domain_language);
              if (!own.includes(language)) setLanguage(own[0] ?? language);
              setSaved(false);
            }}
            className="mt-2 block min-h-11 w-full rounded-xl border border-line bg-white px-3"
          >
            {countries.map((c) => (
              <option key={c} value={c}>
                {regionName.of(c) ?? c}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="font-semibold">
            <FormattedMessage id="langconfig.language" />
          </legend>
          <div className="mt-2 grid gap-2">
            {options.map((l) => (
              <label
                key={l}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line px-3 has-[:checked]:border-primary has-[:checked]:bg-primary-soft"
              >
                <input
                  type="radio"
                  name="language"
                  value={l}
                  checked={language === l}
                  onChange={() => {
                    setLanguage(l);
                    setSaved(false);
                  }}
                  className="size-4 accent-[var(--color-primary)]"
                />
                <span lang={l}>{LOCALE_NAMES[l]}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn btn-primary w-full">
          <FormattedMessage id="common.save" />
        </button>
        <p role="status" className="min-h-6 text-center text-sm text-primary">
          {saved && <FormattedMessage id="langconfig.saved" />}
        </p>
      </form>
    </div>
  );
}
