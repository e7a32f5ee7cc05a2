import { useEffect, useState } from 'react';
import type { TGeocodeResponse as GeocodeResult } from '../../../shared/contract/site.ts';
import { RULES } from '../../../shared/rules.ts';
import { useBrowserHas } from '../../components/use-media-query.ts';

/** Geolocation permission of spec §4: unsupported, unknown, or what the browser says. */
export type GeoPermission = 'unsupported' | 'unknown' | PermissionState;

export const GEOCODE_CACHE_KEY = 'vonk.geocode';

export interface GeocodeCacheEntry {
  lat: number;
  lon: number;
  /** Epoch milliseconds of the lookup. */
  at: number;
  result: GeocodeResult;
}

/** About 1 km: a position this close to the cached one is the same place for a city lookup. */
const SAME_PLACE_DEGREES = 0.01;

/** Whether a cached geocode answers a new position: younger than an hour (spec §9) and about the same spot. */
export function cachedGeocode(
  entry: GeocodeCacheEntry | null,
  lat: number,
  lon: number,
  now: number,
): GeocodeResult | null {
  if (!entry) return null;
  const age = now - entry.at;
  if (age < 0 || age > RULES.geolocationCacheMs) return null;
  if (Math.abs(entry.lat - lat) > SAME_PLACE_DEGREES || Math.abs(entry.lon - lon) > SAME_PLACE_DEGREES)
    return null;
  return entry.result;
}

export function readGeocodeCache(storage: Pick<Storage, 'getItem'> = localStorage): GeocodeCacheEntry | null {
  try {
    const raw = storage.getItem(GEOCODE_CACHE_KEY);
    if (!raw) return null;
    const entry = JSON.parse(raw) as GeocodeCacheEntry;
    return typeof entry?.at === 'number' && typeof entry.lat === 'number' && entry.result ? entry : null;
  } catch {
    return null;
  }
}

export function writeGeocodeCache(
  entry: GeocodeCacheEntry,
  storage: Pick<Storage, 'setItem'> = localStorage,
) {
  try {
    // Rounded like the server keeps it: the exact position never needs to sit in storage (M-10).
    storage.setItem(
      GEOCODE_CACHE_KEY,
      JSON.stringify({
        ...entry,
        lat: Math.round(entry.lat * 100) / 100,
        lon: Math.round(entry.lon * 100) / 100,
      }),
    );
  } catch {
    // Storage blocked: the next lookup asks the server again.
  }
}

export const hasGeolocation = () => 'geolocation' in navigator;

/** The permission state of geolocation, kept up to date when the member changes it in the browser. */
export function useGeoPermission(): GeoPermission {
  const supported = useBrowserHas(hasGeolocation);
  const [known, setState] = useState<GeoPermission>('unknown');
  const state = supported ? known : 'unsupported';
  useEffect(() => {
    if (!supported || !navigator.permissions?.query) return;
    let status: PermissionStatus | null = null;
    let alive = true;
    const update = () => {
      if (alive && status) setState(status.state);
    };
    navigator.permissions.query({ name: 'geolocation' }).then(
      (s) => {
        status = s;
        update();
        s.addEventListener('change', update);
      },
      () => {
        // Some browsers cannot tell: stays 'unknown', and asking for the position shows the prompt.
      },
    );
    return () => {
      alive = false;
      status?.removeEventListener('change', update);
    };
  }, [supported]);
  return state;
}

/** The browser's position, as a promise; its error codes stay on the GeolocationPositionError. */
export function currentPosition(): Promise<GeolocationPosition> {
  return new Promise((resolve, reject) =>
    navigator.geolocation.getCurrentPosition(resolve, reject, {
      enableHighAccuracy: false,
      timeout: 15_000,
      maximumAge: RULES.geolocationCacheMs,
    }),
  );
}
