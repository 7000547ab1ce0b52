// `npm run bench memory`: the footprint of the built server as `npm start` runs it, with the processes it
// starts (the embedded FerretDB), for an empty database and for 100,000 leads: the start time (to the
// first answer), the idle RSS (WAIT seconds after the first answer, once the checks that run after
// listening are done, with their peak), and for each load (the HTTP phase of `npm run bench http`, the lead
// phase of `npm run bench leads`, one GET /api/admin/leads) the peak RSS and the level a while after.
// BENCH_MEMORY_WAIT (seconds, default 60) is that while; BENCH_MEMORY_SIZES (default 0,100000) the sizes;
// BENCH_SECONDS the length of each HTTP row (default 10). Prints, never asserts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import superjson from 'superjson';
import { freePort, fromManyAddresses, load, referralLoad, trackVisitLoad, waitFor } from './http.ts';

const WAIT = Number(process.env.BENCH_MEMORY_WAIT ?? 60);
const SIZES = (process.env.BENCH_MEMORY_SIZES || '0,100000').split(',').map(Number);
const ADMIN = { email: 'memory-bench@example.com', password: 'memory-bench-password' };
const MiB = 1024 * 1024;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** RSS in MiB of a process, or 0 when it is gone. */
function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** Every process started by `pid`, their children included. */
function descendants(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[] = [];
  try {
    tasks = spawnSync('ls', [`/proc/${pid}/task`], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean);
  } catch {
    return out;
  }
  for (const task of tasks) {
    const file = `/proc/${pid}/task/${task}/children`;
    if (!existsSync(file)) continue;
    for (const child of readFileSync(file, 'utf8').split(' ').filter(Boolean).map(Number)) out.push(child, ...descendants(child));
  }
  return out;
}

interface Footprint {
  server: number;
  started: number;
}
const footprint = (pid: number): Footprint => ({ server: rssOf(pid), started: descendants(pid).reduce((s, p) => s + rssOf(p), 0) });
const total = (f: Footprint) => f.server + f.started;

/** Runs `work` while sampling the footprint every 100 ms; the peak, then the level `wait` seconds later. */
async function phase(pid: number, work: () => Promise<string | void>, wait = WAIT) {
  const peak: Footprint = { server: 0, started: 0 };
  let peakTotal = 0;
  const before = footprint(pid);
  const timer = setInterval(() => {
    const f = footprint(pid);
    peak.server = Math.max(peak.server, f.server);
    peak.started = Math.max(peak.started, f.started);
    peakTotal = Math.max(peakTotal, total(f));
  }, 100);
  let note: string | void;
  try {
    note = await work();
  } finally {
    clearInterval(timer);
  }
  await sleep(wait * 1000);
  return { before, peak, peakTotal, after: footprint(pid), note };
}

/** Stores `size` leads and activity entries in DATA_DIR's embedded database (in a process of its own). */
async function seedInto(size: number): Promise<void> {
  const { connectDatabase } = await import('../server/db.ts');
  const { seed } = await import('./leads.ts');
  const db = await connectDatabase({ dataDir: process.env.DATA_DIR! });
  const t = performance.now();
  await seed(size);
  console.log(`  ${size.toLocaleString('en-US')} leads and activity entries stored in ${((performance.now() - t) / 1000).toFixed(0)} s`);
  await db.close();
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`sign-in: ${res.status}`);
  return ((await res.json()) as { token: string }).token;
}

/** The HTTP phase of `npm run bench http`: pages, health, visit tracking and lead submissions under load. */
async function httpLoad(base: string) {
  for (const p of ['/', '/about', '/contact', '/api/health']) await load(`GET ${p}`, { url: base + p });
  await load('POST /api/track-visit', trackVisitLoad(base));
  await fromManyAddresses(() => load('POST /api/referral', referralLoad(base, 'mem')));
}

