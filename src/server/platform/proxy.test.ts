import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.ts';
import { createTestApp } from '../test/app.ts';
import { isLoopbackAddress, parseTrustProxy, trustFunction } from './proxy.ts';

describe('issue 10 item 4: TRUST_PROXY', () => {
  it('P-16 reads a hop count, true as one hop, or a list of addresses and networks', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 192.168.0.0/16,loopback' }).trustProxy).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      'loopback',
    ]);
    for (const bad of ['constructor', '10.0.0.300', '10.0.0.0/33', 'proxy.example', '1.2.3.4/8/9', '99']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(ConfigError);
    }
    expect(() => loadConfig({ TRUST_PROXY: 'nope' })).toThrow(/TRUST_PROXY/);
  });

  it('P-16 trusts exactly the listed proxies, IPv4-mapped IPv6 included', () => {
    const trust = trustFunction(parseTrustProxy('10.0.0.0/8, ::1') as string[]);
    expect(trust('10.1.2.3', 0)).toBe(true);
    expect(trust('::ffff:10.1.2.3', 0)).toBe(true);
    expect(trust('::1', 3)).toBe(true);
    expect(trust('11.0.0.1', 0)).toBe(false);
    expect(trust('garbage', 0)).toBe(false);
    const hops = trustFunction(2);
    expect([hops('1.1.1.1', 0), hops('1.1.1.1', 1), hops('1.1.1.1', 2)]).toEqual([true, true, false]);
    expect(trustFunction(false)('127.0.0.1', 0)).toBe(false);
    expect(['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1'].every(isLoopbackAddress)).toBe(true);
    expect(['10.0.0.1', '::2', '', undefined].some(isLoopbackAddress)).toBe(false);
  });

  for (const setting of ['1', 'true', '10.0.0.0/8']) {
    it(`A-06 with TRUST_PROXY=${setting}, a varied first X-Forwarded-For address does not pass the 20/min login limit`, async () => {
      const t = await createTestApp({ RATE_LIMIT_FACTOR: '1', TRUST_PROXY: setting });
      try {
        const codes: number[] = [];
        for (let i = 0; i < 30; i++) {
          const res = await t.app.inject({
            method: 'POST',
            url: '/api/user.php',
            payload: { email: `p${i}@example.test`, password: 'x' },
            // The attacker makes up the first entry; the proxy at 10.0.0.5 appends the address it saw.
            headers: { 'x-forwarded-for': `198.51.${i}.${i + 1}, 203.0.113.7` },
            remoteAddress: '10.0.0.5',
          });
          codes.push(res.statusCode);
        }
        expect(codes.filter((c) => c === 401).length).toBe(20);
        expect(codes.slice(20).every((c) => c === 429)).toBe(true);
        // Another visitor behind the same proxy has a budget of their own.
        const other = await t.app.inject({
          method: 'POST',
          url: '/api/user.php',
          payload: { email: 'q@example.test', password: 'x' },
          headers: { 'x-forwarded-for': '203.0.113.8' },
          remoteAddress: '10.0.0.5',
        });
        expect(other.statusCode).toBe(401);
      } finally {
        await t.close();
      }
    });
  }

  it('P-16 a listed proxy is trusted, any other sender is keyed on its own address whatever it forwards', async () => {
    const t = await createTestApp({ RATE_LIMIT_FACTOR: '1', TRUST_PROXY: '10.0.0.5' });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 21; i++) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/user.php',
          payload: { email: `d${i}@example.test`, password: 'x' },
          headers: { 'x-forwarded-for': `198.51.100.${i + 1}`, 'cf-ipcountry': 'DE' },
          remoteAddress: '192.0.2.66',
        });
        codes.push(res.statusCode);
      }
      expect(codes.at(-1)).toBe(429);
      const settings = await t.app.inject({
        url: '/api/settings',
        headers: { 'cf-ipcountry': 'DE' },
        remoteAddress: '192.0.2.66',
      });
      expect(settings.json().geoip_country, 'the GeoIP header counts only from a trusted proxy').toBe('NL');
      const viaProxy = await t.app.inject({
        url: '/api/settings',
        headers: { 'cf-ipcountry': 'DE' },
        remoteAddress: '10.0.0.5',
      });
      expect(viaProxy.json().geoip_country).toBe('DE');
    } finally {
      await t.close();
    }
  });
});
