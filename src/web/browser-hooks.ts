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
 * reloads cannot start. Returns whether it reloaded.
 */
export function reloadForChunkError(now = Date.now()): boolean {
  const last = Number(localStorage.getItem(CHUNK_RELOAD_KEY) ?? 0);
  if (now - last < RULES.chunkReloadGuardMs) return false;
  localStorage.setItem(CHUNK_RELOAD_KEY, String(now));
  location.reload();
  return true;
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
    window.addEventListener('load', () => {
      navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
        // No service worker (private mode, old browser): the site works without one.
      });
    });
  }
}

/** Installed-app mode: started from the home screen (P-12). */
export function isStandalone(): boolean {
  return (
    window.matchMedia?.('(display-mode: standalone)').matches ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true
  );
}
