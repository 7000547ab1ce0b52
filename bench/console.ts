// `npm run bench console`: the console's speed as an agent sees it, in Chromium against the production
// build at 10,000 leads (BENCH_CONSOLE_LEADS picks another size): a search from the last keystroke to its
// result rows on screen (the search box's pause included), and the dashboard's Overall card after
// navigating to it from the lead list and after a full load. Medians of 7; prints, never asserts.
import type { Browser, Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { startEmbeddedDb } from '../server/embedded-db.ts';
import { BENCH_ADMIN as ADMIN, serverAndBrowser } from './browser.ts';
import { waitFor } from './http.ts';
import { seed } from './leads.ts';

const LEADS = Number(process.env.BENCH_CONSOLE_LEADS || 10_000);
const RUNS = 7;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1];

/** Stores the leads (and as many activity entries) in the data folder before the server starts. */
async function seedFolder(dataDir: string) {
  const engine = await startEmbeddedDb(dataDir);
  try {
    await mongoose.connect(`${engine.uri.replace(/\/$/, '')}/brokerage`, { bufferCommands: false });
    await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
    await seed(LEADS);
  } finally {
    await mongoose.disconnect();
    await engine.stop();
  }
}

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/admin`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: /sign in|log in|login/i }).click();
  await page.waitForURL(/\/admin\/dashboard/);
}

/**
 * Types `text` into the search box a key at a time, as an agent does, and answers the ms from the last
 * key's input event to the first frame in which the list shows exactly the one lead named `expected`
 * with the whole text in the box; both taken in the page. The text is chosen so its last key is what
 * narrows the list to that lead: the time is the search's pause, its request and the rows' render.
 */
async function timeSearch(page: Page, text: string, expected: string): Promise<number> {
  const box = page.getByLabel('Search leads');
  await box.fill('');
  await page.locator('tbody tr[data-lead]').nth(1).waitFor(); // the whole list again
  await page.evaluate(
    ([name, typed]) => {
      const w = window as unknown as { benchKey?: number; benchShown?: Promise<number> };
      // Each key's input event overwrites the time: what is left is the last key's.
      document.addEventListener('input', (e) => (w.benchKey = e.timeStamp), { capture: true });
      // No named functions in here: the page runs this source as written, without the loader's helpers.
      w.benchShown = new Promise<number>((resolve) => {
        const observer = new MutationObserver(() => {
          const input = document.querySelector<HTMLInputElement>('input[aria-label="Search leads"]');
          const rows = document.querySelectorAll('tbody tr[data-lead]');
          if (input?.value === typed && rows.length === 1 && rows[0].textContent?.includes(name)) {
            observer.disconnect();
            resolve(performance.now());
          }
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
      });
    },
    [expected, text] as const,
  );
  // Keys faster than the box's pause, as a practised typist: the search is asked once, after the last.
  await box.pressSequentially(text, { delay: 40 });
  const ms = await page.evaluate(async () => {
    const w = window as unknown as { benchKey: number; benchShown: Promise<number> };
    const late = new Promise<number>((resolve) => setTimeout(() => resolve(NaN), 30_000));
    return (await Promise.race([w.benchShown, late])) - w.benchKey;
  });
  if (Number.isNaN(ms)) {
    const rows = await page.locator('tbody tr[data-lead]').allTextContents();
    throw new Error(
      `"${text}" did not show ${expected} alone within 30 s; the list shows ${rows.length} rows: ${rows.slice(0, 3).join(' | ')}`,
    );
  }
  return ms;
}

/** The ms from a click on the nav's Dashboard link on the lead list to the Overall card on screen. */
async function timeDashboardNavigation(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/admin/leads`);
  await page.locator('tbody tr[data-lead]').first().waitFor();
  await page.evaluate(() => {
    const w = window as unknown as { benchClick?: number; benchCard?: Promise<number> };
    document.addEventListener('click', (e) => (w.benchClick = e.timeStamp), { capture: true });
    w.benchCard = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('section[aria-label="Overall"]')) {
          observer.disconnect();
          resolve(performance.now());
        }
      });
      observer.observe(document.body, { childList: true, subtree: true });
    });
  });
  await page.getByRole('link', { name: 'Dashboard', exact: true }).filter({ visible: true }).first().click();
  return page.evaluate(async () => {
    const w = window as unknown as { benchClick: number; benchCard: Promise<number> };
    return (await w.benchCard) - w.benchClick;
  });
}

