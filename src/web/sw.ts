/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';

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
    { denylist: [/^\/api\//, /^\/dev\//, /^\/metrics/, /^\/healthz/, /^\/readyz/] },
  ),
);

// Settings and company details are kept from the last visit, so the shell can start without a network
// and say it is offline instead of failing.
registerRoute(
  ({ url }) => ['/api/settings', '/api/company', '/api/interests'].includes(url.pathname),
  new NetworkFirst({ cacheName: 'site-basics', networkTimeoutSeconds: 4 }),
);

self.addEventListener('install', () => {
  void self.skipWaiting();
});
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
