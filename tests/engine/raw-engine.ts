// The embedded engine's binary started directly in a temporary folder, with extra flags (the
// differential test starts one with --test-disable-pushdown as its oracle), and a driver on it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import mongoose from 'mongoose';
import { ensureFerretDbBinary } from '../../server/embedded-db-build.ts';

export interface RawEngine {
  db: mongoose.mongo.Db;
  stop(): Promise<void>;
}

export async function startRawEngine(flags: string[] = []): Promise<RawEngine> {
  const binary = await ensureFerretDbBinary();
  const dir = mkdtempSync(path.join(tmpdir(), 'engine-raw-'));
  // stdin stays an open pipe: the engine exits when it closes.
  const proc = spawn(binary, ['-dir', path.join(dir, 'db'), '-sockets', path.join(dir, 'run'), ...flags], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const socket = await new Promise<string>((resolve, reject) => {
    createInterface({ input: proc.stdout! }).on('line', (line) => {
      if (line.startsWith('ready ')) resolve(line.slice('ready '.length));
    });
    proc.on('exit', (code) => reject(new Error(`the engine exited before it was ready (${code})`)));
    proc.on('error', reject);
  });
  const client = await new mongoose.mongo.MongoClient(`mongodb://${encodeURIComponent(socket)}/`).connect();
  return {
    db: client.db('differential'),
    async stop() {
      await client.close();
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      proc.stdin!.end();
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
