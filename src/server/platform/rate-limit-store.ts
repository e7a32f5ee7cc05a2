import { createRequire } from 'node:module';
import type { FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Redis } from 'ioredis';

// The store contract of @fastify/rate-limit (its RedisStore and LocalStore are CommonJS without types).
type Result = { current: number; ttl: number };
type Callback = (err: Error | null, res: Result | null) => void;
interface Store {
  incr(key: string, cb: Callback, timeWindow: number, max: number): void;
  read?(key: string, cb: Callback, timeWindow: number, max: number): void;
  child(routeOptions: unknown): Store;
}

const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key?: string,
) => Store;
const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => Store;

/** How long the limiter leaves Redis alone after a failure before trying it again. */
const RETRY_AFTER_MS = 5000;
/** A Redis answer later than this counts as a failure (the client's own command timeout is the backstop). */
const ANSWER_WITHIN_MS = 500;

export interface FallbackEvents {
  /** Redis failed and the limiter counts in-process; called once per outage. */
  degraded(err: Error): void;
  /** Redis answered again. */
  recovered(): void;
  /** One request counted in-process because Redis was not there. */
  counted(): void;
}

interface Health {
  down: boolean;
  retryAt: number;
}

/**
 * A rate-limit store that counts in Redis (shared by all instances) and, while Redis is down or slow,
 * in this process: limits then hold per instance instead of across them, and no request waits on Redis.
 */
export function fallbackStore(
  redis: Redis,
  nameSpace: string,
  events: FallbackEvents,
): FastifyRateLimitStoreCtor {
  const health: Health = { down: false, retryAt: 0 };

  class FallbackStore implements Store {
    private readonly remote: Store;
    private readonly local: Store;
    constructor(
      options: { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number },
      remote?: Store,
      local?: Store,
    ) {
      const continueExceeding = options.continueExceeding ?? false;
      const backoff = options.exponentialBackoff ?? false;
      this.remote = remote ?? new RedisStore(continueExceeding, backoff, redis, nameSpace);
      this.local = local ?? new LocalStore(continueExceeding, backoff, options.cache);
    }

    incr(key: string, cb: Callback, timeWindow: number, max: number) {
      this.call('incr', key, cb, timeWindow, max);
    }

    read(key: string, cb: Callback, timeWindow: number, max: number) {
      this.call('read', key, cb, timeWindow, max);
    }

    private call(method: 'incr' | 'read', key: string, cb: Callback, timeWindow: number, max: number) {
      const localCall = () => {
        events.counted();
        (this.local[method] ?? this.local.incr).call(this.local, key, cb, timeWindow, max);
      };
      if (health.down && Date.now() < health.retryAt) return localCall();
      let settled = false;
      const fail = (err: Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        health.retryAt = Date.now() + RETRY_AFTER_MS;
        if (!health.down) {
          health.down = true;
          events.degraded(err);
        }
        localCall();
      };
      const timer = setTimeout(() => fail(new Error('Redis did not answer in time')), ANSWER_WITHIN_MS);
      (this.remote[method] ?? this.remote.incr).call(
        this.remote,
        key,
        (err, res) => {
          if (settled) return;
          if (err || !res) return fail(err ?? new Error('no answer'));
          settled = true;
          clearTimeout(timer);
          if (health.down) {
            health.down = false;
            events.recovered();
          }
          cb(null, res);
        },
        timeWindow,
        max,
      );
    }

    child(routeOptions: { continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number }) {
      return new FallbackStore(routeOptions, this.remote.child(routeOptions), this.local.child(routeOptions));
    }
  }
  return FallbackStore as unknown as FastifyRateLimitStoreCtor;
}
