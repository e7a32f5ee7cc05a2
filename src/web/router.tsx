import { isServer, type QueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useEffect } from 'react';
import {
  createBrowserRouter,
  type HydrationState,
  matchRoutes,
  type NonIndexRouteObject,
  Outlet,
  type RouteObject,
  redirect,
} from 'react-router';
import { LANDER_NAMES } from '../shared/landers.ts';
import { matchRoute, pathFor, ROUTES, type RouteName, STATIC_PAGES } from '../shared/routes.ts';
import { memberSearchQuery } from './api/discovery.ts';
import { isLoggingOut, useLoggedIn, userQuery } from './api/session.ts';
import { settingsQuery } from './api/site.ts';
import { useRouteLinks } from './components/route-link.tsx';
import { apiQuery, maySearch, searchFromParams } from './features/discovery/search-query.ts';
import { NotFoundPage, RouteErrorPage } from './features/site/error-page.tsx';
import { readTracking } from './tracking.ts';

// The layouts (navigation, footer, tab bar, warnings) are a chunk of their own that loads beside the page's
// chunk: the router resolves the lazy parts of every matched route at once.
const layout = (name: 'ChatLayout' | 'DefaultLayout' | 'EmptyLayout' | 'LanderLayout') => async () => ({
  Component: (await import('./layouts/layouts.tsx'))[name],
});

// The loading bar, offline notice and scroll restoration come with the layouts' chunk.
const RootChrome = lazy(async () => ({ default: (await import('./layouts/root-chrome.tsx')).RootChrome }));

// The real-time channel and the chat outbox load only for members (C-08, C-12).
const RealtimeBridge = lazy(async () => ({
  default: (await import('./features/chat/realtime-bridge.tsx')).RealtimeBridge,
}));

function Root() {
  const loggedIn = useLoggedIn();
  useRouteLinks();
  // For tests and tools: the app has taken over the page (after hydrating the server's HTML, or rendering).
  useEffect(() => {
    document.documentElement.setAttribute('data-hydrated', '');
  }, []);
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <RootChrome />
      </Suspense>
      {loggedIn && (
        <Suspense fallback={null}>
          <RealtimeBridge />
        </Suspense>
      )}
    </>
  );
}

/** The accounts pages by route name, each its own chunk. */
const ACCOUNT_PAGES: readonly [RouteName, () => Promise<ComponentType>][] = [
  ['signup', async () => (await import('./features/accounts/signup-page.tsx')).SignupPage],
  [
    'complete-signup',
    async () => (await import('./features/accounts/complete-signup-page.tsx')).CompleteSignupPage,
  ],
  [
    'signup-matches',
    async () => (await import('./features/accounts/signup-matches-page.tsx')).SignupMatchesPage,
  ],
  ['login', async () => (await import('./features/accounts/login-page.tsx')).LoginPage],
  [
    'reset-password',
    async () => (await import('./features/accounts/reset-password-page.tsx')).ResetPasswordPage,
  ],
  [
    'reset-password-do',
    async () => (await import('./features/accounts/reset-password-do-page.tsx')).ResetPasswordDoPage,
  ],
  [
    'activate-done',
    async () => (await import('./features/accounts/activate-done-page.tsx')).ActivateDonePage,
  ],
  [
    'activate-error',
    async () => (await import('./features/accounts/activate-error-page.tsx')).ActivateErrorPage,
  ],
  [
    'mail-change-do',
    async () => (await import('./features/accounts/mail-change-do-page.tsx')).MailChangeDoPage,
  ],
  ['settings', async () => (await import('./features/accounts/settings-page.tsx')).SettingsPage],
  [
    'account-deleted',
    async () => (await import('./features/accounts/account-deleted-page.tsx')).AccountDeletedPage,
  ],
];

/** Profiles and discovery pages by route name, each its own chunk. */
const MEMBER_PAGES: readonly [RouteName, () => Promise<ComponentType>][] = [
  ['profile', async () => (await import('./features/profiles/profile-page.tsx')).ProfilePage],
  ['members', async () => (await import('./features/discovery/members-page.tsx')).MembersPage],
  ['members-id', async () => (await import('./features/profiles/member-page.tsx')).MemberPage],
  ['chats', async () => (await import('./features/chat/chats-page.tsx')).ChatsPage],
];

/** The chat itself, full height in the chat layout (spec §2, L-01). */
const CHAT_PAGES: readonly [RouteName, () => Promise<ComponentType>][] = [
  ['chats-id', async () => (await import('./features/chat/chat-page.tsx')).ChatPage],
  ['members-id-chat', async () => (await import('./features/chat/open-chat-page.tsx')).OpenChatPage],
];

