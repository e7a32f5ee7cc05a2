import { BlockList, isIP } from 'node:net';
import { PUSH, type TPushSubscription } from '../../../shared/contract/push.ts';
import { cleanStoredText } from '../../../shared/contract/text.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../platform/errors.ts';
import { trimPushSubscriptions, upsertPushSubscription } from './queries.ts';

/** Addresses a push endpoint may never point at: the server would be made to call its own network. */
const PRIVATE = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['100::', 64],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  PRIVATE.addSubnet(net, bits, 'ipv6');

const LOCAL_NAMES = /(^|\.)(localhost|local|localdomain|internal|intranet|lan|home|home\.arpa|corp)$/i;

/** Whether a push endpoint's host is a public one: no loopback, private, link-local or local name. */
export function isPublicHost(hostname: string): boolean {
  const host = hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
  if (!host) return false;
  const family = isIP(host);
  if (family === 4) return !PRIVATE.check(host, 'ipv4');
  if (family === 6) {
    // IPv4-mapped addresses (::ffff:10.0.0.1, or as the URL parser writes them, ::ffff:a00:1), and the
    // NAT64 prefix, which reaches the IPv4 address it carries (64:ff9b::7f00:1 is 127.0.0.1).
    const mapped = /^(?:::ffff|64:ff9b:):(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/.exec(
      host,
    );
    if (mapped) {
      const v4 = mapped[1] ?? hexPairToIpv4(mapped[2] as string, mapped[3] as string);
      return !PRIVATE.check(v4, 'ipv4');
    }
    return !PRIVATE.check(host, 'ipv6');
  }
  // A bare name without a dot is resolved on the local network.
  return host.includes('.') && !LOCAL_NAMES.test(host);
}

function hexPairToIpv4(high: string, low: string): string {
  const h = Number.parseInt(high, 16);
  const l = Number.parseInt(low, 16);
  return [h >> 8, h & 255, l >> 8, l & 255].join('.');
}

/**
 * The push services browsers subscribe with (N-02): Chrome, Edge's Chromium builds on Android, Opera,
 * Samsung Internet and Brave use Firebase (`android.googleapis.com` in subscriptions of old Chromes),
 * Firefox Mozilla's autopush, Edge on Windows WNS, Safari Apple's. A `.`-led entry is any subdomain.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  '.notify.windows.com',
  '.push.apple.com',
] as const;

/** Whether a host name is one of PUSH_SERVICE_HOSTS. */
export function isPushServiceHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return PUSH_SERVICE_HOSTS.some((h) => (h.startsWith('.') ? host.endsWith(h) : host === h));
}

/**
 * Whether an endpoint is one of a browser push service: https on the default port, no credentials, a
 * host of PUSH_SERVICE_HOSTS. Anything else would make the server call an address a visitor chose.
 */
export function isPushServiceUrl(endpoint: string): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:' || url.port !== '' || url.username || url.password) return false;
  return isPushServiceHost(url.hostname);
}

/**
 * Stores a member's push subscription for this device (N-02, spec §7 `POST /api/user.php?push=1`). A
 * member may have several devices; beyond PUSH.maxDevices the oldest goes. Only endpoints of the browser
 * push services are taken (issue 21: a public name can resolve to this machine's network; the sender
 * checks the address it connects to as well). `allowPrivate` (config PUSH_ALLOW_PRIVATE_ENDPOINTS,
 * refused in production) lets tests use a push service on loopback instead.
 */
export async function savePushSubscription(
  db: Db,
  userId: number,
  subscription: TPushSubscription,
  userAgent: string,
  opts: { allowPrivate?: boolean } = {},
) {
  if (!opts.allowPrivate && !isPushServiceUrl(subscription.endpoint)) {
    throw new AppError(400, 'validation', 'error.validation', {
      details: { fieldIds: { 'subscription.endpoint': 'push.endpoint_invalid' } },
    });
  }
  await upsertPushSubscription(db, {
    userId,
    endpoint: subscription.endpoint,
    p256dh: subscription.keys.p256dh,
    auth: subscription.keys.auth,
    userAgent: cleanStoredText(userAgent, 300),
  });
  await trimPushSubscriptions(db, userId, PUSH.maxDevices);
}
