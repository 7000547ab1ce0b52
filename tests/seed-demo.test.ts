// `npm run seed:demo` is idempotent: a second run on the same DATA_DIR leaves every collection's count as the first left it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { connectDatabase } from '../server/db.ts';

const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'seed-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function seed(): Promise<number | null> {
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), ['scripts/seed-demo.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', MONGODB_URI: '' },
    stdio: 'ignore',
  });
  return new Promise((resolve) => child.on('exit', resolve));
}

/** Documents per collection, read with the same database access the commands use. */
async function counts() {
  const db = await connectDatabase({ dataDir });
  try {
    const names = (await mongoose.connection.db!.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
    return Object.fromEntries(
      await Promise.all(names.map(async (n) => [n, await mongoose.connection.db!.collection(n).countDocuments()] as const)),
    );
  } finally {
    await db.close();
  }
}

describe('seed:demo', () => {
  it('run twice leaves the same counts', { timeout: 600_000 }, async () => {
    expect(await seed()).toBe(0);
    const first = await counts();
    // Collection names as Mongoose derives them from the model names (no model is loaded here, so
    // none tries to create its collection while the connection closes).
    expect(first.staffs).toBe(2);
    expect(first.leads).toBeGreaterThan(0);
    expect(await seed()).toBe(0);
    expect(await counts()).toEqual(first);
  });
});