/** Credits and payments pages by route name, each its own chunk (Pay-01..Pay-05). */
const CREDIT_PAGES: readonly [RouteName, () => Promise<ComponentType>][] = [
  ['credits', async () => (await import('./features/credits/credits-page.tsx')).CreditsPage],
  [
    'credits-repeat-order',
    async () => (await import('./features/credits/repeat-order-page.tsx')).RepeatOrderPage,
  ],
  ['credits-id-paymentmethod', async () => (await import('./features/credits/method-page.tsx')).MethodPage],
  ['directdebit', async () => (await import('./features/credits/direct-debit-page.tsx')).DirectDebitPage],
  ['premium', async () => (await import('./features/credits/premium-page.tsx')).PremiumPage],
  ['pricing', async () => (await import('./features/credits/pricing-page.tsx')).PricingPage],
  [
    'transactions-id',
    async () => (await import('./features/credits/transactions-page.tsx')).TransactionsPage,
  ],
];

/** The likes loop's pages by route name (D-03..D-09), each its own chunk. */
const LIKES_PAGES: readonly [RouteName, () => Promise<ComponentType>][] = [
  ['likes', async () => (await import('./features/likes/likes-page.tsx')).LikesPage],
  ['likes-type', async () => (await import('./features/likes/likes-page.tsx')).LikesPage],
  ['likes-m-id', async () => (await import('./features/likes/match-page.tsx')).MatchPage],
  ['swipe-game', async () => (await import('./features/likes/swipe-page.tsx')).SwipePage],
  ['match-finder', async () => (await import('./features/likes/match-finder-page.tsx')).MatchFinderPage],
  ['notifications', async () => (await import('./features/likes/notifications-page.tsx')).NotificationsPage],
];

/**
 * Members start in discovery (issue 11): a logged-in member who opens `/` goes to the search grid; the
 * marketing page is for visitors. A session that cannot be read counts as a visitor; so does a member on
 * the way out (logout lands on the home page). An unfinished signup is picked up at login.
 */
export function membersStartInDiscovery(queryClient: QueryClient) {
  return async () => {
    const members = pathFor('members');
    if (isLoggingOut()) return null;
    // No retries: offline (P-12) the home page must not wait for a session that cannot be read.
    const session = await queryClient.ensureQueryData({ ...userQuery, retry: false }).catch(() => null);
    if (session?.user && members) return redirect(members);
    return null;
  };
}

/**
 * The search grid's answer starts as soon as session and settings are known, beside the page's code,
 * not after it has loaded and rendered (P-01: the first photos are the page's largest paint). Never
 * holds up the page: the page asks the same query and waits for it there.
 */
export function startMemberSearch(queryClient: QueryClient) {
  return async ({ request }: { request: Request }) => {
    const [session, settings] = await Promise.all([
      queryClient.ensureQueryData({ ...userQuery, retry: false }).catch(() => null),
      queryClient.ensureQueryData(settingsQuery).catch(() => null),
    ]);
    if (!settings) return null;
    const user = session?.user ?? null;
    const { form, page } = searchFromParams(new URL(request.url).searchParams);
    const tracking = user ? null : readTracking(new URL(request.url).search);
    if (maySearch(settings, Boolean(user), tracking, page)) {
      const search = queryClient.prefetchQuery(
        memberSearchQuery(apiQuery(form, page, tracking), user?.id ?? null),
      );
      // The server renders the grid itself, so it waits for the answer; the browser never does.
      if (isServer) await search;
    }
    return null;
  };
}

