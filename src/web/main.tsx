import './styles.css';
import { hydrate, onlineManager, type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import type { TUserResponse } from '../shared/contract/accounts.ts';
import type { TSettings } from '../shared/contract/site.ts';
import type { Locale } from '../shared/i18n/locales.ts';
import { call, createQueryClient } from './api/client.ts';
import { clearSession, setUser, userQuery } from './api/session.ts';
import { settingsQuery } from './api/site.ts';
import { installBrowserHooks } from './browser-hooks.ts';
import { firstScreenFromServer } from './components/after-first-paint.tsx';
import { cookieLocale, detectLocale, loadCatalog, storeLocale } from './i18n/locale.ts';
import { createAppRouter } from './router.tsx';
import { SiteProvider } from './site-context.tsx';
import { readServerState } from './ssr-state.ts';
import { applyTheme } from './theme.ts';

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Issue 27: the member's main answers are kept for an offline start, from shortly after the first page.
 * Its code comes then too: offline at that moment, it is asked again once the browser is back online.
 */
const keepForOffline = (queryClient: QueryClient) => {
  const keep = () =>
    void import('./offline/persist.ts')
      .then((m) => m.keepOffline(queryClient))
      .catch(() => window.addEventListener('online', keep, { once: true }));
  setTimeout(keep, 2_000);
};

async function boot() {
  let started = false;
  let bannedAtBoot = false;
  let router: Awaited<ReturnType<typeof createAppRouter>> | undefined;
  // the server keeps answering "banned" to the session until it is logged out, so no racing call
  // turns a ban into a silent logout; the client logs out once the ban notice is on screen.
  const endBannedSession = () => {
    clearSession(queryClient);
    call('GET /api/logout.php').catch(() => {
      // Unreachable now: the server still answers "banned" to the next call.
    });
  };
  const queryClient = createQueryClient(
    () => setUser(queryClient, null),
    () => {
      if (!started) bannedAtBoot = true;
      else void router?.navigate('/pages/ban').then(endBannedSession);
    },
  );
  installBrowserHooks();
  // A page opened without a network hears no 'offline' event: its queries wait for one instead of failing.
  onlineManager.setOnline(navigator.onLine);
  const root = document.getElementById('root');
  if (!root) throw new Error('no #root');

  // I-04: a member's language follows their choice, on the server too.
  const onLocaleChange = (next: Locale) => {
    const user = queryClient.getQueryData<TUserResponse>(['user'])?.user;
    if (!user || user.language === next) return;
    call('PUT /api/user.php', { body: { language: next } }).then(
      (res) => setUser(queryClient, res.user),
      () => {
        // Not saved: the next change or login tries again; the page itself already speaks the language.
      },
    );
  };

  // Issue 24: the server rendered the page. Hydration starts from its answers, locale and loader data, so
  // the first render is the server's and asks the API for none of it again. Read in a task of its own: the
  // modules' evaluation (React, the router, the query cache) is one task already, and parsing the state
  // and filling the cache after it in the same task made it the page's longest (P-01).
  await nextTask();
  const server = readServerState();
  if (server) {
    // The answers are as old as the page, not as the server's clock says: a countdown (the time bonus) is
    // reckoned from this browser's own clock, whatever the two clocks disagree by.
    const now = Date.now();
    for (const query of server.queries.queries) query.state.dataUpdatedAt = now;
    hydrate(queryClient, server.queries);
  }
  const serverSettings = server && queryClient.getQueryData<TSettings>(['settings']);
  // The page's chunk may fail to load (a deploy replaced it): then the app renders in the browser, where
  // the route's error page reloads once (P-09).
  const hydrating =
    server && serverSettings
      ? await Promise.all([loadCatalog(server.locale), createAppRouter(queryClient, server.router)]).catch(
          () => null,
        )
      : null;
  if (server && serverSettings && hydrating) {
    const [catalog, serverRouter] = hydrating;
    router = serverRouter;
    applyTheme(serverSettings.theme);
    started = true;
    firstScreenFromServer();
    // The router's start (matching the page, preloading its chunks) was this task's work: hydration begins
    // in the next one, so the two are not one long task (P-01).
    await nextTask();
    // In a transition: React 19 hydrates a root at default priority in one task, however large the
    // page; at the transition's hydration lane it works in slices of about 5 ms and yields between them
    // (issue 24: the first page's longest task was this one). The page is the server's meanwhile, and a
    // click on a part not yet hydrated makes React hydrate that part first.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <QueryClientProvider client={queryClient}>
            <SiteProvider
              settings={serverSettings}
              locale={server.locale}
              catalog={catalog}
              onLocaleChange={onLocaleChange}
            >
              <RouterProvider router={serverRouter} />
            </SiteProvider>
          </QueryClientProvider>
        </StrictMode>,
      );
    });
    keepForOffline(queryClient);
    // The server set the page's language already; the cookie that keeps it waits on the browser process,
    // so it is written after hydration has begun, not before.
    setTimeout(() => storeLocale(server.locale));
    return;
  }

  // Settings come first (spec §4); a locale cookie lets the catalog load at the same time, and the session
  // is read alongside so the first paint already knows visitor from member. All three are preloaded with
  // the HTML (platform/web.ts), so asking here only picks them up.
  // The service worker's shell without a network (issue 27): the member's answers kept from the last visit.
  const offline = !navigator.onLine;
  if (offline) (await import('./offline/persist.ts')).restoreOffline(queryClient);
  const early = cookieLocale();
  const earlyCatalog = early ? loadCatalog(early) : null;
  const session = offline ? null : queryClient.fetchQuery({ ...userQuery, retry: false }).catch(() => null);
  const settingsAnswer = queryClient.ensureQueryData({ ...settingsQuery, networkMode: 'offlineFirst' });
  // The modules' own code has run in this task; the router starts in the next one (P-01: shorter tasks).
  await nextTask();
  // Before the answers: the router starts loading the matched layout's and page's chunks at once, beside
  // the settings, session, catalog and stylesheet, instead of after them.
  const browserRouter = await createAppRouter(queryClient);
  router = browserRouter;
  const settings = await settingsAnswer;
  const locale = early ?? detectLocale(settings);
  const catalog = await (earlyCatalog ?? loadCatalog(locale));
  await session;
  storeLocale(locale);
  applyTheme(settings.theme);

  started = true;
  if (bannedAtBoot) {
    // Start on the notice itself: the page asked for would only load members' data to be refused.
    await browserRouter.navigate('/pages/ban', { replace: true });
    endBannedSession();
  }
  // The first render in a task of its own, not after whatever answer or stylesheet arrived last.
  await nextTask();
  // Nothing the server drew stays behind (a render it could not finish, or the error page it answered).
  root.replaceChildren();
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <SiteProvider settings={settings} locale={locale} catalog={catalog} onLocaleChange={onLocaleChange}>
          <RouterProvider router={browserRouter} />
        </SiteProvider>
      </QueryClientProvider>
    </StrictMode>,
  );
  keepForOffline(queryClient);
  // No Intl.NumberFormat or DisplayNames on the first screens (i18n/numbers.ts, i18n/region-names.ts): the
  // browser's first such call loads its locale data, 15 to 70 ms on a desktop and four times that on a
  // phone (P-01).
}

boot().catch((err) => {
  // Settings could not load after every retry: say so plainly rather than leave a blank page.
  const root = document.getElementById('root');
  if (root) {
    root.innerHTML =
      '<main style="font-family:system-ui;padding:2rem;max-width:32rem;margin:auto"><h1>Er is een fout opgetreden, probeer het later opnieuw.</h1><p><a href="/">Opnieuw proberen</a></p></main>';
  }
  throw err;
});
