import {
  ArrowLeft,
  Bell,
  Coins,
  Crown,
  Flame,
  Heart,
  type LucideIcon,
  MessageCircle,
  Search,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useNavigate } from 'react-router';
import type { TCountsResponse } from '../../shared/contract/counts.ts';
import { matchRoute, pathFor, type RouteName } from '../../shared/routes.ts';
import { badgeLabel, badgeText, RULES } from '../../shared/rules.ts';
import type { TBalance } from '../api/balance.ts';
import { NavLink } from '../components/route-link.tsx';

export type BadgeTone = 'unread' | 'primary' | 'warning' | 'danger';

const TONES: Record<BadgeTone, string> = {
  unread: 'bg-unread text-white',
  primary: 'bg-primary text-white',
  warning: 'bg-warning text-white',
  danger: 'bg-danger text-white',
};

/** A count on a navigation item: "99+" from 100 (spec §2); `label` says what it counts to screen readers. */
export function NavBadge(props: { count: number; tone?: BadgeTone; label: string; className?: string }) {
  if (props.count <= 0 && props.tone !== 'danger') return null;
  return (
    <span
      className={`inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1.5 text-[11px] font-bold leading-none ${TONES[props.tone ?? 'unread']} ${props.className ?? ''}`}
      data-testid="nav-badge"
    >
      <span aria-hidden>{badgeText(props.count)}</span>
      <span className="sr-only">{props.label}</span>
    </span>
  );
}

export interface NavItem {
  key: string;
  to: string;
  icon: LucideIcon;
  label: string;
  badge?: { count: number; tone: BadgeTone; label: string };
  /** Gold item (credits, premium). */
  accent?: boolean;
}

/** The credits badge shows at 10 credits or fewer: warning colour above 0, danger at 0 (L-02). */
export function creditsBadge(credits: number): { count: number; tone: BadgeTone } | null {
  if (credits > RULES.badges.creditsWarnAt) return null;
  return { count: credits, tone: credits > 0 ? 'warning' : 'danger' };
}

/**
 * The members' items of the top navigation (L-02), in order: search, messages, likes, swipe, then
 * credits for paid members or Premium for the others. An item appears once its route exists; the
 * credits and premium pages are the payments feature's.
 */
export function useNavItems(counts: TCountsResponse | undefined, balance: TBalance | undefined): NavItem[] {
  const intl = useIntl();
  const label = (id: string, count: number) => {
    const l = badgeLabel(id, count);
    return intl.formatMessage({ id: l.id }, l.values);
  };
  const items: (NavItem | null)[] = [
    route('members', Search, 'nav.search'),
    route('chats', MessageCircle, 'nav.messages', {
      count: counts?.unread_messages ?? 0,
      tone: 'unread',
      label: label('nav.unread_messages', counts?.unread_messages ?? 0),
    }),
    route('likes', Heart, 'nav.likes', {
      count: counts?.new_likes ?? 0,
      tone: 'primary',
      label: label('nav.new_likes', counts?.new_likes ?? 0),
    }),
    route('swipe-game', Flame, 'nav.swipe'),
  ];
  if (balance?.paid_user) {
    const badge = creditsBadge(balance.credits);
    items.push({
      key: 'credits',
      to: pathFor('credits') ?? '/credits',
      icon: Coins,
      label: 'nav.credits',
      accent: true,
      ...(badge ? { badge: { ...badge, label: label('nav.credits_left', balance.credits) } } : {}),
    });
  } else if (balance) {
    items.push({
      key: 'premium',
      to: pathFor('premium') ?? '/premium',
      icon: Crown,
      label: 'nav.premium',
      accent: true,
    });
  }
  return items.filter((i): i is NavItem => i !== null);
}

const PILL_TONES: Record<'neutral' | 'warning' | 'danger', string> = {
  neutral: 'bg-secondary-soft text-on-secondary',
  warning: 'bg-warning text-white',
  danger: 'bg-danger text-white',
};

/** The tone of the phone header's credits pill: the badge's colours at 10 or fewer (L-02), else calm. */
export function creditsPillTone(credits: number): keyof typeof PILL_TONES {
  return creditsBadge(credits)?.tone === 'danger' ? 'danger' : creditsBadge(credits) ? 'warning' : 'neutral';
}

/**
 * The money item of small screens (L-02), where the top navigation's items are hidden: the balance as a
 * pill leading to /credits for paid members, "Word Premium" for the others.
 */
