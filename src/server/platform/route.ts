import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preHandlerAsyncHookHandler,
  RouteHandlerMethod,
  RouteShorthandOptions,
} from 'fastify';
import type { WebSocket } from 'ws';
import { API, API_TAGS, type Api } from '../../shared/contract/api.ts';
import {
  type AnswerIn,
  type BodyOf,
  type EndpointDef,
  methodAndPath,
  type ParamsOf,
  type QueryOf,
} from '../../shared/contract/endpoint.ts';
import { errorResponses } from '../../shared/contract/errors.ts';
import type { Locale } from '../../shared/i18n/locales.ts';
import { addInPageEndpoint, type InPageContext } from './in-page.ts';
import type { SessionUser } from './session.ts';
import type { SiteRow } from './site.ts';

/**
 * What a handler knows of its request, resolved once before it runs (issue 22, scope 5): the site of the
 * host, the request's locale, one clock reading for the whole request, the signed-in member if any, and
 * the parsed params, query and body of its endpoint.
 */
export interface RequestContext<K extends keyof Api> {
  req: FastifyRequest;
  reply: FastifyReply;
  site: SiteRow;
  locale: Locale;
  now: Date;
  /** The signed-in member, or null for a visitor (routes behind `requireUser` may use `currentUser`). */
  viewer: SessionUser | null;
  params: ParamsOf<Api[K]>;
  query: QueryOf<Api[K]>;
  body: BodyOf<Api[K]>;
}

/**
 * The route options an endpoint may add: its guards, rate limit and config, never its schema. `inPage`: a
 * GET whose handler reads only its context and sets no more than caching headers, so a page's server
 * render may answer it in-process (platform/in-page.ts, decision 0035); its guards must be async
 * preHandlers.
 */
export type RouteOptions = Pick<
  RouteShorthandOptions,
  'preHandler' | 'preValidation' | 'onRequest' | 'config' | 'bodyLimit' | 'logLevel'
> & { inPage?: true };

type Handler<K extends keyof Api> = (
  ctx: RequestContext<K>,
) => Promise<AnswerIn<Api[K]> | FastifyReply> | AnswerIn<Api[K]> | FastifyReply;

const DEFAULT_ERRORS = [400, 403, 404, 422, 429] as const;

/** The success statuses of an endpoint and its answer's schema under each. */
function answers(def: EndpointDef, status: number): Record<number, unknown> {
  return { [status]: def.answer, ...(def.replayStatus ? { [def.replayStatus]: def.answer } : {}) };
}

/**
 * Registers the route of one endpoint of the contract: its method, path and schemas come from
 * `shared/contract`, the guards and the handler from the feature. Every `/api/` route is registered
 * through this (the endpoints test compares the routes with the list).
 */
export function route<K extends keyof Api>(
  app: FastifyInstance,
  key: K,
  options: RouteOptions,
  handler: Handler<K>,
): void {
  const def: EndpointDef = API[key];
  const { method, path } = methodAndPath(key);
  const status: number = def.status ?? 200;
  const errors = errorResponses(...(def.errors ?? DEFAULT_ERRORS));
  const { inPage, ...fastifyOptions } = options;
  if (inPage) {
    if (options.preValidation || options.onRequest)
      throw new Error(`${key}: an endpoint answered in a page has preHandler guards only`);
    addInPageEndpoint(app, {
      key,
      def,
      guards: [options.preHandler ?? []].flat() as preHandlerAsyncHookHandler[],
      handler: handler as (ctx: InPageContext) => unknown,
    });
  }
  app.route({
    method,
    url: path,
    ...fastifyOptions,
    config: { ...(options.config as object | undefined), endpoint: key },
    schema: {
      ...(def.hidden ? { hide: true } : {}),
      tags: [API_TAGS[key]],
      summary: def.summary,
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      ...(def.body ? { body: def.body } : {}),
      ...(def.consumes ? { consumes: [...def.consumes] } : {}),
      response: def.answer ? { ...answers(def, status), ...errors } : errors,
    },
    handler: async (req, reply) => {
      const site = await req.server.sites(req.host);
      if (status !== 200) reply.code(status);
      return handler({
        req,
        reply,
        site,
        locale: req.locale(site),
        now: new Date(),
        viewer: req.user,
        params: req.params as ParamsOf<Api[K]>,
        query: req.query as QueryOf<Api[K]>,
        body: req.body as BodyOf<Api[K]>,
      });
    },
  });
}

/**
 * Registers an endpoint of the contract that upgrades to a WebSocket (`answer: null`): the guards run on the
 * upgrade request, and the handler gets the socket (@fastify/websocket must be registered first).
 */
export function socketRoute<K extends keyof Api>(
  app: FastifyInstance,
  key: K,
  options: RouteOptions,
  handler: (socket: WebSocket, req: FastifyRequest) => Promise<void> | void,
): void {
  const def: EndpointDef = API[key];
  const { path } = methodAndPath(key);
  app.route({
    method: 'GET',
    url: path,
    ...options,
    websocket: true,
    config: { ...(options.config as object | undefined), endpoint: key },
    schema: {
      tags: [API_TAGS[key]],
      summary: def.summary,
      ...(def.params ? { params: def.params } : {}),
      ...(def.query ? { querystring: def.query } : {}),
      response: errorResponses(...(def.errors ?? DEFAULT_ERRORS)),
    },
    handler: handler as unknown as RouteHandlerMethod,
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's key of the endpoint a route serves (`route()` sets it). */
    endpoint?: string;
  }
}
