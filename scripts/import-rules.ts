// The import rules of docs/architecture.md ("Layers"), checked over the import graph of src/ so that a
// seam that decays fails `npm test` instead of a review three days later (issue 22). `node
// scripts/import-rules.ts` prints every violation and exits 1 if there is one outside the allow-list.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';

/** File (repo-relative, `/`-separated) to the repo-relative files it imports, in source order. */
export type ImportGraph = Map<string, string[]>;

export type Rule =
  | 'feature-cycle'
  | 'feature-internals'
  | 'feature-deep-import'
  | 'platform-imports-feature'
  | 'web-api-imports-ui'
  | 'shared-imports-root';

export interface Violation {
  rule: Rule;
  /** The importing file; for a cycle, the first file of the first edge of the cycle. */
  from: string;
  to: string;
  message: string;
}

/**
 * Importers exempt from every rule, each with the reason it is still here. Only removals are welcome.
 */
export const ALLOWED: Readonly<Record<string, string>> = {};

const FEATURE = /^src\/server\/features\/([^/]+)\//;
/** Another feature may not reach its SQL or its HTTP surface: `queries.ts`, `swipe-queries.ts`, `routes.ts`… */
const INTERNAL = /(^|[-/])(queries|routes)\.ts$/;
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function featureOf(file: string): string | undefined {
  return FEATURE.exec(file)?.[1];
}

/** The checks themselves, over any graph: the unit test feeds it fixtures, the CLI the real tree. */
export function checkImportRules(graph: ImportGraph): Violation[] {
  const violations: Violation[] = [];
  for (const [from, targets] of graph) {
    const fromFeature = featureOf(from);
    for (const to of targets) {
      const toFeature = featureOf(to);
      if (fromFeature && toFeature && fromFeature !== toFeature && INTERNAL.test(to)) {
        violations.push({
          rule: 'feature-internals',
          from,
          to,
          message: `${from} imports ${to}: import the ${toFeature} feature through its index.ts`,
        });
      } else if (
        fromFeature &&
        toFeature &&
        fromFeature !== toFeature &&
        !to.endsWith(`/${toFeature}/index.ts`)
      ) {
        violations.push({
          rule: 'feature-deep-import',
          from,
          to,
          message: `${from} reaches into ${to}: import the ${toFeature} feature through its index.ts`,
        });
      }
      if (/^src\/server\/(platform|db|kernel)\//.test(from) && toFeature) {
        violations.push({
          rule: 'platform-imports-feature',
          from,
          to,
          message: `${from} imports the ${toFeature} feature: platform, db and kernel know no feature, features register with them`,
        });
      }
      if (from.startsWith('src/web/api/') && /^src\/web\/(features|layouts)\//.test(to)) {
        violations.push({
          rule: 'web-api-imports-ui',
          from,
          to,
          message: `${from} imports ${to}: the web api layer knows no page or layout`,
        });
      }
      if (from.startsWith('src/shared/') && /^src\/(server|web)\//.test(to)) {
        violations.push({
          rule: 'shared-imports-root',
          from,
          to,
          message: `${from} imports ${to}: shared code runs on both roots and imports neither`,
        });
      }
    }
  }
  violations.push(...featureCycles(graph));
  return violations;
}

/**
 * Cycles between server feature folders, one violation per strongly connected group of features, showing
 * one concrete cycle. Tests are left out: a test uses features, nothing uses a test.
 */
function featureCycles(graph: ImportGraph): Violation[] {
  // feature -> feature -> one file edge that makes the dependency, for the message.
  const edges = new Map<string, Map<string, [string, string]>>();
  for (const [from, targets] of graph) {
    const a = featureOf(from);
    if (!a || isTest(from)) continue;
    for (const to of targets) {
      const b = featureOf(to);
      if (!b || b === a) continue;
      const out = edges.get(a) ?? new Map<string, [string, string]>();
      edges.set(a, out);
      if (!out.has(b)) out.set(b, [from, to]);
    }
  }
  const violations: Violation[] = [];
  for (const group of stronglyConnected(edges)) {
    if (group.length < 2) continue;
    const cycle = shortestCycle([...group].sort()[0] as string, edges, new Set(group));
    const steps = cycle
      .slice(0, -1)
      .map((f, i) => edges.get(f)?.get(cycle[i + 1] as string) as [string, string]);
    const [from, to] = steps[0] as [string, string];
    violations.push({
      rule: 'feature-cycle',
      from,
      to,
      message:
        `server features ${[...group].sort().join(', ')} import each other: ${cycle.join(' -> ')} ` +
        `(${steps.map(([f, t]) => `${f} -> ${t}`).join('; ')})`,
    });
  }
  return violations;
}

