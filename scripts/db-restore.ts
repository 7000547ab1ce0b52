// `npm run db:restore FILE [--force]`: brings a backup back into a stopped or empty database;
// refuses to overwrite existing data without --force (docs/api.md).
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import mongoose from 'mongoose';
import { withDatabase } from './cli-db.ts';
import { BackupError, existingData, readBackup, restoreBackup } from './db-snapshot.ts';
import { BackupKeyError } from './backup-cipher.ts';

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run db:restore FILE [--force]`);
  process.exit(1);
}

let args;
try {
  args = parseArgs({
    args: process.argv.slice(2).filter((a) => a !== '--'),
    options: { force: { type: 'boolean' } },
    allowPositionals: true,
    strict: true,
  });
} catch (err) {
  usage((err as Error).message);
}
if (args.positionals.length !== 1) usage('Name one backup file.');
const file = args.positionals[0];
if (!existsSync(file)) usage(`${file} does not exist.`);

try {
  await withDatabase(async () => {
    // The whole file is read, decrypted and checked before anything changes, so a damaged one (or
    // one whose key this machine lacks) leaves the database as it was.
    const backup = await readBackup(file);
    const db = mongoose.connection.db!;
    const present = await existingData(db);
    if (Object.keys(present).length && !args.values.force) {
      const list = Object.entries(present)
        .map(([c, n]) => `${c}: ${n}`)
        .join(', ');
      throw new BackupError(`The database already holds data (${list}). Restoring would replace it; run again with --force to do so.`);
    }
    const counts = await restoreBackup(db, backup.sections);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(
      `Restored ${total} documents in ${Object.keys(counts).length} collections from ${file} (taken ${backup.createdAt.toISOString()}).`,
    );
  });
} catch (err) {
  console.error(
    err instanceof BackupError || err instanceof BackupKeyError
      ? err.message
      : `Restore failed: ${err instanceof Error ? err.message : err}`,
  );
  process.exit(1);
}
