// The activity log again as export rows, 200 to a document in the order they were recorded, so the
// CSV export reads a few hundred documents by key, one at a time in bounded memory, instead of
// sorting the whole history (which the embedded database does in memory).
import mongoose from 'mongoose';
import { logger } from '../../server/logger.ts';

/** Rows per chunk document. */
const CHUNK = 200;
/** Bump when the layout below changes: the start-up check then rebuilds. */
const EXPORT_VERSION = 2;

interface ChunkDoc {
  _id: string;
  /** `meta`: the newest chunk started (a chunk is started only once the one before is full). */
  k?: number;
  v?: number;
  /** `c<k>`: how many rows it holds. */
  n?: number;
  /**
   * `c<k>`: rows k*200 to k*200+199, each a JSON array
   * [timestamp ISO, user, action, leadId, leadName, claimedBy, newStatus, customerId].
   */
  rows?: string[];
}

const chunks = () => mongoose.connection.collection<ChunkDoc>('activity_export');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

/** The chunk this process appends to (the ones before it are full), read from `meta` on first use. */
let openChunk: number | undefined;

/**
 * Appends entries just stored in the log, in that order. While the open chunk has room this is one
 * conditional $push; a full chunk moves the writer on to the next (once per 200 rows).
 */
export async function appendExportRows(entries: ExportEntry[]): Promise<void> {
  let rows = entries.map(toRow);
  openChunk ??= (await chunks().findOne({ _id: 'meta' }))?.k ?? 0;
  while (rows.length) {
    const k: number = openChunk;
    const part = rows.slice(0, CHUNK);
    const pushed = await chunks().updateOne(
      { _id: `c${k}`, n: { $lte: CHUNK - part.length } },
      { $push: { rows: { $each: part } }, $inc: { n: part.length } },
    );
    if (pushed.matchedCount === 1) {
      rows = rows.slice(part.length);
      continue;
    }
    const chunk = await chunks().findOne({ _id: `c${k}` }, { projection: { n: 1 } });
    if (!chunk) {
      // A new chunk follows a full one only; a writer behind a rebuild starts again from `meta`.
      if (k > 0 && !(await chunks().findOne({ _id: `c${k - 1}` }, { projection: { n: 1 } }))) {
        openChunk = (await chunks().findOne({ _id: 'meta' }))?.k ?? 0;
        continue;
      }
      try {
        await chunks().insertOne({ _id: `c${k}`, n: part.length, rows: part });
        await chunks().updateOne({ _id: 'meta' }, { $max: { k }, $set: { v: EXPORT_VERSION } }, { upsert: true });
        rows = rows.slice(part.length);
      } catch (err) {
        if ((err as { code?: number }).code !== 11000) throw err; // another writer started it: try again
      }
    } else if ((chunk.n ?? 0) >= CHUNK) {
      openChunk = k + 1;
    } else {
      // Room for some of a batch: fill the chunk exactly, if no one else wrote to it meanwhile.
      const fits = rows.slice(0, CHUNK - (chunk.n ?? 0));
      const filled = await chunks().updateOne({ _id: `c${k}`, n: chunk.n }, { $push: { rows: { $each: fits } }, $inc: { n: fits.length } });
      if (filled.matchedCount === 1) rows = rows.slice(fits.length);
    }
  }
}

/**
 * The rows with timestamps in [from, to), in the order recorded, a chunk at a time: a few chunks
 * are read ahead (keyed reads run side by side), so memory stays bounded whatever the history.
 */
export async function* exportRowBatches(range: { from?: Date; to?: Date }): AsyncGenerator<string[][]> {
  await checking?.catch(() => undefined);
  const from = range.from?.toISOString();
  const to = range.to?.toISOString();
  const AHEAD = 4;
  const ahead: Promise<ChunkDoc | null>[] = [];
  // Chunks are numbered without gaps: the first one missing ends the log.
  for (let k = 0; ; k++) {
    while (ahead.length < AHEAD) ahead.push(chunks().findOne({ _id: `c${k + ahead.length}` }));
    const doc = await ahead.shift();
    if (!doc) break;
    const rows: string[][] = [];
    for (const raw of doc.rows ?? []) {
      const row = JSON.parse(raw) as string[];
      if ((from && row[0] < from) || (to && row[0] >= to)) continue;
      rows.push(row);
    }
    if (rows.length) yield rows;
  }
  await Promise.all(ahead); // reads already sent are let finish, not left dangling
}

