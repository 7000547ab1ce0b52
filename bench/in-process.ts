// The app on a fresh embedded database in the bench's own process, listening on a free local port, for
// the benches that drive it over HTTP (analytics.ts, flood.ts); stopped and its data folder removed after.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { loadConfig, type Config } from '../server/config.ts';
import { connectDatabase } from '../server/db.ts';
import { createApp } from '../web/app.ts';

/**
 * Runs `bench` against the app. One trusted proxy hop, so each request can stand for an address of its
 * own (`x-forwarded-for`): the limiters count per address.
 */
export async function withAppInProcess(
  name: string,
  env: { NODE_ENV: 'test' | 'production'; JWT_SECRET: string },
  bench: (app: { base: string; config: Config }) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${name}-`));
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent', DATA_DIR: dataDir, TRUST_PROXY: '1' });
  const db = await connectDatabase({ dataDir });
  const { app, close } = await createApp(config, { ssr: false });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    await bench({ base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, config });
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await close();
    await db.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
