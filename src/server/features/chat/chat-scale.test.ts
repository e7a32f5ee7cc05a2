import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { TChatMessage } from '../../../shared/contract/chat.ts';
import { creditLedger, messages, users } from '../../db/schema.ts';
import { seedDemo } from '../../demo/seed.ts';
import { createTestApp, createTestDatabase } from '../../test/app.ts';
import {
  clientId,
  connectSocket,
  creditsOf,
  listenOn,
  openChat,
  sendOverSocket,
  sendText,
  waitForBus,
} from '../../test/chat.ts';
import { sharedInstances } from '../../test/instances.ts';
import { notOpening } from '../../test/ledger.ts';
import { buildMember } from '../../test/members.ts';

// Races and crashes: only a real PostgreSQL server (TEST_DATABASE_URL, `npm run test:pg`) has many
// connections; the two-instance test also needs Redis (TEST_REDIS_URL).
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
/** These start servers and race many requests: on a busy machine they need more than the default time. */
const SLOW = 180_000;

describe('C-03 C-12 concurrent sends', () => {
  it(
    'C-03 100 concurrent sends with credits for 10 store exactly 10 messages and leave balance 0',
    async () => {
      const t = await createTestApp();
      try {
        const a = await buildMember(t.app.db, { paidUser: true, credits: 10 });
        const others = await Promise.all(
          Array.from({ length: 4 }, () => buildMember(t.app.db, { paidUser: true })),
        );
        const ids = await Promise.all(others.map((o) => openChat(t.app, a, o)));
        const results = await Promise.all(
          Array.from({ length: 100 }, (_, i) => sendText(t.app, a, ids[i % ids.length] ?? 0, `race ${i}`)),
        );
        const codes = results.map((r) => r.statusCode);
        expect(codes.filter((c) => c === 201)).toHaveLength(10);
        expect(codes.filter((c) => c === 402)).toHaveLength(90);
        const stored = await t.app.db.select().from(messages).where(eq(messages.senderId, a.id));
        expect(stored).toHaveLength(10);
        expect(await creditsOf(t.app, a.id)).toBe(0);
        const ledger = await t.app.db
          .select()
          .from(creditLedger)
          .where(and(eq(creditLedger.userId, a.id), notOpening()));
        expect(ledger).toHaveLength(10);
        // Each conversation's sequence has no gaps, whatever lost the race.
        for (const id of ids) {
          const seqs = stored.filter((m) => m.conversationId === id).map((m) => m.seq);
          expect(seqs.sort((x, y) => x - y)).toEqual(Array.from({ length: seqs.length }, (_, i) => i + 1));
        }
      } finally {
        await t.close();
      }
    },
    SLOW,
  );
});

/** Two app instances on one database and Redis, as behind a load balancer. */
describe.runIf(pgUrl && redisUrl)('P-16 two instances on one PostgreSQL and Redis', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c().catch(() => {});
  });

  it(
    'P-16 a message sent through instance 1 reaches a socket on instance 2 (its time: npm run bench, timings.delivery); after instance 2 restarts its client syncs every message exactly once',
    async () => {
      const { database, instance } = await sharedInstances(redisUrl ?? '', cleanups);
      const one = await instance();
      let two = await instance();
      const a = await buildMember(database.db, { paidUser: true, credits: 50 });
      const b = await buildMember(database.db, { paidUser: true });
      const id = await openChat(one.app, a, b);
      let socket = await connectSocket(two.base, b.cookie);
      // Redis connects and subscribes in the background: once a hint from instance 1 arrives, it is up.
      await waitForBus(one.app, b.id, socket);
      const sent = await sendText(one.app, a, id, 'over de grens');
      expect(sent.statusCode).toBe(201);
      const event = await socket.next('message', () => true, 10_000);
      expect(event.message).toMatchObject({ body: 'over de grens', seq: 1 });
      const seen = new Map<number, TChatMessage>([[event.message.id, event.message]]);

      // Instance 2 goes away; messages keep arriving through instance 1.
      await two.close();
      for (let i = 0; i < 5; i++)
        expect((await sendText(one.app, a, id, `terwijl 2 weg is ${i}`)).statusCode).toBe(201);
      two = await instance();
      socket = await connectSocket(two.base, b.cookie);
      await waitForBus(one.app, b.id, socket);
      const lastSeq = Math.max(...[...seen.values()].map((m) => m.seq));
      socket.socket.send(
        JSON.stringify({ type: 'sync', conversations: [{ conversation_id: id, after_seq: lastSeq }] }),
      );
      const sync = await socket.next('sync');
      const synced = sync.conversations[0]?.messages ?? [];
      for (const m of synced) {
        expect(seen.has(m.id)).toBe(false);
        seen.set(m.id, m);
      }
      expect([...seen.values()].map((m) => m.seq).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6]);
      // And live delivery works again on the restarted instance.
      await sendText(one.app, a, id, 'weer live');
      expect((await socket.next('message', (e) => e.message.seq === 7, 10_000)).message.body).toBe(
        'weer live',
      );
      socket.socket.close();
    },
    SLOW,
  );
});

