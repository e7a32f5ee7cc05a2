// `npm start`: builds the web app and its server render when missing or older than their sources, then
// starts the server.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const built = join(root, 'dist/web/index.html');
const rendered = join(root, 'dist/ssr/entry-server.js');

function newestSource(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(path));
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, statSync(path).mtimeMs);
  }
  return newest;
}

const sources = Math.max(newestSource(join(root, 'src/web')), newestSource(join(root, 'src/shared')));
const stale = (file: string) => !existsSync(file) || statSync(file).mtimeMs < sources;
if (stale(built) || stale(rendered)) {
  console.log('Building the web app and its server render...');
  // Always React's production build, also when the server itself runs with NODE_ENV=development (the e2e
  // server does): Vite keeps a NODE_ENV it finds, and would bundle React's development build.
  const env = { ...process.env, NODE_ENV: 'production' };
  const vite = join(root, 'node_modules/vite/bin/vite.js');
  execFileSync(process.execPath, [vite, 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit', env });
  // The members' build empties dist/web, the back office's with it: build that again too (as npm run build).
  execFileSync(process.execPath, [vite, 'build', '-c', 'vite.admin.config.ts', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  execFileSync(process.execPath, [vite, 'build', '--ssr', 'entry-server.tsx', '--logLevel', 'warn'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
}

const { main } = await import('../src/server/main.ts');
await main();