/**
 * Remakes the export rows from the log itself, oldest first (after writes around the model). Rows that
 * servers append while it runs may be replaced by it; the check that follows (ensureActivityExport, also
 * run at every start) rebuilds again while the rows written and the log disagree.
 */
export async function rebuildActivityExport(): Promise<number> {
  await chunks().deleteMany({});
  openChunk = undefined;
  const cursor = mongoose.connection.collection('activities').find({}, { sort: { timestamp: 1 }, batchSize: 1000 });
  let batch: ExportEntry[] = [];
  let n = 0;
  const flush = async () => {
    if (!batch.length) return;
    // Replaced, not inserted: a server writing meanwhile (`npm run db:recount` on a live site) may have started this chunk again.
    await chunks().replaceOne({ _id: `c${Math.floor(n / CHUNK)}` }, { n: batch.length, rows: batch.map(toRow) }, { upsert: true });
    n += batch.length;
    batch = [];
  };
  for await (const doc of cursor) {
    batch.push(doc as unknown as ExportEntry);
    if (batch.length === CHUNK) await flush();
  }
  await flush();
  await chunks().updateOne({ _id: 'meta' }, { $set: { k: Math.max(0, Math.ceil(n / CHUNK) - 1), v: EXPORT_VERSION } }, { upsert: true });
  return n;
}

/** Rows written so far: full chunks up to the last one, found from `meta` on. */
async function rowsWritten(fromChunk: number): Promise<number> {
  let last: ChunkDoc | null = null;
  let k = fromChunk;
  for (let doc; (doc = await chunks().findOne({ _id: `c${k}` }, { projection: { n: 1 } })); k++) last = doc;
  return last ? (k - 1) * CHUNK + (last.n ?? 0) : 0;
}

/** Rows written and log entries agree (a count on the embedded engine reads every entry: seconds at 100,000). */
async function exportMatchesLog(): Promise<boolean> {
  const [meta, stored] = await Promise.all([
    chunks().findOne({ _id: 'meta' }),
    mongoose.connection.collection('activities').estimatedDocumentCount(),
  ]);
  if (!meta) return stored === 0;
  return meta.v === EXPORT_VERSION && (await rowsWritten(meta.k ?? 0)) === stored;
}

/** The check in progress in this process: exports wait for it rather than read rows being rebuilt. */
let checking: Promise<void> | null = null;

/**
 * The start-up check, run once the server listens: rebuilds when the layout is older or the rows written
 * disagree with the number of log entries twice, a few seconds apart (an entry being logged right then
 * has its row a moment after).
 */
export function ensureActivityExport(): Promise<void> {
  checking ??= (async () => {
    if ((await exportMatchesLog()) || (await sleep(2000).then(exportMatchesLog))) return;
    const started = Date.now();
    const rows = await rebuildActivityExport();
    logger.info({ rows, ms: Date.now() - started }, 'activity export rows rebuilt');
  })().finally(() => (checking = null));
  return checking;
}

/**
 * Replaces the lead name of the rows about these leads or customers (a person's erasure), chunk by chunk;
 * a chunk written to meanwhile is read again, so no appended row is lost. Answers the rows changed.
 */
export async function renameExportRows(ids: { leadIds: string[]; customerIds: string[] }, name: string): Promise<number> {
  const leads = new Set(ids.leadIds);
  const customers = new Set(ids.customerIds);
  let changed = 0;
  for (let k = 0; ; k++) {
    let done = false;
    while (!done) {
      const doc = await chunks().findOne({ _id: `c${k}` });
      if (!doc) return changed;
      let hits = 0;
      const rows = (doc.rows ?? []).map((raw) => {
        const row = JSON.parse(raw) as string[];
        if (!leads.has(row[3] ?? '') && !customers.has(row[7] ?? '')) return raw;
        if (row[4] === name) return raw;
        hits++;
        row[4] = name;
        return JSON.stringify(row);
      });
      if (!hits) break;
      done = (await chunks().updateOne({ _id: doc._id, n: doc.n }, { $set: { rows } })).matchedCount === 1;
      if (done) changed += hits;
    }
  }
}
