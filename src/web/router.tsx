import type { ComponentType } from 'react';
import { createBrowserRouter, Outlet, type RouteObject, ScrollRestoration } from 'react-router';
import { ROUTES, type RouteName, STATIC_PAGES } from '../shared/routes.ts';
import { LoadingBar } from './components/loading-bar.tsx';
import { OfflineNotice } from './components/offline-notice.tsx';
import { NotFoundPage, RouteErrorPage } from './features/site/error-page.tsx';
import { DefaultLayout, EmptyLayout } from './layouts/layouts.tsx';

function Root() {
  return (
    <>
      <LoadingBar />
      <Outlet />
      <OfflineNotice />
      <ScrollRestoration />
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
];

/** Route objects by spec §2 name; pages load lazily, one chunk per page. */
export function createRoutes(): RouteObject[] {
  return [
    {
      element: <Root />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          element: <DefaultLayout />,
          errorElement: <RouteErrorPage />,
          children: [
            {
              id: 'index',
              path: ROUTES.index,
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
            ...[...ACCOUNT_PAGES, ...MEMBER_PAGES].map(
              ([id, load]): RouteObject => ({
                id,
                path: ROUTES[id],
                lazy: async () => ({ Component: await load() }),
              }),
            ),
            { id: 'not-found', path: '*', Component: NotFoundPage },
          ],
        },
        {
          element: <EmptyLayout />,
          errorElement: <RouteErrorPage />,
          children: [
            {
              id: 'lang-config',
              path: ROUTES['lang-config'],
              lazy: async () => ({
                Component: (await import('./features/site/lang-config-page.tsx')).LangConfigPage,
              }),
            },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter() {
  return createBrowserRouter(createRoutes());
}
