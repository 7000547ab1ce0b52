// The activity log's rows for the CSV export: one cursor over the entries in a date range, sorted on
// the `{timestamp, _id}` index oldest first, handed on a batch at a time so memory stays bounded
// whatever the history (models/activity/csv.ts turns them into text). One sorted cursor rather than
// pages: where the embedded engine sorts in memory it sorts once, not once a page
// (docs/decisions/007-engine-pushdown.md).
import { ActivityModel } from './log.ts';

/** Entries the database sends per round trip, and rows handed on per batch. */
const BATCH = 1000;

/** One export row: [time, user, action, leadId, leadName, claimedBy, newStatus, customerId]. */
export type ExportRow = [Date, string, string, string, string, string, string, string];

/** The rows with timestamps in [from, to), oldest first (entries of one instant in `_id` order). */
export async function* exportRowBatches(range: { from?: Date; to?: Date }): AsyncGenerator<ExportRow[]> {
  const timestamp = { ...(range.from ? { $gte: range.from } : {}), ...(range.to ? { $lt: range.to } : {}) };
  const cursor = ActivityModel.find(range.from || range.to ? { timestamp } : {})
    .sort({ timestamp: 1, _id: 1 })
    .select({ timestamp: 1, user: 1, action: 1, details: 1 })
    .lean()
    .cursor({ batchSize: BATCH });
  let rows: ExportRow[] = [];
  try {
    for await (const e of cursor) {
      const d = e.details ?? {};
      rows.push([
        e.timestamp,
        e.user,
        e.action,
        d.leadId ?? '',
        d.leadName ?? '',
        d.claimedBy ?? '',
        d.newStatus ?? '',
        d.customerId ?? '',
      ]);
      if (rows.length === BATCH) {
        yield rows;
        rows = [];
      }
    }
    if (rows.length) yield rows;
  } finally {
    await cursor.close(); // a client that hangs up mid-export leaves no cursor open on the server
  }
}
