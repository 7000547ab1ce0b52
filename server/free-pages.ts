// After an erasure the erased text must not stay in the database files. The embedded engine (FerretDB on
// SQLite, db/ferretdb) zeroes the space a deleted or rewritten record leaves (secure_delete), but the old
// page images stay in the write-ahead log until a checkpoint: its `compact` command is patched to copy the
// log into the database and truncate it (db/ferretdb/_patch/sqlite-compact-checkpoint.patch). A MongoDB
// server (MONGODB_URI) manages its own storage: there this does nothing and says so.
import mongoose from 'mongoose';
import { logger } from './logger.ts';

/** True when the connection is the embedded engine (its buildInfo names FerretDB's version). */
async function isEmbeddedEngine(): Promise<boolean> {
  const info = await mongoose.connection.db!.admin().command({ buildInfo: 1 });
  return typeof info.ferretdbVersion === 'string';
}

/**
 * Checkpoints and truncates the embedded engine's log so freed pages hold nothing of what was erased.
 * Answers whether it did (false on MongoDB). A failure is logged and answered false: the erasure itself stands.
 */
export async function overwriteFreedPages(): Promise<boolean> {
  try {
    if (!(await isEmbeddedEngine())) return false;
    // One SQLite file holds the whole database: compacting any collection checkpoints all of it.
    await mongoose.connection.db!.command({ compact: 'leads' });
    return true;
  } catch (err) {
    logger.warn({ err }, 'The database log could not be truncated after an erasure');
    return false;
  }
}
