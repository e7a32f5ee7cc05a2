import { WifiOff } from 'lucide-react';
import { FormattedMessage } from 'react-intl';
import { useBrowserValue } from './use-media-query.ts';

function subscribe(callback: () => void) {
  window.addEventListener('online', callback);
  window.addEventListener('offline', callback);
  return () => {
    window.removeEventListener('online', callback);
    window.removeEventListener('offline', callback);
  };
}

const readOnline = () => navigator.onLine;

/** Whether the browser is online; the server's render, and hydration over it, say it is. */
export function useOnline(): boolean {
  return useBrowserValue(subscribe, readOnline, true);
}

/**
 * Says so when the connection drops, and goes away by itself when it returns (P-11). Each layout draws it;
 * above the members' tab bar on phones (--tabbar-h of the default layout), so it never covers the tabs.
 */
export function OfflineNotice() {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {!online && (
        <div className="fixed inset-x-0 bottom-[calc(var(--tabbar-h,0px)+1rem)] z-[55] mx-auto flex w-fit max-w-toast items-center gap-2 rounded-xl bg-unread px-4 py-3 text-sm text-white shadow-lg">
          <WifiOff aria-hidden size={18} className="shrink-0" />
          <FormattedMessage id="offline.notice" />
        </div>
      )}
    </div>
  );
}
