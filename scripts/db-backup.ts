// `npm run db:backup [PATH]`: writes a consistent snapshot of the database (embedded or
// MONGODB_URI) while the server runs, by default to DATA_DIR/backups/<time>.ndjson.gz.enc (README.md, Backups),
// encrypted with the data key.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import mongoose from 'mongoose';
import { withDatabase } from './cli-db.ts';
import { writeBackup } from './db-snapshot.ts';

const given = process.argv.slice(2).filter((a) => a !== '--');
if (given.length > 1 || given.some((a) => a.startsWith('-'))) {
  console.error('Usage: npm run db:backup [PATH]');
  process.exit(1);
}

try {
  await withDatabase(async (config) => {
    const stamp = new Date()
      .toISOString()
      .replace(/:/g, '-')
      .replace(/\.\d+Z$/, 'Z');
    const file = path.resolve(given[0] ?? path.join(config.dataDir, 'backups', `${stamp}.ndjson.gz.enc`));
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const { counts, consistent } = await writeBackup(mongoose.connection.db!, file, !config.MONGODB_URI);
    const total = Object.values(counts).reduce((a, b) => a + b, 0);
    console.log(`Backup written to ${file} (${total} documents in ${Object.keys(counts).length} collections).`);
    if (!consistent)
      console.log('Note: a standalone MongoDB has no snapshot reads; documents written during the backup may or may not be in it.');
  });
} catch (err) {
  console.error(`Backup failed: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
}
