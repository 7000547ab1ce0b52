// The activity log again as export rows, 200 to a document in the order they were recorded, so the
// CSV export reads a few hundred documents by key, one at a time in bounded memory, instead of
// sorting the whole history (which the embedded database does in memory).
import mongoose from 'mongoose';
import { logger } from '../server/logger.ts';

/** Rows per chunk document. */
const CHUNK = 200;

interface ChunkDoc {
  _id: string;
  /** `meta`: rows written so far. */
  n?: number;
  /**
   * `c<k>`: rows k*200 to k*200+199, each a JSON array
   * [timestamp ISO, user, action, leadId, leadName, claimedBy, newStatus, customerId].
   */
  rows?: string[];
}

const chunks = () => mongoose.connection.collection<ChunkDoc>('activity_export');

export interface ExportEntry {
  timestamp: Date;
  user: string;
  action: string;
  details?: {
    leadId?: string | null;
    leadName?: string | null;
    claimedBy?: string | null;
    newStatus?: string | null;
    customerId?: string | null;
  } | null;
}

const toRow = (e: ExportEntry) => {
  const d = e.details ?? {};
  return JSON.stringify([
    e.timestamp.toISOString(),
    e.user,
    e.action,
    d.leadId ?? '',
    d.leadName ?? '',
    d.claimedBy ?? '',
    d.newStatus ?? '',
    d.customerId ?? '',
  ]);
};

/** Appends entries just stored in the log: numbers them with one $inc, then one $push per chunk. */
export async function appendExportRows(entries: ExportEntry[]): Promise<void> {
  if (!entries.length) return;
  const meta = await chunks().findOneAndUpdate({ _id: 'meta' }, { $inc: { n: entries.length } }, { upsert: true, returnDocument: 'after' });
  let seq = (meta?.n ?? entries.length) - entries.length;
  const byChunk = new Map<number, string[]>();
  for (const e of entries) {
    const k = Math.floor(seq++ / CHUNK);
    byChunk.set(k, [...(byChunk.get(k) ?? []), toRow(e)]);
  }
  await Promise.all(
    [...byChunk].map(([k, rows]) => chunks().updateOne({ _id: `c${k}` }, { $push: { rows: { $each: rows } } }, { upsert: true })),
  );
}

/**
 * The rows with timestamps in [from, to), in the order recorded, a chunk at a time: a few chunks
 * are read ahead (keyed reads run side by side), so memory stays bounded whatever the history.
 */
export async function* exportRowBatches(range: { from?: Date; to?: Date }): AsyncGenerator<string[][]> {
  const from = range.from?.toISOString();
  const to = range.to?.toISOString();
  const total = (await chunks().findOne({ _id: 'meta' }))?.n ?? 0;
  const last = Math.ceil(total / CHUNK);
  const AHEAD = 4;
  const ahead: Promise<ChunkDoc | null>[] = [];
  for (let k = 0; k < last; k++) {
    while (ahead.length < AHEAD && k + ahead.length < last) ahead.push(chunks().findOne({ _id: `c${k + ahead.length}` }));
    const doc = await ahead.shift();
    const rows: string[][] = [];
    for (const raw of doc?.rows ?? []) {
      const row = JSON.parse(raw) as string[];
      if ((from && row[0] < from) || (to && row[0] >= to)) continue;
      rows.push(row);
    }
    if (rows.length) yield rows;
  }
}

/** Remakes the export rows from the log itself, oldest first (after writes around the model). */
export async function rebuildActivityExport(): Promise<number> {
  await chunks().deleteMany({});
  const cursor = mongoose.connection.collection('activities').find({}, { sort: { timestamp: 1 }, batchSize: 1000 });
  let batch: ExportEntry[] = [];
  let n = 0;
  const flush = async () => {
    if (!batch.length) return;
    await chunks().insertOne({ _id: `c${Math.floor(n / CHUNK)}`, rows: batch.map(toRow) });
    n += batch.length;
    batch = [];
  };
  for await (const doc of cursor) {
    batch.push(doc as unknown as ExportEntry);
    if (batch.length === CHUNK) await flush();
  }
  await flush();
  await chunks().updateOne({ _id: 'meta' }, { $set: { n } }, { upsert: true });
  return n;
}

/** The start-up check: rebuilds when the rows written disagree with the number of log entries. */
export async function ensureActivityExport(): Promise<void> {
  const [meta, stored] = await Promise.all([
    chunks().findOne({ _id: 'meta' }),
    mongoose.connection.collection('activities').estimatedDocumentCount(),
  ]);
  if ((meta?.n ?? 0) === stored) return;
  const started = Date.now();
  const rows = await rebuildActivityExport();
  logger.info({ rows, ms: Date.now() - started }, 'activity export rows rebuilt');
}
