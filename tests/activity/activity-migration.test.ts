// A data folder written by a version that kept copies of the activity log (the dashboard's latest
// entries, the export's rows, a single-field time index) starts on this one: the server drops the
// copies once, keeps every entry, and the dashboard list and the CSV read them from the log itself.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, describe, expect, it } from 'vitest';
import { startEmbeddedDb } from '../../server/embedded-db.ts';
import { startServerProcess } from '../helpers/server-processes.ts';

const dataDir = mkdtempSync(path.join(tmpdir(), 'activity-migration-'));
const children: ChildProcess[] = [];
afterAll(() => {
  children.forEach((c) => c.exitCode === null && c.kill('SIGKILL'));
  rmSync(dataDir, { recursive: true, force: true });
});

const ADMIN = { ADMIN_EMAIL: 'ops@example.com', ADMIN_PASSWORD: 'a-long-password-1', ADMIN_NAME: 'Ops Person' };
const ENTRIES = 260;

/** Runs `fn` on the folder's database with the server stopped. */
async function withFolder<T>(fn: (db: mongoose.mongo.Db) => Promise<T>): Promise<T> {
  const engine = await startEmbeddedDb(dataDir);
  const conn = await mongoose.createConnection(`${engine.uri.replace(/\/$/, '')}/brokerage`).asPromise();
  try {
    return await fn(conn.db!);
  } finally {
    await conn.close();
    await engine.stop();
  }
}

const startServer = () => startServerProcess({ LOG_LEVEL: 'info', DATA_DIR: dataDir, TIME_ZONE: 'UTC', ...ADMIN }, children);

async function signedIn(base: string) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ADMIN.ADMIN_EMAIL, password: ADMIN.ADMIN_PASSWORD }),
  });
  const { token } = (await login.json()) as { token: string };
  return { authorization: `Bearer ${token}` };
}

describe('a data folder with the old activity copies', () => {
  it('starts, drops the copies and the old index, and loses no entry', { timeout: 180_000 }, async () => {
    const start = Date.UTC(2031, 2, 1, 12);
    const entries = Array.from({ length: ENTRIES }, (_, i) => ({
      _id: new mongoose.Types.ObjectId(),
      user: 'Old Version',
      action: 'LEAD_CREATED',
      details: { action: 'LEAD_CREATED', leadId: `old-${i}`, leadName: `Old Lead ${i}` },
      timestamp: new Date(start + i * 60_000),
    }));
    await withFolder(async (db) => {
      await db.collection('activities').insertMany(entries);
      await db.collection('activities').createIndex({ timestamp: -1 }, { name: 'timestamp_-1' });
      // The copies as the old version kept them: the latest 200 again, and rows 200 to a chunk.
      await db.collection('activity_recent').insertMany(entries.slice(-200));
      await db.collection<{ _id: string; k?: number; v?: number; n?: number; rows?: string[] }>('activity_export').insertMany([
        { _id: 'meta', k: 1, v: 2 },
        { _id: 'c0', n: 200, rows: [] },
        { _id: 'c1', n: 60, rows: [] },
      ]);
    });

    const s = startServer();
    const base = await s.listening;
    expect(s.output()).toMatch(/old activity copies dropped/);
    const auth = await signedIn(base);
    const recent = (await (await fetch(`${base}/api/admin/activity-logs`, { headers: auth })).json()) as {
      details: { leadName: string };
    }[];
    expect(recent).toHaveLength(50);
    expect(recent.map((e) => e.details.leadName).slice(0, 2)).toEqual([`Old Lead ${ENTRIES - 1}`, `Old Lead ${ENTRIES - 2}`]);
    const csv = await (await fetch(`${base}/api/admin/activity-logs/export`, { headers: auth })).text();
    const names = csv
      .trim()
      .split('\n')
      .filter((l) => l.includes('Old Lead'))
      .map((l) => l.split(',')[5]);
    expect(names).toEqual(entries.map((_, i) => `Old Lead ${i}`));
    s.child.kill('SIGTERM');
    expect(await s.exited, s.output()).toBe(0);

    await withFolder(async (db) => {
      const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
      expect(names).toContain('activities');
      expect(names).not.toContain('activity_recent');
      expect(names).not.toContain('activity_export');
      const kept = await db.collection('activities').find({ user: 'Old Version' }).sort({ timestamp: 1 }).toArray();
      expect(kept).toEqual(entries);
      const indexes = (await db.collection('activities').indexes()).map((i) => i.name);
      expect(indexes).not.toContain('timestamp_-1');
      expect(indexes).toContain('timestamp_-1__id_-1');
    });

    // A second start finds nothing to drop.
    const again = startServer();
    await again.listening;
    expect(again.output()).not.toMatch(/old activity copies dropped/);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  });
});
