import { afterAll, describe, expect, it } from 'vitest';
import { CLOSE_CODES } from '../../../shared/contract/realtime.ts';
import { createSession, SESSION_COOKIE } from '../../platform/session.ts';
import { connectSocket } from '../../test/chat.ts';
import { sharedInstances } from '../../test/instances.ts';
import { buildMember, TEST_PASSWORD } from '../../test/members.ts';
import { banMember } from '../accounts/index.ts';

// Two app instances on one PostgreSQL database and one Redis, as behind a load balancer.
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const SLOW = 120_000;

describe.runIf(pgUrl && redisUrl)('A-10 P-16 standing changes reach sockets on every instance', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  async function twoInstances() {
    const { database, instance } = await sharedInstances(redisUrl ?? '', cleanups);
    const [one, two] = [await instance(), await instance()];
    // Wait until instance 2 hears what instance 1 publishes (its subscription is up).
    const probe = await buildMember(database.db);
    const listener = await connectSocket(two.base, probe.cookie);
    for (let heard = false; !heard; ) {
      one.app.bus.publishToMember(probe.id, { type: 'counts' });
      heard = await listener
        .next('counts', () => true, 100)
        .then(
          () => true,
          () => false,
        );
    }
    listener.socket.close();
    return { database, one, two };
  }

  it(
    'A-10 P-16 a ban through instance 1 closes the member’s socket on instance 2 at once with 4403',
    async () => {
      const { database, one, two } = await twoInstances();
      const a = await buildMember(database.db, { paidUser: true, credits: 10 });
      const b = await buildMember(database.db);
      const [banned, bystander] = [
        await connectSocket(two.base, a.cookie),
        await connectSocket(two.base, b.cookie),
      ];
      const started = Date.now();
      await banMember(database.db, a.id, 'spam', new Date(), one.app.bus);
      expect((await banned.waitClose(1000)).code).toBe(CLOSE_CODES.banned);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(bystander.closed()).toBeNull();
      bystander.socket.close();

      // A password change through instance 1 closes the other sessions' sockets on instance 2.
      const c = await buildMember(database.db);
      const token = await createSession(database.db, c.id, 'other device');
      const elsewhere = await connectSocket(two.base, `${SESSION_COOKIE}=${token}`);
      const res = await one.app.inject({
        method: 'PUT',
        url: '/api/account/password',
        cookies: c.cookies,
        payload: {
          old_password: TEST_PASSWORD,
          password: 'een-heel-nieuw-wachtwoord-1',
          password_confirm: 'een-heel-nieuw-wachtwoord-1',
        },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await elsewhere.waitClose(1000)).code).toBe(CLOSE_CODES.unauthenticated);
    },
    SLOW,
  );
});