const root = resolve(import.meta.dirname, '../../../..');

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? ok(address.port) : fail(new Error('no port')),
      );
    });
  });
}

function startServer(url: string, port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [join(root, 'src/server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: url,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      DATA_DIR: dataDir,
      RATE_LIMIT_FACTOR: '100',
      REDIS_URL: '',
    },
    stdio: 'ignore',
  });
  return (async () => {
    try {
      await vi.waitFor(async () => expect((await fetch(`http://127.0.0.1:${port}/healthz`)).ok).toBe(true), {
        timeout: 120_000,
        interval: 100,
      });
      return child;
    } catch {
      child.kill('SIGKILL');
      throw new Error('server did not start');
    }
  })();
}

describe.runIf(pgUrl)('C-12 SIGKILL while clients send', () => {
  it(
    'C-12 after a SIGKILL and restart every acknowledged message is stored exactly once, and retries complete the rest',
    async () => {
      const database = await createTestDatabase();
      let child: ChildProcess | undefined;
      try {
        await seedDemo(database.db);
        const port = await freePort();
        const dataDir = mkdtempSync(join(tmpdir(), 'vonk-kill-'));
        child = await startServer(database.url ?? '', port, dataDir);
        const a = await buildMember(database.db, { paidUser: true, credits: 1000 });
        const b = await buildMember(database.db, { paidUser: true, credits: 1000 });
        const http = `http://127.0.0.1:${port}`;
        const post = async (who: typeof a, path: string, body: object) => {
          const res = await fetch(`${http}${path}`, {
            method: 'POST',
            headers: { cookie: who.cookie, 'content-type': 'application/json' },
            body: JSON.stringify(body),
            signal: AbortSignal.timeout(5000),
          });
          return { status: res.status, json: (await res.json()) as { conversation: { id: number } } };
        };
        const id = (await post(a, `/api/members/${b.id}/chat`, {})).json.conversation.id;

        // Two members send as fast as they can; each remembers what the server acknowledged.
        const acked = new Set<string>();
        const pending: { who: typeof a; cid: string; body: string }[] = [];
        let running = true;
        const sender = async (who: typeof a, name: string) => {
          for (let i = 0; running; i++) {
            const msg = { who, cid: clientId(), body: `${name} ${i}` };
            try {
              const res = await post(who, `/api/chats/${id}/messages`, {
                kind: 'text',
                client_id: msg.cid,
                body: msg.body,
              });
              if (res.status === 201 || res.status === 200) acked.add(msg.cid);
              else pending.push(msg);
            } catch {
              pending.push(msg);
              return;
            }
          }
        };
        let stopped = 0;
        const loops = [sender(a, 'A'), sender(b, 'B')].map((l) => l.finally(() => stopped++));
        // Killed in the middle of sending: after some sends were acknowledged, with more on the way (or
        // once both senders gave up on a failed request).
        await vi.waitFor(() => expect(acked.size >= 2 || stopped === 2).toBe(true), {
          timeout: 30_000,
          interval: 5,
        });
        child.kill('SIGKILL');
        running = false;
        await Promise.all(loops);
        expect(acked.size).toBeGreaterThan(0);

        child = await startServer(database.url ?? '', port, dataDir);
        // The client resends what was never acknowledged, with the same ids (the outbox).
        for (const msg of pending) {
          const res = await post(msg.who, `/api/chats/${id}/messages`, {
            kind: 'text',
            client_id: msg.cid,
            body: msg.body,
          });
          expect([200, 201]).toContain(res.status);
          acked.add(msg.cid);
        }
        const rows = await database.db.select().from(messages).where(eq(messages.conversationId, id));
        const byClient = new Map<string, number>();
        for (const r of rows) byClient.set(r.clientId, (byClient.get(r.clientId) ?? 0) + 1);
        for (const cid of acked) expect(byClient.get(cid), cid).toBe(1);
        expect(rows).toHaveLength(acked.size);
        const seqs = rows.map((r) => r.seq).sort((x, y) => x - y);
        expect(seqs).toEqual(Array.from({ length: rows.length }, (_, i) => i + 1));
        // Every stored message was paid for exactly once.
        for (const who of [a, b]) {
          const sent = rows.filter((r) => r.senderId === who.id);
          const ledger = await database.db
            .select()
            .from(creditLedger)
            .where(and(eq(creditLedger.userId, who.id), notOpening()));
          expect(ledger).toHaveLength(sent.length);
          const spent = sent.reduce((sum, r) => sum + r.creditsSpent, 0);
          expect(spent).toBeGreaterThan(0);
          expect(ledger.reduce((sum, l) => sum - l.amount, 0)).toBe(spent);
          const [account] = await database.db
            .select({ credits: users.credits })
            .from(users)
            .where(eq(users.id, who.id));
          expect(account?.credits).toBe(1000 - spent);
        }
      } finally {
        child?.kill('SIGKILL');
        await database.drop();
      }
    },
    SLOW,
  );
});

