// Integration tests talk to a real embedded FerretDB over the wire, in a fresh temporary DATA_DIR.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { startEmbeddedDb, type EmbeddedDb } from '../../server/embedded-db.ts';

export interface TestDatabase {
  dataDir: string;
  uri: string;
  embedded: EmbeddedDb;
  stop(): Promise<void>;
}

export async function startTestDatabase(): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'brokerage-test-'));
  const embedded = await startEmbeddedDb(dataDir);
  const uri = `${embedded.uri.replace(/\/$/, '')}/test`;
  await mongoose.connect(uri, { serverSelectionTimeoutMS: 5000, bufferCommands: false });
  await Promise.all(Object.values(mongoose.models).map((m) => m.init()));
  return {
    dataDir,
    uri,
    embedded,
    async stop() {
      await mongoose.disconnect();
      await embedded.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
