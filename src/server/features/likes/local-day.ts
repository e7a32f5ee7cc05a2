/**
 * The time zone a member's day follows, by profile country: daily limits (the swipe game's free likes,
 * auto-likes) reset at the member's midnight, not the server's. Countries of several zones take the zone
 * most of their people live in.
 */
const TIME_ZONES: Record<string, string> = {
  NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels',
  LU: 'Europe/Luxembourg',
  DE: 'Europe/Berlin',
  AT: 'Europe/Vienna',
  CH: 'Europe/Zurich',
  DK: 'Europe/Copenhagen',
  NO: 'Europe/Oslo',
  SE: 'Europe/Stockholm',
  FI: 'Europe/Helsinki',
  FR: 'Europe/Paris',
  IT: 'Europe/Rome',
  ES: 'Europe/Madrid',
  PL: 'Europe/Warsaw',
  GB: 'Europe/London',
  IE: 'Europe/Dublin',
  US: 'America/New_York',
  CA: 'America/Toronto',
  AU: 'Australia/Sydney',
};

export const timeZoneOf = (country: string | null): string =>
  (country && TIME_ZONES[country]) || 'Europe/Amsterdam';

/** The calendar day (YYYY-MM-DD) it is for a member of `country` at `now`. */
export function localDay(country: string | null, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: timeZoneOf(country),
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
