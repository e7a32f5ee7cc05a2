import { ENTRY_WARNING_HIDDEN_ON } from '../../shared/routes.ts';

export type LayoutName = 'default' | 'chat' | 'lander' | 'empty';
export const ENTRY_WARNING_KEY = 'vonk.entry-warning-skipped';
const CHAT_LAYOUT_COUNTRIES = ['NL', 'DE'];

/** Every rule of L-04 in one place: whether the site-entry warning shows. */
export function shouldShowEntryWarning(s: {
  layout: LayoutName;
  routeName: string | null;
  skippedAt: string | null;
  standalone: boolean;
  loggedIn: boolean;
  enabled: boolean;
  country: string;
  countries: readonly string[];
}): boolean {
  if (s.skippedAt || s.standalone || s.loggedIn || !s.enabled) return false;
  if (s.layout === 'lander') return false;
  if (!s.countries.includes(s.country)) return false;
  if (s.routeName && ENTRY_WARNING_HIDDEN_ON.includes(s.routeName)) return false;
  if (s.layout === 'chat' && !CHAT_LAYOUT_COUNTRIES.includes(s.country)) return false;
  return true;
}
