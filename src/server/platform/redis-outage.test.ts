import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';
import { clientId, connectSocket, listenOn, openChat, sendOverSocket, sendText } from '../test/chat.ts';
import { buildMember } from '../test/members.ts';
import { createRedis } from './redis.ts';

// Runs in `npm run test:pg` (which sets TEST_REDIS_URL) where a redis-server binary is installed: the test
// starts a private Redis of its own, so it can kill it without disturbing anyone.
const haveRedisServer = spawnSync('redis-server', ['--version']).status === 0;

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? done(address.port) : fail(new Error('no port')),
      );
    });
  });
}

function startRedis(port: number): ChildProcess {
  return spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
}

const quiet = { warn: () => {}, info: () => {} };

/** Fails instead of hanging when the app does not answer: the outage must not make requests wait. */
async function withinSeconds<T>(seconds: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, fail) => {
        timer = setTimeout(() => fail(new Error(`no answer within ${seconds} s`)), seconds * 1000);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function until(check: () => Promise<boolean>, seconds: number) {
  await vi.waitFor(
    async () => {
      if (!(await check())) throw new Error('condition not met in time');
    },
    { timeout: seconds * 1000, interval: 50 },
  );
}

describe.runIf(process.env.TEST_REDIS_URL && haveRedisServer)('issue 10 item 2: Redis outages', () => {
  const cleanup: (() => Promise<unknown> | unknown)[] = [];
  afterAll(async () => {
    for (const c of cleanup.reverse()) await c();
  });

  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });

  /** A redis-server of this test's own on a free port, and a client of it; both go after the file. */
  async function privateRedis() {
    const port = await freePort();
    const own = {
      port,
      server: startRedis(port),
      redis: createRedis(`redis://127.0.0.1:${port}`, () => quiet),
    };
    cleanup.push(() => own.server.kill('SIGKILL'));
    cleanup.push(() => own.redis.disconnect());
    await until(async () => own.redis.status === 'ready', 15);
    return own;
  }

  it('P-16 Redis killed mid-run: the API answers at once, limits hold in-process, /readyz says degraded, and it recovers', async () => {
    const own = await privateRedis();
    const { port, redis } = own;
    const t: TestApp = await createTestApp({ RATE_LIMIT_FACTOR: '1' }, { redis, logStream });
    cleanup.push(() => t.close());

    const login = (i: number) =>
      withinSeconds(
        3,
        t.app.inject({
          method: 'POST',
          url: '/api/user.php',
          payload: { email: `outage${i}@example.test`, password: 'x' },
          remoteAddress: '10.44.0.1',
        }),
      );
    const ready = async () => (await withinSeconds(3, t.app.inject({ url: '/readyz' }))).json();

    expect(await ready()).toMatchObject({ status: 'ready', redis: 'ok' });
    for (let i = 0; i < 5; i++) expect((await login(i)).statusCode).toBe(401);
    expect((await redis.keys('vonk-rl:*')).length, 'counted in Redis while it was up').toBeGreaterThan(0);

    own.server.kill('SIGKILL');
    await new Promise((done) => own.server.once('exit', done));

    const codes: number[] = [];
    for (let i = 0; i < 25; i++) codes.push((await login(i)).statusCode);
    expect(codes.every((c) => c === 401 || c === 429)).toBe(true);
    expect(codes.filter((c) => c === 401).length, 'the in-process counter starts afresh').toBe(20);
    expect(
      codes.slice(20).every((c) => c === 429),
      'and still enforces the limit',
    ).toBe(true);
    expect((await withinSeconds(3, t.app.inject({ url: '/api/settings' }))).statusCode).toBe(200);
    expect((await withinSeconds(3, t.app.inject({ url: '/healthz' }))).statusCode).toBe(200);

    const readyz = await withinSeconds(3, t.app.inject({ url: '/readyz' }));
    expect(readyz.statusCode).toBe(200);
    expect(readyz.json()).toMatchObject({ status: 'degraded', redis: 'degraded' });
    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    expect(metrics).toMatch(/^vonk_redis_degraded 1$/m);
    expect(metrics).toMatch(/^vonk_rate_limit_local_total [1-9]/m);
    const warnings = logLines.filter((l) => l.includes('rate limits count in this process'));
    expect(warnings.length, 'logged once, not per request').toBe(1);

    // Redis comes back on the same port: the client reconnects and the limiter shares counters again.
    own.server = startRedis(port);
    await until(async () => (await ready()).redis === 'ok', 20);
    await until(async () => {
      await t.app.inject({ url: '/api/settings', remoteAddress: '10.44.0.2' });
      return (await redis.keys('vonk-rl:*')).length > 0;
    }, 20);
    expect((await t.app.inject({ url: '/metrics' })).body).toMatch(/^vonk_redis_degraded 0$/m);
  }, 90_000);

  it('P-16 a REDIS_URL that points at nothing: requests answer at once and /readyz says degraded', async () => {
    const port = await freePort();
    const redis = createRedis(`redis://127.0.0.1:${port}`, () => quiet);
    cleanup.push(() => redis.disconnect());
    const t = await createTestApp({ RATE_LIMIT_FACTOR: '1' }, { redis });
    cleanup.push(() => t.close());
    const res = await withinSeconds(
      3,
      t.app.inject({
        method: 'POST',
        url: '/api/user.php',
        payload: { email: 'n@example.test', password: 'x' },
      }),
    );
    expect(res.statusCode).toBe(401);
    expect((await withinSeconds(3, t.app.inject({ url: '/api/settings' }))).statusCode).toBe(200);
    const readyz = await withinSeconds(3, t.app.inject({ url: '/readyz' }));
    expect(readyz.statusCode).toBe(200);
    expect(readyz.json()).toMatchObject({ status: 'degraded', redis: 'degraded' });
  }, 60_000);

  it('P-15 P-16 Redis killed with sockets open: chat sends over HTTP and the socket still answer at once and reach this instance’s sockets', async () => {
    const { server, redis } = await privateRedis();
    const t = await createTestApp({}, { redis });
    cleanup.push(() => t.close());
    expect(t.app.bus.kind).toBe('redis');
    const base = await listenOn(t.app);
    const a = await buildMember(t.app.db, { paidUser: true, credits: 100 });
    const b = await buildMember(t.app.db, { paidUser: true });
    const id = await openChat(t.app, a, b);
    const [sa, sb] = await Promise.all([connectSocket(base, a.cookie), connectSocket(base, b.cookie)]);
    expect((await sendText(t.app, a, id, 'voor')).statusCode).toBe(201);
    await sb.next('message', (e) => e.message.body === 'voor');

    server.kill('SIGKILL');
    await new Promise((done) => server.once('exit', done));
    expect((await withinSeconds(3, sendText(t.app, a, id, 'tijdens'))).statusCode).toBe(201);
    await sb.next('message', (e) => e.message.body === 'tijdens');
    const cid = clientId();
    sendOverSocket(sa.socket, id, cid, 'via de socket');
    await sa.next('ack', (e) => e.client_id === cid);
    await sb.next('message', (e) => e.message.body === 'via de socket');
    const late = await withinSeconds(3, connectSocket(base, b.cookie));
    late.socket.close();
    expect(sa.closed()).toBeNull();
    expect(sb.closed()).toBeNull();
    for (const s of [sa, sb]) s.socket.close();
  }, 60_000);
});
