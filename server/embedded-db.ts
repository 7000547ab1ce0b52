// The embedded MongoDB-compatible database used when MONGODB_URI is unset: FerretDB v1.24 with its
// SQLite backend behind a write-serialising wire proxy (db/ferretdb), built once into a git-ignored
// cache, reachable only through Unix sockets in a private directory, with its files under DATA_DIR.
// This module is the one place that starts, finds, supervises and stops it (server/embedded-db-build.ts builds it).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import mongoose from 'mongoose';
import { EmbeddedDbError, ensureFerretDbBinary } from './embedded-db-build.ts';
import { logger } from './logger.ts';

/** Makes a directory private to this user, creating it if needed. */
function privateDir(dir: string) {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
}

/**
 * Where the sockets live: DATA_DIR/run, or, when that path is too long for a Unix socket address
 * (about 104 bytes), a directory under the system temp folder named after DATA_DIR. That one must be
 * ours and private, or someone else could have put it there to catch the connections.
 */
export function socketDir(dataDir: string): string {
  const preferred = path.join(dataDir, 'run');
  if (Buffer.byteLength(path.join(preferred, 'ferretdb.sock')) <= 100) return preferred;
  const short = path.join(tmpdir(), `brokerage-${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`);
  if (existsSync(short)) {
    const st = lstatSync(short);
    if (!st.isDirectory() || st.uid !== process.getuid?.() || (st.mode & 0o077) !== 0) {
      throw new EmbeddedDbError(`${short} is not a private directory of this user; remove it and start again.`);
    }
  }
  return short;
}

/** The driver's connection string for a socket: its path percent-encoded as the host. */
const socketUri = (dataDir: string) => `mongodb://${encodeURIComponent(path.join(socketDir(dataDir), 'mongodb.sock'))}/`;

interface RunningInfo {
  /** The engine's process id. */
  pid: number;
  uri: string;
}

const infoFile = (dataDir: string) => path.join(dataDir, 'embedded-db.json');

/** Whether a process of this id is running (signal 0 checks without sending anything). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** A process's command line, arguments separated by NUL ('' when unknown). */
function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8');
  } catch {
    const ps = spawnSync('ps', ['-o', 'command=', '-p', String(pid)], { encoding: 'utf8' });
    return (ps.stdout ?? '').trim().replace(/ /g, '\0');
  }
}

/**
 * The embedded database another process (a running server) serves for this DATA_DIR, judged by
 * embedded-db.json: its pid must be alive and be our engine for this directory. A stale file naming
 * an unrelated process is ignored.
 */
export function findRunningEmbeddedDb(dataDir: string): RunningInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(infoFile(dataDir), 'utf8')) as RunningInfo;
    const sockets = socketDir(dataDir);
    const cmd = commandLine(info.pid);
    if (!isAlive(info.pid) || !cmd.includes('ferretdb-') || !cmd.includes(`-sockets\0${sockets}`)) return undefined;
    return { pid: info.pid, uri: socketUri(dataDir) };
  } catch {
    return undefined;
  }
}

/** True when the engine at `uri` answers a ping within two seconds. */
async function answers(uri: string): Promise<boolean> {
  const client = new mongoose.mongo.MongoClient(uri, { serverSelectionTimeoutMS: 2000, connectTimeoutMS: 2000 });
  try {
    await client.db('admin').command({ ping: 1 });
    return true;
  } catch {
    return false;
  } finally {
    await client.close().catch(() => undefined);
  }
}

export interface EmbeddedDb {
  uri: string;
  /** The engine's process id (changes when the supervisor restarts it). */
  pid(): number | undefined;
  stop(): Promise<void>;
}

const EXIT_LOCKED = 3; // db/ferretdb: another process serves this directory
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the engine for `dataDir`, or reuses the one a running server already serves there.
 * Either way it is supervised: if the engine stops (it exits with the process that started it),
 * this process starts its own on the same socket, so the driver reconnects by itself. The engine
 * exits when the process that started it does, so it never outlives its owner.
 */
