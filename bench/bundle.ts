// `npm run bench bundle`: the JavaScript each screen makes Chromium load, in kB gzip. The built server
// runs on a fresh embedded database; each screen opens in a fresh browser context (nothing cached) and
// every script it fetches until the network is idle is counted at its gzip -9 size: the module entry,
// its preloads and the chunks loaded on demand while the screen renders. Budgets: 80 kB a public page,
// 150 kB the first admin screen (the dashboard after sign-in, with one lead). Prints, never asserts.
import type { Browser, Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { BENCH_ADMIN as ADMIN, serverAndBrowser } from './browser.ts';
import { waitFor } from './http.ts';

const PUBLIC = ['/', '/about', '/contact'];
const kB = (bytes: number) => (bytes / 1024).toFixed(1);

interface Screen {
  name: string;
  budget: number;
  files: { url: string; gzip: number }[];
}

/** Every script the page fetches while `open` runs and until the network has been idle. */
async function scripts(page: Page, open: () => Promise<unknown>): Promise<{ url: string; gzip: number }[]> {
  const pending: Promise<{ url: string; gzip: number } | null>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() !== 'script') return;
    pending.push(
      res.body().then(
        (body) => ({ url: new URL(res.url()).pathname, gzip: gzipSync(body, { level: 9 }).length }),
        () => null,
      ),
    );
  });
  await open();
  await page.waitForLoadState('networkidle');
  return (await Promise.all(pending)).filter((f) => f !== null);
}

/** Opens `url` in a fresh context (with a stored session when `token` is given) once `heading` shows. */
async function measure(
  browser: Browser,
  name: string,
  budget: number,
  url: string,
  heading: string | RegExp,
  token?: string,
): Promise<Screen> {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (token) {
    // A stored session, as a browser has it after signing in.
    await page.goto(new URL('/api/health', url).href);
    await page.evaluate(([t, u]) => (localStorage.setItem('token', t), localStorage.setItem('user', u)), [
      token,
      JSON.stringify({ name: ADMIN.name, email: ADMIN.email }),
    ] as const);
  }
  const files = await scripts(page, async () => {
    await page.goto(url);
    // The screen itself, not a redirect: the count covers what rendering it took.
    await page.getByRole('heading', { name: heading, level: 1 }).first().waitFor();
  });
  await context.close();
  return { name, budget, files };
}

/** Signs in through the form and returns the stored token. */
async function signIn(browser: Browser, base: string): Promise<string> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`${base}/admin`);
  await page.getByLabel('Email').fill(ADMIN.email);
  await page.getByLabel('Password').fill(ADMIN.password);
  await page.getByRole('button', { name: /sign in|log in|login/i }).click();
  await page.waitForURL(/\/admin\/dashboard/);
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await context.close();
  if (!token) throw new Error('signing in stored no token');
  return token;
}

export async function benchBundle(): Promise<void> {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-changed'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('the build failed');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brokerage-bench-'));
  const { base, server, browser } = await serverAndBrowser(dataDir);
  try {
    await waitFor(`${base}/api/health`, server, 300);
    const screens: Screen[] = [];
    for (const p of PUBLIC) screens.push(await measure(browser, `public ${p}`, 80, base + p, /./));
    screens.push(await measure(browser, 'admin sign-in (/admin)', 150, `${base}/admin`, 'Admin Dashboard'));
    // A lead, so the dashboard shows its newest unclaimed lead and an activity entry as it does at work.
    const lead = await fetch(`${base}/api/referral`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench Visitor', email: 'bench-visitor@example.com', phone: '(303) 555-0100', website: '' }),
    });
    if (!lead.ok) throw new Error(`POST /api/referral answered ${lead.status}`);
    const token = await signIn(browser, base);
    screens.push(
      await measure(browser, 'admin dashboard (/admin/dashboard)', 150, `${base}/admin/dashboard`, 'Performance Dashboard', token),
    );

    const verbose = process.argv.includes('--files') || process.env.BENCH_BUNDLE_FILES === '1';
    console.log(`\nJavaScript each screen loads in Chromium, cold cache, until the network is idle (kB gzip -9):\n`);
    console.log(`| ${'screen'.padEnd(36)} | ${'kB gzip'.padStart(7)} | ${'budget'.padStart(6)} | ${'files'.padStart(5)} |`);
    console.log(`|${'-'.repeat(38)}|${'-'.repeat(9)}|${'-'.repeat(8)}|${'-'.repeat(7)}|`);
    for (const s of screens) {
      const total = s.files.reduce((sum, f) => sum + f.gzip, 0);
      const flag = total / 1024 > s.budget ? ' over' : '';
      console.log(
        `| ${s.name.padEnd(36)} | ${kB(total).padStart(7)} | ${String(s.budget).padStart(6)} | ${String(s.files.length).padStart(5)} |${flag}`,
      );
    }
    if (verbose) {
      for (const s of screens) {
        console.log(`\n${s.name}:`);
        for (const f of [...s.files].sort((a, b) => b.gzip - a.gzip)) console.log(`  ${kB(f.gzip).padStart(6)}  ${f.url}`);
      }
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once('exit', r)));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
