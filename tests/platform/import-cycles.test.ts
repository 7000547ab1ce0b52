// No import cycles on the server side: a module that imports, through any chain, a module importing it back
// loads half-initialised (an export read as undefined at start), and folders that import each other can no
// longer be told apart as layers (CONTRIBUTING.md, Layout and the way imports point). A type-only import
// (`import type`, or every name marked `type`) is erased before the code runs and does not count; neither
// does a dynamic `import()`, which loads later.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const FOLDERS = ['schemas', 'server', 'models', 'notify', 'routers', 'web'];
const SOURCE = /\.tsx?$/;

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (SOURCE.test(entry.name)) out.push(full);
  }
  return out;
}

/** Whether an import or re-export is erased before the code runs. */
function typeOnly(node: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(node)) {
    if (node.isTypeOnly) return true;
    const names = node.exportClause;
    return Boolean(names && ts.isNamedExports(names) && names.elements.length && names.elements.every((e) => e.isTypeOnly));
  }
  const clause = node.importClause;
  if (!clause) return false; // `import './x'` runs the module
  if (clause.isTypeOnly) return true;
  const names = clause.namedBindings;
  return !clause.name && Boolean(names && ts.isNamedImports(names) && names.elements.length && names.elements.every((e) => e.isTypeOnly));
}

/** The file a relative specifier names: the file itself, with `.ts`/`.tsx` added, or a folder's index. */
function resolveSpecifier(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')];
  return candidates.find((c) => SOURCE.test(c) && existsSync(c) && statSync(c).isFile()) ?? null;
}

/** Each file's runtime imports of the other files under `folders` (relative specifiers only). */
function importGraph(root: string, folders: string[]): Map<string, string[]> {
  const files = folders.flatMap((f) => (existsSync(join(root, f)) ? sourceFiles(join(root, f)) : []));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, false);
    const edges: string[] = [];
    for (const node of source.statements) {
      if (!ts.isImportDeclaration(node) && !ts.isExportDeclaration(node)) continue;
      const spec = node.moduleSpecifier;
      if (!spec || !ts.isStringLiteral(spec) || !spec.text.startsWith('.') || typeOnly(node)) continue;
      const target = resolveSpecifier(file, spec.text);
      if (target) edges.push(relative(root, target));
    }
    graph.set(relative(root, file), edges);
  }
  return graph;
}

/** Every cycle of the graph, one per strongly connected group, as a path that ends where it started. */
function importCycles(graph: Map<string, string[]>): string[][] {
  // Tarjan's strongly connected components, iterative so a deep chain cannot overflow the stack.
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const groups: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length) {
      const top = work[work.length - 1]!;
      const edges = graph.get(top.node) ?? [];
      if (top.edge < edges.length) {
        const to = edges[top.edge++]!;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, index.get(to)!));
        continue;
      }
      work.pop();
      if (work.length) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) !== index.get(top.node)) continue;
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== top.node);
      if (group.length > 1 || (graph.get(top.node) ?? []).includes(top.node)) groups.push(group);
    }
  }
  return groups.map((group) => cycleThrough(graph, new Set(group)));
}

/** One cycle inside a strongly connected group: the shortest way from its first file back to it. */
function cycleThrough(graph: Map<string, string[]>, group: Set<string>): string[] {
  const first = [...group].sort()[0]!;
  const cameFrom = new Map<string, string>();
  const queue = [first];
  for (let i = 0; i < queue.length; i++) {
    for (const to of graph.get(queue[i]!) ?? []) {
      if (!group.has(to)) continue;
      if (to === first) {
        const path: string[] = [];
        for (let at = queue[i]!; at !== first; at = cameFrom.get(at)!) path.unshift(at);
        return [first, ...path, first];
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, queue[i]!);
        queue.push(to);
      }
    }
  }
  return [first, first];
}

describe('import cycles', () => {
  it('schemas/, server/, models/, notify/, routers/ and web/ have none', () => {
    const cycles = importCycles(importGraph(ROOT, FOLDERS)).map((c) => c.join(' -> '));
    expect(
      cycles,
      `import cycles (cut the edge that points back: CONTRIBUTING.md, Layout and the way imports point):\n${cycles.join('\n')}`,
    ).toEqual([]);
  });

  it('finds a cycle through folder doors and ignores type-only imports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'import-cycles-'));
    try {
      const write = (file: string, text: string) => {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        writeFileSync(join(dir, file), text);
      };
      write('models/a/index.ts', "export { a } from './a.ts';\n");
      write('models/a/a.ts', "import { b } from '../b';\nexport const a = () => b;\n");
      write('models/b/index.ts', "export { b } from './b.ts';\nexport type { C } from '../c';\n");
      write('models/b/b.ts', "import { a } from '../a';\nexport const b = () => a;\n");
      write('models/c/index.ts', "import type { B } from '../b/index.ts';\nimport { type A } from '../a';\nexport type C = A | B;\n");
      expect(importCycles(importGraph(dir, ['models']))).toEqual([
        ['models/a/a.ts', 'models/b/index.ts', 'models/b/b.ts', 'models/a/index.ts', 'models/a/a.ts'],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
