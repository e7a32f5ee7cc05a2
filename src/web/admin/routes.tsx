import type { RouteObject } from 'react-router';
import type { StaffRole } from './api.ts';
import { AdminLayout } from './layout.tsx';

/** A page of the back office in the navigation: its label and the roles that see it. */
export interface AdminNav {
  label: string;
  roles: readonly StaffRole[];
}

/**
 * The back office's pages. Each area is its own lazy chunk (`features/<area>/`); a page with
 * `handle.nav` shows in the navigation for the roles it names (admin sees all).
 */
export const adminRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AdminLayout />,
    children: [
      { index: true, lazy: () => import('./features/home/home-page.tsx') },
      {
        path: 'sites',
        lazy: () => import('./features/sites/sites-page.tsx'),
        handle: { nav: { label: 'admin.sites.nav', roles: ['admin'] }, title: 'admin.sites.title' },
      },
      {
        path: 'sites/:id',
        lazy: () => import('./features/sites/site-edit-page.tsx'),
        handle: { title: 'admin.sites.title' },
      },
      {
        path: 'codes',
        lazy: () => import('./features/sites/codes-page.tsx'),
        handle: {
          nav: { label: 'admin.sites.codes.nav', roles: ['finance'] },
          title: 'admin.sites.codes.title',
        },
      },
      {
        path: 'bundles',
        lazy: () => import('./features/sites/bundles-page.tsx'),
        handle: {
          nav: { label: 'admin.sites.bundles.nav', roles: ['finance'] },
          title: 'admin.sites.bundles.title',
        },
      },
    ],
  },
];
