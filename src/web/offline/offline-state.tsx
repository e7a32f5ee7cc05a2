import { notifyManager, onlineManager, useQueryClient } from '@tanstack/react-query';
import { Clock, CloudOff, RotateCcw } from 'lucide-react';
import { type ReactNode, useEffect, useState, useSyncExternalStore } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';

/**
 * Whether queries can reach the network, as TanStack Query's online manager has it (main.tsx starts it from
 * `navigator.onLine`; the browser's online and offline events move it): offline, queries without an answer
 * wait, and the page says so instead of showing skeletons.
 */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (changed) => onlineManager.subscribe(changed),
    () => onlineManager.isOnline(),
    () => true,
  );
}

/**
 * What a page shows instead of its skeletons while it waits for answers without a network (issue 27): that
 * this is not on the device yet, and a way to try again. It goes by itself when the connection returns:
 * the queries waiting for it then load (TanStack Query's online manager), and the page draws them.
 */
export function OfflineState({ compact = false }: { compact?: boolean }) {
  const queryClient = useQueryClient();
  const [still, setStill] = useState(false);
  const retry = () => {
    onlineManager.setOnline(navigator.onLine);
    setStill(!navigator.onLine);
    if (navigator.onLine) void queryClient.refetchQueries({ type: 'active' });
  };
  return (
    <div
      className={`mx-auto flex max-w-sm flex-col items-center px-6 text-center ${compact ? 'py-4' : 'py-12'}`}
      data-testid="offline-state"
    >
      <span
        className={`inline-flex items-center justify-center rounded-3xl bg-surface text-muted ${compact ? 'mb-3 size-12' : 'mb-5 size-16'}`}
      >
        <CloudOff aria-hidden size={compact ? 24 : 32} />
      </span>
      <h2 className={compact ? 'text-lg font-bold' : 'text-xl font-bold'}>
        <FormattedMessage id="offline.page_title" />
      </h2>
      <p className="mt-2 text-muted">
        <FormattedMessage id="offline.page_body" />
      </p>
      <button
        type="button"
        className={`btn btn-ghost min-h-11 px-5 ${compact ? 'mt-4' : 'mt-6'}`}
        onClick={retry}
      >
        <RotateCcw aria-hidden size={18} />
        <FormattedMessage id="offline.retry" />
      </button>
      <p role="status" className="mt-3 min-h-6 text-sm text-muted">
        {still && <FormattedMessage id="offline.still_offline" />}
      </p>
    </div>
  );
}

/**
 * A page's skeleton while online; offline, where nothing was kept, the offline state (issue 27). `compact`
 * where a page waits for several lists at once.
 */
export function OfflineOr({ children, compact }: { children: ReactNode; compact?: boolean }) {
  return useOnline() ? children : <OfflineState compact={compact} />;
}

/** "5 minuten geleden", "gisteren": how long ago, in the page's language. */
export function agoText(intl: IntlShape, at: number, now: number): string {
  const seconds = Math.max(0, Math.floor((now - at) / 1000));
  if (seconds < 60) return intl.formatRelativeTime(-seconds, 'second', { numeric: 'auto' });
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return intl.formatRelativeTime(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return intl.formatRelativeTime(-hours, 'hour');
  return intl.formatRelativeTime(-Math.floor(hours / 24), 'day', { numeric: 'auto' });
}

/**
 * "Laatst bijgewerkt 5 minuten geleden" above kept answers shown offline (issue 27): the oldest answer under
 * `queryKey` that the page shows. Nothing while online, when the answers are the server's of now.
 */
export function LastUpdated({ queryKey }: { queryKey: readonly unknown[] }) {
  const intl = useIntl();
  const online = useOnline();
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  const at = useSyncExternalStore(
    // The cache tells of every change at once, also of a query another component starts while it renders
    // (the footer's company query): deferred as useQuery's own subscriptions are, so this component is
    // never updated in the middle of another's render.
    (changed) => cache.subscribe(notifyManager.batchCalls(changed)),
    () => {
      const shown = cache
        .findAll({ queryKey, type: 'active' })
        .filter((q) => q.state.data !== undefined)
        .map((q) => q.state.dataUpdatedAt);
      return shown.length > 0 ? Math.min(...shown) : 0;
    },
    () => 0,
  );
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    if (online) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, [online]);
  if (online || at === 0) return null;
  return (
    <p className="mt-2 flex items-center gap-1.5 text-sm text-muted" data-testid="last-updated">
      <Clock aria-hidden size={15} className="shrink-0" />
      <time
        dateTime={new Date(at).toISOString()}
        title={intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' })}
      >
        <FormattedMessage id="offline.updated_ago" values={{ ago: agoText(intl, at, Math.max(now, at)) }} />
      </time>
    </p>
  );
}