export async function startEmbeddedDb(dataDir: string): Promise<EmbeddedDb> {
  const binary = await ensureFerretDbBinary();
  privateDir(dataDir);
  const dbDir = path.join(dataDir, 'db');
  const sockets = socketDir(dataDir);
  const uri = socketUri(dataDir);

  let child: ChildProcess | undefined;
  let reusedPid: number | undefined;
  let watch: NodeJS.Timeout | undefined;
  let stopping = false;

  const writeInfo = (pid: number) => {
    const tmp = `${infoFile(dataDir)}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify({ pid, uri }), { mode: 0o600 });
    renameSync(tmp, infoFile(dataDir));
  };

  /** Starts our own engine: 'ready', or 'locked' when another process already serves the directory. */
  const launch = () =>
    new Promise<'ready' | 'locked'>((resolve, reject) => {
      // stdin stays an open pipe: the engine exits when it closes, that is when this process ends.
      const proc = spawn(binary, ['-dir', dbDir, '-sockets', sockets], { stdio: ['pipe', 'pipe', 'pipe'] });
      proc.stdin!.on('error', () => undefined);
      let ready = false;
      let stderr = '';
      proc.stderr!.on('data', (d: Buffer) => {
        stderr = (stderr + d.toString()).slice(-4000);
      });
      createInterface({ input: proc.stdout! }).on('line', (line) => {
        if (!ready && line.startsWith('ready ')) {
          ready = true;
          child = proc;
          writeInfo(proc.pid!);
          resolve('ready');
        }
      });
      proc.on('error', reject);
      proc.on('exit', (code, signal) => {
        if (!ready) {
          if (code === EXIT_LOCKED) return resolve('locked');
          return reject(new EmbeddedDbError(`FerretDB exited before it was ready (${code ?? signal}): ${stderr.trim()}`));
        }
        child = undefined;
        if (stopping) return;
        logger.error({ code, signal }, 'embedded database stopped unexpectedly; restarting');
        recover();
      });
    });

  /** Reuses a live engine for this directory, or starts one; waits out a starting or stopping one. */
  const acquire = async () => {
    for (let attempt = 0; !stopping; attempt++) {
      const running = findRunningEmbeddedDb(dataDir);
      if (running && (await answers(uri))) {
        reusedPid = running.pid;
        watch = setInterval(() => {
          if (isAlive(running.pid)) return;
          clearInterval(watch);
          reusedPid = undefined;
          logger.warn('the embedded database this process shared has stopped; starting its own');
          recover();
        }, 1000);
        watch.unref();
        return;
      }
      stopOldEngine(dataDir, dbDir);
      if ((await launch()) === 'ready') return;
      if (attempt >= 75)
        throw new EmbeddedDbError(
          `Another process holds the embedded database in ${dataDir} but does not answer; stop it and start again.`,
        );
      await sleep(200);
    }
  };

  const recover = () => {
    setTimeout(function retry() {
      if (stopping) return;
      acquire()
        .then(() => logger.info('embedded database is back'))
        .catch((err) => {
          logger.error({ err: String(err) }, 'embedded database restart failed; retrying');
          setTimeout(retry, 2000);
        });
    }, 1000);
  };

  await acquire();

  return {
    uri,
    pid: () => child?.pid ?? reusedPid,
    async stop() {
      stopping = true;
      clearInterval(watch);
      const proc = child;
      if (!proc) return;
      if (findRunningEmbeddedDb(dataDir)?.pid === proc.pid) rmSync(infoFile(dataDir), { force: true });
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      await new Promise<void>((resolve) => {
        const kill = setTimeout(() => proc.kill('SIGKILL'), 5000);
        proc.once('exit', () => {
          clearTimeout(kill);
          resolve();
        });
        proc.stdin!.end();
        proc.kill('SIGTERM');
      });
    },
  };
}

/**
 * Ends an engine of the previous version (loopback TCP, no parent watch) left running by a server
 * that was killed: it holds this directory's files and would otherwise serve them beside ours.
 */
function stopOldEngine(dataDir: string, dbDir: string) {
  try {
    const { pid } = JSON.parse(readFileSync(infoFile(dataDir), 'utf8')) as RunningInfo;
    const cmd = commandLine(pid);
    if (isAlive(pid) && cmd.includes('ferretdb-') && cmd.includes('-listen\0') && cmd.includes(`-dir\0${dbDir}`))
      process.kill(pid, 'SIGTERM');
  } catch {
    // no file, or nothing to end
  }
}
