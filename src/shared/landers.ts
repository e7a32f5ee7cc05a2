// The campaign landers' names and niche prefixes, without zod: the web router's entry reads them.

/**
 * The campaign landers (L-07, issue 25): where paid traffic arrives, each its own design around the
 * site's real members. `/landers/{name}/{slug?}`; the slug is the campaign's own words, shown nowhere.
 */
export const LANDER_NAMES = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;
export type TLanderName = (typeof LANDER_NAMES)[number];

/** Every page whose visitors are counted per lander: the eight, the swipe game, a member's landing. */
export const COUNTED_LANDERS = [...LANDER_NAMES, 'tinderswipe', 'member'] as const;
export type TCountedLander = (typeof COUNTED_LANDERS)[number];

export const isLanderName = (value: string): value is TLanderName =>
  (LANDER_NAMES as readonly string[]).includes(value);
export const isCountedLander = (value: string): value is TCountedLander =>
  (COUNTED_LANDERS as readonly string[]).includes(value);

/**
 * A site's niche (1 to 7) as a lander address prefix (spec §9): none, she, bdsm, bbw, gilf, milf, gay.
 * `/landers/{prefix}/{name}` of another niche is sent to the site's own lander (decision 0029).
 */
export const NICHE_PREFIXES = ['', 'she', 'bdsm', 'bbw', 'gilf', 'milf', 'gay'] as const;
export type TNiche = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const nichePrefix = (niche: number): string => NICHE_PREFIXES[niche - 1] ?? '';
export const isNichePrefix = (value: string): boolean =>
  value !== '' && (NICHE_PREFIXES as readonly string[]).includes(value);

/** How many members a lander shows at most. */
export const LANDER_MEMBERS = 24;
