import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sites } from '../db/schema.ts';
import { createTestApp, TEST_SHELL, type TestApp } from '../test/app.ts';
import { cspWithImageOrigin } from './security-headers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { webShell: TEST_SHELL });
  // The second demo site serves its images from a CDN; set before its settings are first cached.
  await t.app.db
    .update(sites)
    .set({ cdnPrefix: 'https://cdn.example.net/goud' })
    .where(eq(sites.domain, '127.0.0.1'));
});
afterAll(() => t.close());

const imgSrc = (csp: string | undefined) => csp?.match(/img-src ([^;]*)/)?.[1]?.split(' ');

describe('P-02 pages of a site with a CDN', () => {
  it("P-02 the page's CSP lets images come from the site's cdn_prefix origin, and only on that site", async () => {
    const cdn = await t.app.inject({ url: '/', headers: { host: '127.0.0.1', accept: 'text/html' } });
    expect(cdn.statusCode).toBe(200);
    expect(imgSrc(cdn.headers['content-security-policy'] as string)).toEqual(
      expect.arrayContaining(["'self'", 'https://cdn.example.net']),
    );
    const plain = await t.app.inject({ url: '/', headers: { host: 'localhost', accept: 'text/html' } });
    expect(imgSrc(plain.headers['content-security-policy'] as string)).not.toContain(
      'https://cdn.example.net',
    );
    expect(plain.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('P-02 a relative or malformed cdn_prefix leaves the CSP as it is', () => {
    const csp = "default-src 'self';img-src 'self' data: blob:;script-src 'self'";
    expect(cspWithImageOrigin(csp, '/media')).toBe(csp);
    expect(cspWithImageOrigin(csp, 'javascript:alert(1)')).toBe(csp);
    expect(cspWithImageOrigin(csp, 'https://cdn.example.net/a/b')).toBe(
      "default-src 'self';img-src 'self' data: blob: https://cdn.example.net;script-src 'self'",
    );
  });
});

describe('P-01 the page preloads what the app asks for first', () => {
  it('P-01 the settings answer, at the address the app will fetch (query and domain, escaped)', async () => {
    const res = await t.app.inject({
      url: '/members?ref=spring&x=%22%3E%3Cscript%3E',
      headers: { host: 'localhost:3000', accept: 'text/html' },
    });
    expect(res.statusCode).toBe(200);
    const href = /<link rel="preload" as="fetch" crossorigin href="([^"]+)"/.exec(res.body)?.[1];
    expect(href?.replaceAll('&amp;', '&')).toBe(
      '/api/settings?ref=spring&x=%22%3E%3Cscript%3E&domain=localhost',
    );
    expect(res.body).not.toContain('<script>');
  });
});