export function MoneyPill({ balance }: { balance: TBalance | undefined }) {
  const intl = useIntl();
  if (!balance) return null;
  const pill =
    'inline-flex min-h-11 items-center gap-1 whitespace-nowrap rounded-full px-2.5 text-sm font-bold tabular-nums md:hidden';
  if (balance.paid_user) {
    const tone = creditsPillTone(balance.credits);
    return (
      <NavLink
        to={pathFor('credits') ?? '/credits'}
        className={`${pill} ${PILL_TONES[tone]}`}
        aria-label={intl.formatMessage({ id: 'nav.credits_pill' }, { count: balance.credits })}
        data-testid="credits-pill"
        data-tone={tone}
      >
        <Coins aria-hidden size={16} />
        {badgeText(balance.credits)}
      </NavLink>
    );
  }
  return (
    <NavLink
      to={pathFor('premium') ?? '/premium'}
      className={`${pill} bg-secondary-soft text-on-secondary`}
      data-testid="premium-pill"
    >
      <Crown aria-hidden size={16} />
      <FormattedMessage id="nav.premium" />
    </NavLink>
  );
}

function route(name: string, icon: LucideIcon, label: string, badge?: NavItem['badge']): NavItem | null {
  const to = pathFor(name);
  return to ? { key: name, to, icon, label, ...(badge ? { badge } : {}) } : null;
}

/** The bell of the top bar: notifications with their unread count (D-09). */
export function NotificationsLink({ count }: { count: number }) {
  const intl = useIntl();
  const to = pathFor('notifications');
  if (!to) return null;
  return (
    <NavLink
      to={to}
      className="relative inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-surface aria-[current=page]:bg-primary-soft aria-[current=page]:text-primary-strong"
      aria-label={intl.formatMessage({ id: 'nav.notifications' })}
      data-testid="nav-notifications"
    >
      <Bell aria-hidden size={22} />
      <NavBadge
        count={count}
        label={intl.formatMessage(
          { id: badgeLabel('nav.unread_notifications', count).id },
          badgeLabel('nav.unread_notifications', count).values,
        )}
        className="absolute -right-0.5 -top-0.5"
      />
    </NavLink>
  );
}

/** Signing up is a focused flow: no navigation to wander off into, only the way back home (issue 11). */
export const FOCUSED_ROUTES: readonly string[] = ['signup', 'complete-signup'];
/** Checkout keeps the member on the way to paying: no tab bar below it (issue 26). */
const CHECKOUT_ROUTES: readonly string[] = ['credits-id-paymentmethod', 'directdebit', 'test-checkout'];

/** Whether a page shows the members' tab bar on small screens. */
export function showsTabBar(pathname: string): boolean {
  const name = matchRoute(pathname) ?? '';
  return !FOCUSED_ROUTES.includes(name) && !CHECKOUT_ROUTES.includes(name);
}

/** Pages with a back button in the installed app (P-12): profile, likes, credits, payment method. */
const BACK_ROUTES: ReadonlySet<RouteName> = new Set<RouteName>([
  'profile',
  'members-id',
  'likes',
  'likes-type',
  'likes-m-id',
  'credits',
  'credits-id-paymentmethod',
]);

/** Whether a page is one that shows the back button in the installed app (P-12). */
export function hasBackButton(pathname: string): boolean {
  const name = matchRoute(pathname);
  return name !== null && BACK_ROUTES.has(name);
}

function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches === true ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}

/** P-12: in installed-app mode, a back button on those pages when there is history to go back to. */
export function BackButton() {
  const location = useLocation();
  const navigate = useNavigate();
  const intl = useIntl();
  const [standalone, setStandalone] = useState(false);
  useEffect(() => setStandalone(isStandalone()), []);
  if (!standalone || !hasBackButton(location.pathname) || location.key === 'default') return null;
  return (
    <button
      type="button"
      onClick={() => void navigate(-1)}
      className="inline-flex size-11 items-center justify-center rounded-full hover:bg-surface"
      aria-label={intl.formatMessage({ id: 'nav.back' })}
      data-testid="back-button"
    >
      <ArrowLeft aria-hidden size={22} />
    </button>
  );
}

export function NavItemLabel({ item }: { item: NavItem }) {
  return <FormattedMessage id={item.label} />;
}
