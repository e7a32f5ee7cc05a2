import { type LucideIcon, Search, UserRound } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { NavLink } from 'react-router';
import { pathFor } from '../../shared/routes.ts';

/**
 * The members' tabs of small screens, in the order of the UX brief: search, messages, likes, swipe,
 * profile. A tab appears once its route exists; messages, likes and swipe arrive with their pages.
 */
const TABS: readonly { route: string; icon: LucideIcon; label: string }[] = [
  { route: 'members', icon: Search, label: 'nav.search' },
  { route: 'profile', icon: UserRound, label: 'nav.profile_tab' },
];

/** The bottom tab bar for members below the md breakpoint: 44 px targets, above the safe-area inset. */
export function TabBar() {
  const tabs = TABS.flatMap((t) => {
    const to = pathFor(t.route);
    return to ? [{ ...t, to }] : [];
  });
  if (tabs.length === 0) return null;
  return (
    <nav
      aria-label="tabs"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
      data-testid="tab-bar"
    >
      <ul className="mx-auto flex h-16 max-w-md items-stretch justify-around px-2">
        {tabs.map(({ route, icon: Icon, label, to }) => (
          <li key={route} className="flex flex-1">
            <NavLink
              to={to}
              className="flex min-h-11 flex-1 flex-col items-center justify-center gap-0.5 rounded-xl text-xs font-medium text-muted aria-[current=page]:text-primary"
            >
              <Icon aria-hidden size={24} />
              <FormattedMessage id={label} />
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
