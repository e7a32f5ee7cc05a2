import { lazy, Suspense, useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Outlet, useLocation } from 'react-router';
import { matchRoute } from '../../shared/routes.ts';
import { useLoggedIn } from '../api/session.ts';
import { AfterFirstPaint } from '../components/after-first-paint.tsx';
import { Logo } from '../components/logo.tsx';
import { OfflineNotice } from '../components/offline-notice.tsx';
import { Link } from '../components/route-link.tsx';
import { SignupModalHost } from '../features/accounts/signup-modal-host.tsx';
import { useRememberTracking } from '../tracking.ts';
import { Alerts } from './alerts.tsx';
import { EntryWarning } from './entry-warning.tsx';
import { Footer } from './footer.tsx';
import { FOCUSED_ROUTES, showsTabBar } from './nav-items.tsx';
import { TabBar } from './tab-bar.tsx';
import { TopNav } from './top-nav.tsx';

// The members' background work (refresh loop, title, match modal) loads only for members.
const MemberLive = lazy(() => import('../features/likes/live.tsx'));
// A message written before the account existed goes out once it is active (issue 27).
const KeptMessageNotice = lazy(() => import('../features/accounts/kept-message-notice.tsx'));
// So do the time bonus banner and popup (Pay-09).
const TimeBonus = lazy(async () => ({
  default: (await import('../features/credits/time-bonus.tsx')).TimeBonus,
}));

/**
 * Whether a message written before the account existed waits to go out (issue 27, the `send` of
 * features/accounts/signup-reason.ts, read here without loading that module on every page).
 */
function useKeptMessageWaiting(loggedIn: boolean): boolean {
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    try {
      setWaiting(loggedIn && /"send":/.test(localStorage.getItem('vonk.signup_reason') ?? ''));
    } catch {
      setWaiting(false);
    }
  }, [loggedIn]);
  return waiting;
}

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only z-[70] rounded-lg bg-white px-4 py-2 font-semibold focus:not-sr-only focus:fixed focus:left-3 focus:top-3"
    >
      <FormattedMessage id="common.skip_to_content" />
    </a>
  );
}

/**
 * Top navigation, warnings header, content, footer with disclaimer, the entry warning and the signup
 * modal (spec §2, L-01). Like every layout it remembers the landing page's tracking query (P-08).
 */

export function DefaultLayout() {
  const loggedIn = useLoggedIn();
  useRememberTracking();
  const { pathname } = useLocation();
  const focused = FOCUSED_ROUTES.includes(matchRoute(pathname) ?? '');
  const tabBar = loggedIn && showsTabBar(pathname);
  const keptMessage = useKeptMessageWaiting(loggedIn);
  return (
    <div
      className={`flex min-h-dvh flex-col ${
        // Members on small screens have the tab bar at the bottom: --tabbar-h keeps sticky bars above it.
        tabBar
          ? '[--tabbar-h:calc(4rem+env(safe-area-inset-bottom))] pb-(--tabbar-h) md:[--tabbar-h:0px]'
          : '[--tabbar-h:0px]'
      }`}
      data-layout="default"
      data-logged-in={loggedIn}
    >
      <SkipLink />
      {focused ? (
        <header
          className="border-b border-line bg-white pt-[env(safe-area-inset-top)]"
          data-testid="focused-header"
        >
          <div className="mx-auto flex h-14 max-w-6xl items-center px-4">
            <Link to="/" className="flex min-h-11 items-center rounded-lg">
              <Logo />
            </Link>
          </div>
        </header>
      ) : (
        <TopNav />
      )}
      <Alerts
        bonus={
          loggedIn && (
            <Suspense fallback={null}>
              <TimeBonus />
            </Suspense>
          )
        }
      />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <OfflineNotice />
      {!focused && (
        <AfterFirstPaint>
          <Footer />
        </AfterFirstPaint>
      )}
      {tabBar && <TabBar />}
      {loggedIn && (
        <Suspense fallback={null}>
          <MemberLive />
          {keptMessage && <KeptMessageNotice />}
        </Suspense>
      )}
      <AfterFirstPaint>
        <EntryWarning layout="default" loggedIn={loggedIn} />
      </AfterFirstPaint>
      <SignupModalHost />
    </div>
  );
}

/**
 * Full-height chat: content only; the entry warning shows only for NL and DE (spec §2). From lg on, where
 * the list and the conversation share the screen (issue 27), the top navigation stays above them.
 */
export function ChatLayout() {
  const loggedIn = useLoggedIn();
  useRememberTracking();
  return (
    <div className="flex h-dvh flex-col" data-layout="chat" data-logged-in={loggedIn}>
      <div className="hidden lg:block">
        <TopNav />
      </div>
      <main id="main" className="min-h-0 flex-1">
        <Outlet />
      </main>
      <OfflineNotice />
      <AfterFirstPaint>
        <EntryWarning layout="chat" loggedIn={loggedIn} />
      </AfterFirstPaint>
    </div>
  );
}

/** Campaign pages: a brand bar, content, footer and disclaimer (spec §2). */
export function LanderLayout() {
  const loggedIn = useLoggedIn();
  useRememberTracking();
  return (
    <div className="flex min-h-dvh flex-col" data-layout="lander" data-logged-in={loggedIn}>
      <header className="bg-primary px-4 py-3 pt-[calc(env(safe-area-inset-top)+0.75rem)]">
        <Logo inverted />
      </header>
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <OfflineNotice />
      <AfterFirstPaint>
        <Footer />
      </AfterFirstPaint>
    </div>
  );
}

/** Content alone, with the entry warning and the signup modal (spec §2). */
export function EmptyLayout() {
  const loggedIn = useLoggedIn();
  useRememberTracking();
  return (
    <div className="min-h-dvh" data-layout="empty" data-logged-in={loggedIn}>
      <SkipLink />
      <main id="main">
        <Outlet />
      </main>
      <OfflineNotice />
      <AfterFirstPaint>
        <EntryWarning layout="empty" loggedIn={loggedIn} />
      </AfterFirstPaint>
      <SignupModalHost />
    </div>
  );
}
