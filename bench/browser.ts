// The Chromium the browser benches drive (Debian's, CHROME_PATH, as the Playwright suite uses) and the
// production server they drive it against, with an admin to sign in as.
import { chromium, type Browser } from '@playwright/test';
import { freePort, spawnBuiltServer } from './http.ts';

export const BENCH_ADMIN = { name: 'Bench Admin', email: 'bench-admin@example.com', password: 'bench-admin-password-1' };

export const launchChromium = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });

/** The built server on `dataDir` (BENCH_ADMIN its first admin) on a free port, and a Chromium. */
export async function serverAndBrowser(dataDir: string) {
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const env = { ADMIN_EMAIL: BENCH_ADMIN.email, ADMIN_PASSWORD: BENCH_ADMIN.password, ADMIN_NAME: BENCH_ADMIN.name };
  const server = spawnBuiltServer(port, dataDir, env);
  return { base, server, browser: await launchChromium() };
}
