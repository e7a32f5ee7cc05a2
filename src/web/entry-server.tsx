// The server's render of a first page (issue 24): the same route table, providers and components as the
// browser's app (main.tsx), rendered with React's streaming renderer from answers the server asked of its
// own API, in-process, with the visitor's cookies. platform/web.ts puts the HTML and the state in the page.
import { AsyncLocalStorage } from 'node:async_hooks';
import { Writable } from 'node:stream';
import {
  type DefaultedQueryObserverOptions,
  dehydrate,
  type QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import { StrictMode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import type { IntlCache } from 'react-intl';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { TUserResponse } from '../shared/contract/accounts.ts';
import type { TSettings } from '../shared/contract/site.ts';
import type { Locale } from '../shared/i18n/locales.ts';
import { matchRoute } from '../shared/routes.ts';
import { ApiError, createQueryClient, setApiFetch } from './api/client.ts';
import { userQuery } from './api/session.ts';
import { settingsQuery } from './api/site.ts';
import { HeadCollector, type PageHead } from './head.tsx';
import { loadCatalog } from './i18n/locale.ts';
import { createCountingIntlCache } from './i18n/numbers.ts';
import { createRouteTree, firstPageTree } from './router.tsx';
import { SiteProvider } from './site-context.tsx';
import { type ServerState, serializeState } from './ssr-state.ts';
import { setSearchSource } from './tracking.ts';

type Fetcher = (url: string, init: RequestInit) => Promise<Response>;

const rendering = new AsyncLocalStorage<{ fetch: Fetcher; search: string }>();
setApiFetch(
  () =>
    rendering.getStore()?.fetch ??
    (() => Promise.reject(new Error('the API was asked outside a page render on the server'))),
);
// The traffic source of the address being rendered (A-02: who may sign up), as the browser reads it.
setSearchSource(() => rendering.getStore()?.search ?? '');

export interface RenderInput {
  /** The page's absolute address as the visitor asked for it. */
  url: string;
  locale: Locale;
  /** The API, in-process, as the visitor (their cookies, address and headers). */
  fetch: Fetcher;
  /** The settings answer for this address, as the browser's app would ask it. */
  settingsUrl: string;
  /** The request's CSP nonce, for the inline scripts with which React reveals parts that finished later. */
  nonce: string;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  /** A page the server cannot render as the browser would (a banned session): the browser renders it. */
  | { kind: 'browser' }
  | { kind: 'page'; status: number; html: string; state: string; head: PageHead; member: boolean };

/** At most this many renders: each may find queries the one before did not ask for (a page's parts). */
const MAX_PASSES = 3;

/**
 * Per kind of page (its routes, member or visitor), the queries every render of it asked for so far: only
 * what all of them shared stays (a profile's id or a member's own search key drops out at the second
 * render), so what is learned is what the page always needs. Bounded by the route table.
 */
const learned = new Map<string, Map<string, Asked>>();

function learn(kind: string, asked: Map<string, Asked>) {
  const known = learned.get(kind);
  if (!known) {
    learned.set(kind, new Map(asked));
    return;
  }
  for (const hash of known.keys()) if (!asked.has(hash)) known.delete(hash);
}

/** react-intl's formatters per locale, shared by every render (they depend on locale and message only). */
const intlCaches = new Map<Locale, IntlCache>();
const intlCacheFor = (locale: Locale) => {
  let cache = intlCaches.get(locale);
  if (!cache) {
    cache = createCountingIntlCache();
    intlCaches.set(locale, cache);
  }
  return cache;
};

/**
 * A query client that notes every enabled query the render asked for, so the answers a page needs are
 * found by rendering it rather than listed by hand beside each page.
 */
type Asked = DefaultedQueryObserverOptions<unknown, Error, unknown, unknown, readonly unknown[]>;

function recordingClient(): { client: QueryClient; asked: Map<string, Asked> } {
  const asked = new Map<string, Asked>();
  const client = createQueryClient(
    () => {},
    () => {},
  );
  // A page waits for nobody's retries: what fails is left loading, for the browser to ask again.
  client.setDefaultOptions({
    ...client.getDefaultOptions(),
    queries: { ...client.getDefaultOptions().queries, retry: false },
  });
  const defaults = client.defaultQueryOptions.bind(client);
  client.defaultQueryOptions = ((options: Parameters<typeof defaults>[0]) => {
    const defaulted = defaults(options);
    if (defaulted.enabled === undefined || defaulted.enabled === true) {
      asked.set(defaulted.queryHash, defaulted as Asked);
    }
    return defaulted;
  }) as typeof client.defaultQueryOptions;
  return { client, asked };
}

/** A page whose parts have not all rendered by then is left to the browser (a part that waits forever). */
const RENDER_TIMEOUT_MS = 3000;

class RenderTimeout extends Error {}

function renderHtml(app: React.ReactNode, nonce: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let html = '';
    const timer = setTimeout(() => {
      stream.abort();
      reject(new RenderTimeout(`render took over ${RENDER_TIMEOUT_MS} ms`));
    }, RENDER_TIMEOUT_MS);
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        html += chunk.toString('utf8');
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(app, {
      nonce,
      // Every part, lazy ones included, is in the page: a search engine and a phone get the whole first screen.
      onAllReady: () => stream.pipe(sink),
      // The page is sent whole (onAllReady), so no part is worth streaming on its own: by default React moves
      // a finished part over 12.8 kB (the home page's strip of member cards) out of its place into a hidden
      // div and reveals it with an inline script a frame later (and up to 300 ms later, batched with other
      // reveals), a long main-thread task that moved the page's DOM after its first paint.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellError: (err) => {
        clearTimeout(timer);
        reject(err);
      },
      onError: (err) => {
        clearTimeout(timer);
        reject(err);
      },
    });
  });
}

