// The geocode endpoint over platform/geo.ts (M-07, M-10); the lookup itself is tested in platform/geo.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZErrorResponse } from '../../../shared/contract/errors.ts';
import { ZGeocodeResponse } from '../../../shared/contract/site.ts';
import { catalogs } from '../../../shared/i18n/catalogs.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';

describe('GET /api/geocode.php', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('M-07 answers the city, country and region, cached privately for an hour', async () => {
    const res = await t.app.inject({ url: '/api/geocode.php?lat=52.3676&lon=4.9041' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    const body = res.json();
    expect(ZGeocodeResponse.strict().parse(body)).toEqual({
      city: 'Amsterdam',
      country: 'NL',
      region: { code: 'NL-NH', name: 'Noord-Holland' },
    });
  });

  it('M-10 the answer never contains the coordinates', async () => {
    for (const [lat, lon] of [
      ['52.3676', '4.9041'],
      ['48.137154', '11.576124'],
      ['-33.8688', '151.2093'],
    ] as const) {
      const res = await t.app.inject({ url: `/api/geocode.php?lat=${lat}&lon=${lon}` });
      expect(res.statusCode).toBe(200);
      for (const part of [lat, lon, lat.slice(0, 5), lon.slice(0, 4), lat.split('.')[1], lon.split('.')[1]]) {
        expect(res.body, part).not.toContain(part as string);
      }
      expect(Object.keys(res.json()).sort()).toEqual(['city', 'country', 'region']);
    }
  });

  it('M-07 answers 404 in the error shape over open sea', async () => {
    const res = await t.app.inject({
      url: '/api/geocode.php?lat=45&lon=-30',
      headers: { 'accept-language': 'nl' },
    });
    expect(res.statusCode).toBe(404);
    const body = ZErrorResponse.parse(res.json());
    expect(body.error.code).toBe('geocode_not_found');
    expect(body.error.message).not.toBe('');
  });

  it.each([
    'lat=abc&lon=4.9',
    'lat=1e999&lon=4.9',
    'lat=52.37',
    'lon=4.9',
    '',
    'lat=&lon=',
    'lat=91&lon=4.9',
    'lat=-90.5&lon=4.9',
    'lat=52&lon=180.01',
    'lat=0x10&lon=4',
    'lat=Infinity&lon=4',
    'lat=NaN&lon=4',
    'lat=52&lat=53&lon=4',
    `lat=${'1'.repeat(400)}&lon=4`,
  ])('M-07 bad input %s answers 400, never 500', async (query) => {
    const res = await t.app.inject({ url: `/api/geocode.php?${query}` });
    expect(res.statusCode).toBe(400);
    expect(ZErrorResponse.parse(res.json()).error.code).toBe('validation');
  });

  it('M-07 accepts the edges of the globe and plain decimals', async () => {
    for (const query of ['lat=90&lon=180', 'lat=-90&lon=-180', 'lat=+52.37&lon=4.9', 'lat=52.&lon=.9']) {
      const res = await t.app.inject({ url: `/api/geocode.php?${query}` });
      expect([200, 404], query).toContain(res.statusCode);
    }
  });

  it('M-07 is listed in the OpenAPI document', async () => {
    const res = await t.app.inject({ url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain('/api/geocode.php');
  });

  it('M-07 every geo message has Dutch and English text', () => {
    const incoming = (locale: string) => {
      const file = join(import.meta.dirname, `../../../shared/i18n/incoming/geo.${locale}.json`);
      return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
    };
    // The route's own messages and its query schema's, in the contract.
    const source = ['geocode-routes.ts', '../../../shared/contract/site.ts']
      .map((file) => readFileSync(join(import.meta.dirname, file), 'utf8'))
      .join('\n');
    const ids = new Set([...source.matchAll(/'(geo\.[a-z_]+)'/g)].map((m) => m[1] as string));
    expect(ids.size).toBeGreaterThanOrEqual(2);
    for (const locale of ['nl', 'en'] as const) {
      const texts = { ...incoming(locale), ...catalogs[locale] };
      for (const id of ids) expect(texts[id], `${locale} ${id}`).toMatch(/\w/);
    }
  });
});

describe('GET /api/geocode.php rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_FACTOR: '1' });
  });
  afterAll(() => t.close());

  it('M-07 allows 60 lookups a minute per address, then 429 in the error shape', async () => {
    for (let i = 0; i < 60; i++) {
      const res = await t.app.inject({ url: '/api/geocode.php?lat=52.37&lon=4.9' });
      expect(res.statusCode).toBe(200);
    }
    const res = await t.app.inject({ url: '/api/geocode.php?lat=52.37&lon=4.9' });
    expect(res.statusCode).toBe(429);
    expect(ZErrorResponse.parse(res.json()).error.code).toBe('rate_limited');
  });
});
