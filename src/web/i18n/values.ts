import type { TUser } from '../../shared/contract/accounts.ts';
import { DEFAULT_LOCALE, toLocale } from '../../shared/i18n/locales.ts';
import { formatPercent } from '../../shared/i18n/percent.ts';
import { RULES } from '../../shared/rules.ts';
import { useUser } from '../api/session.ts';

/**
 * Values that messages choose their words by (issue 28). A percentage goes in as text written by
 * `formatPercent` ("46%", "46 %", held to `Intl.NumberFormat`'s percent style in every locale by its
 * test) into a `{percentage_text}` or `{percent_text}` argument: a browser's first `Intl.NumberFormat`
 * loads its locale data in one long task, which no page should pay for one number while it hydrates
 * (issue 24).
 */
export const percentText = (locale: string, whole: number) =>
  formatPercent(toLocale(locale) ?? DEFAULT_LOCALE, whole);

/** Premium's better chance of a match (spec §1), one number for every text that names it, as text. */
export const premiumMatchChanceText = (locale: string) =>
  percentText(locale, RULES.premium.matchChancePercentage);

/**
 * A gender as the messages select on it: `female`, `male`, or `other` (couples, trans and non-binary
 * members, and anyone whose gender is unknown) for a neutral wording.
 */
export function genderValue(gender: string | null | undefined): 'female' | 'male' | 'other' {
  return gender === 'female' || gender === 'male' ? gender : 'other';
}

/** The logged-in member's gender for `{gender, select, …}`, and the other member's when given. */
export function genderValues(user: TUser | null, other?: string | null) {
  return { gender: genderValue(user?.profile.gender), other_gender: genderValue(other) };
}

export function useGenderValues(other?: string | null) {
  return genderValues(useUser().user, other);
}
