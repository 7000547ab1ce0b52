// A data folder (or database) written before the lead lists were plain indexed queries: the copies that
// were kept beside the leads are dropped, each lead gets its name's sort key, and the indexes are built
// (docs/decisions/004-lead-read-model.md). Run before the server listens; a second run finds nothing to do.
import mongoose from 'mongoose';
import { logger } from '../../server/logger.ts';
import { nameKey } from './name-key.ts';
import { LeadModel } from './schema.ts';

/** Collections of the old read model: list entries, counters (with lead numbers and claim waits), held follow-ups. */
export const OLD_LEAD_COPIES = ['lead_entries', 'lead_counters', 'lead_follow_ups'];
/**
 * Indexes no longer declared: the old counters' recount's, served now by the tab indexes, and the
 * Overdue filter's before it held the holder.
 */
const OLD_INDEXES = ['status_1_claimedBy_1', 'contactedAt_1_status_1_createdAt_-1'];
const BATCH = 1000;

const isMissing = (err: unknown) => ['NamespaceNotFound', 'IndexNotFound'].includes((err as { codeName?: string }).codeName ?? '');

export async function upgradeLeadStorage(): Promise<void> {
  const db = mongoose.connection.db!;
  const present = new Set((await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name));
  for (const name of OLD_LEAD_COPIES.filter((n) => present.has(n))) {
    await db.dropCollection(name).catch((err: unknown) => {
      if (!isMissing(err)) throw err;
    });
    logger.info({ collection: name }, 'old lead copy dropped');
  }
  let keyed = 0;
  for (;;) {
    const rows = await LeadModel.find({ nameKey: { $exists: false } })
      .limit(BATCH)
      .select({ name: 1 })
      .lean<{ _id: mongoose.Types.ObjectId; name: string }[]>();
    if (!rows.length) break;
    await LeadModel.collection.bulkWrite(
      rows.map((r) => ({ updateOne: { filter: { _id: r._id }, update: { $set: { nameKey: nameKey(r.name ?? '') } } } })),
    );
    keyed += rows.length;
  }
  if (keyed) logger.info({ leads: keyed }, 'lead name keys written');
  if (present.has('leads'))
    for (const index of OLD_INDEXES)
      await LeadModel.collection.dropIndex(index).catch((err: unknown) => {
        if (!isMissing(err)) throw err;
      });
  await LeadModel.createIndexes();
}
