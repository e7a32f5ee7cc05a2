// The bundle budgets of issue 11 as a pure function of Vite's manifest, so the rule itself is tested
// (bundle-budget.test.ts) and scripts/check-bundle.ts only reads files. Decision 0010 sets the numbers.

/**
 * kB on the wire (brotli, as the server sends the build's .br copies): the first page's JavaScript (the
 * entry, its static imports and the modules the page preloads) and each lazily loaded chunk (DESIGN.md,
 * issue 24: React's own react-dom fits in 160 kB).
 */
export const BUDGET = { entryKb: 160, chunkKb: 60 } as const;

export type ManifestChunk = {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
};

const round = (x: number) => Number(x.toFixed(1));
/** Catalog and page-text chunks hold one locale's data each; they are reported apart. */
const isData = (file: string) => /assets\/(messages|texts)-/.test(file);

export function measureBundle(
  manifest: Record<string, ManifestChunk>,
  kb: (file: string) => number,
  budget: { entryKb: number; chunkKb: number } = BUDGET,
  /** Source modules the first page preloads besides the entry (the layouts: platform/web.ts). */
  preloaded: readonly string[] = [],
) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entryKey) throw new Error('no entry in the Vite manifest: was the web app built?');
  const initial = new Set<string>();
  const visit = (key: string) => {
    if (initial.has(key)) return;
    initial.add(key);
    for (const next of manifest[key]?.imports ?? []) visit(next);
  };
  visit(entryKey);
  for (const key of preloaded) if (manifest[key]) visit(key);

  const entryFiles = [...initial].map((k) => manifest[k]?.file ?? k).filter((f) => f.endsWith('.js'));
  const entryKb = round(entryFiles.reduce((sum, f) => sum + kb(f), 0));
  const lazy = Object.entries(manifest)
    .filter(([key, c]) => !initial.has(key) && c.file.endsWith('.js') && !isData(c.file))
    .map(([, c]) => ({ file: c.file, kb: round(kb(c.file)) }))
    .sort((a, b) => b.kb - a.kb);
  const data = Object.values(manifest)
    .filter((c) => isData(c.file))
    .map((c) => round(kb(c.file)));
  const tooBig = lazy.filter((c) => c.kb > budget.chunkKb);
  const problems = [
    ...(entryKb > budget.entryKb ? [`entry ${entryKb} kB (max ${budget.entryKb})`] : []),
    ...tooBig.map((c) => `${c.file} ${c.kb} kB (max ${budget.chunkKb})`),
  ];
  return {
    budgets_kb_brotli: budget,
    entry: { kb: entryKb, files: entryFiles },
    largest_lazy_chunks: lazy.slice(0, 8),
    largest_data_chunk_kb: Math.max(0, ...data),
    within_budget: problems.length === 0,
    problems,
  };
}
