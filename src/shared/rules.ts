// Every business constant of spec §9 lives here, so client and server agree on one number.

export const RULES = {
  timeBonus: {
    code: 'TIMEBONUS25',
    percentage: 25,
    windowSeconds: 14_400,
    popupDelayMs: 40_000,
  },
  refresh: { intervalMs: 60_000, pushIntervalMs: 300_000, startDelayMs: 5_000 },
  chunkReloadGuardMs: 60_000,
  loadingBar: { throttleMs: 200, durationMs: 5_000, hideDelayMs: 500 },
  swipe: { freeLikesPerDay: 4 },
  /** "Premium members have 46% more chance to find a match" (spec §1): every text takes it from here. */
  premium: { matchChancePercentage: 46 },
  /** Fictional profiles that like a member by auto-like (D-06), at most this many a day. */
  autoLikesPerDay: 3,
  photos: { free: 3, premium: 25 },
  deletion: { reactivationDays: 14 },
  badges: { cap: 99, creditsWarnAt: 10 },
  cookies: { authDays: 30, localeDays: 365 },
  geolocationCacheMs: 3_600_000,
  requestRetries: 5,
  welcomeDiscountPercentage: 25,
  /** Terms version date floor: 1 December 2023, 12:00 UTC (spec §9). */
  termsVersionFloor: '2023-12-01T12:00:00.000Z',
  modalWidths: { sm: 300, md: 500, lg: 800, xl: 1140 },
  toastMaxWidth: 350,
  breakpoints: { sm: 576, md: 768, lg: 992, xl: 1200 },
} as const;

/** Niche codes 1..7 map to lander prefixes (spec §9). */
export const NICHE_PREFIXES = ['', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'] as const;

export function nichePrefix(niche: number): string {
  return NICHE_PREFIXES[niche - 1] ?? '';
}

/** Badge text: counts above 99 read "99+" (spec §2). */
export function badgeText(count: number): string {
  return count > RULES.badges.cap ? `${RULES.badges.cap}+` : String(count);
}

/**
 * What a badge says to screen readers (issue 27): the count it shows, and above the cap the `_over` text
 * ("meer dan 99 …"), never the capped count the server sends (100 for 103).
 */
export function badgeLabel(id: string, count: number): { id: string; values: { count: number } } {
  return count > RULES.badges.cap
    ? { id: `${id}_over`, values: { count: RULES.badges.cap } }
    : { id, values: { count } };
}

/** The terms version date: the floor, or the company's added date when that is later (spec §9). */
export function termsVersionDate(companyAdded: string | null | undefined): Date {
  const floor = new Date(RULES.termsVersionFloor);
  if (!companyAdded) return floor;
  const added = new Date(companyAdded);
  return Number.isNaN(added.getTime()) || added < floor ? floor : added;
}

/** Support phone numbers are shown and dialled without dashes and spaces (spec §5). */
export function cleanPhone(phone: string): string {
  return phone.replace(/[\s-]/g, '');
}
