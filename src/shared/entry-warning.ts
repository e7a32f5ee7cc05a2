import { ENTRY_WARNING_HIDDEN_ON, type RouteName } from './routes.ts';

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

/** The layout a route is drawn in (the web router's groups): the server decides the warning before the app runs. */
export function layoutOfRoute(route: RouteName | null): LayoutName {
  if (route === 'chats-id' || route === 'members-id-chat') return 'chat';
  if (
    route?.startsWith('landers-') ||
    route === 'members-id-landing' ||
    route === 'members-id-landing2-slug' ||
    route === 'members-id-landing3-slug' ||
    route === 'members-id-signup'
  )
    return 'lander';
  if (route === 'test-checkout') return 'empty';
  return 'default';
}

/**
 * Set on <html> by the shell's own entry warning (platform/shell-entry-warning.ts) when it opens: the
 * app then leaves the warning to it for this page load.
 */
export const SHELL_ENTRY_WARNING_ATTR = 'data-entry-warning';
