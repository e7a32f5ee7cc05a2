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
