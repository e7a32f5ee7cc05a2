import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, NavLink, Outlet, useLocation, useMatches } from 'react-router';
import { type AdminMe, adminCall, can, isStaffRequired } from './api.ts';
import { useAdminLocale } from './i18n.tsx';
import type { AdminNav } from './routes.tsx';
import { adminRoutes } from './routes.tsx';
import { StepUpProvider } from './step-up.tsx';

export const ME_KEY = ['admin', 'me'] as const;

export function useMe() {
  return useQuery({
    queryKey: ME_KEY,
    queryFn: () => adminCall('GET /api/admin/me'),
    retry: false,
    staleTime: 60_000,
  });
}

/**
 * Waiting work beside a nav label (the photo queue's count): asked once a minute and after the page's
 * own changes (which invalidate `['admin', 'badge', endpoint]`). Counts above 99 show as "99+".
 */
function NavBadge({ endpoint }: { endpoint: NonNullable<AdminNav['badge']> }) {
  const count = useQuery({
    queryKey: ['admin', 'badge', endpoint],
    queryFn: () => adminCall(endpoint),
    refetchInterval: 60_000,
    retry: false,
  }).data?.count;
  if (!count) return null;
  return (
    <span
      className="ml-1.5 inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-semibold text-white"
      data-testid="nav-badge"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

/** The navigation: every page of the route table that names itself in `handle.nav`, for the staff's roles. */
function navItems(me: AdminMe | undefined): { path: string; nav: AdminNav }[] {
  const children = adminRoutes[0]?.children ?? [];
  return children
    .map((r) => ({ path: `/${r.path ?? ''}`, nav: (r.handle as { nav?: AdminNav } | undefined)?.nav }))
    .filter((r): r is { path: string; nav: AdminNav } => !!r.nav && can(me, r.nav.roles));
}

export function AdminLayout() {
  const intl = useIntl();
  const me = useMe();
  const location = useLocation();
  const matches = useMatches();
  const queryClient = useQueryClient();
  const { locale, setLocale } = useAdminLocale();
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title;

  useEffect(() => {
    document.title = `${title ? `${intl.formatMessage({ id: title })} · ` : ''}${intl.formatMessage({ id: 'admin.title' })}`;
  }, [title, intl]);

  if (me.isPending) {
    return (
      <p className="p-6 text-muted" role="status">
        <FormattedMessage id="admin.loading" />
      </p>
    );
  }
  if (me.isError) {
    if (isStaffRequired(me.error)) {
      return (
        <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />
      );
    }
    return (
      <p className="p-6 text-danger" role="alert">
        {me.error.message}
      </p>
    );
  }

  const logout = async () => {
    await adminCall('POST /api/admin/logout').catch(() => undefined);
    queryClient.clear();
    window.location.assign('/admin/login');
  };

  return (
    <div className="min-h-dvh">
      <a href="#admin-main" className="sr-only focus:not-sr-only focus:absolute focus:p-2 focus:bg-white">
        <FormattedMessage id="admin.skip_to_content" />
      </a>
      <header className="border-b border-line bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
          <NavLink to="/" className="font-bold text-primary-strong">
            <FormattedMessage id="admin.title" />
          </NavLink>
          <nav
            aria-label={intl.formatMessage({ id: 'admin.nav' })}
            className="order-3 w-full overflow-x-auto"
          >
            <ul className="flex gap-1 whitespace-nowrap">
              {navItems(me.data).map((item) => (
                <li key={item.path}>
                  <NavLink
                    to={item.path}
                    className={({ isActive }) =>
                      `inline-flex min-h-11 items-center rounded-md px-3 text-sm ${isActive ? 'bg-primary-soft font-semibold text-primary-strong' : 'text-ink hover:bg-surface'}`
                    }
                  >
                    <FormattedMessage id={item.nav.label} />
                    {item.nav.badge && <NavBadge endpoint={item.nav.badge} />}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-2 text-sm">
            <span className="hidden text-muted sm:inline">{me.data.email}</span>
            <label className="sr-only" htmlFor="admin-locale">
              <FormattedMessage id="admin.language" />
            </label>
            <select
              id="admin-locale"
              className="min-h-11 rounded-md border border-line bg-white px-2"
              value={locale}
              onChange={(e) => setLocale(e.target.value === 'en' ? 'en' : 'nl')}
            >
              <option value="nl">Nederlands</option>
              <option value="en">English</option>
            </select>
            <button
              type="button"
              onClick={logout}
              className="min-h-11 rounded-md border border-line px-3 hover:bg-surface"
            >
              <FormattedMessage id="admin.logout" />
            </button>
          </div>
        </div>
      </header>
      <main id="admin-main" className="mx-auto max-w-7xl px-4 py-4">
        <StepUpProvider>
          <Outlet context={me.data} />
        </StepUpProvider>
      </main>
    </div>
  );
}
