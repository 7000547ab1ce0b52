// `npm run bench lighthouse`: Lighthouse's mobile audit (its default: a mid-range phone on a slow 4G
// link, simulated) of each public page of the production build, five runs a page in a fresh headless
// Chromium each, every run printed and then the medians, beside the JavaScript each page loads (gzip)
// and the machine's load average (other work on the machine slows the measured CPU time, so TBT).
// Budgets: scores 100/100/100/100, LCP ≤ 1.2 s, TBT ≤ 100 ms, CLS 0, JS ≤ 80 kB gzip. Prints, never asserts.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort, spawnBuiltServer, waitFor } from './http.ts';

const PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(',') ?? ['/', '/about', '/contact', '/privacy'];
const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS || 5);
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

interface Run {
  /** False when Lighthouse could not record the page (its runtimeError): the figures are then NaN. */
  measured: boolean;
  scores: number[];
  lcp: number;
  tbt: number;
  cls: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[s.length >> 1] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** One Lighthouse run on `url` in a Chromium of its own (no cache, no state shared between runs). */
async function audit(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) console.log(`  ${url}: Lighthouse could not measure the page: ${runtimeError.code} ${runtimeError.message}`);
    return {
      measured: !runtimeError,
      scores: CATEGORIES.map((c) => Math.round((categories[c]?.score ?? 0) * 100)),
      lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
      tbt: audits['total-blocking-time']?.numericValue ?? NaN,
      cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
    };
  } finally {
    chrome.kill();
  }
}

/** The gzip -9 size of every script the page's HTML loads: its module entry and the chunks it preloads. */
async function pageJsGzip(base: string, page: string): Promise<number> {
  const html = await (await fetch(base + page)).text();
  const srcs = [...html.matchAll(/<script[^>]+src="([^"]+)"|<link rel="modulepreload"[^>]+href="([^"]+)"/g)].map((m) => m[1] ?? m[2]);
  let total = 0;
  for (const src of new Set(srcs))
    total += gzipSync(Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer()), { level: 9 }).length;
  return total;
}

const line = (page: string, label: string, r: Run) =>
  console.log(
    `| ${page.padEnd(9)} | ${label.padEnd(6)} | ${r.scores
      .map((s) => String(s).padStart(3))
      .join(' / ')
      .padEnd(24)} | ${(r.lcp / 1000).toFixed(2).padStart(5)} s | ${r.tbt.toFixed(0).padStart(4)} ms | ${r.cls.toFixed(3)} |`,
  );

export async function benchLighthouse(): Promise<void> {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brokerage-bench-lighthouse-'));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = spawnBuiltServer(port, dataDir);
  try {
    await waitFor(`${base}/api/health`, server, 300);
    console.log(`\nLighthouse mobile, ${RUNS} runs a page; load average at the start: ${load()}\n`);
    console.log(`| page      | run    | perf / a11y / best / seo | LCP     | TBT     | CLS   |`);
    console.log(`|-----------|--------|--------------------------|---------|---------|-------|`);
    const medians: [string, Run, number][] = [];
    for (const page of PAGES) {
      await audit(base + page); // a first run warms the server's render path; not counted
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        // A run whose trace Lighthouse could not record (NO_NAVSTART and the like) is run again, twice at most.
        let r = await audit(base + page);
        for (let retry = 0; retry < 2 && !r.measured; retry++) r = await audit(base + page);
        runs.push(r);
        line(page, String(i + 1), r);
      }
      const m: Run = {
        measured: runs.every((r) => r.measured),
        scores: CATEGORIES.map((_, k) => median(runs.map((r) => r.scores[k]))),
        lcp: median(runs.map((r) => r.lcp)),
        tbt: median(runs.map((r) => r.tbt)),
        cls: median(runs.map((r) => r.cls)),
      };
      medians.push([page, m, await pageJsGzip(base, page)]);
    }
    console.log(
      `\nMedians (budgets: 100 / 100 / 100 / 100, LCP ≤ 1.20 s, TBT ≤ 100 ms, CLS 0, JS ≤ 80 kB gzip); load average now: ${load()}\n`,
    );
    console.log(`| page      | median | perf / a11y / best / seo | LCP     | TBT     | CLS   | JS kB gzip |`);
    console.log(`|-----------|--------|--------------------------|---------|---------|-------|------------|`);
    for (const [page, m, js] of medians)
      console.log(
        `| ${page.padEnd(9)} | median | ${m.scores
          .map((s) => String(s).padStart(3))
          .join(' / ')
          .padEnd(
            24,
          )} | ${(m.lcp / 1000).toFixed(2).padStart(5)} s | ${m.tbt.toFixed(0).padStart(4)} ms | ${m.cls.toFixed(3)} | ${(js / 1024).toFixed(1).padStart(10)} |`,
      );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
