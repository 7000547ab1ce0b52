// The activity log's rows for the CSV export: the entries in a date range, oldest first on the
// `{timestamp, _id}` index, read a page at a time after the last entry sent (server/keyset-batches.ts:
// each page is a sorted read with a limit, which the embedded engine answers from the index, where one
// unlimited sorted cursor made it sort every entry first) and handed on a batch at a time so memory stays
// bounded whatever the history (models/activity/csv.ts turns them into text).
import { ActivityModel } from './log.ts';
import { keysetBatches } from '../../server/keyset-batches.ts';

/** Entries read per page, and rows handed on per batch. */
const BATCH = 1000;

/** An entry as the export reads it. */
interface Entry {
  _id: unknown;
  timestamp: Date;
  user: string;
  action: string;
  details?: Partial<Record<'leadId' | 'leadName' | 'claimedBy' | 'newStatus' | 'customerId', string | null>> | null;
}

/** One export row: [time, user, action, leadId, leadName, claimedBy, newStatus, customerId]. */
export type ExportRow = [Date, string, string, string, string, string, string, string];

/** The rows with timestamps in [from, to), oldest first (entries of one instant in `_id` order). */
export async function* exportRowBatches(range: { from?: Date; to?: Date }): AsyncGenerator<ExportRow[]> {
  const timestamp = { ...(range.from ? { $gte: range.from } : {}), ...(range.to ? { $lt: range.to } : {}) };
  const entries = keysetBatches<Entry>(ActivityModel, {
    filter: range.from || range.to ? { timestamp } : {},
    field: 'timestamp',
    dir: 1,
    select: { timestamp: 1, user: 1, action: 1, details: 1 },
    size: BATCH,
  });
  for await (const batch of entries) {
    yield batch.map((e): ExportRow => {
      const d = e.details ?? {};
      return [e.timestamp, e.user, e.action, d.leadId ?? '', d.leadName ?? '', d.claimedBy ?? '', d.newStatus ?? '', d.customerId ?? ''];
    });
  }
}
