import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loginMember, signupMember, startServerProcess } from '../test/server-process.ts';
import { LOCK_FILE } from './data-lock.ts';

// Processes tier (runs with the PostgreSQL/Redis suites, as root): two containers on one volume, played by
// two servers in their own pid namespaces, both pid 1 (`unshare --pid --fork --mount-proc`).
const _main = resolve(import.meta.dirname, '../main.ts');
const children: ChildProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'vonk-pidns-'));
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

/** `stop` is what the server gets when unshare is killed (unshare itself ignores SIGTERM while it waits). */
function startInOwnPidNamespace(stop: 'SIGKILL' | 'SIGTERM' = 'SIGKILL') {
  const server = startServerProcess(dataDir, [
    'unshare',
    '--pid',
    '--fork',
    '--mount-proc',
    `--kill-child=${stop}`,
  ]);
  children.push(server.child);
  return server;
}
const signup = (base: string, i: number) => signupMember(base, 'pidns', i);
const login = (base: string, i: number) => loginMember(base, 'pidns', i);

describe.runIf(process.env.TEST_DATABASE_URL)(
  'issue 21 item 3: the data-folder lock across pid namespaces',
  () => {
    it('a second server in another pid namespace (also pid 1) refuses the folder while the first lives; after kill -9 of the first, a third takes over and finds every write', async () => {
      const first = startInOwnPidNamespace();
      const base = await first.url;
      expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).pid, 'pid 1 of its namespace').toBe(
        1,
      );
      for (let i = 0; i < 3; i++) expect(await signup(base, i)).toBe(201);

      const second = startInOwnPidNamespace();
      expect(await second.exit).not.toBe(0);
      expect(second.output()).toContain(dataDir);
      expect(second.output()).toContain('pid 1');
      expect(second.output()).not.toMatch(/running at/);

      for (let i = 3; i < 6; i++) expect(await signup(base, i)).toBe(201);
      for (let i = 0; i < 6; i++) expect(await login(base, i), `member ${i}`).toBe(200);

      // kill -9: the lock stays behind with pid 1 of a namespace that is gone; its heartbeat stops, and the
      // next start takes over once it is stale.
      first.child.kill('SIGKILL');
      await first.exit;
      const third = startInOwnPidNamespace('SIGTERM');
      const again = await third.url;
      for (let i = 0; i < 6; i++) expect(await login(again, i), `member ${i} after kill -9`).toBe(200);
      third.child.kill('SIGKILL');
      await vi.waitFor(
        () => expect(existsSync(join(dataDir, LOCK_FILE)), 'a clean stop gives the lock back').toBe(false),
        { timeout: 60_000 },
      );
    }, 300_000);
  },
);
