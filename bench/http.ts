// HTTP throughput of the production server, against the ceiling of an in-memory node:http server
// sending the same bytes (each public page's own; the home page's for the other rows). The server and
// the ceiling run in processes of their own; this process drives them with autocannon. Figures go to
// bench/results/ as JSON.
import autocannon from 'autocannon';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { importedChunks } from '../web/html-template.ts';

const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const CONNECTIONS = 32;
/** What a browser sends: every row is measured with compression on offer. */
const ACCEPT = { 'accept-encoding': 'gzip, deflate, br' };
const PUBLIC = ['/', '/about', '/contact', '/privacy'];

interface Row {
  name: string;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  ratio?: number;
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/** Waits for `url` to answer 2xx, asking every 50 ms (the start time the memory bench prints is read from this). */
export async function waitFor(url: string, child: ChildProcess, seconds: number) {
  for (let i = 0; i < seconds * 20; i++) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} did not answer within ${seconds}s`);
}

/** The ceiling: node:http sending fixed bytes from memory (by path, the home page's otherwise), nothing else. */
const CEILING = `
import http from 'node:http';
const pages = new Map(Object.entries(JSON.parse(process.env.PAGES)).map(([path, { body, encoding }]) => {
  const bytes = Buffer.from(body, 'base64');
  return [path, { bytes, headers: { 'content-type': 'text/html; charset=utf-8', 'content-length': bytes.length, 'content-encoding': encoding } }];
}));
http.createServer((req, res) => {
  const page = pages.get(req.url) ?? pages.get('/');
  res.writeHead(200, page.headers);
  res.end(page.bytes);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/**
 * Gives every new connection its own loopback source address (127.x.y.z), so per-address rate
 * limits see many visitors, as they would on the internet. autocannon connects through net.connect.
 */
export function spreadSourceAddresses(): () => void {
  const original = net.connect;
  let n = 0;
  const patched = (port: number, host: string) => {
    n = (n + 1) % 16_000_000;
    const localAddress = `127.${(n >> 16) & 255 || 1}.${(n >> 8) & 255}.${n & 255 || 1}`;
    return original({ port, host, localAddress });
  };
  (net as { connect: unknown }).connect = patched;
  return () => void ((net as { connect: unknown }).connect = original);
}

/** Runs `load` with every new connection from its own source address (spreadSourceAddresses). */
export async function fromManyAddresses<T>(load: () => Promise<T>): Promise<T> {
  const restore = spreadSourceAddresses();
  try {
    return await load();
  } finally {
    restore();
  }
}

/** A visit as the public pages report it. */
export const trackVisitLoad = (base: string): autocannon.Options => ({
  url: `${base}/api/track-visit`,
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ page: 'home', userAgent: 'Mozilla/5.0 (bench)', referrer: 'direct' }),
});

/**
 * Lead-form submissions, each with an email of its own (`<prefix><n>@example.com`) and a new connection
 * every five (the per-address limit): with spreadSourceAddresses, every five from another address.
 */
export function referralLoad(base: string, emailPrefix: string): autocannon.Options {
  let n = 0;
  return {
    url: `${base}/api/referral`,
    method: 'POST',
    reconnectRate: 5,
    headers: { 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => ({
          ...req,
          body: JSON.stringify({ name: 'Bench Visitor', email: `${emailPrefix}${++n}@example.com`, phone: '(303) 555-0100', website: '' }),
        }),
      },
    ],
  };
}

export async function load(name: string, opts: autocannon.Options): Promise<Row> {
  const r = await autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts, headers: { ...ACCEPT, ...opts.headers } });
  const row = {
    name,
    reqPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors,
  };
  process.stderr.write(`  ${name}: ${row.reqPerSec} req/s\n`);
  return row;
}

/** The gzip size of every script a page loads: its module entry and the chunks it preloads. */
async function pageJs(base: string, page: string) {
  const html = await (await fetch(base + page, { headers: { 'accept-encoding': 'identity' } })).text();
  const srcs = [...html.matchAll(/<script[^>]+src="([^"]+)"|<link rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
  let gzip = 0;
  const files: Record<string, number> = {};
  for (const src of srcs) {
    const res = await fetch(base + src, { method: 'HEAD', headers: { 'accept-encoding': 'gzip' } });
    const wire = Number(res.headers.get('content-length'));
    files[src] = wire;
    gzip += wire;
  }
  return { page, gzipBytes: gzip, files };
}

type ViteManifest = Record<string, { file: string; imports?: string[] }>;

