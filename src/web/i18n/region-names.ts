import { useIntl } from 'react-intl';

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

/** Country names in the page's language, by ISO code. */
export function useCountryName() {
  const intl = useIntl();
  const names = regionNames(intl.locale);
  return (code: string) => names.of(code) ?? code;
}

/** The label of a country's regions: province, state, canton... (spec §9) from GET /api/regions. */
export function regionLabelId(label: string | undefined): string {
  return `region_label.${label ?? 'region'}`;
}
