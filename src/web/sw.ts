/// <reference lib="webworker" />

import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
};

// The shell (HTML, JS, CSS, every page's chunk and every locale's catalog) is precached, so the app opens
// offline and a tab whose code was never loaded still opens (issue 27). Only the files themselves: `/` is a
// page the server renders (directoryIndex off), not the bare shell.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();

/**
 * Pages always come from the server: members' pages are `private, no-store` and hold their answers, so no
 * page is kept here (an earlier worker kept them in 'pages', deleted below). Without a network every
 * navigation gets the precached shell, which boots the app in the browser (no server state, so it renders
 * instead of hydrating) from what the app kept for the member (web/offline/persist.ts). Never the back
 * office, the API or the operators' endpoints.
 */
const shell = createHandlerBoundToURL('index.html');
const network = new NetworkOnly();
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await network.handle(options);
      } catch {
        return shell(options);
      }
    },
    {
      denylist: [/^\/api(\/|$)/, /^\/admin(\/|$)/, /^\/dev(\/|$)/, /^\/metrics/, /^\/healthz/, /^\/readyz/],
    },
  ),
);

// Settings and company details are kept from the last visit, so the shell can start without a network
// and say it is offline instead of failing. The settings' address carries the page's own query string: any
// kept copy serves offline.
registerRoute(
  ({ url }) => ['/api/settings', '/api/company', '/api/interests'].includes(url.pathname),
  new NetworkFirst({
    cacheName: 'site-basics',
    networkTimeoutSeconds: 4,
    matchOptions: { ignoreSearch: true },
  }),
);

// Public member photos (content-addressed, immutable): kept as they are seen, so the cards of the chats,
// likes and searches the app kept for an offline start (web/offline/persist.ts) show them instead of broken
// images.
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
  // Pages an earlier worker kept (members' private pages among them) go.
  event.waitUntil(Promise.all([self.clients.claim(), caches.delete('pages')]));
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
