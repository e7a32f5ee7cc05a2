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
        path: 'members',
        lazy: () => import('./features/members/members-page.tsx'),
        handle: {
          nav: { label: 'admin.members.nav', roles: ['moderator', 'support', 'finance'] },
          title: 'admin.members.title',
        },
      },
      {
        path: 'members/:id',
        lazy: () => import('./features/members/member-page.tsx'),
        handle: { title: 'admin.members.member_title' },
      },
    ],
  },
];
