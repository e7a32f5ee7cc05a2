import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('probes', () => {
  it('/healthz and /readyz answer without running the page and API hooks', async () => {
    const health = await t.app.inject({ url: '/healthz', headers: { origin: 'https://evil.example' } });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    expect(health.headers['x-content-type-options']).toBe('nosniff');
    expect(health.headers['cache-control']).toBe('no-store');
    expect(health.headers['content-security-policy'], 'the page headers hook did not run').toBeUndefined();
    const ready = await t.app.inject({ url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ status: 'ready' });
    expect(ready.json()).not.toHaveProperty('redis');
    const metrics = (await t.app.inject({ url: '/metrics' })).body;
    expect(metrics, 'probes stay out of the request histogram').not.toMatch(/route="\/healthz"/);
    // Everything else still gets its headers.
    const api = await t.app.inject({ url: '/api/settings' });
    expect(api.headers['content-security-policy']).toBeDefined();
  });
});

describe('the liveness probe on a real socket', () => {
  it('P-16 GET /healthz is answered before the framework with the same answer; other paths reach the app', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const health = await fetch(`${address}/healthz`);
      expect(health.status).toBe(200);
      expect(await health.json()).toEqual({ status: 'ok' });
      expect(health.headers.get('cache-control')).toBe('no-store');
      expect(health.headers.get('x-content-type-options')).toBe('nosniff');
      expect(health.headers.get('content-security-policy')).toBeNull();
      // A HEAD, a query string or a neighbour path goes through the app as before.
      expect((await fetch(`${address}/healthz?x=1`)).status).toBe(200);
      expect((await fetch(`${address}/healthz`, { method: 'POST' })).status).toBeGreaterThanOrEqual(400);
      const settings = await fetch(`${address}/api/settings`);
      expect(settings.headers.get('content-security-policy')).not.toBeNull();
      // The server keeps Fastify's timeouts: idle keep-alive connections live 72 s, not Node's 5 s.
      expect(t.app.server.keepAliveTimeout).toBe(72_000);
    } finally {
      await t.app.close();
    }
  });
});
