/// <reference lib="webworker" />

import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The shell (HTML, JS, CSS) is precached so the app opens offline; API calls always go to the network.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

const shell = createHandlerBoundToURL('index.html');
const network = new NetworkFirst({ cacheName: 'pages', networkTimeoutSeconds: 4 });
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        // Online, the server answers (with a real 404 where it must); offline, the cached shell shows.
        const res = await network.handle(options);
        if (res) return res;
      } catch {
        // fall through to the shell
      }
      return shell(options);
    },
    { denylist: [/^\/api\//, /^\/admin(\/|$)/, /^\/dev\//, /^\/metrics/, /^\/healthz/, /^\/readyz/] },
  ),
);

// Settings and company details are kept from the last visit, so the shell can start without a network
// and say it is offline instead of failing.
registerRoute(
  ({ url }) => ['/api/settings', '/api/company', '/api/interests'].includes(url.pathname),
  new NetworkFirst({ cacheName: 'site-basics', networkTimeoutSeconds: 4 }),
);

// Public member photos (content-addressed, immutable): kept for the pages kept above, whose shell draws the
// first photos before the app runs (decision 0018), so an offline start shows them instead of broken images.
// Private chat photos (/media/private/, signed per viewer) are never kept here.
registerRoute(
  ({ url, request }) =>
    request.destination === 'image' &&
    url.origin === self.location.origin &&
    url.pathname.startsWith('/media/') &&
    !url.pathname.startsWith('/media/private/'),
  new CacheFirst({
    cacheName: 'photos',
    plugins: [
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
    ],
  }),
);

self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** A push (N-02): the server sends the site's name and icon, a discreet text and the page to open. */
interface PushPayload {
  title?: string;
  body?: string;
  url?: string;
  tag?: string;
  icon?: string;
}

/** Only pages of this site open from a notification. */
function samePath(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/';
}

self.addEventListener('push', (event) => {
  let data: PushPayload = {};
  try {
    data = (event.data?.json() as PushPayload) ?? {};
  } catch {
    data = { body: event.data?.text() };
  }
  event.waitUntil(
    self.registration.showNotification(data.title || self.location.hostname, {
      body: data.body ?? '',
      icon: data.icon ?? '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: data.tag,
      data: { url: samePath(data.url) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(samePath(event.notification.data?.url), self.location.origin).href;
  const work = (async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    const open = windows.find((w) => new URL(w.url).origin === self.location.origin);
    if (open) {
      // An open tab of the site goes to the page and comes to the front.
      const moved = await open.navigate(url).catch(() => null);
      await (moved ?? open).focus().catch(() => {});
      if (moved) return;
    }
    await self.clients.openWindow(url);
  })();
  try {
    event.waitUntil(work);
  } catch {
    // Not a browser-made event: the work runs anyway.
  }
});
