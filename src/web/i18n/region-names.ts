import { useIntl } from 'react-intl';
import { DEFAULT_LOCALE, toLocale } from '../../shared/i18n/locales.ts';
import { useSite } from '../site-context.tsx';

// One per locale: each new DisplayNames asks the browser for its region data again.
const regionNamesByLocale = new Map<string, Intl.DisplayNames>();
function regionNames(locale: string): Intl.DisplayNames {
  let names = regionNamesByLocale.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region' });
    regionNamesByLocale.set(locale, names);
  }
  return names;
}

/**
 * Country names in the page's language, by ISO code. The site's own countries come with the settings;
 * only another country asks the browser, and only when its name is needed: the browser's first Intl
 * call loads its locale data, tens of milliseconds on a phone, which the first screen should not wait for.
 */
export function useCountryName() {
  const intl = useIntl();
  const { settings } = useSite();
  const locale = toLocale(intl.locale) ?? DEFAULT_LOCALE;
  return (code: string) => settings.country_names?.[code]?.[locale] ?? regionNames(locale).of(code) ?? code;
}

/** The label of a country's regions: province, state, canton... (spec §9) from GET /api/regions. */
export function regionLabelId(label: string | undefined): string {
  return `region_label.${label ?? 'region'}`;
}
