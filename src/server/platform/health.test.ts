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
