import type { TUser } from '../../shared/contract/accounts.ts';
import { DEFAULT_LOCALE, toLocale } from '../../shared/i18n/locales.ts';
import { formatPercent } from '../../shared/i18n/percent.ts';
import { RULES } from '../../shared/rules.ts';
import { useUser } from '../api/session.ts';

/**
 * Values that messages choose their words by (issue 28). A percentage goes in as a fraction and comes out
 * through `Intl.NumberFormat`'s percent style (`{percentage, number, percent}`): "46%", "46 %", "46 %".
 */
export const asPercent = (whole: number) => whole / 100;

/** Premium's better chance of a match (spec §1), one number for every text that names it. */
export const premiumMatchChance = () => asPercent(RULES.premium.matchChancePercentage);

/**
 * The same chance as text ("46%", "46 %"), for the home page's `{percentage}`: written without
 * `Intl.NumberFormat`, whose first use would cost the page's hydration one long task (issue 24).
 */
export const premiumMatchChanceText = (locale: string) =>
  formatPercent(toLocale(locale) ?? DEFAULT_LOCALE, RULES.premium.matchChancePercentage);

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
