import { BlockList, isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * Which proxies in front of Vonk are trusted (TRUST_PROXY), with Fastify's `trustProxy` semantics:
 * `false` trusts none; a hop count trusts that many proxies nearest to the server (`true` means one); a
 * list trusts the proxies at those addresses or networks (`10.0.0.1, 192.168.0.0/16`, or the names
 * `loopback`, `linklocal`, `uniquelocal`). The client address is then the address the nearest untrusted
 * hop was seen from, so a made-up first X-Forwarded-For entry changes nothing.
 */
export type TrustProxy = false | number | string[];

const NAMED: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};

/** Parses TRUST_PROXY; answers an error text for a value it cannot use. */
export function parseTrustProxy(raw: string | undefined): TrustProxy | { error: string } {
  const value = (raw ?? '').trim().toLowerCase();
  if (['', 'false', 'no', 'off'].includes(value)) return false;
  if (['true', 'yes', 'on'].includes(value)) return 1;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return hops === 0 ? false : hops <= 32 ? hops : { error: 'a hop count is at most 32' };
  }
  const entries = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (!Object.hasOwn(NAMED, entry) && !parseNetwork(entry)) {
      return {
        error: `"${entry}" is not an address, a network (a.b.c.d/n) or loopback/linklocal/uniquelocal`,
      };
    }
  }
  return entries;
}

function parseNetwork(entry: string): { address: string; prefix: number; type: 'ipv4' | 'ipv6' } | null {
  const [address = '', prefixText, extra] = entry.split('/');
  if (extra !== undefined) return null;
  const family = isIP(address);
  if (!family) return null;
  const type = family === 4 ? 'ipv4' : 'ipv6';
  const max = family === 4 ? 32 : 128;
  if (prefixText === undefined) return { address, prefix: max, type };
  if (!/^\d+$/.test(prefixText) || Number(prefixText) > max) return null;
  return { address, prefix: Number(prefixText), type };
}

function blockListOf(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries.flatMap((e) => (Object.hasOwn(NAMED, e) ? (NAMED[e] as string[]) : [e]))) {
    const net = parseNetwork(entry);
    if (net) list.addSubnet(net.address, net.prefix, net.type);
  }
  return list;
}

const familyOf = (address: string) => (isIP(address) === 6 ? 'ipv6' : 'ipv4');

/** The function Fastify asks, per hop counted from the server, whether to trust that address. */
export function trustFunction(trust: TrustProxy): (address: string, hop: number) => boolean {
  if (trust === false) return () => false;
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  const list = blockListOf(trust);
  return (address) => isIP(address) !== 0 && list.check(address, familyOf(address));
}

const LOOPBACK = blockListOf(['loopback']);
export const isLoopbackAddress = (address: string | undefined) =>
  Boolean(address && isIP(address) && LOOPBACK.check(address, familyOf(address)));

/** Headers a proxy adds to say whom it forwards (X-Forwarded-For, -Host, -Proto and the rest match too). */
const FORWARDING_HEADERS = [
  'forwarded',
  'via',
  'x-real-ip',
  'x-client-ip',
  'x-cluster-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'fastly-client-ip',
];
const isForwardingHeader = (name: string) =>
  name.startsWith('x-forwarded-') || FORWARDING_HEADERS.includes(name);

/**
 * A request made on this machine: the connection comes from the loopback address and carries no
 * forwarding header at all. A proxy on this machine (nginx sending X-Real-IP, a tunnel) forwards visitors,
 * so whatever it forwards is not local, whichever address it names. An empty header names nobody.
 */
export function isFromThisMachine(req: FastifyRequest): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress) || !isLoopbackAddress(req.ip)) return false;
  return !Object.entries(req.headers).some(
    ([name, value]) => isForwardingHeader(name) && String(value ?? '').trim() !== '',
  );
}

/** Whether HOST lets other machines connect (anything but a loopback address or localhost). */
export const listensBeyondThisMachine = (host: string) =>
  !(isLoopbackAddress(host) || host.toLowerCase() === 'localhost');
