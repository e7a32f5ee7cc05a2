import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/vite-precompress.ts';

/**
 * The back office's own build (issue 23): its own entry, chunks and stylesheet under `/admin/`, built
 * after the members' app into `dist/web/admin`. Nothing of it is in the members' bundle, and nothing of
 * the members' service worker precaches it (the members' build writes its manifest before this runs).
 */
export default defineConfig({
  root: 'src/web/admin',
  base: '/admin/',
  publicDir: false,
  build: {
    outDir: '../../../dist/web/admin',
    emptyOutDir: true,
    target: 'es2022',
    reportCompressedSize: false,
    modulePreload: { polyfill: false },
  },
  plugins: [react(), tailwindcss(), precompress()],
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
