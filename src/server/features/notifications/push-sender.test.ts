import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { Agent } from 'node:https';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../config.ts';
import { notificationDeliveries, pushSubscriptions } from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { api, connectSocket, listenOn, openChat, sendText } from '../../test/chat.ts';
import { type HttpsStub, startHttpsStub } from '../../test/https-stub.ts';
import { buildMember, type TestMember } from '../../test/members.ts';
import { type Resolve, sendPush } from './push-sender.ts';

/** What the test push service received. */
interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

let t: TestApp;
let testAgent: Agent;
let server: HttpsStub;
let base: string;
const received: Received[] = [];
/** Status the test push service answers per path (default 201). */
const answers = new Map<string, number>();

beforeAll(async () => {
  // A push service on loopback with a self-signed certificate, made for this run.
  server = await startHttpsStub(
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(answers.get(req.url ?? '') ?? 201).end();
      });
    },
    ['fcm.googleapis.com'],
  );
  base = server.origin;
  testAgent = new Agent({ ca: server.cert });
  t = await createTestApp({ PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' }, { pushAgent: testAgent });
});
afterAll(async () => {
  await t.close();
  await server.close();
});

/** A browser's side of a subscription: its P-256 key pair and auth secret (RFC 8291). */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16) };
}

async function subscribeDevice(m: TestMember, path: string) {
  const keys = browserKeys();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/user.php?push=1',
    cookies: m.cookies,
    payload: {
      subscription: {
        endpoint: `${base}${path}`,
        keys: {
          p256dh: keys.ecdh.getPublicKey().toString('base64url'),
          auth: keys.auth.toString('base64url'),
        },
      },
    },
  });
  expect(res.statusCode).toBe(201);
  return keys;
}

/** Decrypts an aes128gcm push body (RFC 8188 + RFC 8291) with the browser's private key and auth secret. */
function decrypt(body: Buffer, keys: ReturnType<typeof browserKeys>): unknown {
  const salt = body.subarray(0, 16);
  const idlen = body.readUInt8(20);
  const serverPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const shared = keys.ecdh.computeSecret(serverPublic);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), keys.ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, keys.auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  // The last record ends with the delimiter 0x02 and optional zero padding.
  let end = plain.length - 1;
  while (end > 0 && plain[end] === 0) end--;
  expect(plain[end]).toBe(2);
  return JSON.parse(plain.subarray(0, end).toString('utf8'));
}

/** The pushes the test push service got on a path, once there are at least `count`. */
async function waitFor(path: string, count = 1): Promise<Received[]> {
  const got = () => received.filter((r) => r.path === path);
  await vi.waitFor(() => expect(got().length).toBeGreaterThanOrEqual(count), { timeout: 5000, interval: 20 });
  return got();
}

const paid = () => buildMember(t.app.db, { paidUser: true, credits: 500, language: 'nl' });

describe('N-02 web push through a loopback push service', () => {
  it('N-02 a new message to an offline member is pushed encrypted; the payload is discreet and opens the chat', async () => {
    const a = await paid();
    const b = await paid();
    const keys = await subscribeDevice(b, '/push/b1');
    const conv = await openChat(t.app, a, b);
    expect((await sendText(t.app, a, conv, 'geheime inhoud')).statusCode).toBe(201);
    const [push] = await waitFor('/push/b1');
    expect(push, 'the push service got the push').toBeTruthy();
    expect(push?.headers['content-encoding']).toBe('aes128gcm');
    expect(String(push?.headers.authorization)).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    const payload = decrypt(push?.body as Buffer, keys) as Record<string, string>;
    expect(payload).toEqual({
      title: expect.any(String),
      body: 'Je hebt een nieuw bericht',
      url: `/chats/${conv}`,
      tag: `chat-${conv}`,
      icon: '/icons/icon-192.png',
    });
    expect(JSON.stringify(payload)).not.toContain('geheime');
    // The sender's own device gets nothing about their own message.
    expect(received.filter((r) => r.path === '/push/a')).toHaveLength(0);
  });

  it('N-02 no push while the member has the site open', async () => {
    const a = await paid();
    const b = await paid();
    await subscribeDevice(b, '/push/online');
    const socket = await connectSocket(await listenOn(t.app), b.cookie);
    const conv = await openChat(t.app, a, b);
    const online = (await sendText(t.app, a, conv, 'hallo')).json().message.id;
    // With the tab closed, the next message is pushed.
    socket.socket.close();
    await socket.waitClose();
    await vi.waitFor(async () => expect(await t.app.presence.isOnline(b.id)).toBe(false), {
      timeout: 5000,
      interval: 20,
    });
    const offline = (await sendText(t.app, a, conv, 'nog een')).json().message.id;
    // The sentinel: the later message's push is out; the earlier one's, dispatched first, was never claimed.
    expect(await waitFor('/push/online', 1)).toHaveLength(1);
    const claimed = await t.app.db
      .select({ key: notificationDeliveries.key })
      .from(notificationDeliveries)
      .where(eq(notificationDeliveries.userId, b.id));
    expect(claimed.map((d) => d.key)).toEqual([`push:msg:${offline}`]);
    expect(online).not.toBe(offline);
  });

  it('N-02 a like is pushed and opens the likes page', async () => {
    const a = await paid();
    const b = await paid();
    const keys = await subscribeDevice(b, '/push/like');
    expect((await api(t.app, a, 'POST', `/api/members/${b.id}/like`)).statusCode).toBe(200);
    const [push] = await waitFor('/push/like');
    expect(decrypt(push?.body as Buffer, keys)).toMatchObject({
      body: 'Iemand vindt je leuk',
      url: '/likes',
    });
  });

  it('N-02 a 410 from the push service removes the subscription', async () => {
    const a = await paid();
    const b = await paid();
    await subscribeDevice(b, '/push/gone');
    answers.set('/push/gone', 410);
    const conv = await openChat(t.app, a, b);
    await sendText(t.app, a, conv, 'hallo');
    expect(await waitFor('/push/gone')).toHaveLength(1);
    await vi.waitFor(
      async () =>
        expect(
          await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, b.id)),
        ).toHaveLength(0),
      { timeout: 3000, interval: 20 },
    );
  });

  it('N-02 the loopback knob is refused in production, and off by default', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUSH_ALLOW_PRIVATE_ENDPOINTS: '1' })).toThrow(
      /PUSH_ALLOW_PRIVATE_ENDPOINTS/,
    );
    expect(loadConfig({ NODE_ENV: 'test' }).pushAllowPrivateEndpoints).toBe(false);
  });
});

