// The write-behind queue: a tracking call is answered as soon as its visit is queued; batches are
// stored right after, and old data is pruned every few hours on the way.
import mongoose from 'mongoose';
import { logger } from '../../server/logger.ts';
import { pruneBuckets } from './stats.ts';
import { storeVisits } from './sessions.ts';
import { RAW_VISIT_MONTHS, VisitSaltModel, rawCollection } from './schema.ts';
import type { EnrichedVisit } from './enrich.ts';

const MAX_PENDING = 50_000;
const BATCH_SIZE = 2_000;
const MAINTENANCE_EVERY_MS = 6 * 3600_000;
let queue: { visit: EnrichedVisit; timeZone: string }[] = [];
let draining: Promise<void> | null = null;
let lastMaintenance = 0;

/** Queues a visit for storage; false when the queue is full. */
export function enqueue(visit: EnrichedVisit, timeZone: string): boolean {
  if (queue.length >= MAX_PENDING) return false;
  queue.push({ visit, timeZone });
  // setImmediate: the tracking call is answered before any aggregation work starts.
  draining ??= new Promise<void>((resolve) => setImmediate(resolve)).then(drain).finally(() => {
    draining = null;
  });
  return true;
}

async function drain() {
  while (queue.length > 0) {
    const batch = queue.slice(0, BATCH_SIZE);
    queue = queue.slice(batch.length);
    const timeZone = batch[0]!.timeZone;
    try {
      await storeVisits(
        batch.map((b) => b.visit),
        timeZone,
      );
    } catch (err) {
      logger.warn({ err }, 'visits not stored');
    }
    if (Date.now() - lastMaintenance > MAINTENANCE_EVERY_MS) {
      lastMaintenance = Date.now();
      await pruneVisitData().catch((err) => logger.warn({ err }, 'visit data pruning failed'));
    }
  }
}

/** Resolves once every queued visit is stored (tests, shutdown). */
export async function flushQueue(): Promise<void> {
  while (draining) await draining;
}

/** Drops raw months past retention, old salts, and hour/day buckets past theirs. */
export async function pruneVisitData(now = new Date()): Promise<void> {
  const db = mongoose.connection.db;
  if (!db) return;
  const oldest = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (RAW_VISIT_MONTHS - 1), 1)).toISOString().slice(0, 7);
  const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name);
  await Promise.all(names.filter((n) => /^visits_\d{4}_\d{2}$/.test(n) && n < rawCollection(oldest)).map((n) => db.dropCollection(n)));
  const yesterday = new Date(+now - 24 * 3600_000).toISOString().slice(0, 10);
  await VisitSaltModel.deleteMany({ _id: { $lt: yesterday, $regex: /^\d{4}-\d{2}-\d{2}$/ } });
  await pruneBuckets(+now);
}
