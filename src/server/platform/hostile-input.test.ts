import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, SESSION_COOKIE } from '../platform/session.ts';
import { createTestApp, type TestApp } from '../test/app.ts';
import { buildMember, TEST_PASSWORD, type TestMember } from '../test/members.ts';

/**
 * Issue 10 item 5: every text field of every endpoint in the OpenAPI document, body and query, gets
 * hostile Unicode (NUL, other controls, bidi overrides, zero-width characters, lone surrogates), from a
 * visitor and from a member: the answer is never a 5xx. Written over the document, so endpoints added
 * later are covered without touching this file.
 */

interface Schema {
  type?: string | string[];
  enum?: unknown[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  exclusiveMinimum?: number | boolean;
  maximum?: number;
  minLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  const?: unknown;
  default?: unknown;
}
interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  schema?: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Endpoint {
  method: string;
  path: string;
  query: Record<string, Schema>;
  pathParams: string[];
  body: Schema | null;
}
/** A text field: where it is (body path or query name). */
interface Target {
  endpoint: Endpoint;
  where: 'body' | 'query';
  path: (string | number)[];
}

/** Routes whose effect would end the test's own session; they are still sent hostile input, logged out. */
const ENDS_SESSION = new Set(['GET /api/logout.php', 'DELETE /api/account']);

const first = (s: Schema): Schema => s.anyOf?.[0] ?? s.oneOf?.[0] ?? s.allOf?.[0] ?? s;
const typeOf = (s: Schema): string | undefined => (Array.isArray(s.type) ? s.type[0] : s.type);

/** A value the schema likely accepts, so the hostile field is not the only thing checked. */
function sample(schema: Schema): unknown {
  const s = first(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (typeOf(s)) {
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, sample(v)]));
    case 'array':
      return s.items && (s.minItems ?? 0) > 0 ? [sample(s.items)] : [];
    case 'integer':
    case 'number':
      return typeof s.minimum === 'number' ? Math.max(s.minimum, 1) : 1;
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'email') return 'someone@example.test';
      return 'Abcdefgh12'.padEnd(s.minLength ?? 0, 'x');
    default:
      return null;
  }
}

/** Every string path inside a schema (array items as index 0). */
function textPaths(schema: Schema, prefix: (string | number)[] = []): (string | number)[][] {
  const s = first(schema);
  const type = typeOf(s);
  if (type === 'string' && !s.enum && s.const === undefined) return [prefix];
  if (type === 'object')
    return Object.entries(s.properties ?? {}).flatMap(([k, v]) => textPaths(v, [...prefix, k]));
  if (type === 'array' && s.items) return textPaths(s.items, [...prefix, 0]);
  return [];
}

function setAt(target: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy = (Array.isArray(target) ? [...target] : { ...(target as object) }) as Record<
    string | number,
    unknown
  >;
  copy[head] = setAt(copy[head] ?? (typeof rest[0] === 'number' ? [] : {}), rest, value);
  return copy;
}

/**
 * Percent-encodes every UTF-16 code unit, lone surrogates as the bytes a careless encoder would send
 * (CESU-8), which encodeURIComponent refuses to do.
 */
function encodeHostile(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.charCodeAt(0);
    if (ch.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`;
    } else out += encodeURIComponent(ch);
  }
  return out;
}

function endpointsOf(doc: { paths: Record<string, Record<string, Operation>> }): Endpoint[] {
  const list: Endpoint[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    if (!path.startsWith('/api/')) continue;
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters ?? [];
      list.push({
        method: method.toUpperCase(),
        path,
        query: Object.fromEntries(
          params.filter((p) => p.in === 'query').map((p) => [p.name, p.schema ?? { type: 'string' }]),
        ),
        pathParams: params.filter((p) => p.in === 'path').map((p) => p.name),
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
      });
    }
  }
  return list;
}

function targetsOf(endpoints: Endpoint[]): Target[] {
  return endpoints.flatMap((endpoint) => [
    ...Object.entries(endpoint.query)
      .filter(([, s]) => textPaths(s).length > 0)
      .map(([name]) => ({ endpoint, where: 'query' as const, path: [name] })),
    ...(endpoint.body
      ? textPaths(endpoint.body).map((path) => ({ endpoint, where: 'body' as const, path }))
      : []),
  ]);
}

/** Sends one hostile value in one field; returns the status (or 400 when the HTTP layer refuses it). */
async function send(app: FastifyInstance, target: Target, value: string, cookie: string | null) {
  const { endpoint } = target;
  const url = endpoint.path.replace(/\{[^}]+\}/g, '1');
  const query: Record<string, unknown> = Object.fromEntries(
    Object.entries(endpoint.query).map(([k, s]) => [k, sample(s)]),
  );
  let body = endpoint.body ? sample(endpoint.body) : undefined;
  if (target.where === 'query') query[String(target.path[0])] = value;
  else body = setAt(body, target.path, value);
  const qs = Object.entries(query)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? encodeHostile(v) : String(v)}`)
    .join('&');
  const res = await app.inject({
    method: endpoint.method as 'GET',
    url: qs ? `${url}?${qs}` : url,
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    ...(body !== undefined && endpoint.method !== 'GET' ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: res.statusCode, body: res.body };
}

/** The characters that broke or could break things: NUL and other controls, bidi, invisible, surrogates. */
const NASTY = [
  '\u0000',
  '\u0001',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u202e',
  '\u2066',
  '\u200b',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\ud800',
  '\udfff',
  '\uffff',
  '\r\n',
  '＠',
  '\u0130',
  '%00',
  "'; drop table users; --",
];
const hostileString = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
      { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
      { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)) },
    ),
    { minLength: 1, maxLength: 12 },
  )
  .map((parts) => parts.join(''));

