import type { FastifyRequest } from 'fastify';

/**
 * Whether a browser says the request was made by another site: `Sec-Fetch-Site: cross-site`, or an
 * Origin that is not this host. `same-site` (a sibling subdomain of the same registrable domain, run by
 * the same operator) passes unless its Origin is sent and differs; a request without either header (an
 * older browser, a typed address, curl) passes.
 */
export function isCrossOrigin(req: FastifyRequest): boolean {
  if (req.headers['sec-fetch-site'] === 'cross-site') return true;
  const origin = req.headers.origin;
  if (!origin) return false;
  try {
    return new URL(origin).host !== req.host;
  } catch {
    return true;
  }
}
