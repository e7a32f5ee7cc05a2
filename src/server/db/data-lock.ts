import { randomBytes } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  statSync,
  unlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * One process per DATA_DIR: the embedded database (PGlite) is a single-writer store, and a second process
 * writing the same files loses acknowledged writes or leaves the database unopenable. The live process
 * holds `DATA_DIR/vonk.lock` and keeps it alive: it touches the file every few seconds (a heartbeat that
 * any process on the volume can see, also from another container). A pid proves a live owner only to a
 * process in the same pid namespace on the same boot (two containers on one volume are both pid 1); any
 * other lock is stale only when its heartbeat has stopped.
 */
export const LOCK_FILE = 'vonk.lock';
const HEARTBEAT_MS = 2_000;
const STALE_MS = 20_000;

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly pid: number;
  constructor(dataDir: string, pid: number, host: string | undefined, staleMs: number) {
    super(
      `Another Vonk process (pid ${pid}${host ? ` on ${host}` : ''}) is using the data folder ${dataDir}.\n` +
        'Only one process may use a data folder: stop that process first, or give this one its own DATA_DIR ' +
        `(or a DATABASE_URL). A lock whose process is gone is taken over by itself ` +
        `${Math.round(staleMs / 1000)} seconds after it stopped.`,
    );
    this.dataDir = dataDir;
    this.pid = pid;
  }
}

interface Owner {
  pid: number;
  host?: string;
  /** When that process started (Linux: boot id and start tick), so a reused pid is not taken for it. */
  start?: string;
  /** Where its pid means something: boot id and pid namespace (Linux). */
  space?: string;
  /** This lock's own id, so a process never takes another's lock with the same pid for its own. */
  token?: string;
}

const readBootId = () => readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

/** A process's start identity on Linux, or undefined where /proc does not tell. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses); starttime is field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return `${readBootId()}:${fields[19]}`;
  } catch {
    return undefined;
  }
}

/** This process's boot and pid namespace (Linux), or undefined where /proc does not tell. */
export function processSpace(): string | undefined {
  try {
    return `${readBootId()}/${readlinkSync('/proc/self/ns/pid')}`;
  } catch {
    return undefined;
  }
}

function readOwner(content: string | null): Owner | null {
  try {
    const parsed = JSON.parse(content ?? '') as Owner;
    return Number.isSafeInteger(parsed.pid) && parsed.pid > 0 ? parsed : null;
  } catch {
    return null; // missing, half-written or foreign: no pid to go by
  }
}

const readLock = (path: string) => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
};

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Tokens of the locks this process holds. */
const held = new Set<string>();

/**
 * Whether the owner's pid settles it, and how: only in our own pid namespace on this boot. Our own pid
 * there is this process: live while it holds that very lock, stale otherwise (a lock it gave back).
 */
function byPid(owner: Owner | null, space: string | undefined): 'live' | 'stale' | 'unknown' {
  if (!owner || space === undefined || owner.space !== space) return 'unknown';
  if (owner.pid === process.pid) return owner.token !== undefined && held.has(owner.token) ? 'live' : 'stale';
  if (!isProcessAlive(owner.pid)) return 'stale';
  // A process with that pid runs; it is the owner unless it provably started at another time.
  const start = owner.start === undefined ? undefined : processStart(owner.pid);
  return start === undefined || start === owner.start ? 'live' : 'stale';
}

const mtimeOf = (path: string) => {
  try {
    const s = statSync(path);
    return `${s.ino}:${s.mtimeMs}`;
  } catch {
    return null;
  }
};

/**
 * Watches a lock whose pid tells nothing here: live as soon as its owner touches it, stale once it was
 * not touched for `staleMs` (by its age, or by our own watching when the clocks disagree), gone if it went.
 */
async function byHeartbeat(
  path: string,
  staleMs: number,
  pollMs: number,
): Promise<'live' | 'stale' | 'gone'> {
  let seen: string;
  let age: number;
  try {
    const s = statSync(path);
    seen = `${s.ino}:${s.mtimeMs}`;
    age = Date.now() - s.mtimeMs;
  } catch {
    return 'gone';
  }
  const waitMs = Math.min(staleMs, Math.max(0, staleMs - age));
  const until = performance.now() + waitMs;
  while (performance.now() < until) {
    await sleep(Math.min(pollMs, Math.max(1, until - performance.now())));
    const now = mtimeOf(path);
    if (now === null) return 'gone';
    if (now !== seen) return 'live';
  }
  return 'stale';
}

