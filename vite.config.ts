import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileHints } from './scripts/vite-compile-hints.ts';
import { intlLocales } from './scripts/vite-intl-locales.ts';
import { leanIcons } from './scripts/vite-lean-icons.ts';
import { precompileMessages } from './scripts/vite-precompile-messages.ts';
import { precompress } from './scripts/vite-precompress.ts';

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/web',
  resolve: {
    // react-intl and @formatjs/intl each bring their own copy of intl-messageformat: one is enough.
    dedupe: ['intl-messageformat'],
    alias:
      command === 'build'
        ? [
            {
              find: /^@formatjs\/icu-messageformat-parser$/,
              replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
            },
          ]
        : [],
  },
  publicDir: isSsrBuild ? false : 'public',
  // The server's render (entry-server.tsx) bundles lucide-react, so its icons are the lean ones the
  // browser draws (leanIcons below): the server's HTML and the hydrating app must be the same markup.
  ssr: { noExternal: ['lucide-react'] },
  build: isSsrBuild
    ? {
        outDir: '../../dist/ssr',
        emptyOutDir: true,
        target: 'node24',
        reportCompressedSize: false,
        rollupOptions: { input: 'entry-server.tsx' },
      }
    : {
        outDir: '../../dist/web',
        emptyOutDir: true,
        target: 'es2022',
        reportCompressedSize: false,
        modulePreload: { polyfill: false },
        // The server reads it to preload the visitor's locale catalog with the page (platform/web.ts).
        manifest: true,
        rollupOptions: {
          output: {
            // Fewer, larger lazy chunks (P-01): by default every icon and small shared module was a file of its
            // own, about a hundred files under 2 kB that a first page fetched in waves of round trips. What the
            // entry needs stays the entry's; zod is a chunk, and the icons, API calls, components and shared rules
            // that several lazy chunks share are one more.
            codeSplitting: {
              groups: [
                { name: 'boot', tags: ['$initial'], priority: 3 },
                { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 2 },
                // What pages show offline (issue 27): loaded with them, not with every first page.
                { name: 'offline', test: /src[\\/]web[\\/]offline[\\/]offline-state\./, priority: 2 },
                // The interests' names and icons (10 kB): for signup, landers and the match finder, not for the
                // first page every visitor loads.
                { name: 'interests', test: /src[\\/]shared[\\/]data[\\/]interests\./, priority: 2 },
                {
                  name: 'common',
                  priority: 1,
                  minShareCount: 2,
                  // Not the API contracts (but their zod-free constants) nor the members-only API modules that
                  // import them: contracts build their zod schemas when the module runs, and one chunk holding
                  // all of them (chat, credits, real-time) ran them on every visitor's first page. Nor the dialog
                  // code, which loads when a dialog first opens (decision 0016).
                  test: (id) =>
                    /node_modules[\\/]lucide-react[\\/]|src[\\/]web[\\/](api|components)[\\/]|src[\\/]shared[\\/]/.test(
                      id,
                    ) &&
                    !/src[\\/]shared[\\/](contract[\\/](?!constants\.)|i18n[\\/](messages|pages)[\\/])|src[\\/]web[\\/]api[\\/](realtime|realtime-cache|balance-tabs|reconnect|chat|credits|likes|swipe|push|blocks)\.|src[\\/]web[\\/]components[\\/]modal-dialog\./.test(
                      id,
                    ),
                },
              ],
            },
            // Named so the service worker can precache catalogs but leave the long page texts to the network.
            chunkFileNames: (chunk) => {
              const id = chunk.facadeModuleId ?? '';
              if (id.includes('/i18n/pages/')) return 'assets/texts-[name]-[hash].js';
              if (id.includes('/i18n/messages/')) return 'assets/messages-[name]-[hash].js';
              return 'assets/[name]-[hash].js';
            },
          },
        },
      },
  plugins: [
    leanIcons(),
    precompileMessages(),
    ...(isSsrBuild ? [] : [intlLocales()]),
    react(),
    tailwindcss(),
    ...(isSsrBuild ? [] : [compileHints()]),
    ...(isSsrBuild
      ? []
      : [
          VitePWA({
            strategies: 'injectManifest',
            srcDir: '.',
            filename: 'sw.ts',
            injectRegister: false,
            // The manifest is served per site by the server (name, colours, icons differ by domain).
            manifest: false,
            injectManifest: {
              globPatterns: ['**/*.{js,css,html,svg,woff2}'],
              // Locale catalogs and static page texts load on demand; only the shell is precached.
              globIgnores: ['**/texts-*.js'],
            },
          }),
        ]),
    ...(isSsrBuild ? [] : [precompress()]),
  ],
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/manifest.webmanifest': 'http://localhost:3000',
      '/icons': 'http://localhost:3000',
    },
  },
}));
