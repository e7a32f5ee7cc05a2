import type { RouteObject } from 'react-router';
import type { StaffRole } from './api.ts';
import { AdminLayout } from './layout.tsx';
import { AdminHydrateFallback, AdminRouteError } from './route-error.tsx';

/** A page of the back office in the navigation: its label and the roles that see it. */
export interface AdminNav {
  label: string;
  roles: readonly StaffRole[];
  /** An admin endpoint answering `{ count }`: shown beside the label while above 0 (waiting work). */
  badge?: 'GET /api/admin/photos/waiting' | 'GET /api/admin/refund-requests/waiting';
}

/**
 * The back office's pages. Each area is its own lazy chunk (`features/<area>/`); a page with
 * `handle.nav` shows in the navigation for the roles it names (admin sees all).
 */
export const adminRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AdminLayout />,
    errorElement: <AdminRouteError />,
    hydrateFallbackElement: <AdminHydrateFallback />,
    children: [
      { index: true, lazy: () => import('./features/home/home-page.tsx') },
      {
        path: 'desk',
        lazy: () => import('./features/desk/queue-page.tsx'),
        handle: { nav: { label: 'admin.desk.nav', roles: ['operator'] }, title: 'admin.desk.title' },
      },
      {
        path: 'desk/figures',
        lazy: () => import('./features/desk/figures-page.tsx'),
        handle: { title: 'admin.desk.figures.title' },
      },
      {
        path: 'desk/openers',
        lazy: () => import('./features/desk/openers-page.tsx'),
        handle: { title: 'admin.desk.openers.title' },
      },
      {
        path: 'desk/:conversationId',
        lazy: () => import('./features/desk/conversation-page.tsx'),
        handle: { title: 'admin.desk.title' },
      },
      {
        path: 'photos',
        lazy: () => import('./features/photos/queue-page.tsx'),
        handle: {
          nav: { label: 'admin.photos.nav', roles: ['moderator'], badge: 'GET /api/admin/photos/waiting' },
          title: 'admin.photos.title',
        },
      },
      {
        path: 'complaints',
        lazy: () => import('./features/complaints/list-page.tsx'),
        handle: {
          nav: { label: 'admin.complaints.nav', roles: ['moderator'] },
          title: 'admin.complaints.title',
        },
      },
      {
        path: 'complaints/:id',
        lazy: () => import('./features/complaints/detail-page.tsx'),
        handle: { title: 'admin.complaints.title' },
      },
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
        path: 'landers',
        lazy: () => import('./features/landers/funnel-page.tsx'),
        handle: {
          nav: { label: 'admin.landers.nav', roles: ['finance'] },
          title: 'admin.landers.title',
        },
      },
      {
        path: 'refunds',
        lazy: () => import('./features/refunds/refunds-page.tsx'),
        handle: {
          nav: {
            label: 'admin.refunds.nav',
            roles: ['finance'],
            badge: 'GET /api/admin/refund-requests/waiting',
          },
          title: 'admin.refunds.title',
        },
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
