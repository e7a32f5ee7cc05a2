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
        path: 'staff',
        lazy: () => import('./features/staff/staff-page.tsx'),
        handle: { nav: { label: 'admin.staff.nav', roles: ['admin'] }, title: 'admin.staff.title' },
      },
      {
        path: 'audit',
        lazy: () => import('./features/staff/audit-page.tsx'),
        handle: { nav: { label: 'admin.audit.nav', roles: ['admin'] }, title: 'admin.audit.title' },
      },
    ],
  },
  // Before sign-in: outside the layout, which sends anyone not signed in to /login.
  { path: '/login', lazy: () => import('./features/auth/login-page.tsx') },
  { path: '/enrol/:token', lazy: () => import('./features/auth/enrol-page.tsx') },
];
