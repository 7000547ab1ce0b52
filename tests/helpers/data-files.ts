// What someone holding a copy of DATA_DIR or a backup reads: the raw bytes of every file under the data
// folder (the SQLite database, its WAL and shared memory, everything), and a backup both as written
// (encrypted) and decrypted with the key, so a value sealed only by the backup's own encryption still counts.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import mongoose from 'mongoose';
import { writeBackup } from '../../scripts/db-snapshot.ts';
import { decryptedBackup } from '../../scripts/backup-cipher.ts';

/** Every file under a folder, recursively. */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    const st = statSync(p, { throwIfNoEntry: false });
    return st?.isDirectory() ? filesUnder(p) : st?.isFile() ? [p] : [];
  });
}

/** Takes a backup of the test database into `file` and answers its bytes as written and decrypted. */
export async function backupBytes(file: string): Promise<{ raw: Buffer; plain: Buffer }> {
  await writeBackup(mongoose.connection.db!, file, true);
  const chunks: Buffer[] = [];
  for await (const chunk of decryptedBackup(file)) chunks.push(chunk as Buffer);
  return { raw: readFileSync(file), plain: gunzipSync(Buffer.concat(chunks)) };
}

/** The needles found in the files' bytes (UTF-8, case as given), each with the first file holding it. */
export function foundIn(files: { name: string; bytes: Buffer }[], needles: string[]): string[] {
  return needles.flatMap((n) => {
    const at = files.find((f) => f.bytes.includes(n));
    return at ? [`${n} in ${at.name}`] : [];
  });
}

/** Every file under the data folder with its bytes (files that vanish meanwhile are skipped). */
export const dataFiles = (dataDir: string) =>
  filesUnder(dataDir).flatMap((name) => {
    try {
      return [{ name, bytes: readFileSync(name) }];
    } catch {
      return [];
    }
  });