export interface DataLock {
  release(): void;
}

export interface LockOptions {
  /** How often the owner touches the lock (ms). */
  heartbeatMs?: number;
  /** How long an untouched lock stays an owner's (ms); several heartbeats. */
  staleMs?: number;
  /** Called when the lock was taken from this process (it was frozen past staleMs); default: exit. */
  onLost?: (message: string) => void;
}

/**
 * Takes the lock on `dataDir` or throws DataDirLockedError; `release` gives it back (also done at exit).
 * A lock whose owner's pid cannot be checked from here may take up to a heartbeat to refuse, and up to
 * `staleMs` to take over.
 */
export async function lockDataDir(dataDir: string, opts: LockOptions = {}): Promise<DataLock> {
  const heartbeatMs = opts.heartbeatMs ?? HEARTBEAT_MS;
  const staleMs = opts.staleMs ?? STALE_MS;
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const token = randomBytes(12).toString('hex');
  const space = processSpace();
  const content = JSON.stringify({
    pid: process.pid,
    host: hostname(),
    start: processStart(process.pid),
    space,
    token,
    since: new Date().toISOString(),
  });
  // The lock appears with its content in one step (a hard link of a finished file), so nobody ever
  // reads a half-written lock.
  const tmp = `${path}.${token}.tmp`;
  writeFileSync(tmp, content);
  try {
    let taken = false;
    for (let attempt = 0; attempt < 5 && !taken; attempt++) {
      try {
        createExclusively(tmp, path, content);
        taken = true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        await takeOverIfStale(dataDir, path, space, token, staleMs, Math.max(50, heartbeatMs / 4));
      }
    }
    if (!taken) throw new Error(`Could not take the lock ${path}: it keeps changing hands.`);
  } finally {
    unlinkSync(tmp);
  }
  held.add(token);
  const ours = () => readOwner(readLock(path))?.token === token;
  const heartbeat = setInterval(() => {
    try {
      if (ours()) {
        const now = new Date();
        utimesSync(path, now, now);
        return;
      }
    } catch {
      // it went between the read and the touch: lost as well
    }
    release();
    const message = `The lock ${path} was taken over by another process: this one stops using ${dataDir}.`;
    if (opts.onLost) opts.onLost(message);
    else {
      console.error(message);
      process.exit(1);
    }
  }, heartbeatMs);
  heartbeat.unref();
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    clearInterval(heartbeat);
    process.off('exit', release);
    if (ours()) {
      try {
        unlinkSync(path);
      } catch {
        // already gone
      }
    }
    held.delete(token);
  };
  process.on('exit', release);
  return { release };
}

/** Creates `path` only when it does not exist yet (EEXIST otherwise), as a link where links work. */
function createExclusively(tmp: string, path: string, content: string) {
  try {
    linkSync(tmp, path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw err;
    writeFileSync(path, content, { flag: 'wx' }); // a file system without hard links
  }
}

/**
 * Refuses a live owner; moves a stale lock aside under a name of our own. A rename is atomic, so of two
 * processes taking over the same stale lock only one moves it; if what was moved is not the lock we found
 * stale (another process took it meanwhile), it goes back, and the next round judges that one.
 */
async function takeOverIfStale(
  dataDir: string,
  path: string,
  space: string | undefined,
  token: string,
  staleMs: number,
  pollMs: number,
) {
  const found = readLock(path);
  if (found === null) return;
  const owner = readOwner(found);
  let verdict: 'live' | 'stale' | 'unknown' | 'gone' = byPid(owner, space);
  if (verdict === 'unknown') verdict = await byHeartbeat(path, staleMs, pollMs);
  if (verdict === 'gone') return;
  if (verdict === 'live') throw new DataDirLockedError(dataDir, owner?.pid ?? 0, owner?.host, staleMs);
  const aside = `${path}.${token}.stale`;
  try {
    renameSync(path, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  if (readLock(aside) !== found) {
    try {
      linkSync(aside, path);
    } catch {
      // somebody holds it already
    }
  }
  unlinkSync(aside);
}
