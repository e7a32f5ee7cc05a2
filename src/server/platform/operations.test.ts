import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { buildMember } from '../test/members.ts';
import { devToolsWarning, operationsBanner } from './operations.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'loopback' });
});
afterAll(() => t.close());

describe('issue 10 item 8: /dev answers only this machine', () => {
  it('A-04 the outbox answers a loopback request and nobody else', async () => {
    expect((await t.app.inject({ url: '/dev/mail.json' })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/dev/mail.json', remoteAddress: '::1' })).statusCode).toBe(200);
    for (const remoteAddress of ['192.0.2.10', '10.0.0.1', '::ffff:192.0.2.10']) {
      const res = await t.app.inject({ url: '/dev/mail.json', remoteAddress });
      expect(res.statusCode, remoteAddress).toBe(404);
      expect(res.json().error.code).toBe('not_found');
      expect(res.body).not.toContain('@');
      expect((await t.app.inject({ url: '/dev/mail', remoteAddress })).statusCode).toBe(404);
    }
  });

  it('A-04 a visitor forwarded by a proxy on this machine is not this machine', async () => {
    // Trusted proxy on loopback forwarding a visitor.
    const forwarded = await t.app.inject({
      url: '/dev/mail.json',
      headers: { 'x-forwarded-for': '192.0.2.7' },
    });
    expect(forwarded.statusCode).toBe(404);
    // The visitor's own made-up loopback entry does not help: the proxy appends the real address.
    const madeUp = await t.app.inject({
      url: '/dev/mail.json',
      headers: { 'x-forwarded-for': '127.0.0.1, 192.0.2.7' },
    });
    expect(madeUp.statusCode).toBe(404);
    expect(
      (await t.app.inject({ url: '/dev/mail.json', headers: { forwarded: 'for=192.0.2.7' } })).statusCode,
    ).toBe(404);
  });

  it('A-04 issue 21: any forwarding header from a proxy on this machine makes /dev and /metrics refuse', async () => {
    const untrusted = await createTestApp();
    try {
      for (const headers of [
        { 'x-real-ip': '192.0.2.7' },
        { 'x-real-ip': '127.0.0.1' },
        { 'x-forwarded-for': '127.0.0.1' },
        { 'x-forwarded-host': 'vonk.example' },
        { 'x-forwarded-proto': 'https' },
        { forwarded: 'for=127.0.0.1' },
        { via: '1.1 nginx' },
        { 'true-client-ip': '192.0.2.7' },
      ]) {
        for (const app of [t.app, untrusted.app]) {
          for (const url of ['/dev/mail.json', '/dev/sms.json', '/metrics']) {
            const res = await app.inject({ url, headers });
            expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(404);
          }
          const ban = await app.inject({
            method: 'POST',
            url: '/dev/ban',
            headers,
            payload: { email: 'x@y.z' },
          });
          expect(ban.statusCode).toBe(404);
        }
      }
      // No forwarding header, or one that names nobody (empty): this machine.
      expect((await t.app.inject({ url: '/dev/mail.json' })).statusCode).toBe(200);
      const empty = await t.app.inject({ url: '/dev/mail.json', headers: { 'x-forwarded-for': '' } });
      expect(empty.statusCode).toBe(200);
      expect((await t.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '' } })).statusCode).toBe(
        200,
      );
    } finally {
      await untrusted.close();
    }
  });

  it('A-04 issue 21: a development start on a HOST other machines reach warns that /dev is on', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.20', 'vonk.local']) {
      expect(devToolsWarning('development', host), host).toMatch(/DEVELOPER TOOLS ARE ON.*\/dev/);
    }
    for (const host of ['127.0.0.1', '::1', 'localhost'])
      expect(devToolsWarning('development', host)).toBeNull();
    expect(devToolsWarning('production', '0.0.0.0')).toBeNull();
  });

  it('A-04 a proxy on this machine that is not trusted still cannot reach /dev for a visitor', async () => {
    const untrusted = await createTestApp();
    try {
      const res = await untrusted.app.inject({
        url: '/dev/mail.json',
        headers: { 'x-forwarded-for': '192.0.2.7' },
      });
      expect(res.statusCode).toBe(404);
      expect((await untrusted.app.inject({ url: '/dev/mail.json' })).statusCode).toBe(200);
    } finally {
      await untrusted.close();
    }
  });

  it('A-10 /dev/ban and /dev/unban refuse another machine and change nothing', async () => {
    const m = await buildMember(t.app.db);
    const ban = await t.app.inject({
      method: 'POST',
      url: '/dev/ban',
      payload: { email: m.email, reason: 'x' },
      remoteAddress: '192.0.2.10',
    });
    expect(ban.statusCode).toBe(404);
    const [row] = await t.app.db.select({ status: users.status }).from(users).where(eq(users.id, m.id));
    expect(row?.status).toBe('confirmed');
    const local = await t.app.inject({ method: 'POST', url: '/dev/ban', payload: { email: m.email } });
    expect(local.statusCode).toBe(200);
    const unban = await t.app.inject({
      method: 'POST',
      url: '/dev/unban',
      payload: { email: m.email },
      remoteAddress: '192.0.2.10',
    });
    expect(unban.statusCode).toBe(404);
  });

  it('A-04 production has no /dev at all, not even for this machine', async () => {
    const prod = await createTestApp({ NODE_ENV: 'production' });
    try {
      expect((await prod.app.inject({ url: '/dev/mail.json' })).statusCode).toBe(404);
      expect((await prod.app.inject({ method: 'POST', url: '/dev/ban', payload: {} })).statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });

  it('the start banner says who /dev and /metrics answer', () => {
    expect(operationsBanner('development', undefined).join('\n')).toMatch(/\/dev.*only.*this machine/);
    expect(operationsBanner('production', undefined).join('\n')).not.toMatch(/\/dev/);
    expect(operationsBanner('production', 'x'.repeat(20)).join('\n')).toMatch(/METRICS_TOKEN/);
  });
});

describe('issue 10 item 14: /metrics', () => {
  const token = 'metrics-token-0123456789abcdef';
  let prod: TestApp;
  beforeAll(async () => {
    prod = await createTestApp({ NODE_ENV: 'production', METRICS_TOKEN: token, TRUST_PROXY: 'loopback' });
  });
  afterAll(() => prod.close());

  it('answers this machine', async () => {
    const res = await prod.app.inject({ url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('vonk_http_request_duration_seconds');
  });

  it('refuses another machine without the token, or with a wrong one, and through a proxy', async () => {
    const remoteAddress = '192.0.2.44';
    for (const authorization of [
      undefined,
      'Bearer wrong-token-0123456789',
      `Basic ${token}`,
      token,
      'Bearer ',
    ]) {
      const res = await prod.app.inject({
        url: '/metrics',
        remoteAddress,
        headers: authorization ? { authorization } : {},
      });
      expect(res.statusCode, String(authorization)).toBe(404);
      expect(res.body).not.toContain('vonk_');
    }
    const proxied = await prod.app.inject({ url: '/metrics', headers: { 'x-forwarded-for': '192.0.2.44' } });
    expect(proxied.statusCode).toBe(404);
  });

  it('answers another machine that shows the bearer token', async () => {
    const res = await prod.app.inject({
      url: '/metrics',
      remoteAddress: '192.0.2.44',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('vonk_http_request_duration_seconds');
  });

  it('without METRICS_TOKEN nobody but this machine gets in', async () => {
    const res = await t.app.inject({
      url: '/metrics',
      remoteAddress: '192.0.2.44',
      headers: { authorization: 'Bearer undefined' },
    });
    expect(res.statusCode).toBe(404);
  });
});
