import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, GROUPS } from '../../shared/contract/api.ts';
import { type EndpointDef, methodAndPath } from '../../shared/contract/endpoint.ts';
import { createTestApp, type TestApp } from '../test/app.ts';

// Issue 22, scope 5: each endpoint is one object in the contract, and the server's routes are made from
// that list: no `/api/` route outside it, no endpoint without its route.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('the API contract and the registered routes', () => {
  it('every /api/ route the server answers is an endpoint of the contract, registered from it', () => {
    const outside = t.app.routeList
      .filter((r) => r.url.startsWith('/api/') && r.url !== '/api/openapi.json')
      .filter((r) => r.endpoint !== `${r.method} ${r.url}`)
      .map((r) => `${r.method} ${r.url}`);
    expect(outside).toEqual([]);
  });

  it('every endpoint of the contract has its route, once', () => {
    const registered = t.app.routeList.map((r) => `${r.method} ${r.url}`);
    const missing = Object.keys(API).filter((key) => registered.filter((r) => r === key).length !== 1);
    expect(missing).toEqual([]);
  });

  it('no two features declare the same endpoint, and every key names a method and an /api/ path', () => {
    const keys = GROUPS.flatMap((g) => Object.keys(g.list));
    expect(keys.length).toBe(new Set(keys).size);
    for (const key of keys) {
      const { method, path } = methodAndPath(key);
      expect(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).toContain(method);
      expect(path).toMatch(/^\/api\/[\w./:-]*$/);
    }
  });

  it('the path params of each endpoint are the params its schema reads', () => {
    for (const [key, def] of Object.entries(API)) {
      const names = [...key.matchAll(/:(\w+)/g)].map((m) => m[1]).sort();
      const shape =
        ((def as EndpointDef).params as { shape?: Record<string, unknown> } | undefined)?.shape ?? {};
      expect(Object.keys(shape).sort(), key).toEqual(names);
    }
  });
});
