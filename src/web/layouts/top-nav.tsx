import { LogIn } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { pathFor } from '../../shared/routes.ts';
import { useBalance } from '../api/balance.ts';
import { useCounts } from '../api/counts.ts';
import { useUser } from '../api/session.ts';
import { Logo } from '../components/logo.tsx';
import { Link, NavLink } from '../components/route-link.tsx';
import { useSite } from '../site-context.tsx';
import { BackButton, MoneyPill, NavBadge, NotificationsLink, useNavItems } from './nav-items.tsx';

// The menu code loads only for visitors whose country has several languages.
const LocaleDropdown = lazy(() => import('../components/locale-dropdown.tsx'));
// The account menu loads only for members.
const AccountMenu = lazy(() => import('./account-menu.tsx'));

/**
 * The bar at the top of the default layout: logo, languages, and the login button or the account menu.
 * Members get their items from md up (L-02; smaller screens have the tab bar instead), the notifications
 * bell on every size, and in the installed app a back button (P-12).
 */
export function TopNav() {
  const login = pathFor('login');
  const { visible } = useSite();
  const { user } = useUser();
  return (
    <header className="sticky top-0 z-30 border-b border-line bg-white pt-[env(safe-area-inset-top)]">
      <nav className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-2 px-4" aria-label="main">
        <div className="flex items-center gap-1">
          {user && <BackButton />}
          <Link to="/" className="flex min-h-11 items-center rounded-lg">
            <Logo />
          </Link>
        </div>
        <div className="flex items-center gap-1">
          {visible.length > 1 && (
            <Suspense fallback={<span className="inline-block w-16" />}>
              <LocaleDropdown />
            </Suspense>
          )}
          {user && <MemberItems />}
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

/** Search, messages, likes, swipe, credits or Premium, with their badges (L-02), and the bell. */
function MemberItems() {
  const counts = useCounts();
  const balance = useBalance();
  const items = useNavItems(counts, balance);
  return (
    <>
      <ul className="hidden items-center gap-0.5 md:flex">
        {items.map((item) => (
          <li key={item.key}>
            <NavLink
              to={item.to}
              className={`relative inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-[15px] font-semibold hover:bg-surface aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-strong lg:px-4 ${
                item.accent ? 'text-[color-mix(in_oklab,var(--color-secondary)_55%,black)]' : 'text-ink'
              }`}
              data-testid={`nav-${item.key}`}
            >
              <item.icon aria-hidden size={18} />
              <FormattedMessage id={item.label} />
              {item.badge && <NavBadge {...item.badge} />}
            </NavLink>
          </li>
        ))}
      </ul>
      <MoneyPill balance={balance} />
      <NotificationsLink count={counts?.unread_notifications ?? 0} />
    </>
  );
}
