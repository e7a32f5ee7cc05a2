import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app.ts';

// Runs where a Redis server is given (`npm run test:pg` sets TEST_REDIS_URL; CI runs it).
const url = process.env.TEST_REDIS_URL;

describe.runIf(url)('with Redis', () => {
  const clients: Redis[] = [];
  afterAll(async () => {
    for (const c of clients) await c.quit();
  });

  it('P-16 two instances share the rate-limit counters of one address', async () => {
    // A fresh key space per run, so earlier runs and other suites do not count.
    const ns = randomBytes(4).toString('hex');
    const redis = () => {
      const c = new Redis(url ?? '', { keyPrefix: `t${ns}:`, maxRetriesPerRequest: 3 });
      clients.push(c);
      return c;
    };
    const a = await createTestApp({ RATE_LIMIT_FACTOR: '1' }, { redis: redis() });
    const b = await createTestApp({ RATE_LIMIT_FACTOR: '1' }, { redis: redis() });
    try {
      const login = (app: typeof a, i: number) =>
        app.app.inject({
          method: 'POST',
          url: '/api/user.php',
          payload: { email: `r${i}@example.test`, password: 'x' },
          remoteAddress: '10.20.30.40',
        });
      // The login limit is 20 a minute per address: 10 on each instance use it up together.
      for (let i = 0; i < 10; i++) {
        expect((await login(a, i)).statusCode).toBe(401);
        expect((await login(b, i)).statusCode).toBe(401);
      }
      expect((await login(a, 99)).statusCode).toBe(429);
      expect((await login(b, 99)).statusCode).toBe(429);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