describe.runIf(pgUrl)('P-16 PostgreSQL connections killed under the app', () => {
  it(
    'P-16 C-12 sends whose connections are killed answer 503 with the localised text, never a 500; the sockets live on and retries store each message once',
    async () => {
      const t = await createTestApp();
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      try {
        const base = await listenOn(t.app);
        const a = await buildMember(t.app.db, { paidUser: true, credits: 100 });
        const b = await buildMember(t.app.db, { paidUser: true });
        const id = await openChat(t.app, a, b);
        const socket = await connectSocket(base, a.cookie);
        const current = (await t.app.db.execute(sql`select current_database() as name`)) as unknown as {
          rows: { name: string }[];
        };
        const name = current.rows[0]?.name ?? '';
        const url = new URL(pgUrl ?? '');
        url.pathname = `/${name}`;

        // The sender's row is locked, so every send waits on the database; then its connections are killed.
        const locker = new pg.Client({ connectionString: url.toString() });
        await locker.connect();
        await locker.query('begin');
        await locker.query('select 1 from users where id = $1 for update', [a.id]);
        const ids = Array.from({ length: 6 }, () => clientId());
        const sends = ids.map((cid, i) => sendText(t.app, a, id, `bericht ${i}`, cid));
        const socketCid = clientId();
        sendOverSocket(socket.socket, id, socketCid, 'over de socket');
        // Every connection that waits on the lock is killed, again and again, until each send has its answer
        // (a batch that fails is tried once more send by send, on new connections).
        const lockerPid = (await locker.query('select pg_backend_pid() as pid')).rows[0]?.pid;
        let answered = false;
        const all = Promise.all([...sends, socket.next('nack', (e) => e.client_id === socketCid, 15_000)]);
        void all.finally(() => {
          answered = true;
        });
        await vi
          .waitFor(
            async () => {
              await admin.query(
                `select pg_terminate_backend(pid) from pg_stat_activity
                  where datname = $1 and pid <> $2 and wait_event_type = 'Lock'`,
                [name, lockerPid],
              );
              expect(answered).toBe(true);
            },
            { timeout: 15_000, interval: 20 },
          )
          .catch(() => {}); // the answers are checked below
        await locker.query('rollback');
        await locker.end();

        const answers = await Promise.all(sends);
        for (const res of answers) {
          expect(res.statusCode, res.body).toBe(503);
          expect(res.headers['retry-after']).toBeDefined();
          expect(res.json().error).toEqual({
            code: 'unavailable',
            message: 'Er is een fout opgetreden, probeer het later opnieuw.',
          });
        }
        const nack = (await all).at(-1);
        expect(nack).toMatchObject({ status: 503, error: { code: 'unavailable' } });
        expect(socket.closed()).toBeNull();

        // The pool replaced the connections: the same sends again are stored, each once, and paid once.
        for (const [i, cid] of ids.entries())
          expect((await sendText(t.app, a, id, `bericht ${i}`, cid)).statusCode).toBe(201);
        sendOverSocket(socket.socket, id, socketCid, 'over de socket');
        expect(await socket.next('ack', (e) => e.client_id === socketCid)).toBeTruthy();
        const stored = await t.app.db.select().from(messages).where(eq(messages.conversationId, id));
        expect(stored).toHaveLength(ids.length + 1);
        expect(new Set(stored.map((m) => m.clientId))).toEqual(new Set([...ids, socketCid]));
        const ledger = await t.app.db
          .select()
          .from(creditLedger)
          .where(and(eq(creditLedger.userId, a.id), notOpening()));
        expect(ledger.map((l) => l.reference).sort()).toEqual(stored.map((m) => m.clientId).sort());
        const spent = stored.reduce((sum, m) => sum + m.creditsSpent, 0);
        expect(await creditsOf(t.app, a.id)).toBe(100 - spent);
        socket.socket.close();
      } finally {
        await admin.end();
        await t.close();
      }
    },
    SLOW,
  );
});
