import { useQuery } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { IntlProvider } from 'react-intl';
import type { TSettings } from '../shared/contract/site.ts';
import type { Catalog } from '../shared/i18n/catalogs.ts';
import { DEFAULT_LOCALE, type Locale, visibleLocales } from '../shared/i18n/locales.ts';
import { settingsQuery } from './api/site.ts';
import { loadCatalog, storeLocale } from './i18n/locale.ts';

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
  children: ReactNode;
}) {
  const { onLocaleChange } = props;
  // Kept in the query cache so a change of country (lang-config) refetches and re-renders everything.
  const settings = useQuery(settingsQuery).data ?? props.settings;
  const [state, setState] = useState({ locale: props.locale, catalog: props.catalog });

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
      <IntlProvider locale={state.locale} messages={state.catalog} defaultLocale={DEFAULT_LOCALE}>
        {props.children}
      </IntlProvider>
    </SiteContext.Provider>
  );
}
