// The site a request is for: its row, the resolver that finds it by Host, and what every feature derives
// from it (the origin for links, the geo country). Platform, not a feature: fourteen files in seven
// features need the row (decision 0025).
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { companies, sites } from '../db/schema.ts';
import { AppError } from './errors.ts';

export type SiteRow = typeof sites.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;

export async function findSiteByDomain(db: Db, domain: string): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(sites).where(eq(sites.domain, domain)).limit(1);
  return row;
}

export async function findDefaultSite(db: Db): Promise<SiteRow | undefined> {
  const [row] = await db.select().from(sites).where(eq(sites.isDefault, true)).limit(1);
  return row;
}

export async function findCompany(db: Db, id: number): Promise<CompanyRow | undefined> {
  const [row] = await db.select().from(companies).where(eq(companies.id, id)).limit(1);
  return row;
}

/**
 * The origin for links in e-mails and payment returns: the request's own when it came to the site's
 * domain, else the configured public URL or the site's domain; never whatever Host a request claimed.
 */
export function siteOrigin(
  req: { host: string; protocol: string },
  site: SiteRow,
  publicUrl: string | undefined,
): string {
  if (normaliseDomain(req.host) === site.domain) return `${req.protocol}://${req.host}`;
  return publicUrl ?? `https://${site.domain}`;
}

/**
 * The address of a site in what no request carries (notification mails, a moderator's or support's mail,
 * issue 27): PUBLIC_URL when set; else a site on this machine (localhost, 127.0.0.1) at the port this
 * server listens on, over http, as its activation mails have it from the request; else https on its domain.
 */
export function jobOrigin(
  site: Pick<SiteRow, 'domain'>,
  config: { publicUrl: string | undefined; port: number },
) {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '');
  if (/^(localhost|127\.0\.0\.1|\[::1\])$/.test(site.domain)) return `http://${site.domain}:${config.port}`;
  return `https://${site.domain}`;
}

/** Host header or domain parameter to the bare lower-case host name: "Www.Vonk.nl:443" -> "www.vonk.nl". */
export function normaliseDomain(raw: string | undefined): string {
  if (!raw) return '';
  const host = raw
    .trim()
    .toLowerCase()
    .replace(/^[a-z]+:\/\//, '');
  const withoutPath = host.split('/')[0] ?? '';
  // Bracketed IPv6 keeps its colons; otherwise a trailing :port goes.
  const bare = withoutPath.startsWith('[')
    ? withoutPath.replace(/\]:\d+$/, ']')
    : withoutPath.replace(/:\d+$/, '');
  return /^[a-z0-9.\-[\]:]{1,253}$/.test(bare) ? bare : '';
}

const SITE_TTL_MS = 30_000;

/**
 * Finds the site of a domain, else the default site. Sites change rarely and every page load asks, so
 * answers are kept for a short while per domain. A back-office edit tells every instance over the bus
 * (`sites_changed`, app.ts), which forgets them at once; SITE_TTL_MS bounds a notice lost with Redis down.
 * The sites' companies are kept the same way (`company`).
 */
export function createSiteResolver(db: Db, now: () => number = Date.now) {
  const cache = new Map<string, { at: number; site: SiteRow }>();
  const resolveSite = async (domain: string): Promise<SiteRow> => {
    const key = normaliseDomain(domain);
    const hit = cache.get(key);
    if (hit && now() - hit.at < SITE_TTL_MS) return hit.site;
    const site = (key && (await findSiteByDomain(db, key))) || (await findDefaultSite(db));
    if (!site) throw new AppError(503, 'no_site', 'error.general');
    if (cache.size > 1000) cache.clear();
    cache.set(key, { at: now(), site });
    return site;
  };
  // A site's company (the footer, the legal pages: every page asks) changes with the sites, by the same
  // notice, or by hand in the database: kept as long as a site.
  const companyCache = new Map<number, { at: number; company: CompanyRow | undefined }>();
  const company = async (id: number): Promise<CompanyRow | undefined> => {
    const hit = companyCache.get(id);
    if (hit && now() - hit.at < SITE_TTL_MS) return hit.company;
    const row = await findCompany(db, id);
    if (companyCache.size > 1000) companyCache.clear();
    companyCache.set(id, { at: now(), company: row });
    return row;
  };
  /** After an edit: the next page load reads the site again. */
  const forget = () => {
    cache.clear();
    companyCache.clear();
  };
  return Object.assign(resolveSite, { forget, company });
}
export type SiteResolver = ReturnType<typeof createSiteResolver>;

/** geoip_country from the trusted proxy header when present, else the site's home country. */
export function geoCountry(site: SiteRow, headerValue: string | undefined): string {
  const c = headerValue?.trim().toUpperCase();
  return c && /^[A-Z]{2}$/.test(c) && c !== 'XX' ? c : (site.countries[0] ?? 'NL');
}
