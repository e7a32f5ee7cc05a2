import { LogIn, Search } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, NavLink } from 'react-router';
import { pathFor } from '../../shared/routes.ts';
import { useUser } from '../api/session.ts';
import { Logo } from '../components/logo.tsx';
import { useSite } from '../site-context.tsx';

// The menu code loads only for visitors whose country has several languages.
const LocaleDropdown = lazy(() => import('../components/locale-dropdown.tsx'));
// The account menu loads only for members.
const AccountMenu = lazy(() => import('./account-menu.tsx'));

/**
 * The bar at the top of the default layout: logo, languages, and the login button or the account menu.
 * Members get their items from md up (search now; messages, likes and credits arrive with their pages);
 * smaller screens have the tab bar instead.
 */
export function TopNav() {
  const login = pathFor('login');
  const members = pathFor('members');
  const { visible } = useSite();
  const { user } = useUser();
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white/95 pt-[env(safe-area-inset-top)] backdrop-blur">
      <nav className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4" aria-label="main">
        <Link to="/" className="flex min-h-11 items-center rounded-lg">
          <Logo />
        </Link>
        <div className="flex items-center gap-1">
          {visible.length > 1 && (
            <Suspense fallback={<span className="inline-block w-16" />}>
              <LocaleDropdown />
            </Suspense>
          )}
          {user && members && (
            <NavLink
              to={members}
              className="hidden min-h-11 items-center gap-2 rounded-full px-4 text-[15px] font-semibold text-ink hover:bg-surface aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-strong md:inline-flex"
            >
              <Search aria-hidden size={18} />
              <FormattedMessage id="nav.search" />
            </NavLink>
          )}
          {user ? (
            <Suspense fallback={<span className="inline-block size-11" />}>
              <AccountMenu user={user} />
            </Suspense>
          ) : (
            login && (
              <Link to={login} className="btn btn-primary min-h-11 px-4 text-sm">
                <LogIn aria-hidden size={18} />
                <FormattedMessage id="nav.login" />
              </Link>
            )
          )}
        </div>
      </nav>
    </header>
  );
}
