import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

// A real server (`node src/server/main.ts`) in a child process on an embedded database in `dataDir`, for the
// tests that need processes: two starts on one data folder, kill -9, pid namespaces.

const main = resolve(import.meta.dirname, '../main.ts');

export interface ServerProcess {
  child: ChildProcess;
  /** The address the server printed once it listened; rejects when it exits first. */
  url: Promise<string>;
  exit: Promise<number | null>;
  output: () => string;
}

/** `wrap` runs the server under another command (e.g. `unshare --pid --fork --mount-proc`). */
export function startServerProcess(dataDir: string, wrap: string[] = []): ServerProcess {
  const argv = [...wrap, process.execPath, main];
  const child = spawn(argv[0] ?? process.execPath, argv.slice(1), {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      RATE_LIMIT_FACTOR: '100',
      DATABASE_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const exit = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const url = new Promise<string>((done, fail) => {
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const found = /running at (http:\/\/\S+)/.exec(out);
      if (found?.[1]) done(found[1].replace('localhost', '127.0.0.1'));
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exit.then((code) => fail(new Error(`server exited with ${code}:\n${out}`)));
  });
  url.catch(() => {});
  return { child, url, exit, output: () => out };
}

/** Signs up member `i` of a test (`tag` keeps tests apart); answers the status. */
export const signupMember = (base: string, tag: string, i: number) =>
  fetch(`${base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `${tag}-${i}@example.test`,
      name: `Lid${i}`,
      password: `${tag}-password-${i}`,
      date_of_birth: '1990-01-01',
      signup_message: 'Hoi',
      gender: 'male',
      looking_for: 'female',
      terms: true,
    }),
  }).then((r) => r.status);

/** Logs member `i` of `signupMember` in; answers the status. */
export const loginMember = (base: string, tag: string, i: number) =>
  fetch(`${base}/api/user.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: `${tag}-${i}@example.test`, password: `${tag}-password-${i}` }),
  }).then((r) => r.status);
