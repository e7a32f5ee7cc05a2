import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { IntlProvider } from 'react-intl';
import { setApiLocale } from './api.ts';

export type AdminLocale = 'nl' | 'en';

/**
 * The back office speaks Dutch and English (issue 23). Each area keeps its own texts in
 * `src/shared/i18n/admin/<area>.<nl|en>.json`; the server reads the same files for its error texts.
 */
const files = import.meta.glob<Record<string, string>>('../../shared/i18n/admin/*.json', {
  eager: true,
  import: 'default',
});
const catalogs: Record<AdminLocale, Record<string, string>> = { nl: {}, en: {} };
for (const [path, messages] of Object.entries(files)) {
  const locale = /\.(nl|en)\.json$/.exec(path)?.[1] as AdminLocale | undefined;
  if (locale) Object.assign(catalogs[locale], messages);
}

const STORAGE_KEY = 'vonk.admin.locale';

function initialLocale(): AdminLocale {
  const stored = localStorage.getItem(STORAGE_KEY);
  if (stored === 'nl' || stored === 'en') return stored;
  return navigator.language.toLowerCase().startsWith('nl') ? 'nl' : 'en';
}

const LocaleContext = createContext<{ locale: AdminLocale; setLocale(next: AdminLocale): void }>({
  locale: 'nl',
  setLocale: () => {},
});

export const useAdminLocale = () => useContext(LocaleContext);

export function AdminIntl({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<AdminLocale>(() => {
    const first = initialLocale();
    setApiLocale(first);
    document.documentElement.lang = first;
    return first;
  });
  const setLocale = useCallback((next: AdminLocale) => {
    localStorage.setItem(STORAGE_KEY, next);
    setApiLocale(next);
    document.documentElement.lang = next;
    setLocaleState(next);
  }, []);
  const value = useMemo(() => ({ locale, setLocale }), [locale, setLocale]);
  return (
    <LocaleContext value={value}>
      <IntlProvider locale={locale} messages={catalogs[locale]} defaultLocale="nl">
        {children}
      </IntlProvider>
    </LocaleContext>
  );
}
