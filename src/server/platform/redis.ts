import { Redis, type RedisOptions } from 'ioredis';

/**
 * Redis is optional and must never take the API down: every call is bounded (connect 2 s, command 500 ms,
 * no retry of a failed command), and while the connection is down commands fail at once instead of
 * queueing, so callers fall back (the rate limiter counts in-process) and the request goes on.
 */
export const REDIS_OPTIONS: RedisOptions = {
  connectTimeout: 2000,
  commandTimeout: 500,
  maxRetriesPerRequest: 0,
  enableOfflineQueue: false,
  // Keep trying to reconnect in the background, at most every 2 s.
  retryStrategy: (times) => Math.min(times * 200, 2000),
};

export interface RedisLog {
  warn(obj: object, msg: string): void;
  info(obj: object, msg: string): void;
}

/**
 * A client for REDIS_URL. Connection errors are logged once per outage (ioredis reports every failed
 * reconnect), and the recovery once.
 */
export function createRedis(url: string, log: () => RedisLog, options: RedisOptions = {}): Redis {
  const redis = new Redis(url, { ...REDIS_OPTIONS, ...options });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log().warn({ err: { message: err.message } }, 'Redis unreachable: continuing without it');
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log().info({}, 'Redis reachable again');
  });
  return redis;
}

/** Whether Redis answers a PING within `ms`. */
export async function redisAnswers(redis: Redis, ms = 300): Promise<boolean> {
  if (redis.status !== 'ready') return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      redis.ping().then((r) => r === 'PONG'),
      new Promise<boolean>((done) => {
        timer = setTimeout(() => done(false), ms);
      }),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
