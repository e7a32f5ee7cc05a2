import { ACCOUNTS_API } from './accounts-api.ts';
import { ADMIN_DESK_API } from './admin-desk.ts';
import { ADMIN_MEMBERS_API } from './admin-members.ts';
import { ADMIN_MODERATION_API } from './admin-moderation.ts';
import { ADMIN_REFUNDS_API } from './admin-refunds.ts';
import { ADMIN_SITES_API } from './admin-sites-api.ts';
import { ADMIN_STAFF_API } from './admin-staff.ts';
import { BLOCKS_API } from './blocks.ts';
import { CHAT_API } from './chat.ts';
import { CREDITS_API } from './credits-api.ts';
import { DISCOVERY_API } from './discovery.ts';
import type { EndpointDef, Endpoints } from './endpoint.ts';
import { LANDERS_API } from './landers.ts';
import { LIKES_API } from './likes.ts';
import { NOTIFICATIONS_API } from './notifications.ts';
import { PHOTOS_API } from './photos.ts';
import { PROFILES_API } from './profiles.ts';
import { REALTIME_API } from './realtime.ts';
import { SITE_API } from './site.ts';
import { SWIPE_API } from './swipe.ts';

/**
 * Every endpoint of the API, by key (issue 22, scope 5). The server registers its routes from this list
 * (`server/platform/route.ts`; `server/platform/endpoints.test.ts` compares the two); the web imports its
 * type only (`web/api/client.ts` `call`).
 */
export const GROUPS = [
  BLOCKS_API,
  PROFILES_API,
  CHAT_API,
  CREDITS_API,
  LIKES_API,
  SWIPE_API,
  DISCOVERY_API,
  REALTIME_API,
  ACCOUNTS_API,
  SITE_API,
  NOTIFICATIONS_API,
  PHOTOS_API,
  LANDERS_API,
  ADMIN_SITES_API,
  ADMIN_REFUNDS_API,
  ADMIN_MODERATION_API,
  ADMIN_MEMBERS_API,
  ADMIN_STAFF_API,
  ADMIN_DESK_API,
] as const;

type Merge<G extends readonly Endpoints[]> = G extends readonly [
  infer H extends Endpoints,
  ...infer R extends readonly Endpoints[],
]
  ? H['list'] & Merge<R>
  : unknown;

export type Api = Merge<typeof GROUPS>;
export type ApiKey = keyof Api & string;

export const API = Object.assign({}, ...GROUPS.map((g) => g.list)) as Api & Record<string, EndpointDef>;

/** Each endpoint's documentation tag. */
export const API_TAGS = Object.fromEntries(
  GROUPS.flatMap((g) => Object.keys(g.list).map((key) => [key, g.tag])),
) as Record<ApiKey, string>;