/** The ms from the start of a full load of /admin/dashboard to the Overall card on screen. */
async function timeDashboardLoad(page: Page, base: string): Promise<number> {
  await page.goto(`${base}/admin/dashboard`);
  const card = page.locator('section[aria-label="Overall"]');
  await card.waitFor();
  return page.evaluate(() => (window as unknown as { benchCardAt: number }).benchCardAt);
}

/**
 * The server's share: per tRPC request (named by its procedures, a batch as `a,b`), the ms from the
 * request sent to the answer's first byte and to its last, from the browser's network timing.
 */
function recordServerTimes(page: Page) {
  const times = new Map<string, { first: number[]; last: number[] }>();
  page.on('requestfinished', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/trpc/') || request.method() !== 'GET') return;
    const { requestStart, responseStart, responseEnd } = request.timing();
    if (requestStart < 0 || responseStart < 0) return;
    const name = decodeURIComponent(url.pathname.slice('/trpc/'.length));
    const entry = times.get(name) ?? times.set(name, { first: [], last: [] }).get(name)!;
    entry.first.push(responseStart - requestStart);
    entry.last.push(responseEnd - requestStart);
  });
  return times;
}

async function run(browser: Browser, base: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  // Notes when the Overall card first appears in each document, from its navigation's start.
  await context.addInitScript(() => {
    const w = window as unknown as { benchCardAt?: number };
    const observer = new MutationObserver(() => {
      if (w.benchCardAt === undefined && document.querySelector('section[aria-label="Overall"]')) {
        w.benchCardAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  const server = recordServerTimes(page);
  await signIn(page, base);
  await page.goto(`${base}/admin/leads`);
  await page.locator('tbody tr[data-lead]').first().waitFor();
  // One lead each, by its address: "bench1234" matches Bench Lead 1234 (bench1234@example.com) alone, while
  // "bench123" before the last key matches eleven (123 and 1230 to 1239), so only the last key's search shows it.
  const picks = Array.from({ length: RUNS }, (_, i) => 1000 + ((i * 1237) % Math.max(1, Math.min(LEADS, 10_000) - 1000)));
  const search: number[] = [];
  for (const i of picks) search.push(await timeSearch(page, `bench${i}`, `Bench Lead ${i}`));
  const navigation: number[] = [];
  for (let i = 0; i < RUNS; i++) navigation.push(await timeDashboardNavigation(page, base));
  const load: number[] = [];
  for (let i = 0; i < RUNS; i++) load.push(await timeDashboardLoad(page, base));
  await context.close();
  return { search, navigation, load, server };
}

export async function benchConsole(): Promise<void> {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brokerage-bench-console-'));
  const started = performance.now();
  await seedFolder(dataDir);
  console.log(`${LEADS.toLocaleString('en-US')} leads stored in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const { base, server, browser } = await serverAndBrowser(dataDir);
  try {
    await waitFor(`${base}/api/health`, server, 300);
    const { search, navigation, load, server: times } = await run(browser, base);
    const row = (label: string, xs: number[], budget: string) =>
      console.log(
        `| ${label.padEnd(48)} | ${median(xs).toFixed(0).padStart(6)} | ${budget.padStart(6)} | ${xs.map((x) => x.toFixed(0)).join(' ')}`,
      );
    console.log(`\nChromium, production build, ${LEADS.toLocaleString('en-US')} leads, median of ${RUNS} (ms):\n`);
    console.log(`| ${'measure'.padEnd(48)} | ${'median'.padStart(6)} | ${'budget'.padStart(6)} | each run`);
    console.log(`|${'-'.repeat(50)}|${'-'.repeat(8)}|${'-'.repeat(8)}|${'-'.repeat(10)}`);
    row('search: last keystroke to its result row shown', search, '150');
    row('dashboard: nav click to the Overall card', navigation, '500');
    row('dashboard: full load to the Overall card', load, '500');
    console.log(`\nPer tRPC request over the whole run, median ms from sent to the first byte / to the last byte (count):\n`);
    for (const [name, { first, last }] of [...times].sort((a, b) => median(b[1].last) - median(a[1].last))) {
      console.log(`  ${median(first).toFixed(0).padStart(6)} / ${median(last).toFixed(0).padStart(6)}  (${first.length})  ${name}`);
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
