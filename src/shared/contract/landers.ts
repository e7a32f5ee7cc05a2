import { z } from 'zod';
import { COUNTED_LANDERS, LANDER_NAMES } from '../landers.ts';
import { endpoints } from './endpoint.ts';
import { ZId } from './ids.ts';
import { isVisibleName, zLine } from './text.ts';

export * from '../landers.ts';

/** A member as a lander shows them: listed, with a public approved photo, of the site's market and niche. */
export const ZLanderMember = z.object({
  id: ZId,
  name: z.string(),
  age: z.number().int(),
  city: z.string().nullable(),
  /** Thumbnail and full photo URLs (cdn_prefix included). */
  thumb_url: z.string(),
  photo_url: z.string(),
  /** The first line of their about text (at most 160 characters), or null. */
  about_line: z.string().nullable(),
  /** Up to five of their interests' ids (src/shared/data/interests.ts), hobbies first. */
  interests: z.array(z.string()),
  fictional: z.boolean(),
  online: z.boolean(),
});
export type TLanderMember = z.infer<typeof ZLanderMember>;

/**
 * A city on the map lander: the members' coarse places grouped by city, placed by the city's mean
 * position rounded to a tenth of a degree (about 10 km) and given only as 0..1 inside the box of the
 * site's cities: a member's own place never leaves the server (M-10).
 */
export const ZLanderCity = z.object({
  city: z.string(),
  members: z.number().int().nonnegative(),
  online: z.number().int().nonnegative(),
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
});
export type TLanderCity = z.infer<typeof ZLanderCity>;

export const ZLanderPage = z.object({
  lander: z.enum([...LANDER_NAMES, 'tinderswipe']),
  niche: z.number().int().min(1).max(7),
  /** Up to LANDER_MEMBERS, most recently active first. */
  members: z.array(ZLanderMember),
  /** The map lander's cities, most members first (empty for the other landers). */
  cities: z.array(ZLanderCity),
  /** Listed members of the site's market and niche, and how many of them are online now. */
  total: z.number().int().nonnegative(),
  online: z.number().int().nonnegative(),
});
export type TLanderPage = z.infer<typeof ZLanderPage>;

/** What a lander's page tells the server: a view, or a visitor starting the signup from it (P-08). */
export const ZLanderEvent = z.object({
  kind: z.enum(['view', 'start']),
  niche: z.number().int().min(1).max(7).optional(),
  /** The visit's traffic source (the tracking query's `network`), if any. */
  network: zLine(64).refine(isVisibleName, { message: 'validation.text_characters' }).optional(),
});
export type TLanderEvent = z.infer<typeof ZLanderEvent>;

/** The back office's funnel of paid traffic (issue 25): the last `days` days, per lander, niche and source. */
export const ZLanderFunnelQuery = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
});
export const ZLanderFunnelRow = z.object({
  site_id: ZId,
  site: z.string(),
  lander: z.string(),
  niche: z.number().int(),
  /** The tracking query's `network`; '' for visits without one. */
  network: z.string(),
  views: z.number().int().nonnegative(),
  starts: z.number().int().nonnegative(),
  signups: z.number().int().nonnegative(),
});
export const ZLanderFunnel = z.object({
  since: z.string(),
  rows: z.array(ZLanderFunnelRow),
});
export type TLanderFunnel = z.infer<typeof ZLanderFunnel>;

export const LANDERS_API = /* @__PURE__ */ endpoints('landers', {
  'GET /api/landers/:name': {
    summary: "A lander's members of the site's market and niche, with a photo, and its figures (L-07)",
    params: z.object({ name: z.enum([...LANDER_NAMES, 'tinderswipe']) }),
    answer: ZLanderPage,
    errors: [400, 429],
  },
  'POST /api/landers/:name/events': {
    summary: 'Counts a view of a lander or a signup started from it, per niche and source (P-08)',
    params: z.object({ name: z.enum(COUNTED_LANDERS) }),
    body: ZLanderEvent,
    answer: z.null(),
    status: 204,
    errors: [400, 429],
  },
});
