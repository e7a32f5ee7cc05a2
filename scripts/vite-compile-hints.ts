// V8's explicit compile hints (`//# allFunctionsCalledOnLoad` as a file's first line): the functions of
// the code a first page runs are compiled eagerly, while the file streams in, on a background thread,
// instead of one by one on the main thread the first time each is called, inside the long first render
// (P-01, decision 0016). Browsers without the hint read an ordinary comment. Only the entry, what it imports,
// and the layouts and first pages get it: compiling every chunk eagerly would cost time for code a page
// never runs.
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
        const initial = new Set<string>();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (chunk?.type !== 'chunk' || initial.has(file)) return;
          initial.add(file);
          for (const next of chunk.imports) visit(next);
        };
        for (const [file, chunk] of Object.entries(bundle)) {
          if (chunk.type === 'chunk' && (chunk.isEntry || FIRST_PAGE_CHUNKS.has(chunk.name))) visit(file);
        }
        for (const file of initial) {
          const chunk = bundle[file];
          if (chunk?.type === 'chunk' && !chunk.code.startsWith(COMPILE_HINT))
            chunk.code = COMPILE_HINT + chunk.code;
        }
      },
    },
  };
}
