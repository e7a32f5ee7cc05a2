import { lookup as dnsLookup } from 'node:dns/promises';
import { Agent } from 'node:https';
import type { LookupFunction } from 'node:net';
import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import webpush from 'web-push';
import { DEFAULT_LOCALE, toLocale } from '../../../shared/i18n/locales.ts';
import { routePath } from '../../../shared/routes.ts';
import type { Db } from '../../db/client.ts';
import {
  notificationDeliveries,
  notifications,
  profiles,
  pushSubscriptions,
  sites,
  users,
} from '../../db/schema.ts';
import { notBlockedWith } from '../../kernel/members.ts';
import type { BusMessage } from '../../platform/bus.ts';
import { t } from '../../platform/i18n.ts';
import { getVapidKeys } from '../../platform/secrets.ts';
import { claimDeliveries } from './mail-queries.ts';
import { findPushSubscriptionsOf, hasPushSubscription } from './queries.ts';
import { isPublicHost, isPushServiceHost } from './service.ts';

/** What the service worker shows (N-02): the site's name and icon and a discreet text, never content. */
export interface PushPayload {
  title: string;
  body: string;
  /** The page a click opens. */
  url: string;
  /** One notification per conversation or kind: a newer one replaces it. */
  tag: string;
  icon: string;
}

export const PUSH_ICON = '/icons/icon-192.png';
/** Likes and matches older than this are not pushed any more (a dispatcher that missed them). */
const LIKE_WINDOW_MS = 5 * 60_000;

/** Answers the addresses a name resolves to (the system resolver; tests inject their own). */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export interface PushSenderDeps {
  db: Db;
  /** Tests: an agent that trusts the test push service's self-signed certificate. */
  agent?: Agent;
  /** Tests: the resolver the connection asks; the system's by default. */
  resolve?: Resolve;
  /** Config PUSH_ALLOW_PRIVATE_ENDPOINTS (tests only, refused in production): a push service on loopback. */
  allowPrivate?: boolean;
}

const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * The lookup every push connection makes (issue 21): it resolves the name itself and refuses when any
 * address is loopback, private, link-local, unique-local or otherwise not public, so a name that resolves
 * to this machine's network (or is made to by DNS rebinding after the subscription was checked) is never
 * connected to. The socket connects to the address checked here, not to a second answer.
 */
function checkedLookup(resolve: Resolve, allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname).then(
      (found) => {
        const refused = found.length === 0 || (!allowPrivate && !found.every((a) => isPublicHost(a.address)));
        if (refused) {
          const err = Object.assign(new Error(`push endpoint ${hostname} resolves to a non-public address`), {
            code: 'EPUSHADDRESS',
          });
          callback(err, '', 0);
        } else if (options.all) {
          (callback as unknown as (e: null, all: { address: string; family: number }[]) => void)(null, found);
        } else {
          const first = found[0] as { address: string; family: number };
          callback(null, first.address, first.family);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}

const hostOf = (endpoint: string) => {
  try {
    const url = new URL(endpoint);
    return url.protocol === 'https:' ? url.hostname : '';
  } catch {
    return '';
  }
};

/** One agent per sender: the test agent's options (its trusted certificate) with the checked lookup. */
const agents = new WeakMap<PushSenderDeps, Agent>();
function agentOf(deps: PushSenderDeps): Agent {
  let agent = agents.get(deps);
  if (!agent) {
    agent = new Agent({
      ...deps.agent?.options,
      lookup: checkedLookup(deps.resolve ?? systemResolve, deps.allowPrivate ?? false),
    });
    agents.set(deps, agent);
  }
  return agent;
}

/**
 * Sends a push to every device of a member, once per idempotency key: a second instance or a retry
 * finds the key taken. A push service answering 404 or 410 means the subscription is gone: its row is
 * removed, and so is one whose endpoint is not a browser push service (stored before that was checked).
 * Answers how many devices took the push.
 */
export async function sendPush(
  deps: PushSenderDeps,
  userId: number,
  key: string,
  payload: PushPayload,
): Promise<number> {
  const subscriptions = [];
  for (const s of await findPushSubscriptionsOf(deps.db, userId)) {
    if (deps.allowPrivate || isPushServiceHost(hostOf(s.endpoint))) subscriptions.push(s);
    else await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, s.id));
  }
  if (subscriptions.length === 0) return 0;
  const claimed = await claimDeliveries(deps.db, [{ key, userId, channel: 'push' }]);
  if (claimed.length === 0) return 0;
  const vapid = await getVapidKeys(deps.db);
  const [site] = await deps.db
    .select({ supportEmail: sites.supportEmail })
    .from(sites)
    .innerJoin(users, eq(users.siteId, sites.id))
    .where(eq(users.id, userId));
  const body = JSON.stringify(payload);
  let delivered = 0;
  await Promise.all(
    subscriptions.map(async (s) => {
      try {
        await webpush.sendNotification(
          { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
          body,
          {
            vapidDetails: {
              subject: `mailto:${site?.supportEmail ?? 'support@example.com'}`,
              publicKey: vapid.publicKey,
              privateKey: vapid.privateKey,
            },
            TTL: 24 * 3600,
            urgency: 'high',
            topic: payload.tag.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 32) || undefined,
            timeout: 10_000,
            agent: agentOf(deps),
          },
        );
        delivered++;
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410)
          await deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, s.id));
      }
    }),
  );
  return delivered;
}

