import { Flame, Heart, type LucideIcon, MessageCircle, Search, UserRound } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { pathFor } from '../../shared/routes.ts';
import { badgeLabel } from '../../shared/rules.ts';
import { useCounts } from '../api/counts.ts';
import { NavLink } from '../components/route-link.tsx';
import { NavBadge } from './nav-items.tsx';

/**
 * The members' tabs of small screens, in the order of the UX brief: search, messages, likes, swipe,
 * profile. A tab appears once its route exists; messages and likes carry their badges.
 */
const TABS: readonly { route: string; icon: LucideIcon; label: string; badge?: 'messages' | 'likes' }[] = [
  { route: 'members', icon: Search, label: 'nav.search' },
  { route: 'chats', icon: MessageCircle, label: 'nav.messages', badge: 'messages' },
  { route: 'likes', icon: Heart, label: 'nav.likes', badge: 'likes' },
  { route: 'swipe-game', icon: Flame, label: 'nav.swipe' },
  { route: 'profile', icon: UserRound, label: 'nav.profile_tab' },
];

/** The bottom tab bar for members below the md breakpoint: 44 px targets, above the safe-area inset. */
export function TabBar() {
  const intl = useIntl();
  const counts = useCounts();
  const tabs = TABS.flatMap((t) => {
    const to = pathFor(t.route);
    return to ? [{ ...t, to }] : [];
  });
  if (tabs.length === 0) return null;
  const badgeOf = (kind: 'messages' | 'likes' | undefined) => {
    if (kind === 'messages') {
      const count = counts?.unread_messages ?? 0;
      return {
        count,
        tone: 'unread' as const,
        label: intl.formatMessage(
          { id: badgeLabel('nav.unread_messages', count).id },
          badgeLabel('nav.unread_messages', count).values,
        ),
      };
    }
    if (kind === 'likes') {
      const count = counts?.new_likes ?? 0;
      return {
        count,
        tone: 'primary' as const,
        label: intl.formatMessage(
          { id: badgeLabel('nav.new_likes', count).id },
          badgeLabel('nav.new_likes', count).values,
        ),
      };
    }
    return null;
  };
  return (
    <nav
      aria-label="tabs"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white pb-[env(safe-area-inset-bottom)] md:hidden"
      data-testid="tab-bar"
    >
      <ul className="mx-auto flex h-16 max-w-md items-stretch justify-around px-2">
        {tabs.map(({ route, icon: Icon, label, to, badge }) => {
          const b = badgeOf(badge);
          return (
            <li key={route} className="flex flex-1">
              <NavLink
                to={to}
                className="relative flex min-h-11 flex-1 flex-col items-center justify-center gap-0.5 rounded-xl text-xs font-medium text-muted aria-[current=page]:text-primary"
              >
                <span className="relative">
                  <Icon aria-hidden size={24} />
                  {b && <NavBadge {...b} className="absolute -right-3 -top-1.5" />}
                </span>
                <FormattedMessage id={label} />
              </NavLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