describe('hostile Unicode in every text field (issue 10 item 5)', () => {
  let t: TestApp;
  let member: TestMember;
  let targets: Target[];
  const freshCookie = async () =>
    `${SESSION_COOKIE}=${await createSession(t.app.db, member.id, 'property test')}`;

  beforeAll(async () => {
    // Hundreds of requests a minute from one address: the per-address limit (600) would answer 429
    // before the hostile text reached a handler, and this pass tests the handlers, not the limit.
    t = await createTestApp({ RATE_LIMIT_PER_MINUTE: '1000000' });
    member = await buildMember(t.app.db);
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json();
    targets = targetsOf(endpointsOf(doc));
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds the text fields of the document (login e-mail, profile name, about-me, search region)', () => {
    const names = targets.map(
      (x) => `${x.endpoint.method} ${x.endpoint.path} ${x.where}:${x.path.join('.')}`,
    );
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /api/user.php body:email',
        'POST /api/signup body:name',
        'PUT /api/profile body:about',
        'PUT /api/profile body:city',
        'GET /api/members query:region',
      ]),
    );
  });

  it('A-03 M-01 every text field with NUL, bidi override, zero-width and a lone surrogate, logged in and out: never a 5xx', async () => {
    const failures: string[] = [];
    for (const target of targets) {
      const loggedIn = !ENDS_SESSION.has(`${target.endpoint.method} ${target.endpoint.path}`);
      for (const value of ['a\u0000b', '\u202eevil', 'zero\u200bwidth', 'x\ud800y']) {
        for (const cookie of loggedIn ? [null, await freshCookie()] : [null]) {
          const res = await send(t.app, target, value, cookie);
          if (res.status >= 500)
            failures.push(
              `${target.endpoint.method} ${target.endpoint.path} ${target.path.join('.')} ${JSON.stringify(value)} ${cookie ? 'member' : 'visitor'}: ${res.status}`,
            );
        }
      }
    }
    expect(failures).toEqual([]);
    // Every endpoint of the document: the back office's forms (issue 23) add many fields.
  }, 180_000);

  it('random Unicode in a random field of a random endpoint: never a 5xx (fast-check, bounded)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.nat(), hostileString, fc.boolean(), async (pick, value, loggedIn) => {
        const target = targets[pick % targets.length] as Target;
        const ends = ENDS_SESSION.has(`${target.endpoint.method} ${target.endpoint.path}`);
        const res = await send(t.app, target, value, loggedIn && !ends ? await freshCookie() : null);
        expect(
          res.status,
          `${target.endpoint.method} ${target.endpoint.path} ${target.path.join('.')}`,
        ).toBeLessThan(500);
      }),
      { numRuns: 150 },
    );
  });

  it('a field refused for its characters says so in the field, localised', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/profile',
      cookies: { [SESSION_COOKIE]: (await freshCookie()).split('=')[1] as string },
      headers: { 'accept-language': 'en' },
      payload: { city: 'Utrecht\u0000' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.city).toBe("This text contains characters that aren't allowed.");
  });

  it('NUL and bidi characters in headers and raw query strings reaching the database: never a 5xx', async () => {
    const cookie = await freshCookie();
    const attempts = [
      { url: '/api/members?region=%00', headers: {} },
      { url: '/api/members?network=%C0%80', headers: {} },
      { url: '/api/settings?domain=a%00b', headers: {} },
      { url: '/api/regions?country=N%00L', headers: {} },
      { url: '/api/activate?token=abcdefghijk%00', headers: {} },
      { url: '/api/user.php', headers: { 'user-agent': 'bot\u202e\u200b', cookie } },
      { url: '/api/user.php', headers: { 'accept-language': 'nl\u202e,en;q=0.5', cookie } },
      { url: '/api/settings', headers: { host: 'x\u202ey.example' } },
      { url: '/api/user.php', headers: { cookie: `${SESSION_COOKIE}=%00abc; i18n_redirected=%00` } },
    ];
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/user.php',
      headers: { 'user-agent': 'phone\u0000\u202e' },
      payload: { email: member.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    for (const attempt of attempts) {
      let status: number;
      try {
        status = (await t.app.inject({ method: 'GET', url: attempt.url, headers: attempt.headers }))
          .statusCode;
      } catch {
        status = 400; // the HTTP layer refused the header itself
      }
      expect(status, attempt.url).toBeLessThan(500);
    }
  });
});