async function recipient(db: Db, userId: number) {
  const [row] = await db
    .select({ language: users.language, siteName: sites.name })
    .from(users)
    .innerJoin(sites, eq(sites.id, users.siteId))
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  return row && { locale: toLocale(row.language) ?? DEFAULT_LOCALE, siteName: row.siteName };
}

/** The newest like or match of a member not pushed yet, whose member may be shown. */
async function newestLikeNotice(db: Db, userId: number, now: Date) {
  const [row] = await db
    .select({ id: notifications.id, kind: notifications.kind })
    .from(notifications)
    .innerJoin(profiles, eq(profiles.userId, notifications.actorId))
    .where(
      and(
        eq(notifications.userId, userId),
        inArray(notifications.kind, ['like', 'match']),
        isNull(notifications.readAt),
        gt(notifications.createdAt, new Date(now.getTime() - LIKE_WINDOW_MS)),
        eq(profiles.listed, true),
        notBlockedWith(userId, notifications.actorId),
        sql`not exists (select 1 from ${notificationDeliveries} d where d.key = 'push:n:' || ${notifications.id})`,
      ),
    )
    .orderBy(sql`${notifications.id} desc`)
    .limit(1);
  return row;
}

/**
 * What the bus says that deserves a push (N-02): a message from the other member, or a like or match
 * (the likes feature announces them with a bare `counts` event). Nothing while the member has the site
 * open: the socket already told them.
 */
export async function pushForBusMessage(
  app: Pick<FastifyInstance, 'db' | 'presence'>,
  deps: PushSenderDeps,
  message: BusMessage,
): Promise<number> {
  if ('control' in message) return 0;
  const { memberId, event } = message;
  const isMessage = event.type === 'message' && !event.message.mine;
  const isLikeSignal =
    event.type === 'counts' && event.unread_messages === undefined && event.new_likes === undefined;
  if (!isMessage && !isLikeSignal) return 0;
  if (await app.presence.isOnline(memberId)) return 0;
  if (!(await hasPushSubscription(app.db, memberId))) return 0;
  const to = await recipient(app.db, memberId);
  if (!to) return 0;
  if (event.type === 'message') {
    const conv = event.conversation_id;
    return sendPush(deps, memberId, `push:msg:${event.message.id}`, {
      title: to.siteName,
      body: t(to.locale, 'notify.push.message'),
      url: routePath('chats-id', { id: conv }),
      tag: `chat-${conv}`,
      icon: PUSH_ICON,
    });
  }
  const notice = await newestLikeNotice(app.db, memberId, new Date());
  if (!notice) return 0;
  return sendPush(deps, memberId, `push:n:${notice.id}`, {
    title: to.siteName,
    body: t(to.locale, notice.kind === 'match' ? 'notify.push.match' : 'notify.push.like'),
    url: routePath('likes'),
    tag: notice.kind,
    icon: PUSH_ICON,
  });
}

/** Listens on the real-time bus and sends pushes; every instance listens, the keys keep it to one push. */
export function startPushDispatch(app: FastifyInstance, deps: PushSenderDeps): () => void {
  return app.bus.subscribe((message) => {
    pushForBusMessage(app, deps, message).catch((err) => app.log.warn({ err }, 'push failed'));
  });
}
