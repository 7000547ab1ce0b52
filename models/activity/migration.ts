// Start-up migration: drops the copies of the activity log that older versions kept beside it (the
// dashboard's latest entries and the export's rows, both read from the log itself now) and the
// log's single-field time index, which the `{timestamp, _id}` index replaces. Runs at every start and
// finds nothing to do after the first; the entries themselves are never touched.
import mongoose from 'mongoose';
import { logger } from '../../server/logger.ts';

const COPIES = ['activity_recent', 'activity_export'];
const OLD_INDEX = 'timestamp_-1';
/** "ns not found" / "index not found": another server starting at the same moment dropped it first. */
const ALREADY_GONE = new Set([26, 27]);

const unlessGone = (err: unknown) => {
  if (!ALREADY_GONE.has((err as { code?: number }).code ?? 0)) throw err;
};

export async function dropActivityCopies(): Promise<string[]> {
  const db = mongoose.connection.db!;
  const present = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
  const dropped: string[] = [];
  for (const name of COPIES.filter((n) => present.has(n))) {
    await db.dropCollection(name).catch(unlessGone);
    dropped.push(name);
  }
  if (present.has('activities')) {
    const indexes = await db.collection('activities').indexes();
    if (indexes.some((i) => i.name === OLD_INDEX)) {
      await db.collection('activities').dropIndex(OLD_INDEX).catch(unlessGone);
      dropped.push(`activities.${OLD_INDEX}`);
    }
  }
  if (dropped.length) logger.info({ dropped }, 'old activity copies dropped');
  return dropped;
}
