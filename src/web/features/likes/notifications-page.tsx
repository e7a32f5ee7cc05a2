import { Bell, Heart, HeartHandshake, ImageOff, Info, Search, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import type { TNotification } from '../../../shared/contract/notifications.ts';
import { PHOTO_REJECT_REASONS } from '../../../shared/contract/photo-upload.ts';
import { pathFor } from '../../../shared/routes.ts';
import { useMarkNotificationsRead, useNotifications } from '../../api/likes.ts';
import { LoadMore } from '../../components/load-more.tsx';
import { Link } from '../../components/route-link.tsx';
import { OfflineOr } from '../../offline/offline-state.tsx';
import { usePageTitle } from '../../use-page-title.ts';
import { RequireLogin } from '../accounts/shared.tsx';

/** Where a notification leads, and what it says: likes, matches, system notices; other kinds generic. */
function presentNotification(n: TNotification, intl: ReturnType<typeof useIntl>) {
  const name = n.member?.name ?? '';
  const reason = n.payload.reason;
  // A moderator removed one of the member's photos (M-09): why, in the member's own language.
  if (n.kind === 'photo_rejected' && (PHOTO_REJECT_REASONS as readonly unknown[]).includes(reason))
    return {
      icon: ImageOff,
      text: 'notifications.photo_rejected',
      values: { reason: intl.formatMessage({ id: `photo_reject_reason.${reason}` }) },
      to: pathFor('profile'),
    };
  if (n.kind === 'like' && n.member)
    return {
      icon: Heart,
      text: 'notifications.like',
      values: { name },
      to: pathFor('members-id', { id: n.member.id }),
    };
  if (n.kind === 'match' && n.member)
    return {
      icon: HeartHandshake,
      text: 'notifications.match',
      values: { name },
      to: pathFor('likes-m-id', { id: n.member.id }),
    };
  const message = typeof n.payload.message === 'string' ? n.payload.message : null;
  return {
    icon: Info,
    text: message ? null : 'notifications.generic',
    values: { message: message ?? '' },
    to: null,
  };
}

function Item({ n }: { n: TNotification }) {
  const intl = useIntl();
  const d = presentNotification(n, intl);
  const body = (
    <>
      <span className="relative shrink-0">
        {n.member?.thumb_url ? (
          <img
            src={n.member.thumb_url}
            alt={intl.formatMessage({ id: 'profile.photo_of' }, { name: n.member.name })}
            width={48}
            height={48}
            loading="lazy"
            className="size-12 rounded-full object-cover"
          />
        ) : (
          <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
            {n.member ? <UserRound aria-hidden size={22} /> : <d.icon aria-hidden size={22} />}
          </span>
        )}
        {n.member && (
          <span className="absolute -bottom-1 -right-1 flex size-6 items-center justify-center rounded-full bg-white text-primary shadow">
            <d.icon aria-hidden size={14} />
          </span>
        )}
      </span>
      <span className="min-w-0 flex-1">
        <span className={`block ${n.read ? 'text-ink' : 'font-bold text-unread'}`}>
          {d.text ? <FormattedMessage id={d.text} values={d.values} /> : d.values.message}
        </span>
        <span className="block text-sm text-muted">
          <FormattedDate value={n.created_at} dateStyle="medium" timeStyle="short" />
        </span>
      </span>
      {!n.read && (
        <span className="flex items-center">
          <span aria-hidden className="size-2.5 rounded-full bg-primary" />
          <span className="sr-only">
            <FormattedMessage id="notifications.unread" />
          </span>
        </span>
      )}
    </>
  );
  const cls = `flex min-h-16 items-center gap-3 rounded-xl px-3 py-2 ${n.read ? '' : 'bg-primary-soft/60'}`;
  return (
    <li data-testid="notification" data-read={n.read}>
      {d.to ? (
        <Link to={d.to} className={`${cls} hover:bg-surface`}>
          {body}
        </Link>
      ) : (
        <div className={cls}>{body}</div>
      )}
    </li>
  );
}

function List() {
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  const marked = useRef(0);
  const newest = list.data?.pages[0]?.notifications[0];
  const anyUnread = list.data?.pages.some((p) => p.notifications.some((n) => !n.read)) ?? false;
  const { mutate } = markRead;
  // Seen: everything up to the newest shown is read (N-01); the dots stay until the next visit.
  useEffect(() => {
    if (newest && anyUnread && marked.current < newest.id) {
      marked.current = newest.id;
      mutate(newest.id);
    }
  }, [newest, anyUnread, mutate]);
  if (list.isPending)
    return (
      <OfflineOr>
        <ul className="space-y-2" aria-hidden>
          {[0, 1, 2, 3].map((i) => (
            <li key={i} className="h-16 animate-pulse rounded-xl bg-surface" />
          ))}
        </ul>
      </OfflineOr>
    );
  if (list.isError) return null;
  const items = list.data.pages.flatMap((p) => p.notifications);
  if (items.length === 0) {
    const members = pathFor('members');
    return (
      <div className="rounded-2xl border border-dashed border-line bg-surface/60 px-5 py-8 text-center">
        <Bell aria-hidden size={36} className="mx-auto text-primary" />
        <p className="mx-auto mt-3 max-w-md text-muted">
          <FormattedMessage id="notifications.empty" />
        </p>
        {members && (
          <Link to={members} className="btn btn-primary mt-4 min-h-11 px-4">
            <Search aria-hidden size={18} />
            <FormattedMessage id="likes.browse" />
          </Link>
        )}
      </div>
    );
  }
  return (
    <>
      <ul className="space-y-1">
        {items.map((n) => (
          <Item key={n.id} n={n} />
        ))}
      </ul>
      {list.hasNextPage && (
        <LoadMore busy={list.isFetchingNextPage} onMore={() => void list.fetchNextPage()}>
          <FormattedMessage id="likes.load_more" />
        </LoadMore>
      )}
    </>
  );
}

/** /notifications: likes, matches and notices, newest first, unread marked (D-09, N-01). */
export function NotificationsPage() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'notifications.title' }));
  return (
    <RequireLogin>
      {() => (
        <div className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
          <h1 className="mb-5 text-3xl font-extrabold tracking-tight">
            <FormattedMessage id="notifications.title" />
          </h1>
          <List />
        </div>
      )}
    </RequireLogin>
  );
}