export async function render(input: RenderInput): Promise<RenderResult> {
  try {
    return await renderPage(input);
  } catch (err) {
    if (err instanceof RenderTimeout) return { kind: 'browser' };
    throw err;
  }
}

async function renderPage(input: RenderInput): Promise<RenderResult> {
  return rendering.run({ fetch: input.fetch, search: new URL(input.url).search }, async () => {
    const { client, asked } = recordingClient();
    const [settings, session, catalog] = await Promise.all([
      client
        .fetchQuery({
          queryKey: settingsQuery.queryKey,
          queryFn: () =>
            input.fetch(input.settingsUrl, { headers: { accept: 'application/json' } }).then(async (res) => {
              if (!res.ok) throw new Error(`settings: HTTP ${res.status}`);
              return (await res.json()) as TSettings;
            }),
          staleTime: Number.POSITIVE_INFINITY,
          // A page waits for nobody's retries: without settings it is the browser's to render.
          retry: false,
        })
        .catch(() => null),
      client.fetchQuery({ ...userQuery, retry: false }).catch(() => null),
      loadCatalog(input.locale),
    ]);
    // Not answered now (over the visitor's rate limit, the database away): the browser's app asks again.
    if (!settings) return { kind: 'browser' };
    // a banned session is ended by the browser's app on the ban page; nothing to render for it here.
    if (!session) return { kind: 'browser' };
    const member = Boolean((session as TUserResponse).user);

    // The page's own route only, as the browser's router starts (router.tsx); the whole table when
    // react-router's matching disagrees with the route's name (shared/routes.ts).
    const tree = createRouteTree(client);
    const leaf = matchRoute(new URL(input.url).pathname) ?? 'not-found';
    const [root] = tree;
    let handler = createStaticHandler(root?.children ? firstPageTree(root, leaf) : tree);
    let context = await handler.query(new Request(input.url));
    if (!(context instanceof Response) && context.matches.at(-1)?.route.id !== leaf) {
      handler = createStaticHandler(tree);
      context = await handler.query(new Request(input.url));
    }
    if (context instanceof Response) {
      const location = context.headers.get('location');
      if (location && context.status >= 300 && context.status < 400) {
        return { kind: 'redirect', status: context.status, location };
      }
      return { kind: 'browser' };
    }
    // A loader that failed: the browser's app shows its own error page and may retry.
    if (context.errors) return { kind: 'browser' };
    const router = createStaticRouter(handler.dataRoutes, context);
    const tried = new Set<string>();
    // Queries the API answered "not found": the page's own (an unknown profile, chat or payment) make it a 404.
    const notFound = new Set<string>();
    const fetchMissing = (queries: [string, Asked][]) =>
      Promise.all(
        queries.map(async ([hash, options]) => {
          tried.add(hash);
          await client.fetchQuery({ ...options, queryKey: options.queryKey, retry: false }).catch((err) => {
            if (err instanceof ApiError && err.status === 404) notFound.add(hash);
            // Not answerable now: the page renders it loading, as the browser's first render will, and asks.
            client.removeQueries({ queryKey: options.queryKey, exact: true });
          });
        }),
      );
    const missingOf = (queries: Iterable<[string, Asked]>) =>
      [...queries].filter(
        ([hash, options]) => !tried.has(hash) && client.getQueryState(options.queryKey)?.data === undefined,
      );
    // What every earlier render of this kind of page asked for (the layout's counts, the time bonus...)
    // is asked at once, beside each other, instead of being found one render at a time.
    const kind = `${context.matches.map((m) => m.route.id).join('/')}:${member ? 'member' : 'visitor'}`;
    const known = learned.get(kind);
    if (known) await fetchMissing(missingOf(known));
    const everAsked = new Map<string, Asked>();
    let html = '';
    let head: PageHead = {};
    for (let pass = 1; pass <= MAX_PASSES; pass++) {
      asked.clear();
      head = {};
      html = await renderHtml(
        <StrictMode>
          <HeadCollector value={head}>
            <QueryClientProvider client={client}>
              <SiteProvider
                settings={settings}
                locale={input.locale}
                catalog={catalog}
                intlCache={intlCacheFor(input.locale)}
              >
                <StaticRouterProvider router={router} context={context} hydrate={false} />
              </SiteProvider>
            </QueryClientProvider>
          </HeadCollector>
        </StrictMode>,
        input.nonce,
      );
      if (head.redirect) return { kind: 'redirect', status: 302, location: head.redirect };
      for (const entry of asked) everAsked.set(...entry);
      const missing = missingOf(asked);
      if (missing.length === 0 || pass === MAX_PASSES) break;
      await fetchMissing(missing);
    }
    learn(kind, everAsked);
    const state: ServerState = {
      locale: input.locale,
      // Only what this page asked for: not what an earlier render of its kind taught to ask for at once.
      queries: dehydrate(client, {
        shouldDehydrateQuery: (query) => query.state.status === 'success' && everAsked.has(query.queryHash),
      }),
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    };
    // The page of an address with an id whose thing is gone answers 404 (the browser shows its not-found
    // text): search engines drop it, a shared dead link says so.
    const withId = context.matches.some((m) => m.route.path?.includes(':'));
    const gone = [...notFound].some((hash) => everAsked.has(hash));
    const status = gone && withId ? 404 : context.statusCode;
    return { kind: 'page', status, html, state: serializeState(state), head, member };
  });
}

export { iconSprite } from './components/lucide-icon.ts';
