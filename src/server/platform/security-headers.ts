import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';
import type { Config } from '../config.ts';
import { ENTRY_WARNING_SCRIPT_HASH } from './shell-entry-warning.ts';

/**
 * Helmet's headers with our CSP, worked out once at start. Helmet itself rebuilds the CSP string on every
 * request, which cost a third of the throughput of a small endpoint; the headers never change, so they are
 * captured once from helmet and replayed.
 */
export function securityHeaders(config: Config): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The shell's entry warning is the one inline script (shell-entry-warning.ts).
        scriptSrc: ["'self'", ENTRY_WARNING_SCRIPT_HASH],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.env === 'production' ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.env === 'production',
  });
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  middleware({} as IncomingMessage, res as unknown as ServerResponse, () => {});
  return headers;
}

/**
 * The CSP of a page of a site whose public images come from a CDN (`cdn_prefix` with an origin, spec §3):
 * that origin joins img-src. A relative or malformed prefix changes nothing.
 */
export function cspWithImageOrigin(csp: string, cdnPrefix: string): string {
  let origin: string;
  try {
    const url = new URL(cdnPrefix);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return csp;
    origin = url.origin;
  } catch {
    return csp;
  }
  return csp.replace(/(^|;)(\s*)img-src ([^;]*)/, (_all, sep, space, sources) => {
    const list = String(sources).trim().split(/\s+/);
    return `${sep}${space}img-src ${list.includes(origin) ? list.join(' ') : [...list, origin].join(' ')}`;
  });
}

/**
 * The CSP of a server-rendered page (issue 24): React's streaming renderer reveals the parts that finished
 * later with small inline scripts, which carry this request's nonce; no other inline script runs.
 */
export function cspWithScriptNonce(csp: string, nonce: string): string {
  return csp.replace(/(^|;)\s*script-src ([^;]*)/, (_all, start: string, sources: string) => {
    return `${start}script-src ${sources} 'nonce-${nonce}'`;
  });
}
