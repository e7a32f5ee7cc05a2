import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** One registry per app instance, so tests that build many apps do not share counters. */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpDuration: new Histogram({
      name: 'vonk_http_request_duration_seconds',
      help: 'HTTP request duration by route and status',
      labelNames: ['method', 'route', 'status'] as const,
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    pageBounce: new Histogram({
      name: 'vonk_page_bounce_seconds',
      help: 'Time on a landing page marked with lb before it was hidden',
      labelNames: ['path', 'network'] as const,
      buckets: [2, 5, 10, 30, 60, 180, 600],
      registers: [registry],
    }),
    pageHidden: new Counter({
      name: 'vonk_page_hidden_total',
      help: 'Page-hidden beacons received',
      registers: [registry],
    }),
    redisDegraded: new Gauge({
      name: 'vonk_redis_degraded',
      help: '1 while Redis is configured but not answering (rate limits count in-process)',
      registers: [registry],
    }),
    rateLimitLocalCounts: new Counter({
      name: 'vonk_rate_limit_local_total',
      help: 'Requests the rate limiter counted in-process because Redis was down',
      registers: [registry],
    }),
  };
}
export type Metrics = ReturnType<typeof createMetrics>;
