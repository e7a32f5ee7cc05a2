import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { ZAdminSite } from '../../../shared/contract/admin-sites.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createRedisBus } from '../../platform/bus.ts';
import { createTestDatabase } from '../../test/app.ts';
import { buildStaff } from '../../test/staff.ts';

// Two app instances on one PostgreSQL database and one Redis, as behind a load balancer (issue 23 item 5).
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(pgUrl && redisUrl)('O-04 a site edited on one instance shows on every instance', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  async function twoInstances() {
    const database = await createTestDatabase({ seeded: true });
    cleanups.push(() => database.drop());
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/vonk-test', RATE_LIMIT_FACTOR: '100' });
    const ns = randomBytes(4).toString('hex');
    const instance = async () => {
      const redis = new Redis(redisUrl ?? '', { keyPrefix: `t${ns}:`, maxRetriesPerRequest: 1 });
      const bus = createRedisBus(redis, { channel: `vonk-test:${ns}` });
      const app = await buildApp({ config, database, redis, bus });
      await app.ready();
      cleanups.push(async () => {
        await app.close();
        redis.disconnect();
      });
      return app;
    };
    const [a, b] = [await instance(), await instance()];
    // Wait until B hears what A publishes (its subscription is up).
    for (let heard = false; !heard; ) {
      const got = new Promise<boolean>((resolve) => {
        const off = b.bus.onNotice(() => {
          off();
          resolve(true);
        });
        setTimeout(() => {
          off();
          resolve(false);
        }, 100);
      });
      a.bus.notify({ kind: 'sites_changed', siteId: null });
      heard = await got;
    }
    return { database, a, b };
  }

  it('O-04 an admin changes the name and message cost through instance A; instance B’s /api/settings shows both within a second', async () => {
    const { database, a, b } = await twoInstances();
    const admin = await buildStaff(database.db, { roles: ['admin'] });
    const settingsOnB = async () =>
      (await b.inject({ url: '/api/settings', headers: { host: 'localhost' } })).json();

    // B reads the site first, so its resolver holds the old row (kept 30 s without a notice).
    const old = await settingsOnB();
    expect(old.name).toBe('Vonk');
    expect(old.minimum_message_costs.NL.costs).toBe(29);

    const site = ZAdminSite.parse(
      (await a.inject({ url: '/api/admin/sites/1', cookies: admin.cookies })).json(),
    );
    const changed = {
      domain: site.domain,
      company_id: site.company_id,
      settings: {
        ...site.settings,
        name: 'Vonk Overal',
        minimum_message_costs: { ...site.settings.minimum_message_costs, NL: { costs: 45, currency: 'EUR' } },
      },
    };
    const saved = await a.inject({
      method: 'PUT',
      url: '/api/admin/sites/1',
      cookies: admin.cookies,
      payload: changed,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const started = Date.now();

    let seen: { name: string; minimum_message_costs: Record<string, { costs: number }> } = old;
    while (Date.now() - started < 1000) {
      seen = await settingsOnB();
      if (seen.name === 'Vonk Overal') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(seen.name).toBe('Vonk Overal');
    expect(seen.minimum_message_costs.NL?.costs).toBe(45);
    expect(Date.now() - started).toBeLessThan(1000);
    // And on A itself.
    expect((await a.inject({ url: '/api/settings', headers: { host: 'localhost' } })).json().name).toBe(
      'Vonk Overal',
    );
  });
});