/** Tarjan's algorithm; the graphs are a dozen nodes, recursion is fine. */
function stronglyConnected(edges: Map<string, Map<string, unknown>>): string[][] {
  const nodes = new Set<string>([...edges.keys(), ...[...edges.values()].flatMap((m) => [...m.keys()])]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      groups.push(group);
    }
  };
  for (const v of [...nodes].sort()) if (!index.has(v)) visit(v);
  return groups;
}

/** Breadth-first from `start` back to itself inside its group: `[start, …, start]`. */
function shortestCycle(
  start: string,
  edges: Map<string, Map<string, unknown>>,
  group: Set<string>,
): string[] {
  const parent = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const v = queue.shift() as string;
    for (const w of [...(edges.get(v)?.keys() ?? [])].sort()) {
      if (!group.has(w)) continue;
      if (w === start) {
        const path = [start];
        for (let at = v; at !== start; at = parent.get(at) as string) path.unshift(at);
        path.unshift(start);
        return path;
      }
      if (!parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

const STATIC = /\b(?:import|export)\s[^;'"`]*?\bfrom\s*(['"])([^'"\n]+)\1/g;
const BARE = /\bimport\s*(['"])([^'"\n]+)\1/g;
const DYNAMIC = /\bimport\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g;

/**
 * The specifiers of static, type-only, re-export, side-effect and dynamic imports. TypeScript 7 has no
 * JavaScript API to ask, so comments and template literals (which hold no import but may hold code in
 * test fixtures) are blanked before three patterns run.
 */
export function importSpecifiers(source: string): string[] {
  let code = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      i = end < 0 ? source.length : end + 2;
      code += ' ';
    } else if (c === '`') {
      i++;
      while (i < source.length && source[i] !== '`') i += source[i] === '\\' ? 2 : 1;
      i++;
      code += '``';
    } else if (c === "'" || c === '"') {
      const start = i++;
      while (i < source.length && source[i] !== c && source[i] !== '\n') i += source[i] === '\\' ? 2 : 1;
      i++;
      code += source.slice(start, i);
    } else {
      code += c;
      i++;
    }
  }
  return [STATIC, BARE, DYNAMIC].flatMap((pattern) => [...code.matchAll(pattern)].map((m) => m[2] as string));
}

/** Every relative import of every `.ts`/`.tsx` file under `src/`, resolved to a repo-relative path. */
export function readImportGraph(root: string): ImportGraph {
  const graph: ImportGraph = new Map();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        const file = relative(root, path).split('\\').join('/');
        const targets = importSpecifiers(readFileSync(path, 'utf8'))
          .map((spec) => spec.replace(/\?.*$/, ''))
          .filter((spec) => spec.startsWith('.'))
          .map((spec) => posix.normalize(posix.join(posix.dirname(file), spec)));
        graph.set(file, [...new Set(targets)]);
      }
    }
  };
  walk(join(root, 'src'));
  return graph;
}

/** The violations of the real tree that no allow-list entry excuses. */
export function importViolations(root: string): Violation[] {
  return checkImportRules(readImportGraph(root)).filter((v) => !(v.from in ALLOWED));
}

if (resolve(process.argv[1] ?? '') === resolve(import.meta.filename)) {
  const root = resolve(dirname(import.meta.filename), '..');
  const violations = importViolations(root);
  for (const v of violations) console.error(`${v.rule}: ${v.message}`);
  console.log(
    violations.length === 0
      ? 'import rules: no violations'
      : `import rules: ${violations.length} violations (docs/architecture.md, "Layers")`,
  );
  process.exit(violations.length === 0 ? 0 : 1);
}
