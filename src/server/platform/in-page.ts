import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Api } from '../../shared/contract/api.ts';
import type { EndpointDef } from '../../shared/contract/endpoint.ts';
import { queryFields } from '../../shared/query-fields.ts';
import { wireError } from './errors.ts';
import type { RequestContext } from './route.ts';
import type { SessionUser } from './session.ts';
import type { SiteRow } from './site.ts';

/**
 * The first page's answers without a round trip (issue 24, decision 0035). The server's render of a page
 * asks the API for what the page shows; an endpoint registered with `inPage: true` is answered here by its
 * own handler, guards and schemas, called in-process with the page request's context (site, locale,
 * clock, the session read once for the page), instead of through `app.inject` and the whole Fastify
 * pipeline with a session lookup of its own. Its answer is the same bytes the API would send: the query
 * parsed by the endpoint's schema, its guards run, its answer serialised as the app serialises answers.
 * What cannot be answered here (another endpoint, a query the schema refuses) goes through `inject`.
 */

/** What `route()` hands over of an endpoint that may be answered in a page. */
export interface InPageEndpoint {
  key: string;
  def: EndpointDef;
  guards: preHandlerAsyncHookHandler[];
  handler: (ctx: InPageContext) => unknown;
}

/** The request context `route()` gives a handler (its params, query and body parsed here). */
export type InPageContext = Omit<RequestContext<keyof Api>, 'params' | 'query' | 'body'> & {
  params: unknown;
  query: unknown;
  body: unknown;
};

/** The page request the answers are for, resolved once by platform/web.ts. */
export interface PageRequest {
  req: FastifyRequest;
  reply: FastifyReply;
  site: SiteRow;
  now: Date;
  viewer: SessionUser | null;
  bannedSession: number | null;
  /** The request headers the API call carries (the page's, with its language). */
  headers: Record<string, string>;
}

interface Registered extends InPageEndpoint {
  path: RegExp;
  names: string[];
  serialize: (data: unknown) => string;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The GET endpoints a page's render may answer in-process (platform/in-page.ts). */
    inPageEndpoints: Registered[];
  }
}

/**
 * The answers' serialiser of the whole app: checked against their zod schema in development and tests,
 * where a wrong shape should fail loudly; production trusts the presenters and saves the validation.
 */
export function answerSerializerCompiler(env: string): typeof serializerCompiler {
  return env === 'production' ? () => (data) => JSON.stringify(data) : serializerCompiler;
}

export function registerInPage(app: FastifyInstance): void {
  app.decorate('inPageEndpoints', [] as Registered[]);
}

/** Called by `route()` for an endpoint with `inPage: true`. */
export function addInPageEndpoint(app: FastifyInstance, endpoint: InPageEndpoint): void {
  const path = endpoint.key.slice(endpoint.key.indexOf(' ') + 1);
  if (!endpoint.key.startsWith('GET '))
    throw new Error(`${endpoint.key}: only GET endpoints are answered in a page`);
  const names: string[] = [];
  const pattern = path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  if (endpoint.guards.some((guard) => guard.length > 2))
    throw new Error(`${endpoint.key}: a guard of an endpoint answered in a page must be async`);
  const serialize = answerSerializerCompiler(app.config.env)({
    schema: endpoint.def.answer,
    method: 'GET',
    url: path,
    httpStatus: '200',
  } as Parameters<typeof serializerCompiler>[0]);
  app.inPageEndpoints.push({ ...endpoint, path: new RegExp(`^${pattern}$`), names, serialize });
}

const limiters = new WeakMap<FastifyInstance, ReturnType<FastifyInstance['createRateLimit']>>();

const parsed = (schema: unknown, data: unknown): { value: unknown } | null => {
  if (!schema) return { value: data };
  const result = validatorCompiler({ schema } as Parameters<typeof validatorCompiler>[0])(data) as {
    value?: unknown;
    error?: unknown;
  };
  return result.error ? null : { value: result.value };
};

/**
 * The answer of `GET url` for the page's visitor, or null when it is not one to answer here (then the
 * caller asks through `inject`).
 */
export async function answerInPage(
  app: FastifyInstance,
  page: PageRequest,
  url: string,
): Promise<Response | null> {
  const address = new URL(url, 'http://in-page');
  const found = app.inPageEndpoints.find((e) => e.path.test(address.pathname));
  if (!found) return null;
  const match = found.path.exec(address.pathname) ?? [];
  let rawParams: Record<string, string>;
  try {
    rawParams = Object.fromEntries(
      found.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]),
    );
  } catch {
    return null;
  }
  const params = parsed(found.def.params, rawParams);
  const query = parsed(found.def.query, queryFields(address.searchParams));
  // The API's own 400 with its field messages: through inject.
  if (!params || !query) return null;
  // The page's request as this call sees it: its own address, params and query, the API's headers (the
  // page's language), and the session read once for the page. Everything else (cookies, address, host,
  // geo) is the page request's, which is the visitor's.
  const req: FastifyRequest = Object.create(page.req, {
    url: { value: `${address.pathname}${address.search}` },
    headers: { value: page.headers },
    params: { value: params.value },
    query: { value: query.value },
    body: { value: undefined },
    user: { value: page.viewer, writable: true },
    bannedSession: { value: page.bannedSession, writable: true },
  });
  const site = page.site;
  const locale = req.locale(site);
  try {
    // Counted by the API's rate limit as the browser's own call would be (the limiter's store and key).
    limiters.set(app, limiters.get(app) ?? app.createRateLimit());
    const limit = await limiters.get(app)?.(req);
    if (limit && !limit.isAllowed && limit.isExceeded)
      throw Object.assign(new Error('rate limited'), { statusCode: 429 });
    for (const guard of found.guards) await guard.call(app, req, page.reply);
    const answer = await found.handler({
      req,
      // The page's reply: a handler here sets no more than headers about caching, which the page sets
      // again for itself (a member's page is never stored by anyone, platform/web.ts).
      reply: page.reply,
      site,
      locale,
      now: page.now,
      viewer: page.viewer,
      params: params.value,
      query: query.value,
      body: undefined,
    });
    return new Response(found.serialize(answer), {
      status: 200,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  } catch (err) {
    const wire = wireError(err, locale, { min_age: site.minAge });
    if (wire.log === 'error') page.req.log.error({ err, endpoint: found.key }, 'in-page answer failed');
    return new Response(JSON.stringify(wire.body), {
      status: wire.status,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  }
}
