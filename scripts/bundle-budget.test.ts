import { describe, expect, it } from 'vitest';
import { BUDGET, measureBundle } from './bundle-budget.ts';

// A small app: the entry imports the framework statically and two pages lazily; the layout is lazy too.
const manifest = {
  'main.tsx': { file: 'assets/index-a.js', isEntry: true, imports: ['_fw.js'], dynamicImports: ['page.tsx'] },
  '_fw.js': { file: 'assets/fw-b.js', imports: ['_fw2.js'] },
  '_fw2.js': { file: 'assets/fw2-c.js' },
  'page.tsx': { file: 'assets/page-d.js', imports: ['_fw.js'] },
  'nl.json': { file: 'assets/messages-nl-e.js' },
};

describe('bundle budget (P-01, issue 11)', () => {
  it('P-01 counts the entry and everything it imports statically, not the lazy pages', () => {
    const sizes: Record<string, number> = {
      'assets/index-a.js': 50,
      'assets/fw-b.js': 40,
      'assets/fw2-c.js': 20,
      'assets/page-d.js': 30,
      'assets/messages-nl-e.js': 90,
    };
    const report = measureBundle(manifest, (f) => sizes[f] ?? 0);
    expect(report.entry.kb).toBe(110);
    expect(report.entry.files).toEqual(['assets/index-a.js', 'assets/fw-b.js', 'assets/fw2-c.js']);
    expect(report.largest_lazy_chunks).toEqual([{ file: 'assets/page-d.js', kb: 30 }]);
    expect(report.largest_data_chunk_kb).toBe(90);
    expect(report.within_budget).toBe(true);
  });

  it('P-01 fails when the entry grows past its budget', () => {
    const report = measureBundle(manifest, (f) => (f === 'assets/fw2-c.js' ? BUDGET.entryKb : 1));
    expect(report.within_budget).toBe(false);
    expect(report.problems[0]).toMatch(/^entry .* kB \(max 160\)$/);
  });

  it('P-01 fails when one lazy chunk is over the route-chunk budget', () => {
    const report = measureBundle(manifest, (f) => (f === 'assets/page-d.js' ? BUDGET.chunkKb + 0.5 : 1));
    expect(report.within_budget).toBe(false);
    expect(report.problems).toEqual([`assets/page-d.js ${BUDGET.chunkKb + 0.5} kB (max ${BUDGET.chunkKb})`]);
  });
});

describe('bundle budget counts what the first page preloads (issue 24)', () => {
  it('P-01 the layouts and catalog the page preloads count toward the first page, each once', () => {
    const withLayouts = {
      ...manifest,
      'layouts.tsx': { file: 'assets/layouts-f.js', imports: ['_fw.js'] },
    };
    const sizes: Record<string, number> = { 'assets/layouts-f.js': 30 };
    const report = measureBundle(withLayouts, (f) => sizes[f] ?? 10, BUDGET, ['layouts.tsx', 'missing.tsx']);
    expect(report.entry.files).toEqual([
      'assets/index-a.js',
      'assets/fw-b.js',
      'assets/fw2-c.js',
      'assets/layouts-f.js',
    ]);
    expect(report.entry.kb).toBe(60);
  });
});
