import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loginMember, signupMember, startServerProcess } from '../test/server-process.ts';
import { DataDirLockedError, LOCK_FILE, lockDataDir, processSpace, processStart } from './data-lock.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'vonk-lock-'));
  dirs.push(dir);
  return dir;
};
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** A process that stays alive until killed, for a lock owner that is really running. */
function sleeper(): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
  children.push(child);
  return child;
}
const exited = (child: ChildProcess) =>
  new Promise<number | null>((done) =>
    child.exitCode !== null ? done(child.exitCode) : child.once('exit', (code) => done(code)),
  );

const space = processSpace();
const otherSpace = `${space?.split('/')[0] ?? 'boot'}/pid:[1]`;
const write = (dir: string, owner: object | string, ageMs = 0) => {
  const path = join(dir, LOCK_FILE);
  writeFileSync(path, typeof owner === 'string' ? owner : JSON.stringify(owner));
  const at = new Date(Date.now() - ageMs);
  utimesSync(path, at, at);
};
const lockedPid = (dir: string) => JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid;
const fast = { heartbeatMs: 50, staleMs: 600 };

describe('issue 10 item 1: one process per DATA_DIR (lock file)', () => {
  it('takes a free folder, writes its pid, and gives the lock back', async () => {
    const dir = tempDir();
    const lock = await lockDataDir(dir);
    expect(lockedPid(dir)).toBe(process.pid);
    lock.release();
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false);
  });

  it.runIf(space)('refuses a folder held by a live process, naming the folder and the pid', async () => {
    const dir = tempDir();
    const owner = sleeper();
    write(dir, { pid: owner.pid, host: 'elsewhere', space });
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    const err = await lockDataDir(dir).catch((e: Error) => e);
    expect((err as Error).message).toContain(dir);
    expect((err as Error).message).toContain(`pid ${owner.pid}`);
    expect(lockedPid(dir), 'the lock stays its').toBe(owner.pid);
    owner.kill('SIGKILL');
    await exited(owner);
  });

  it.runIf(processStart(process.pid))('tells a reused pid from the process that wrote the lock', async () => {
    const running = sleeper();
    await new Promise((r) => running.once('spawn', r));
    const pid = running.pid as number;
    const dir = tempDir();
    write(dir, { pid, start: processStart(pid), space });
    await expect(lockDataDir(dir), 'the same process still runs').rejects.toThrow(DataDirLockedError);
    write(dir, { pid, start: 'another-boot:12345', space });
    const lock = await lockDataDir(dir);
    expect(JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      start: processStart(process.pid),
    });
    lock.release();
    running.kill('SIGKILL');
    await exited(running);
  });

  it('takes over the stale lock of a dead process, a garbled lock, and its own old pid', async () => {
    const dead = sleeper();
    dead.kill('SIGKILL');
    await exited(dead);
    for (const [content, ageMs] of [
      [{ pid: dead.pid, space }, 0],
      ['{"pid":', 30_000],
      [{ pid: process.pid, space: otherSpace, token: 'a previous life of this container' }, 30_000],
      [{ pid: process.pid, space, token: 'a lock this process gave back' }, space ? 0 : 30_000],
    ] as const) {
      const dir = tempDir();
      write(dir, content, ageMs);
      const lock = await lockDataDir(dir);
      expect(lockedPid(dir), JSON.stringify(content)).toBe(process.pid);
      lock.release();
    }
  });

  it.runIf(space)('issue 21 item 3: the same process cannot take its own folder twice', async () => {
    const dir = tempDir();
    const lock = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toThrow(DataDirLockedError);
    lock.release();
  });

  it('issue 21 item 3: a lock from another pid namespace holding our own pid is refused while its heartbeat goes on, and taken over once it stops', async () => {
    const dir = tempDir();
    write(dir, { pid: process.pid, host: 'container-a', space: otherSpace, token: 'theirs' });
    const path = join(dir, LOCK_FILE);
    let beats = 0;
    const owner = setInterval(() => {
      beats++;
      const now = new Date();
      utimesSync(path, now, now);
    }, 50);
    const err = await lockDataDir(dir, fast).catch((e: Error) => e);
    expect(err).toBeInstanceOf(DataDirLockedError);
    expect((err as Error).message).toContain('on container-a');
    expect(beats, 'refused at its heartbeat, not at its staleness').toBeLessThan(10);
    clearInterval(owner);
    const lock = await lockDataDir(dir, fast);
    expect(lockedPid(dir)).toBe(process.pid);
    lock.release();
  });

  it('issue 21 item 3: an owner whose lock was taken stops (onLost) and never deletes the new lock', async () => {
    const dir = tempDir();
    const lost = new Promise<string>((done) => {
      void lockDataDir(dir, { ...fast, onLost: done });
    });
    await vi.waitFor(() => expect(existsSync(join(dir, LOCK_FILE))).toBe(true));
    const theirs = JSON.stringify({ pid: 1, space: otherSpace, token: 'theirs' });
    write(dir, theirs);
    expect(await lost).toContain('taken over');
    expect(readFileSync(join(dir, LOCK_FILE), 'utf8')).toBe(theirs);
  });
});

// The real thing: `node src/server/main.ts` twice on one folder.
function startServer(dataDir: string) {
  const server = startServerProcess(dataDir);
  children.push(server.child);
  return server;
}
const signup = (base: string, i: number) => signupMember(base, 'lock', i);
const login = (base: string, i: number) => loginMember(base, 'lock', i);

describe('issue 10 item 1: a second start on a live folder', () => {
  it('exits non-zero with a clear message, and the first process keeps every write (also after kill -9)', async () => {
    const dataDir = tempDir();
    const first = startServer(dataDir);
    const base = await first.url;
    for (let i = 0; i < 3; i++) expect(await signup(base, i)).toBe(201);

    const second = startServer(dataDir);
    const code = await exited(second.child);
    expect(code).not.toBe(0);
    expect(second.output()).toContain(dataDir);
    expect(second.output()).toContain(`pid ${first.child.pid}`);
    expect(second.output()).not.toMatch(/running at/);

    // The first goes on undisturbed, and keeps what it acknowledged.
    for (let i = 3; i < 6; i++) expect(await signup(base, i)).toBe(201);
    for (let i = 0; i < 6; i++) expect(await login(base, i), `member ${i}`).toBe(200);

    // A crash leaves a stale lock: the next start takes over and finds every write.
    first.child.kill('SIGKILL');
    await exited(first.child);
    const third = startServer(dataDir);
    const again = await third.url;
    for (let i = 0; i < 6; i++) expect(await login(again, i), `member ${i} after kill -9`).toBe(200);
    third.child.kill('SIGTERM');
    expect(await exited(third.child)).toBe(0);
    expect(existsSync(join(dataDir, LOCK_FILE)), 'a clean stop gives the lock back').toBe(false);
  }, 240_000);
});
