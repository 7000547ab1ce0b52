// The embedded engine's lifecycle and protection: it never outlives the process that started it,
// a stale embedded-db.json never blocks a start, only this user reaches it (Unix sockets in a
// private directory, private files), and a reused engine is taken over when its owner dies.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, readlinkSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { isAlive as alive, socketDir, startEmbeddedDb } from '../../server/embedded-db.ts';
import { startServerProcess } from '../helpers/server-processes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules', '.bin', 'tsx');
const children: ChildProcess[] = [];
// SIGTERM, which tsx passes on to the node process it runs (a SIGKILL would orphan that one).
afterAll(() => children.forEach((c) => c.exitCode === null && c.kill('SIGTERM')));

const parentOf = (pid: number) => Number(readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
const mode = (file: string) => statSync(file).mode & 0o777;
async function waitFor(check: () => boolean | Promise<boolean>, ms = 15_000) {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100))) if (await check()) return true;
  return false;
}

/** server.ts behind the tsx launcher; its address once it listens. */
const startServer = (dataDir: string) =>
  startServerProcess({ LOG_LEVEL: 'warn', DATA_DIR: dataDir, JWT_SECRET: '' }, children, 'tsx').listening;

/** TCP sockets the process listens on (from /proc): the engine must have none. */
function tcpListeners(pid: number): string[] {
  const inodes = new Set(
    readdirSync(`/proc/${pid}/fd`).flatMap((fd) => /^socket:\[(\d+)\]$/.exec(readlinkSafe(`/proc/${pid}/fd/${fd}`))?.[1] ?? []),
  );
  return ['tcp', 'tcp6'].flatMap((t) =>
    readFileSync(`/proc/net/${t}`, 'utf8')
      .split('\n')
      .slice(1)
      .map((l) => l.trim().split(/\s+/))
      .filter((f) => f[3] === '0A' && inodes.has(f[9]))
      .map((f) => f[1]),
  );
}
function readlinkSafe(p: string) {
  try {
    return readlinkSync(p);
  } catch {
    return '';
  }
}

describe('the embedded engine of a server process', () => {
  it('is private, dies with a kill -9 of the server, and the next start works at once even with a stale embedded-db.json', async () => {
    const dataDir = path.join(mkdtempSync(path.join(tmpdir(), 'life-')), 'data');
    const base = await startServer(dataDir);
    expect((await fetch(`${base}/api/health`)).status).toBe(200);

    const { pid: engine } = JSON.parse(readFileSync(path.join(dataDir, 'embedded-db.json'), 'utf8')) as { pid: number };
    expect(alive(engine)).toBe(true);
    expect(tcpListeners(engine)).toEqual([]);
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(socketDir(dataDir))).toBe(0o700);
    expect(mode(path.join(dataDir, 'embedded-db.json'))).toBe(0o600);
    // The generated keys live outside the data folder (KEY_FILE defaults to the user's config folder).
    expect(readdirSync(dataDir).filter((f) => /secret|key/i.test(f))).toEqual([]);
    const dbFiles = readdirSync(path.join(dataDir, 'db'));
    expect(dbFiles.length).toBeGreaterThan(0);
    for (const f of dbFiles) expect(mode(path.join(dataDir, 'db', f))).toBe(0o600);

    process.kill(parentOf(engine), 'SIGKILL');
    expect(await waitFor(() => !alive(engine))).toBe(true);

    // A stale file naming a live process that is not the engine.
    const unrelated = spawn('sleep', ['60']);
    children.push(unrelated);
    writeFileSync(path.join(dataDir, 'embedded-db.json'), JSON.stringify({ pid: unrelated.pid, uri: 'mongodb://127.0.0.1:27017/' }));
    const again = await startServer(dataDir);
    expect((await fetch(`${again}/api/health`)).status).toBe(200);
    expect(alive(unrelated.pid!)).toBe(true);
  }, 120_000);
});

describe('a reused engine', () => {
  it('is taken over by the process that shared it when its owner dies, with the data kept', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'reuse-'));
    const owner = spawn(tsx, [path.join(root, 'tests/engine/fixtures/hold-engine.ts'), dataDir], { cwd: root });
    children.push(owner);
    let out = '';
    owner.stdout!.on('data', (d) => (out += d));
    expect(await waitFor(() => /engine \d+/.test(out), 60_000)).toBe(true);
    const ownersEngine = Number(/engine (\d+)/.exec(out)![1]);

    const shared = await startEmbeddedDb(dataDir);
    expect(shared.pid()).toBe(ownersEngine);
    const conn = await mongoose.createConnection(`${shared.uri}reuse`, { serverSelectionTimeoutMS: 5000 }).asPromise();
    await conn.collection('kept').insertOne({ n: 1 });

    process.kill(parentOf(ownersEngine), 'SIGKILL'); // the node process under tsx
    expect(await waitFor(() => !alive(ownersEngine))).toBe(true);
    expect(await waitFor(() => shared.pid() !== undefined && shared.pid() !== ownersEngine)).toBe(true);
    expect(
      await waitFor(
        async () =>
          (await conn
            .collection('kept')
            .countDocuments()
            .catch(() => -1)) === 1,
      ),
    ).toBe(true);
    await conn.close();
    await shared.stop();
    expect(alive(ownersEngine)).toBe(false);
  }, 120_000);
});
