// The codebase reads from a clone: every repository path a comment, README.md, CONTRIBUTING.md or a
// docs/ page names exists, and no production comment sends the reader to a file or a ticket outside
// the repository (SPEC.md, CONTRACT.md, "issue 35"): comments point at docs/ instead.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SKIP = new Set(['node_modules', 'dist', 'data', '.cache', '.git', 'test-results', 'playwright-report', '.schemathesis', 'results']);
const SOURCE = /\.(ts|tsx|mts|mjs|js|go)$/;
/** Folders whose comments are production comments (tests/ and e2e/ may name the team's history). */
const PRODUCTION = ['models', 'routers', 'web', 'notify', 'server', 'src', 'schemas', 'scripts', 'db', 'server.ts'];
/** A path names the repository when it starts at one of its top-level entries. */
const TOP = ['models', 'routers', 'web', 'notify', 'server', 'src', 'schemas', 'scripts', 'db', 'docs', 'tests', 'e2e', 'bench'];
/** Folders the code writes, absent from a fresh clone. */
const WRITTEN = ['bench/results/'];
/** Examples of a path in a usage line, not a file. */
const EXAMPLES = ['tests/x.test.ts'];
const TOP_FILES = [
  'README.md',
  'CONTRIBUTING.md',
  'server.ts',
  'package.json',
  'eslint.config.js',
  'vite.config.ts',
  'playwright.config.ts',
];

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const full = join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(relative(ROOT, full));
  }
  return out;
}

/** The comment text of a source file: `//` line comments and block comments (JSX ones included). */
export function commentsOf(source: string): string[] {
  const found: string[] = [];
  for (const m of source.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\w\\])\/\/[^\n]*/g)) found.push(m[0]);
  return found;
}

const PATH = new RegExp(
  String.raw`(?<![\w./@~-])((?:${TOP.join('|')})/[\w./\[\]-]*|(?:${TOP_FILES.join('|').replaceAll('.', '\\.')}))`,
  'g',
);

/** Repository paths named in a text; placeholders (`routers/<domain>.ts`, `models/leads/**`) are left out. */
export function pathsIn(text: string): string[] {
  const paths: string[] = [];
  for (const m of text.matchAll(PATH)) {
    const next = text[m.index + m[0].length] ?? '';
    if ('<*{…$'.includes(next) && next !== '') continue;
    const path = m[1].replace(/[.,:;)\]]+$/, '');
    if (path.includes('[')) continue;
    paths.push(path);
  }
  return paths;
}

/** Markdown links to a file beside the page (`[routes.md](routes.md)`, `decisions/002-rest-and-trpc.md`). */
function linksIn(text: string): string[] {
  return [...text.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)].map((m) => m[1]).filter((link) => !/^[a-z]+:/.test(link));
}

const exists = (path: string, from: string) => existsSync(join(ROOT, path)) || existsSync(join(ROOT, dirname(from), path));

const files = walk(ROOT);
const sources = files.filter((f) => SOURCE.test(f));
const docs = files.filter((f) => /^(README|CONTRIBUTING)\.md$|^docs\/.*\.md$/.test(f));

function dangling(): string[] {
  const missing: string[] = [];
  const check = (file: string, path: string) => {
    if (!WRITTEN.includes(path) && !EXAMPLES.includes(path) && !exists(path, file))
      missing.push(`${file} names ${path}, which does not exist (moved? name its new place)`);
  };
  for (const file of sources) {
    for (const comment of commentsOf(readFileSync(join(ROOT, file), 'utf8'))) for (const path of pathsIn(comment)) check(file, path);
  }
  for (const file of docs) {
    const text = readFileSync(join(ROOT, file), 'utf8');
    for (const path of [...pathsIn(text), ...linksIn(text)]) check(file, path);
  }
  return [...new Set(missing)];
}

const OUTSIDE = [/\bSPEC\b|\bCONTRACT\b/, /\bissues? *#? *\d+|\(#\d+\)|\bsee #\d+/i];

describe('a codebase readable from the clone', () => {
  it('finds comments and the paths in them', () => {
    const comments = commentsOf("const a = 'http://x.org/y'; // see routers/rest.ts.\n/* and docs/api.md, */ x = 1;");
    expect(comments.flatMap(pathsIn)).toEqual(['routers/rest.ts', 'docs/api.md']);
    expect(pathsIn('routers/<domain>.ts, models/leads/**, /api/admin/leads and src/pages/admin/')).toEqual(['src/pages/admin/']);
  });

  it('names only paths that exist, in comments and in the docs', () => {
    expect(dangling()).toEqual([]);
  });

  it('sends no production comment to SPEC.md, CONTRACT.md or an issue number', () => {
    const named: string[] = [];
    for (const file of sources.filter((f) => PRODUCTION.some((top) => f === top || f.startsWith(`${top}/`)))) {
      for (const comment of commentsOf(readFileSync(join(ROOT, file), 'utf8')))
        for (const line of comment.split('\n')) if (OUTSIDE.some((re) => re.test(line))) named.push(`${file}: ${line.trim()}`);
    }
    expect(named, 'point at docs/product.md, docs/api.md or docs/decisions/ instead').toEqual([]);
  });
});
