import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { TTracking } from '../shared/contract/accounts.ts';
import type { TCountedLander } from '../shared/contract/landers.ts';
import { call } from './api/client.ts';

const KEY = 'vonk.tracking';
const FIELDS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
const MAX = { network: 64, ref: 64, sub1: 128, sub2: 128, sub3: 128 } as const;

/** The tracking record of a landing URL's query, or null when it carries none (spec §3). */
export function trackingFrom(search: string): TTracking | null {
  const params = new URLSearchParams(search);
  const record: TTracking = {};
  for (const field of FIELDS) {
    const value = params.get(field)?.trim();
    if (value) record[field] = value.slice(0, MAX[field]);
  }
  return Object.keys(record).length > 0 ? record : null;
}

function stored(): TTracking | null {
  // A server render has no visit to remember: what a lander stored is the browser's.
  if (typeof sessionStorage === 'undefined') return null;
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as TTracking) : null;
  } catch {
    return null;
  }
}

/** Where this visit came from: the current address first, else what the landing page remembered. */
let currentSearch = (): string => location.search;

/** The server's render reads the query of the page it renders (entry-server.tsx), not `location`. */
export function setSearchSource(source: () => string): void {
  currentSearch = source;
}

export function readTracking(search: string = currentSearch()): TTracking | null {
  const record = trackingFrom(search) ?? stored();
  const lander = storedLander();
  return lander ? { ...record, lander } : record;
}

const LANDER_KEY = 'vonk.lander';

/** The lander this visit arrived on (issue 25): its signup is counted for it. The first one counts. */
export function rememberLander(name: string): void {
  try {
    if (!sessionStorage.getItem(LANDER_KEY)) sessionStorage.setItem(LANDER_KEY, name);
  } catch {
    // Storage blocked: the signup is not counted for the lander.
  }
}

function storedLander(): string | null {
  if (typeof sessionStorage === 'undefined') return null;
  try {
    return sessionStorage.getItem(LANDER_KEY);
  } catch {
    return null;
  }
}

/**
 * Tells the server of a lander's view (once per lander and tab) or of a signup started from it (P-08).
 * Sent with `keepalive`, so a tap that leaves the page still counts; a failure costs nothing but a count.
 */
export function countLanderEvent(lander: TCountedLander, kind: 'view' | 'start'): void {
  try {
    const seen = `vonk.lander_seen.${lander}`;
    if (kind === 'view') {
      if (sessionStorage.getItem(seen)) return;
      sessionStorage.setItem(seen, '1');
    }
  } catch {
    // Storage blocked: counted each time.
  }
  const network = readTracking()?.network;
  call('POST /api/landers/:name/events', {
    params: { name: lander },
    body: { kind, ...(network ? { network } : {}) },
    keepalive: true,
  }).catch(() => undefined);
}

/** Whether the visit has a traffic source, which 'with_trafficsource' sites require for signup. */
export function hasTrafficSource(tracking: TTracking | null): boolean {
  return Boolean(tracking?.network || tracking?.ref);
}

const BOUNCE_KEY = 'vonk.lb';

/**
 * Page-bounce logging (P-08): a landing URL with `lb` marks the visit; when its page is hidden, how long
 * the visitor stayed goes to the server, with the path and the traffic source.
 */
export function reportBounceOnHide(now: () => number = Date.now) {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState !== 'hidden') return;
    let startedAt: number;
    try {
      startedAt = Number(sessionStorage.getItem(BOUNCE_KEY));
    } catch {
      return;
    }
    if (!startedAt) return;
    const body = JSON.stringify({
      path: location.pathname.slice(0, 200),
      seconds: Math.max(0, Math.round((now() - startedAt) / 1000)),
      network: readTracking()?.network ?? null,
    });
    navigator.sendBeacon?.('/api/page-bounce', new Blob([body], { type: 'application/json' }));
  });
}

/** The layouts remember the tracking query of the landing URL for the rest of the visit (P-08). */
export function useRememberTracking() {
  const { search } = useLocation();
  useEffect(() => {
    try {
      if (new URLSearchParams(search).has('lb') && !sessionStorage.getItem(BOUNCE_KEY)) {
        sessionStorage.setItem(BOUNCE_KEY, String(Date.now()));
      }
    } catch {
      // storage blocked: no bounce logging for this visit
    }
    const record = trackingFrom(search);
    if (!record) return;
    try {
      sessionStorage.setItem(KEY, JSON.stringify(record));
    } catch {
      // storage blocked: the signup then goes without a traffic source
    }
  }, [search]);
}
