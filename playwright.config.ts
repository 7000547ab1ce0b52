// End-to-end tests drive the built production server (as `npm start` runs it) in Debian's Chromium.
// tests/tools/test-all.mjs picks the port and a fresh DATA_DIR; these defaults serve a manual run.
import { defineConfig } from '@playwright/test';
import { E2E_ADMIN, E2E_DATA_KEY, E2E_JWT_SECRET } from './e2e/helpers.ts';

const port = Number(process.env.E2E_PORT || 3210);
const dataDir = process.env.E2E_DATA_DIR || '.cache/e2e-data';

export default defineConfig({
  testDir: 'e2e',
  // A stray test.only must fail the run, not quietly drop every other test.
  forbidOnly: true,
  // One server and one database for the whole run: tests run one at a time so counts stay predictable.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      // Chromium as root, on a machine with no outside network (see the env notes).
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The built server as `npm start` runs it in production (node on DIST_DIR/node/server.js; it builds first
    // only when the inputs changed since the last build).
    command: 'node scripts/start.mjs',
    url: `http://localhost:${port}/api/health`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      JWT_SECRET: E2E_JWT_SECRET,
      DATA_ENCRYPTION_KEY: E2E_DATA_KEY,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      ADMIN_NAME: E2E_ADMIN.name,
      LOG_LEVEL: 'warn',
      // The browser is on loopback: a test may name a visitor's address of its own with X-Forwarded-For
      // (the whole suite's page views come from one address, past the per-address visit limit).
      TRUST_PROXY: 'loopback',
    },
  },
});
