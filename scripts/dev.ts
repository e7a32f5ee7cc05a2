// `npm run dev`: the API server restarts on change (node --watch) and Vite serves the web app with hot reload.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const children = [
  spawn(process.execPath, ['--watch-path=src/server', '--watch-path=src/shared', 'src/server/main.ts'], {
    cwd: root,
    stdio: 'inherit',
  }),
  spawn(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), '--port', '5173'], {
    cwd: root,
    stdio: 'inherit',
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
console.log('API on http://localhost:3000, web app with hot reload on http://localhost:5173');