/** The gzip bytes of the JavaScript a first admin screen loads: its chunks and everything they import (from the build). */
function adminJs(): { screen: string; gzipBytes: number }[] {
  const dir = path.join('dist', 'client');
  const manifest = JSON.parse(readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as ViteManifest;
  const screens: Record<string, string[]> = {
    'sign-in': ['src/pages/admin/auth/LoginPage.tsx'],
    dashboard: ['src/pages/admin/AdminLayout.tsx', 'src/pages/admin/dashboard/DashboardPage.tsx'],
  };
  return Object.entries(screens).map(([screen, chunks]) => {
    const seen = importedChunks(manifest, ['src/entry-client.tsx', 'src/pages/admin/AdminProviders.tsx', ...chunks]);
    const gzipBytes = seen.reduce((sum, key) => sum + gzipSync(readFileSync(path.join(dir, manifest[key].file))).length, 0);
    return { screen, gzipBytes };
  });
}

/** The built server as `npm start` runs it in production, on `port` with its data in `dataDir`. */
export function spawnBuiltServer(port: number, dataDir: string, env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['scripts/start.mjs'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: 'bench-secret-'.repeat(4),
      DATA_ENCRYPTION_KEY: Buffer.alloc(32, 'bench-data-key').toString('base64'),
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
}

export async function benchHttp(): Promise<void> {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brokerage-bench-'));
  const [port, ceilingPort] = [await freePort(), await freePort()];
  const base = `http://127.0.0.1:${port}`;
  const server = spawnBuiltServer(port, dataDir);
  let ceiling: ChildProcess | undefined;
  try {
    await waitFor(`${base}/api/health`, server, 300);
    // Each public page as a browser gets it, bytes untouched (fetch would decode them).
    const bytesOf = (page: string) =>
      new Promise<{ raw: Buffer; encoding: string }>((resolve, reject) => {
        http
          .get(`${base}${page}`, { headers: ACCEPT }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => resolve({ raw: Buffer.concat(chunks), encoding: String(res.headers['content-encoding'] ?? 'identity') }));
          })
          .on('error', reject);
      });
    const pages: Record<string, { body: string; encoding: string }> = {};
    for (const p of PUBLIC) {
      const { raw: bytes, encoding: enc } = await bytesOf(p);
      pages[p] = { body: bytes.toString('base64'), encoding: enc };
    }
    const { raw, encoding } = await bytesOf('/');
    ceiling = spawn(process.execPath, ['--input-type=module', '-e', CEILING], {
      stdio: 'inherit',
      env: { ...process.env, PAGES: JSON.stringify(pages), PORT: String(ceilingPort) },
    });
    await waitFor(`http://127.0.0.1:${ceilingPort}/`, ceiling, 10);

    // The ceiling is measured again just before each row, and the row compared with that run, so
    // load from elsewhere on the machine weighs on both sides of each ratio alike.
    const ceilings: Row[] = [];
    const rows: Row[] = [];
    const measure = async (name: string, opts: autocannon.Options, ceilingPath = '/') => {
      const ceilingRun = await load('ceiling', { url: `http://127.0.0.1:${ceilingPort}${ceilingPath}` });
      ceilings.push(ceilingRun);
      const row = await load(name, opts);
      row.ratio = ceilingRun.reqPerSec ? row.reqPerSec / ceilingRun.reqPerSec : 0;
      rows.push(row);
    };
    await measure('GET /favicon.svg (static asset)', { url: `${base}/favicon.svg` });
    for (const p of PUBLIC) await measure(`GET ${p} (SSR, against its own bytes)`, { url: base + p }, p);
    await measure('GET /api/health', { url: `${base}/api/health` });
    await measure('POST /api/track-visit', trackVisitLoad(base));
    // Five submissions per address are allowed per window: a new connection, and address, every five.
    await fromManyAddresses(() => measure('POST /api/referral (many source addresses)', referralLoad(base, 'bench')));
    const mean = (f: (r: Row) => number) => Math.round(ceilings.reduce((sum, r) => sum + f(r), 0) / ceilings.length);
    rows.unshift({
      name: `ceiling: node:http, same bytes (mean of ${ceilings.length})`,
      reqPerSec: mean((r) => r.reqPerSec),
      p50: mean((r) => r.p50),
      p99: mean((r) => r.p99),
      non2xx: mean((r) => r.non2xx),
      errors: mean((r) => r.errors),
      ratio: 1,
    });
    const js = [];
    for (const p of PUBLIC) js.push(await pageJs(base, p));

    console.log(
      `\n${CONNECTIONS} connections, ${SECONDS}s per row, Accept-Encoding: ${ACCEPT['accept-encoding']}; home page ${raw.length} bytes (${encoding})\n`,
    );
    console.log(
      `| ${'row'.padEnd(48)} | ${'req/s'.padStart(7)} | ${'p50 ms'.padStart(6)} | ${'p99 ms'.padStart(6)} | ${'× ceiling'.padStart(9)} | ${'non-2xx'.padStart(7)} |`,
    );
    console.log(`|${'-'.repeat(50)}|${'-'.repeat(9)}|${'-'.repeat(8)}|${'-'.repeat(8)}|${'-'.repeat(11)}|${'-'.repeat(9)}|`);
    for (const r of rows) {
      const pct = `${(r.ratio! * 100).toFixed(0)}%`;
      console.log(
        `| ${r.name.padEnd(48)} | ${String(r.reqPerSec).padStart(7)} | ${String(r.p50).padStart(6)} | ${String(r.p99).padStart(6)} | ${pct.padStart(9)} | ${String(r.non2xx + r.errors).padStart(7)} |`,
      );
    }
    console.log(`\nJavaScript each public page loads (gzip bytes on the wire):`);
    for (const j of js) console.log(`  ${j.page.padEnd(9)} ${String(j.gzipBytes).padStart(7)}  (${Object.keys(j.files).length} files)`);
    const admin = adminJs();
    console.log(`\nJavaScript the first admin screens load (gzip bytes, from the build; target 150,000):`);
    for (const a of admin) console.log(`  ${a.screen.padEnd(9)} ${String(a.gzipBytes).padStart(7)}`);

    mkdirSync(path.join('bench', 'results'), { recursive: true });
    const file = path.join('bench', 'results', `http-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
    writeFileSync(
      file,
      JSON.stringify(
        {
          date: new Date().toISOString(),
          connections: CONNECTIONS,
          seconds: SECONDS,
          homeBytes: raw.length,
          homeEncoding: encoding,
          rows,
          ceilingRuns: ceilings,
          publicJs: js,
          adminJs: admin,
        },
        null,
        2,
      ),
    );
    console.log(`\nWritten to ${file}`);
  } finally {
    ceiling?.kill('SIGTERM');
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
