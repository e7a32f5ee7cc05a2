import { Bell, ChevronDown, Coins, LogOut, Settings, Sparkles, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import type { TUser } from '../../shared/contract/accounts.ts';
import { pathFor } from '../../shared/routes.ts';
import { useLogout } from '../api/session.ts';
import { Link } from '../components/route-link.tsx';
import { imageUrl } from '../images.ts';
import { useSite } from '../site-context.tsx';

const itemClass =
  'flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 text-[15px] outline-none data-[highlighted]:bg-surface';

function Avatar({ user }: { user: TUser }) {
  const { settings } = useSite();
  const [failed, setFailed] = useState(false);
  const image = user.profile.main_image;
  if (image && !failed) {
    return (
      <img
        src={imageUrl(settings.cdn_prefix, image.thumb_filename)}
        alt=""
        onError={() => setFailed(true)}
        className="size-9 shrink-0 rounded-full object-cover"
      />
    );
  }
  return (
    <span
      aria-hidden
      className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold uppercase text-white"
    >
      {user.profile.name.slice(0, 1)}
    </span>
  );
}

/** The account dropdown of the top navigation: my profile, settings, buying credits, logout (spec §2). */
export default function AccountMenu({ user }: { user: TUser }) {
  const logout = useLogout();
  const profile = pathFor('profile');
  const settings = pathFor('settings');
  const matchFinder = pathFor('match-finder');
  const notifications = pathFor('notifications');
  const credits = pathFor('credits');
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="inline-flex min-h-11 items-center gap-2 rounded-full py-1 pl-1 pr-2 hover:bg-surface data-[state=open]:bg-surface">
        <Avatar user={user} />
        <span className="sr-only">
          <FormattedMessage id="nav.account" />
        </span>
        <span className="hidden max-w-36 truncate text-sm font-semibold sm:inline">{user.profile.name}</span>
        <ChevronDown aria-hidden size={16} className="text-muted max-sm:hidden" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-56 rounded-xl border border-line bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="truncate px-3 py-2 text-sm text-muted">
            {user.email}
          </DropdownMenu.Label>
          {profile && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={profile}>
                <UserRound aria-hidden size={18} />
                <FormattedMessage id="nav.profile" />
              </Link>
            </DropdownMenu.Item>
          )}
          {matchFinder && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={matchFinder}>
                <Sparkles aria-hidden size={18} />
                <FormattedMessage id="nav.match_finder" />
              </Link>
            </DropdownMenu.Item>
          )}
          {notifications && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={notifications}>
                <Bell aria-hidden size={18} />
                <FormattedMessage id="nav.notifications" />
              </Link>
            </DropdownMenu.Item>
          )}
          {credits && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={credits} data-testid="menu-buy-credits">
                <Coins aria-hidden size={18} />
                <FormattedMessage id="nav.buy_credits" />
              </Link>
            </DropdownMenu.Item>
          )}
          {settings && (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={settings}>
                <Settings aria-hidden size={18} />
                <FormattedMessage id="nav.settings" />
              </Link>
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item
            className={itemClass}
            disabled={logout.isPending}
            onSelect={() => logout.mutate()}
          >
            <LogOut aria-hidden size={18} />
            <FormattedMessage id="nav.logout" />
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
