import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { createIntl, RawIntlProvider } from 'react-intl';
import type { TSettings } from '../shared/contract/site.ts';
import type { Catalog } from '../shared/i18n/catalogs.ts';
import { DEFAULT_LOCALE, formatLocale, type Locale, visibleLocales } from '../shared/i18n/locales.ts';
import { userQuery } from './api/session.ts';
import { settingsQuery } from './api/site.ts';
import { loadCatalog, storeLocale } from './i18n/locale.ts';
import { createCountingIntlCache } from './i18n/numbers.ts';

interface SiteContextValue {
  settings: TSettings;
  locale: Locale;
  /** Locales this visitor may choose, from their country (I-03). */
  visible: readonly Locale[];
  setLocale(locale: Locale): Promise<void>;
}

const SiteContext = createContext<SiteContextValue | null>(null);

export function useSite(): SiteContextValue {
  const ctx = useContext(SiteContext);
  if (!ctx) throw new Error('useSite outside SiteProvider');
  return ctx;
}

export function SiteProvider(props: {
  settings: TSettings;
  locale: Locale;
  catalog: Catalog;
  onLocaleChange?: (locale: Locale) => void;
  /** The server's render shares one per locale across requests; the browser makes its own. */
  intlCache?: ReturnType<typeof createCountingIntlCache>;
  children: ReactNode;
}) {
  const { onLocaleChange } = props;
  // Kept in the query cache so a change of country (lang-config) refetches and re-renders everything.
  const settings = useQuery(settingsQuery).data ?? props.settings;
  // The member's country, else the visitor's: dates, times and prices as that country writes them (I-04).
  // Read from the cache only: whoever needs the member asks for them.
  const user = useQuery({ ...userQuery, enabled: false }).data?.user;
  const country = user?.profile.country || settings.geoip_selected_country || settings.geoip_country;
  const [state, setState] = useState({ locale: props.locale, catalog: props.catalog });
  // react-intl's IntlProvider, with a cache that formats counts without the browser's Intl (numbers.ts).
  const [cache] = useState(() => props.intlCache ?? createCountingIntlCache());
  const intl = useMemo(
    () =>
      createIntl(
        {
          locale: formatLocale(state.locale, country),
          messages: state.catalog,
          defaultLocale: DEFAULT_LOCALE,
        },
        cache,
      ),
    [state, cache, country],
  );

  const setLocale = useCallback(
    async (locale: Locale) => {
      const catalog = await loadCatalog(locale);
      storeLocale(locale);
      setState({ locale, catalog });
      onLocaleChange?.(locale);
    },
    [onLocaleChange],
  );

  const value = useMemo<SiteContextValue>(
    () => ({
      settings,
      locale: state.locale,
      visible: visibleLocales(settings.geoip_selected_country, settings.domain_language),
      setLocale,
    }),
    [settings, state.locale, setLocale],
  );

  return (
    <SiteContext.Provider value={value}>
      <RawIntlProvider value={intl}>{props.children}</RawIntlProvider>
    </SiteContext.Provider>
  );
}
