import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/**
 * One process per DATA_DIR: the embedded database (PGlite) is a single-writer store, and a second process
 * writing the same files loses acknowledged writes or leaves the database unopenable. The live process
 * holds `DATA_DIR/vonk.lock` (its pid); a lock whose process is gone (kill -9, power loss) is stale and
 * taken over.
 */
export const LOCK_FILE = 'vonk.lock';

export class DataDirLockedError extends Error {
  readonly dataDir: string;
  readonly pid: number;
  constructor(dataDir: string, pid: number, host: string | undefined) {
    super(
      `Another Vonk process (pid ${pid}${host ? ` on ${host}` : ''}) is using the data folder ${dataDir}.\n` +
        'Only one process may use a data folder: stop that process first, or give this one its own DATA_DIR ' +
        `(or a DATABASE_URL). If that process is really gone, delete ${join(dataDir, LOCK_FILE)}.`,
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
}

/** A process's start identity on Linux, or undefined where /proc does not tell. */
export function processStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces and parentheses); starttime is field 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const boot = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
    return `${boot}:${fields[19]}`;
  } catch {
    return undefined;
  }
}

function readOwner(path: string): Owner | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Owner;
    return Number.isSafeInteger(parsed.pid) && parsed.pid > 0 ? parsed : null;
  } catch {
    return null; // missing, half-written or foreign: not a live owner
  }
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Somebody else, still running. Our own pid in an old lock is a previous life of this container. */
const liveOther = (owner: Owner | null): owner is Owner => {
  if (owner === null || owner.pid === process.pid || !isProcessAlive(owner.pid)) return false;
  // A process with that pid runs; it is the owner unless it provably started at another time.
  const start = owner.start === undefined ? undefined : processStart(owner.pid);
  return start === undefined || start === owner.start;
};

/** Takes the lock on `dataDir` or throws DataDirLockedError; `release` gives it back (also done at exit). */
export function lockDataDir(dataDir: string): { release(): void } {
  mkdirSync(dataDir, { recursive: true });
  const path = join(dataDir, LOCK_FILE);
  const content = JSON.stringify({
    pid: process.pid,
    host: hostname(),
    start: processStart(process.pid),
    since: new Date().toISOString(),
  });
  // The lock appears with its content in one step (a hard link of a finished file), so nobody ever
  // reads a half-written lock.
  const tmp = `${path}.${process.pid}.tmp`;
  writeFileSync(tmp, content);
  try {
    let taken = false;
    for (let attempt = 0; attempt < 5 && !taken; attempt++) {
      try {
        createExclusively(tmp, path, content);
        taken = true;
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
        takeOverIfStale(dataDir, path);
      }
    }
    if (!taken) throw new Error(`Could not take the lock ${path}: it keeps changing hands.`);
  } finally {
    unlinkSync(tmp);
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    if (readOwner(path)?.pid === process.pid) {
      try {
        unlinkSync(path);
      } catch {
        // already gone
      }
    }
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
 * processes taking over the same stale lock only one moves it; if what was moved turns out to be a fresh
 * live lock (taken just before us), it goes back and we refuse rather than run beside it.
 */
function takeOverIfStale(dataDir: string, path: string) {
  const owner = readOwner(path);
  if (liveOther(owner)) throw new DataDirLockedError(dataDir, owner.pid, owner.host);
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw e;
  }
  const moved = readOwner(aside);
  if (liveOther(moved)) {
    try {
      linkSync(aside, path);
    } catch {
      // somebody holds it already
    }
    unlinkSync(aside);
    throw new DataDirLockedError(dataDir, moved.pid, moved.host);
  }
  unlinkSync(aside);
}
