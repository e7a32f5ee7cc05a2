import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ALLOWED,
  checkImportRules,
  type ImportGraph,
  importSpecifiers,
  importViolations,
  readImportGraph,
} from './import-rules.ts';

const root = resolve(import.meta.dirname, '..');
const graph = (edges: Record<string, string[]>): ImportGraph => new Map(Object.entries(edges));
const rules = (edges: Record<string, string[]>) => checkImportRules(graph(edges)).map((v) => v.rule);

// The test of the test (issue 22): each rule fires on a small graph that breaks it and stays quiet on its
// nearest legal neighbour.
describe('import rules on fixture graphs', () => {
  it('finds a cycle between server feature folders, through any files of theirs', () => {
    const cycle = {
      'src/server/features/a/service.ts': ['src/server/features/b/index.ts'],
      'src/server/features/b/index.ts': ['src/server/features/b/service.ts'],
      'src/server/features/b/service.ts': ['src/server/features/c/index.ts'],
      'src/server/features/c/index.ts': ['src/server/features/a/index.ts'],
    };
    const found = checkImportRules(graph(cycle));
    expect(found.map((v) => v.rule)).toEqual(['feature-cycle']);
    expect(found[0]?.message).toContain('a -> b -> c -> a');
    // Break one edge and the chain is fine.
    expect(rules({ ...cycle, 'src/server/features/c/index.ts': [] })).toEqual([]);
  });

  it('leaves tests out of cycles: a test uses features, nothing uses a test', () => {
    expect(
      rules({
        'src/server/features/a/service.ts': ['src/server/features/b/index.ts'],
        'src/server/features/b/b.test.ts': ['src/server/features/a/index.ts'],
      }),
    ).toEqual([]);
  });

  it("refuses another feature's queries and routes, not its own", () => {
    expect(rules({ 'src/server/features/a/service.ts': ['src/server/features/b/queries.ts'] })).toEqual([
      'feature-internals',
    ]);
    expect(rules({ 'src/server/features/a/service.ts': ['src/server/features/b/swipe-queries.ts'] })).toEqual(
      ['feature-internals'],
    );
    expect(rules({ 'src/server/features/a/routes.ts': ['src/server/features/b/routes.ts'] })).toEqual([
      'feature-internals',
    ]);
    expect(rules({ 'src/server/features/a/service.ts': ['src/server/features/a/queries.ts'] })).toEqual([]);
    expect(rules({ 'src/server/features/a/service.ts': ['src/server/features/b/index.ts'] })).toEqual([]);
    expect(rules({ 'src/server/features/a/a.test.ts': ['src/server/features/b/queries.ts'] })).toEqual([
      'feature-internals',
    ]);
    // The composition root registers every feature's routes.
    expect(rules({ 'src/server/app.ts': ['src/server/features/b/routes.ts'] })).toEqual([]);
  });

  it("refuses a reach past another feature's index.ts", () => {
    expect(rules({ 'src/server/features/a/service.ts': ['src/server/features/b/present.ts'] })).toEqual([
      'feature-deep-import',
    ]);
    expect(rules({ 'src/server/features/a/service.ts': ['src/server/features/a/present.ts'] })).toEqual([]);
    // Demo data and test kits sit outside the features and may use any of them through the index.
    expect(rules({ 'src/server/demo/seed.ts': ['src/server/features/b/index.ts'] })).toEqual([]);
  });

  it('refuses platform, db and kernel code that imports a feature', () => {
    expect(rules({ 'src/server/platform/jobs.ts': ['src/server/features/a/index.ts'] })).toEqual([
      'platform-imports-feature',
    ]);
    expect(rules({ 'src/server/db/client.ts': ['src/server/features/a/service.ts'] })).toEqual([
      'platform-imports-feature',
    ]);
    expect(rules({ 'src/server/kernel/members.ts': ['src/server/features/a/index.ts'] })).toEqual([
      'platform-imports-feature',
    ]);
    expect(rules({ 'src/server/features/a/service.ts': ['src/server/platform/jobs.ts'] })).toEqual([]);
    expect(rules({ 'src/server/features/a/service.ts': ['src/server/kernel/members.ts'] })).toEqual([]);
  });

  it('refuses a web api module that imports a page or a layout', () => {
    expect(rules({ 'src/web/api/chat.ts': ['src/web/features/chat/use-thread.ts'] })).toEqual([
      'web-api-imports-ui',
    ]);
    expect(rules({ 'src/web/api/push.ts': ['src/web/layouts/alert-rules.ts'] })).toEqual([
      'web-api-imports-ui',
    ]);
    expect(rules({ 'src/web/features/chat/use-thread.ts': ['src/web/api/chat.ts'] })).toEqual([]);
  });

  it('refuses shared code that imports the server or the web', () => {
    expect(rules({ 'src/shared/rules.ts': ['src/server/db/schema.ts'] })).toEqual(['shared-imports-root']);
    expect(rules({ 'src/shared/rules.ts': ['src/web/theme.ts'] })).toEqual(['shared-imports-root']);
    expect(rules({ 'src/web/theme.ts': ['src/shared/rules.ts'] })).toEqual([]);
  });
});

describe('import specifiers', () => {
  it('reads static, type-only, re-export, side-effect and dynamic imports, not comments or templates', () => {
    const source = [
      "import type {\n  A,\n  B,\n} from './a.ts';",
      "import c, { d } from '../c.ts';",
      "export * from './e.ts';",
      "export { f } from './f.ts';",
      "import './g.css';",
      "const h = lazy(() => import('./h.tsx'));",
      "// import i from './i.ts';",
      "/* import j from './j.ts'; */",
      "const k = `import l from './l.ts'`;",
      "export const m = 'from';",
    ].join('\n');
    expect(importSpecifiers(source).sort()).toEqual(
      ['../c.ts', './a.ts', './e.ts', './f.ts', './g.css', './h.tsx'].sort(),
    );
  });
});

describe('import rules on the real tree', () => {
  it('reads the tree: the server app imports every feature', () => {
    const app = readImportGraph(root).get('src/server/app.ts') ?? [];
    expect(app.some((to) => to.startsWith('src/server/features/chat/'))).toBe(true);
  });

  it('has no violations outside the allow-list', () => {
    expect(importViolations(root).map((v) => `${v.rule}: ${v.message}`)).toEqual([]);
  });

  it('has no allow-list entry that no longer breaks a rule', () => {
    const breaking = new Set(checkImportRules(readImportGraph(root)).map((v) => v.from));
    expect(Object.keys(ALLOWED).filter((file) => !breaking.has(file))).toEqual([]);
  });
});
