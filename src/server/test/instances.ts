import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { seedDemo } from '../demo/seed.ts';
import { createRedisBus } from '../platform/bus.ts';
import { createTestDatabase } from './app.ts';
import { listenOn } from './chat.ts';

export interface Instance {
  app: FastifyInstance;
  /** Where it listens, for sockets. */
  base: string;
  close(): Promise<void>;
}

/**
 * App instances on one seeded database and one Redis, as behind a load balancer: `instance()` starts one
 * more (and another after one closed, as a restart). Everything made goes into `cleanups`.
 */
export async function sharedInstances(redisUrl: string, cleanups: (() => Promise<unknown>)[]) {
  const database = await createTestDatabase();
  cleanups.push(() => database.drop());
  await seedDemo(database.db);
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/vonk-test', RATE_LIMIT_FACTOR: '100' });
  const ns = randomBytes(4).toString('hex');
  const instance = async (): Promise<Instance> => {
    const redis = new Redis(redisUrl, { keyPrefix: `t${ns}:`, maxRetriesPerRequest: 1 });
    const bus = createRedisBus(redis, { channel: `vonk-test:${ns}` });
    const app = await buildApp({ config, database, redis, bus });
    await app.ready();
    const base = await listenOn(app);
    const close = async () => {
      await app.close();
      redis.disconnect();
    };
    cleanups.push(close);
    return { app, base, close };
  };
  return { database, instance };
}
