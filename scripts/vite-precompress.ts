// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, once, at the highest
// levels: @fastify/static (preCompressed) then sends the smallest copy the browser accepts, with no
// compression work per request. Runs after every other plugin, so the service worker is included.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** Below this a compressed copy saves too little to be worth a file. */
const MIN_BYTES = 1024;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // Vite's manifest (.vite/) is for the server, not for browsers.
    if (entry.isDirectory()) {
      if (!entry.name.startsWith('.')) yield* files(path);
    } else yield path;
  }
}

export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'vonk-precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const path of files(outDir)) {
          if (!TEXT.test(path) || path.endsWith('.map') || statSync(path).size < MIN_BYTES) continue;
          const body = readFileSync(path);
          writeFileSync(
            `${path}.br`,
            brotliCompressSync(body, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            }),
          );
          writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }));
        }
      },
    },
  };
}