/** The lead phase of `npm run bench leads`: the lead pages, stats, claims, status changes, the activity export. */
async function leadLoad(base: string, token: string) {
  const auth = { authorization: `Bearer ${token}` };
  const get = async (p: string) => {
    const res = await fetch(base + p, { headers: auth });
    if (!res.ok) throw new Error(`${p}: ${res.status}`);
    await res.arrayBuffer();
  };
  const page = (input: object) => get(`/trpc/leads.page?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`);
  for (let i = 0; i < 5; i++) {
    await page({ tab: 'all', page: 0 });
    await page({ tab: 'unclaimed', page: 0 });
    await page({ tab: 'lost', page: 3 });
    await page({ tab: 'all', page: 0, sort: 'received', order: 'asc' });
    await page({ tab: 'all', page: 2, sort: 'name', order: 'asc' });
    await get('/api/admin/stats');
  }
  await page({ tab: 'all', search: 'lead 12' });
  const put = (p: string, body: object) =>
    fetch(base + p, { method: 'PUT', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  for (let i = 0; i < 11; i++) {
    const res = await fetch(`${base}/api/admin/leads`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Memory Lead ${i}`, email: `memory${i}@example.org`, phone: `720-555-${1000 + i}` }),
    });
    const { leadId } = (await res.json()) as { leadId: string };
    await put(`/api/admin/leads/${leadId}/claim`, { claimedBy: 'Memory Bench' });
    await put(`/api/admin/leads/${leadId}`, { status: 'called' });
  }
  await get('/api/admin/activity-logs/export');
}

/** One GET /api/admin/leads: the time to the first byte and to the last, and the bytes. */
async function fullList(base: string, token: string): Promise<string> {
  const t = performance.now();
  const res = await fetch(`${base}/api/admin/leads`, { headers: { authorization: `Bearer ${token}` } });
  const reader = res.body!.getReader();
  let first = 0;
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (!first) first = performance.now() - t;
    if (done) break;
    bytes += value.length;
  }
  return `${res.status}, first byte ${first.toFixed(0)} ms, whole ${(performance.now() - t).toFixed(0)} ms, ${(bytes / MiB).toFixed(1)} MiB`;
}

async function benchSize(size: number) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brokerage-memory-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    PORT: String(port),
    LOG_LEVEL: 'warn',
    // Production takes the data key from the environment only.
    DATA_ENCRYPTION_KEY: Buffer.alloc(32, 'memory-bench-data-key').toString('base64'),
  };
  let server: ChildProcess | undefined;
  try {
    if (size > 0) {
      const r = spawnSync(path.join('node_modules', '.bin', 'tsx'), ['bench/run.ts', 'memory'], {
        env: { ...env, BENCH_MEMORY_SEED: String(size) },
        stdio: 'inherit',
      });
      if (r.status !== 0) throw new Error('seeding failed');
    }
    const started = performance.now();
    server = spawn(process.execPath, ['scripts/start.mjs'], {
      stdio: ['ignore', 'ignore', 'inherit'],
      env: {
        ...env,
        JWT_SECRET: 'memory-bench-'.repeat(4),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        ADMIN_NAME: 'Memory Bench',
      },
    });
    await waitFor(`${base}/api/health`, server, 300);
    const startMs = performance.now() - started;
    // The start-up checks of the kept copies run once the server listens: idle is the level after them.
    const checks = await phase(server.pid!, async () => void (await sleep(WAIT * 1000)), 0);
    const token = await signIn(base);
    const f = (n: number) => n.toFixed(0).padStart(5);
    const fp = (x: Footprint) => `${f(x.server)} + ${f(x.started)} = ${f(total(x))}`;
    // Each row is printed as soon as it is measured: a run cut short still tells what it got.
    console.log(`\n### ${size.toLocaleString('en-US')} leads\n`);
    console.log(`start (npm start of an unchanged checkout, to the first answer): ${(startMs / 1000).toFixed(2)} s`);
    console.log(`RSS in MiB as server + what it starts (FerretDB) = both; levels ${WAIT} s after each load\n`);
    console.log(`| ${'load'.padEnd(22)} | ${'before'.padEnd(21)} | ${'peak'.padEnd(21)} | ${'after'.padEnd(21)} | note`);
    const row = (name: string, r: Awaited<ReturnType<typeof phase>>) =>
      console.log(
        `| ${name.padEnd(22)} | ${fp(r.before)} | ${fp(r.peak).slice(0, 16)}${f(r.peakTotal)} | ${fp(r.after)} | ${r.note ?? ''}`,
      );
    row('start-up checks → idle', checks);
    const phases: [string, () => Promise<string | void>][] = [
      ['HTTP phase', () => httpLoad(base)],
      ['lead phase', () => leadLoad(base, token)],
      ['GET /api/admin/leads', () => fullList(base, token)],
    ];
    for (const [name, work] of phases) row(name, await phase(server.pid!, work));
  } finally {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((r) => server!.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function benchMemory(): Promise<void> {
  if (process.env.BENCH_MEMORY_SEED) return seedInto(Number(process.env.BENCH_MEMORY_SEED));
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
  for (const size of SIZES) await benchSize(size);
}
