// Building the embedded database's binary: FerretDB's pinned module source with this project's change
// applied (db/ferretdb/_patch: unified diffs plus wholly new Go files), compiled with the proxy in
// db/ferretdb into a git-ignored cache named after a hash of every input, so a change is rebuilt.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sourceDir = path.join(root, 'db', 'ferretdb');
export const FERRETDB_VERSION = 'v1.24.0';

/**
 * The change to FerretDB (README, "The embedded database"): each `*.patch` is a unified diff against
 * FERRETDB_VERSION's source applied with `patch -p1`; every other file is new and copied to the same
 * path. Go ignores a directory whose name starts with an underscore, so none of it builds on its own.
 */
const patchDir = path.join(sourceDir, '_patch');

export class EmbeddedDbError extends Error {}

/** A hash of the Go sources, go.mod/go.sum and the patch in the binary's name, so a changed program is rebuilt. */
function sourceHash(): string {
  const h = createHash('sha256');
  const files = readdirSync(sourceDir, { recursive: true, encoding: 'utf8' })
    .filter((n) => /\.(go|patch)$|^go\.(mod|sum)$/.test(path.basename(n)))
    .sort();
  for (const f of files) h.update(f).update(readFileSync(path.join(sourceDir, f)));
  return h.digest('hex').slice(0, 12);
}

/** The patch directory's files, relative to it, diffs apart from new files. */
function patchFiles(): { diffs: string[]; added: string[] } {
  const files = readdirSync(patchDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(path.join(patchDir, f)).isFile())
    .sort();
  return { diffs: files.filter((f) => f.endsWith('.patch')), added: files.filter((f) => !f.endsWith('.patch')) };
}

/**
 * A build directory holding FerretDB's module source with the patch applied, and a go.mod that points
 * the module there (`go build -modfile`). Go does not let -overlay replace files in the module cache,
 * hence the copy.
 */
function patchedModule(work: string): string {
  const mod = spawnSync('go', ['mod', 'download', '-json', 'github.com/FerretDB/FerretDB'], { cwd: sourceDir, encoding: 'utf8' });
  if (mod.status !== 0) throw new EmbeddedDbError(`Fetching FerretDB's source failed: ${mod.stderr || mod.stdout}`);
  const { Dir } = JSON.parse(mod.stdout) as { Dir: string };
  const copy = path.join(work, 'FerretDB');
  cpSync(Dir, copy, { recursive: true });
  // The module cache's files are read-only: make the copy writable before patching it.
  for (const f of ['', ...readdirSync(copy, { recursive: true, encoding: 'utf8' })]) {
    const p = path.join(copy, f);
    chmodSync(p, statSync(p).isDirectory() ? 0o755 : 0o644);
  }
  const { diffs, added } = patchFiles();
  for (const diff of diffs) {
    // --forward and --batch: a hunk that does not apply (a newer FerretDB) fails the build, never asks.
    const run = spawnSync(
      'patch',
      ['-p1', '--forward', '--batch', '--no-backup-if-mismatch', '-d', copy, '-i', path.join(patchDir, diff)],
      {
        encoding: 'utf8',
      },
    );
    if (run.error) throw new EmbeddedDbError(`Patching FerretDB needs the patch program: ${run.error.message}`);
    if (run.status !== 0)
      throw new EmbeddedDbError(`db/ferretdb/_patch/${diff} does not apply to FerretDB ${FERRETDB_VERSION}:\n${run.stdout}${run.stderr}`);
  }
  for (const f of added) {
    if (existsSync(path.join(copy, f)))
      throw new EmbeddedDbError(`db/ferretdb/_patch/${f} is meant to be new, but FerretDB ${FERRETDB_VERSION} has it`);
    mkdirSync(path.dirname(path.join(copy, f)), { recursive: true });
    cpSync(path.join(patchDir, f), path.join(copy, f));
  }
  const modfile = path.join(work, 'go.mod');
  writeFileSync(modfile, `${readFileSync(path.join(sourceDir, 'go.mod'), 'utf8')}\nreplace github.com/FerretDB/FerretDB => ${copy}\n`);
  cpSync(path.join(sourceDir, 'go.sum'), path.join(work, 'go.sum'));
  return modfile;
}

/** Where this build of the sources lives: the git-ignored cache, named after the version and the sources' hash. */
export const binaryPath = path.join(root, '.cache', 'ferretdb', `ferretdb-${FERRETDB_VERSION}-${sourceHash()}`);

/** Builds the FerretDB binary on first use; later calls return the cached build at once. */
export async function ensureFerretDbBinary(): Promise<string> {
  if (existsSync(binaryPath)) return binaryPath;
  if (spawnSync('go', ['version']).error) {
    throw new EmbeddedDbError(
      'The embedded database is built with Go, and Go is not installed. ' +
        'Either install Go (https://go.dev/doc/install) and start again, ' +
        'or set MONGODB_URI to a MongoDB server (for example a hosted cluster).',
    );
  }
  mkdirSync(path.dirname(binaryPath), { recursive: true });
  // Each builder writes its own file and renames it into place, so concurrent first starts are safe.
  const tmp = `${binaryPath}.${process.pid}.tmp`;
  const work = `${binaryPath}.${process.pid}.src`;
  const started = Date.now();
  const progress = () =>
    process.stderr.write(
      `Building the embedded database (FerretDB ${FERRETDB_VERSION}, first start only)... ${Math.round((Date.now() - started) / 1000)}s\n`,
    );
  progress();
  const timer = setInterval(progress, 10_000);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const go = spawn('go', ['build', '-trimpath', '-modfile', patchedModule(work), '-o', tmp, '.'], {
        cwd: sourceDir,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, CGO_ENABLED: '0' },
      });
      go.on('error', reject);
      go.on('exit', resolve);
    });
    if (code !== 0) throw new EmbeddedDbError(`Building FerretDB failed (go build exited with ${code}); see the output above.`);
    renameSync(tmp, binaryPath);
    // Builds of earlier sources are no longer used (a running one keeps its open file).
    for (const old of readdirSync(path.dirname(binaryPath))) {
      if (/^ferretdb-v[\d.]+(-[0-9a-f]{12})?$/.test(old) && old !== path.basename(binaryPath))
        rmSync(path.join(path.dirname(binaryPath), old), { force: true });
    }
  } finally {
    clearInterval(timer);
    rmSync(tmp, { force: true });
    rmSync(work, { recursive: true, force: true });
  }
  process.stderr.write(`Embedded database built in ${Math.round((Date.now() - started) / 1000)}s\n`);
  return binaryPath;
}
