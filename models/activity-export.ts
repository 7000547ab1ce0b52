// The activity log's rows for the CSV export, oldest first, a page at a time: each page is one sorted,
// limited query on the `{timestamp, _id}` index (`timestamp >= the last page's last time`, skipping the
// rows of that instant already sent), which the embedded engine answers from the index like any page
// of a list (docs/decisions/007-engine-pushdown.md). Memory stays bounded whatever the history;
// models/activity-csv.ts turns the rows into text.
import { ActivityModel } from './activity.ts';

/** Entries per page. */
const PAGE = 1000;

/** One export row: [time, user, action, leadId, leadName, claimedBy, newStatus, customerId]. */
export type ExportRow = [Date, string, string, string, string, string, string, string];

const timeOf = (d: Date | null | undefined) => (d instanceof Date ? d.getTime() : null);

/** The rows with timestamps in [from, to), oldest first (entries of one instant in `_id` order). */
export async function* exportRowBatches(range: { from?: Date; to?: Date }): AsyncGenerator<ExportRow[]> {
  // Where the next page starts: at or after `bound`, past the first `skip` rows there (sent already).
  let bound = range.from;
  let skip = 0;
  for (;;) {
    const timestamp = { ...(bound ? { $gte: bound } : {}), ...(range.to ? { $lt: range.to } : {}) };
    const page = await ActivityModel.find(bound || range.to ? { timestamp } : {})
      .sort({ timestamp: 1, _id: 1 })
      .skip(skip)
      .limit(PAGE)
      .select({ timestamp: 1, user: 1, action: 1, details: 1 })
      .batchSize(PAGE)
      .lean();
    if (!page.length) return;
    yield page.map((e): ExportRow => {
      const d = e.details ?? {};
      return [e.timestamp, e.user, e.action, d.leadId ?? '', d.leadName ?? '', d.claimedBy ?? '', d.newStatus ?? '', d.customerId ?? ''];
    });
    if (page.length < PAGE) return;
    const last = timeOf(page[page.length - 1].timestamp);
    if (last !== null && last !== timeOf(bound)) {
      // A later instant: the next page starts there, past the rows of that instant on this page.
      bound = new Date(last);
      skip = page.filter((e) => timeOf(e.timestamp) === last).length;
    } else {
      skip += page.length; // the whole page was at the bound (or had no time): keep counting past it
    }
  }
}
