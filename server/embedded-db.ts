// The embedded MongoDB-compatible database used when MONGODB_URI is unset:
// FerretDB v1.24 with its SQLite backend, built once from the Go module proxy into
// a git-ignored cache, run on a loopback port with its files under DATA_DIR.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { logger } from './logger.ts';

const root = path.resolve(import.meta.dirname, '..');
const sourceDir = path.join(root, 'db', 'ferretdb');
export const FERRETDB_VERSION = 'v1.24.0';
export const binaryPath = path.join(root, '.cache', 'ferretdb', `ferretdb-${FERRETDB_VERSION}`);

export class EmbeddedDbError extends Error {}

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
  const started = Date.now();
  const progress = () =>
    process.stderr.write(`Building the embedded database (FerretDB ${FERRETDB_VERSION}, first start only)... ${Math.round((Date.now() - started) / 1000)}s\n`);
  progress();
  const timer = setInterval(progress, 10_000);
  try {
    const code = await new Promise<number | null>((resolve, reject) => {
      const go = spawn('go', ['build', '-trimpath', '-o', tmp, '.'], {
        cwd: sourceDir,
        stdio: ['ignore', 'inherit', 'inherit'],
        env: { ...process.env, CGO_ENABLED: '0' },
      });
      go.on('error', reject);
      go.on('exit', resolve);
    });
    if (code !== 0) throw new EmbeddedDbError(`Building FerretDB failed (go build exited with ${code}); see the output above.`);
    renameSync(tmp, binaryPath);
  } finally {
    clearInterval(timer);
    rmSync(tmp, { force: true });
  }
  process.stderr.write(`Embedded database built in ${Math.round((Date.now() - started) / 1000)}s\n`);
  return binaryPath;
}

interface RunningInfo {
  pid: number;
  uri: string;
}

const infoFile = (dataDir: string) => path.join(dataDir, 'embedded-db.json');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The embedded database another process (a running server) already serves for this DATA_DIR. */
export function findRunningEmbeddedDb(dataDir: string): RunningInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(infoFile(dataDir), 'utf8')) as RunningInfo;
    return isAlive(info.pid) ? info : undefined;
  } catch {
    return undefined;
  }
}

export interface EmbeddedDb {
  uri: string;
  /** The FerretDB process id (changes when the supervisor restarts it). */
  pid(): number | undefined;
  stop(): Promise<void>;
}

/**
 * Starts FerretDB for `dataDir`, or reuses the one a running server already started there.
 * A FerretDB this process started is restarted on the same port if it dies, so the
 * driver reconnects by itself.
 */
export async function startEmbeddedDb(dataDir: string): Promise<EmbeddedDb> {
  const running = findRunningEmbeddedDb(dataDir);
  if (running) {
    return { uri: running.uri, pid: () => running.pid, stop: async () => {} };
  }
  const binary = await ensureFerretDbBinary();
  const dbDir = path.join(dataDir, 'db');
  mkdirSync(dbDir, { recursive: true });

  let child: ChildProcess | undefined;
  let stopping = false;
  let listen = '127.0.0.1:0';

  const launch = () =>
    new Promise<string>((resolve, reject) => {
      const proc = spawn(binary, ['-listen', listen, '-dir', dbDir], { stdio: ['ignore', 'pipe', 'pipe'] });
      child = proc;
      let ready = false;
      let stderr = '';
      proc.stderr!.on('data', (d: Buffer) => {
        stderr = (stderr + d.toString()).slice(-4000);
      });
      createInterface({ input: proc.stdout! }).on('line', (line) => {
        const m = /^ready (mongodb:\/\/\S+)/.exec(line);
        if (m && !ready) {
          ready = true;
          resolve(m[1]);
        }
      });
      proc.on('error', reject);
      proc.on('exit', (code, signal) => {
        if (!ready) return reject(new EmbeddedDbError(`FerretDB exited before it was ready (${code ?? signal}): ${stderr.trim()}`));
        if (stopping) return;
        logger.error({ code, signal }, 'embedded database stopped unexpectedly; restarting');
        setTimeout(function restart() {
          if (stopping) return;
          launch()
            .then(() => {
              writeInfo();
              logger.info('embedded database is back');
            })
            .catch((err) => {
              logger.error({ err: String(err) }, 'embedded database restart failed; retrying');
              setTimeout(restart, 2000);
            });
        }, 1000);
      });
    });

  const uri = await launch();
  listen = new URL(uri).host; // restarts keep the port, so the connection string stays valid
  const writeInfo = () => writeFileSync(infoFile(dataDir), JSON.stringify({ pid: child!.pid, uri }));
  writeInfo();

  return {
    uri,
    pid: () => child?.pid,
    async stop() {
      stopping = true;
      rmSync(infoFile(dataDir), { force: true });
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => proc.kill('SIGKILL'), 5000);
        proc.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        proc.kill('SIGTERM');
      });
    },
  };
}
