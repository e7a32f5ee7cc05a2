// Route names and paths of spec §2 for the pages that exist. The web router and the server's SPA
// fallback read this one table, so a path the app cannot show answers a real 404.

export const ROUTES = {
  index: '/',
  'lang-config': '/lang-config',
  complaints: '/complaints',
  'pages-terms': '/pages/terms',
  'pages-privacy': '/pages/privacy',
  'pages-cookies': '/pages/cookies',
  'pages-ban': '/pages/ban',
  'pages-return-policy': '/pages/return-policy',
  'pages-faq': '/pages/faq',
  'pages-service': '/pages/service',
  signup: '/signup',
  'complete-signup': '/complete-signup',
  'signup-matches': '/signup-matches',
  login: '/login',
  'reset-password': '/reset-password',
  'reset-password-do': '/reset-password/do',
  'activate-done': '/activate/done',
  'activate-error': '/activate/error',
  'mail-change-do': '/mail-change/do',
  settings: '/settings',
  'account-deleted': '/account-deleted',
  profile: '/profile',
  members: '/members',
  'members-id': '/members/:id',
  'members-id-landing': '/members/:id/landing',
  'members-id-landing2-slug': '/members/:id/landing2/:slug?',
  'members-id-landing3-slug': '/members/:id/landing3/:slug?',
  'members-id-signup': '/members/:id/signup',
  credits: '/credits',
  'credits-repeat-order': '/credits/repeat-order',
  'credits-id-paymentmethod': '/credits/:id/:paymentmethod?',
  directdebit: '/directdebit',
  premium: '/premium',
  pricing: '/pricing',
  'transactions-id': '/transactions/:id?',
  /** The built-in test provider's hosted checkout (not a spec page; only without a real provider). */
  'test-checkout': '/test-checkout/:id',
  chats: '/chats',
  'chats-id': '/chats/:id',
  'members-id-chat': '/members/:id/chat',
  likes: '/likes',
  'likes-type': '/likes/:type',
  'likes-m-id': '/likes/m/:id',
  'swipe-game': '/swipe-game',
  'landers-tinderswipe': '/landers/tinderswipe',
  // The campaign landers (L-07, issue 25): each its own design; the slug is the campaign's.
  'landers-alonetonight-slug': '/landers/alonetonight/:slug?',
  'landers-collagelanding-slug': '/landers/collagelanding/:slug?',
  'landers-gallery-slug': '/landers/gallery/:slug?',
  'landers-iconslanding-slug': '/landers/iconslanding/:slug?',
  'landers-maplanding-slug': '/landers/maplanding/:slug?',
  'landers-socialnetwork-slug': '/landers/socialnetwork/:slug?',
  'landers-transitionsvideolanding-slug': '/landers/transitionsvideolanding/:slug?',
  'landers-video-slug': '/landers/video/:slug?',
  // A lander under a niche's prefix (/landers/milf/gallery): sent to the site's own (decision 0029).
  'landers-niche-name-slug': '/landers/:niche/:name/:slug?',
  'match-finder': '/match-finder',
  notifications: '/notifications',
} as const;

export type RouteName = keyof typeof ROUTES;

/** Static pages of spec §2, by token: /pages/{token}. */
export const STATIC_PAGES = [
  'terms',
  'privacy',
  'cookies',
  'ban',
  'return-policy',
  'faq',
  'service',
] as const;
export type StaticPage = (typeof STATIC_PAGES)[number];

/** Routes where the site-entry warning never shows (spec §2). */
export const ENTRY_WARNING_HIDDEN_ON: readonly string[] = [
  'complete-signup',
  'reset-password',
  'reset-password-do',
];

function toRegExp(pattern: string): RegExp {
  const body = pattern
    .split('/')
    .filter(Boolean)
    .map((seg) => {
      if (seg.startsWith(':')) return seg.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${body || '/'}/?$`);
}

// Compiled on first use, not when the module loads: the web app's entry evaluates this module on every
// first page (P-01).
let compiled: { name: RouteName; re: RegExp }[] | null = null;

/** The route name a path belongs to, or null when the app has no such page. */
export function matchRoute(pathname: string): RouteName | null {
  compiled ??= Object.entries(ROUTES).map(([name, path]) => ({
    name: name as RouteName,
    re: toRegExp(path),
  }));
  for (const r of compiled) if (r.re.test(pathname)) return r.name;
  return null;
}

/** Whether the app has a page for a route name (links to pages that do not exist yet are not drawn). */
export function hasRoute(name: string): name is RouteName {
  return Object.hasOwn(ROUTES, name);
}

/** The path of a named route with its parameters filled in; optional ones left out when not given. */
export function routePath(name: RouteName, params: Record<string, string | number> = {}): string {
  const path = ROUTES[name] as string;
  return (
    path
      .split('/')
      .map((seg) => {
        if (!seg.startsWith(':')) return seg;
        const key = seg.replace(/^:|\?$/g, '');
        const value = params[key];
        return value === undefined ? null : encodeURIComponent(String(value));
      })
      .filter((seg) => seg !== null)
      .join('/') || '/'
  );
}

/** The path of a route by name, or null while the app has no such page. */
export function pathFor(name: string, params?: Record<string, string | number>): string | null {
  return hasRoute(name) ? routePath(name, params) : null;
}
