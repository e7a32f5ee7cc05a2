import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Database } from '../db/client.ts';
import type { Metrics } from './metrics.ts';
import { redisAnswers } from './redis.ts';

// A probe answer is JSON that no browser renders and no cache keeps: these two headers are all it needs
// of the page headers (CSP and friends).
const PROBE_HEADERS = { 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };

/** The probe paths, which skip the page headers and the request histogram (load balancers call them often). */
export const isProbe = (url: string) => url === '/healthz' || url === '/readyz';

const LIVENESS_BODY = JSON.stringify({ status: 'ok' });

/**
 * The HTTP server of the app (Fastify's `serverFactory`): GET /healthz, the liveness probe a load
 * balancer calls many times a second, is answered before the framework (the same answer as the route
 * below, which `inject` and tests reach), so a probe costs what a bare node:http answer costs (DESIGN.md
 * §8). Everything else goes to Fastify.
 */
export function appServer(
  handler: RequestListener,
  opts: { keepAliveTimeout?: number; requestTimeout?: number; connectionTimeout?: number } = {},
) {
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (req.method === 'GET' && req.url === '/healthz') {
      res.writeHead(200, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(LIVENESS_BODY),
        ...PROBE_HEADERS,
      });
      res.end(LIVENESS_BODY);
      return;
    }
    handler(req, res);
  });
  // Fastify applies its timeouts only to servers it makes itself: the same here. Node's 5 s keep-alive
  // would close idle connections that clients and proxies still count on (and reset their next request).
  server.keepAliveTimeout = opts.keepAliveTimeout ?? 72_000;
  server.requestTimeout = opts.requestTimeout ?? 0;
  server.setTimeout(opts.connectionTimeout ?? 0);
  return server;
}

/**
 * /healthz (the process runs) and /readyz (the database answers; Redis, when configured, answers or is
 * reported degraded). Registered before the rate limiter, so a probe has no rate-limit hook; the app's own
 * hooks skip probes (`isProbe`): DESIGN.md §8 wants /healthz near a bare node:http server. (Fastify
 * applies a root hook to every route, whatever the context, so the hooks cannot be avoided altogether.)
 */
export async function registerHealth(
  app: FastifyInstance,
  deps: { database: Database; redis: Redis | undefined; metrics: Metrics },
) {
  const { database, redis, metrics } = deps;
  await app.register(async (probes) => {
    probes.get('/healthz', { schema: { hide: true } }, async (_req, reply) => {
      reply.headers(PROBE_HEADERS);
      return { status: 'ok' };
    });
    probes.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
      reply.headers(PROBE_HEADERS);
      try {
        await database.ping();
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: database.driver });
      }
      // Without Redis the site still serves (rate limits count in-process): degraded, not unavailable.
      if (!redis) return { status: 'ready', database: database.driver };
      const ok = await redisAnswers(redis);
      metrics.redisDegraded.set(ok ? 0 : 1);
      return { status: ok ? 'ready' : 'degraded', database: database.driver, redis: ok ? 'ok' : 'degraded' };
    });
  });
}
