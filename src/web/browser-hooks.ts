import { RULES } from '../shared/rules.ts';
import { reportBounceOnHide } from './tracking.ts';

const CHUNK_RELOAD_KEY = 'vonk.chunk-reload-at';

/** True when an error is a failed load of a code-split chunk (an old tab after a deploy, a flaky network). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically|Unable to preload CSS/i.test(
    message,
  );
}

/**
 * Reloads the page once for a failed chunk load, at most once per minute (P-09), so a loop of broken
 * reloads cannot start; never offline (issue 27). Returns whether it reloaded.
 */
export function reloadForChunkError(now = Date.now()): boolean {
  // Offline, a reload would only show the browser's own error page: the page says it is offline instead.
  if (!navigator.onLine) return false;
  const last = Number(localStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (now - last < RULES.chunkReloadGuardMs) return false;
  localStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  location.reload();
  return true;
}

/**
 * The service worker's first install downloads and stores every chunk of the app (about 1.6 MB, for the
 * offline start of P-12). Begun at `load`, that ran beside the first page's own start: dozens of requests
 * for the server, the network and the browser's storage while the page's code ran, on a phone's few cores
 * (P-01). It waits until the first page has settled; a visitor who leaves sooner loses nothing but the
 * offline start of a next visit. Once installed, later visits find it active from their first request.
 */
const SERVICE_WORKER_DELAY_MS = 5_000;

function registerWhenIdle() {
  // Offline, the script cannot be fetched (and the browser logs that): wait for the network instead.
  if (!navigator.onLine) {
    window.addEventListener('online', registerWhenIdle, { once: true });
    return;
  }
  const register = () =>
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // No service worker (private mode, old browser): the site works without one.
    });
  if ('requestIdleCallback' in window) requestIdleCallback(register, { timeout: 5_000 });
  else register();
}

/** Installs what the page does by itself: the page-hidden beacon, the chunk guard, the service worker. */
export function installBrowserHooks() {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') {
      // An empty JSON body (spec §7); sendBeacon survives the page being closed.
      navigator.sendBeacon?.('/api/page-hidden.php', new Blob(['{}'], { type: 'application/json' }));
    }
  });
  reportBounceOnHide();
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
  if ('serviceWorker' in navigator && import.meta.env.PROD) {
    // The app's code starts after the first screen (decision 0037), often after the load event.
    const afterLoad = () => setTimeout(registerWhenIdle, SERVICE_WORKER_DELAY_MS);
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  }
}

/** Installed-app mode: started from the home screen (P-12). */
export function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}