/** Route objects by spec §2 name; pages load lazily, one chunk per page. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      element: <Root />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          lazy: layout('DefaultLayout'),
          errorElement: <RouteErrorPage />,
          children: [
            {
              id: 'index',
              path: ROUTES.index,
              loader: membersStartInDiscovery(queryClient),
              lazy: async () => ({ Component: (await import('./features/site/home-page.tsx')).HomePage }),
            },
            ...STATIC_PAGES.map(
              (page): RouteObject => ({
                id: `pages-${page}`,
                path: ROUTES[`pages-${page}`],
                lazy: async () => ({
                  Component: (await import('./features/site/static-page.tsx')).StaticPageRoute,
                }),
              }),
            ),
            ...[...ACCOUNT_PAGES, ...MEMBER_PAGES, ...CREDIT_PAGES, ...LIKES_PAGES].map(
              ([id, load]): RouteObject => ({
                id,
                path: ROUTES[id],
                ...(id === 'members' ? { loader: startMemberSearch(queryClient) } : {}),
                lazy: async () => ({ Component: await load() }),
              }),
            ),
            {
              id: 'complaints',
              path: ROUTES.complaints,
              lazy: async () => ({
                Component: (await import('./features/site/complaints-page.tsx')).ComplaintsPage,
              }),
            },
            {
              // With the normal header and footer, so the visitor always has a way back (issue 11).
              id: 'lang-config',
              path: ROUTES['lang-config'],
              lazy: async () => ({
                Component: (await import('./features/site/lang-config-page.tsx')).LangConfigPage,
              }),
            },
            { id: 'not-found', path: '*', Component: NotFoundPage },
          ],
        },
        {
          lazy: layout('ChatLayout'),
          errorElement: <RouteErrorPage />,
          children: CHAT_PAGES.map(
            ([id, load]): RouteObject => ({
              id,
              path: ROUTES[id],
              lazy: async () => ({ Component: await load() }),
            }),
          ),
        },
        {
          lazy: layout('LanderLayout'),
          errorElement: <RouteErrorPage />,
          children: [
            ...(['members-id-landing', 'members-id-landing2-slug', 'members-id-landing3-slug'] as const).map(
              (id): RouteObject => ({
                id,
                path: ROUTES[id],
                lazy: async () => ({
                  Component: (await import('./features/profiles/member-landing-page.tsx')).MemberLandingPage,
                }),
              }),
            ),
            {
              id: 'members-id-signup',
              path: ROUTES['members-id-signup'],
              lazy: async () => ({
                Component: (await import('./features/profiles/member-landing-page.tsx')).MemberSignupPage,
              }),
            },
            ...LANDER_NAMES.map(
              (name): RouteObject => ({
                id: `landers-${name}-slug`,
                path: ROUTES[`landers-${name}-slug`],
                lazy: async () => ({
                  Component: (await import('./features/landers/lander-page.tsx')).LanderPage,
                }),
              }),
            ),
            {
              id: 'landers-niche-name-slug',
              path: ROUTES['landers-niche-name-slug'],
              lazy: async () => ({
                Component: (await import('./features/landers/lander-page.tsx')).NicheLanderRedirect,
              }),
            },
            {
              id: 'landers-tinderswipe',
              path: ROUTES['landers-tinderswipe'],
              lazy: async () => ({
                Component: (await import('./features/likes/swipe-page.tsx')).TinderswipeLander,
              }),
            },
          ],
        },
        {
          lazy: layout('EmptyLayout'),
          errorElement: <RouteErrorPage />,
          children: [
            {
              id: 'test-checkout',
              path: ROUTES['test-checkout'],
              lazy: async () => ({
                Component: (await import('./features/credits/test-checkout-page.tsx')).TestCheckoutPage,
              }),
            },
          ],
        },
      ],
    },
  ];
}

/** The whole route table, with the ids the server's render and the browser's router share. */
export function createRouteTree(queryClient: QueryClient): RouteObject[] {
  const [root, ...rest] = createRoutes(queryClient);
  if (!root?.children) return [root as RouteObject, ...rest];
  const groups = root.children.map((group, i) => ({ ...group, id: `layout-${i}` }) as NonIndexRouteObject);
  return [{ ...(root as NonIndexRouteObject), id: 'root', children: groups }];
}

/**
 * The route table with only the page `leaf` (its id, `shared/routes.ts`'s name) under the root and the layout
 * groups: what the browser's router starts with and what the server's render matches and renders
 * (ranking some 80 routes for every page was a millisecond of each render).
 */
export function firstPageTree(root: RouteObject, leaf: string): RouteObject[] {
  const groups = (root.children ?? []) as NonIndexRouteObject[];
  return [
    {
      ...(root as NonIndexRouteObject),
      children: groups.map(
        (group): NonIndexRouteObject => ({
          ...group,
          children: (group.children ?? []).filter((route) => route.id === leaf),
        }),
      ),
    },
  ];
}

/**
 * The router starts with the root, the four layout groups and only the page asked for; the other pages
 * are added at the first navigation to anywhere else (react-router's `patchRoutesOnNavigation`). Ranking
 * and matching some 80 routes was most of the router's start, in a task of the first load (P-01, TBT).
 * `shared/routes.ts` names the page; when react-router's own matching disagrees (it then asks for the
 * routes at once), every route is added and it matches again.
 *
 * Over a page the server rendered, the router starts from the server's loader answers (`hydration`), and
 * the matched layout and page are loaded first: hydration must render what the server rendered.
 */
export async function createAppRouter(queryClient: QueryClient, hydration?: HydrationState) {
  const [root] = createRouteTree(queryClient);
  if (!root?.children) return createBrowserRouter(createRoutes(queryClient));
  const groups = root.children as NonIndexRouteObject[];
  const first = window.location.pathname;
  const leaf = matchRoute(first) ?? 'not-found';
  const initial = firstPageTree(root, leaf);
  if (hydration) {
    await Promise.all(
      (matchRoutes(initial, window.location) ?? []).map(async ({ route }) => {
        if (typeof route.lazy !== 'function') return;
        Object.assign(route, { ...(await route.lazy()), lazy: undefined });
      }),
    );
  }
  let patched = false;
  return createBrowserRouter(initial, {
    ...(hydration ? { hydrationData: hydration } : {}),
    patchRoutesOnNavigation({ path, matches, patch }) {
      if (patched) return;
      // The first page itself, matched as expected: nothing to add yet (a dynamic segment makes
      // react-router ask in case a more specific route exists; none does).
      if (path === first && matches.at(-1)?.route.id === leaf) return;
      patched = true;
      for (const group of groups) {
        const rest = (group.children ?? []).filter((route) => route.id !== leaf);
        if (rest.length > 0) patch(group.id ?? null, rest);
      }
    },
  });
}