describe('N-02 issue 21: the push sender checks where it connects', () => {
  const payload = { title: 'Vonk', body: 'x', url: '/likes', tag: 'like', icon: '/icons/icon-192.png' };
  /** A member with one stored subscription, written straight to the table (as one stored before the checks). */
  async function storedDevice(endpoint: string) {
    const m = await paid();
    const keys = browserKeys();
    await t.app.db.insert(pushSubscriptions).values({
      userId: m.id,
      endpoint,
      p256dh: keys.ecdh.getPublicKey().toString('base64url'),
      auth: keys.auth.toString('base64url'),
      userAgent: 'test',
    });
    return m;
  }
  /** A resolver that answers one address for every name, and notes the names it was asked. */
  const resolverTo = (address: string) => {
    const asked: string[] = [];
    const resolve: Resolve = async (hostname) => {
      asked.push(hostname);
      return [{ address, family: address.includes(':') ? 6 : 4 }];
    };
    return { asked, resolve };
  };

  it('N-02 a push service name that resolves to this machine or a private network is not connected to', async () => {
    const { port } = server;
    for (const address of [
      '127.0.0.1',
      '10.0.0.7',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
    ]) {
      const path = `/fcm/send/private-${address.replace(/\W/g, '')}`;
      const m = await storedDevice(`https://fcm.googleapis.com:${port}${path}`);
      const { asked, resolve } = resolverTo(address);
      const sent = await sendPush({ db: t.app.db, agent: testAgent, resolve }, m.id, `k:${path}`, payload);
      expect(sent, address).toBe(0);
      expect(asked, address).toContain('fcm.googleapis.com');
      expect(
        received.filter((r) => r.path === path),
        address,
      ).toHaveLength(0);
      // The subscription stays: the push service may answer a public address again later.
      expect(
        await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.id)),
      ).toHaveLength(1);
    }
    // The same connection with the loopback knob (tests only) reaches the test push service: the
    // resolver's answer is where the sender connects, and the address check is what refused it above.
    const path = '/fcm/send/allowed';
    const m = await storedDevice(`https://fcm.googleapis.com:${port}${path}`);
    const { resolve } = resolverTo('127.0.0.1');
    const sent = await sendPush(
      { db: t.app.db, agent: testAgent, resolve, allowPrivate: true },
      m.id,
      `k:${path}`,
      payload,
    );
    expect(sent).toBe(1);
    expect(received.filter((r) => r.path === path)).toHaveLength(1);
  });

  it('N-02 a stored endpoint that is not a browser push service is never called, and is removed', async () => {
    const m = await storedDevice('https://127.0.0.1.nip.io/push/x');
    const { asked, resolve } = resolverTo('8.8.8.8');
    const sent = await sendPush({ db: t.app.db, agent: testAgent, resolve }, m.id, `k:nip:${m.id}`, payload);
    expect(sent).toBe(0);
    expect(asked).toEqual([]);
    expect(await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, m.id))).toEqual(
      [],
    );
  });
});
