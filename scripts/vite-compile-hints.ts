// V8's explicit compile hints (`//# allFunctionsCalledOnLoad` as a file's first line): the functions of
// the code a first page runs are compiled eagerly, in one go when the module is compiled, instead of one by
// one the first time each is called, inside the long first render (P-01, decision 0016). Browsers without
// the hint read an ordinary comment. Only the entry, the layouts and the first pages get it, not the shared
// chunks they import: those hold code of many pages, and compiling all of it eagerly costs more than it
// saves.
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Chunks (by name) that a visitor's first page runs besides the entry. */
const FIRST_PAGE_CHUNKS = new Set(['layouts', 'root-chrome', 'home-page', 'members-page', 'member-page']);

export function compileHints(): Plugin {
  return {
    name: 'vonk-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !(chunk.isEntry || FIRST_PAGE_CHUNKS.has(chunk.name))) continue;
          if (!chunk.code.startsWith(COMPILE_HINT)) chunk.code = COMPILE_HINT + chunk.code;
        }
      },
    },
  };
}
