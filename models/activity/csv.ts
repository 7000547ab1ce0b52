// The activity CSV as people read it: times in the brokerage's time zone with the zone's name, and a
// readable description beside each action code (docs/product.md §3). Streamed a batch at a time
// from the log's cursor (models/activity/export.ts); the range is in UTC, the local time is added here.
import { stringify } from 'csv-stringify/sync';
import { tzName, tzOffset } from '@date-fns/tz';
import { activityLabel } from '../../schemas/activity-labels.ts';
import { formulaSafeCell } from '../../schemas/customer.ts';
import { exportRowBatches } from './export.ts';

export const ACTIVITY_CSV_COLUMNS = [
  'timestamp',
  'user',
  'action',
  'description',
  'leadId',
  'leadName',
  'claimedBy',
  'newStatus',
  'customerId',
] as const;

/** Zones change offset only on a quarter hour (UTC): one offset and name serve a whole quarter. */
const QUARTER_HOUR = 15 * 60_000;

/**
 * "2026-11-24 07:05:13 MST" for 2026-11-24T14:05:13Z in America/Denver ("GMT+1" where the zone has
 * no common abbreviation). The offset is looked up once per quarter hour: the rows come in time order.
 */
export function localTimeWriter(timeZone: string): (utc: Date) => string {
  let quarter = NaN;
  let offsetMs = 0;
  let zone = '';
  return (utc) => {
    const t = utc.getTime();
    const q = Math.floor(t / QUARTER_HOUR);
    if (q !== quarter) {
      const start = new Date(q * QUARTER_HOUR);
      [quarter, offsetMs, zone] = [q, tzOffset(timeZone, start) * 60_000, tzName(timeZone, start, 'short')];
    }
    return `${new Date(t + offsetMs).toISOString().slice(0, 19).replace('T', ' ')} ${zone}`;
  };
}

/**
 * The CSV text, the header first and then a batch of rows at a time (one stream step per row cost
 * more than the rows themselves). A spreadsheet must never run a cell as a formula: the customers'
 * CSV guard applies.
 */
export async function* activityCsv(range: { from?: Date; to?: Date }, timeZone: string): AsyncGenerator<string> {
  const localTime = localTimeWriter(timeZone);
  yield stringify([[...ACTIVITY_CSV_COLUMNS]]);
  for await (const rows of exportRowBatches(range)) {
    const shown = rows.map(([utc, user, action, ...rest]) => [localTime(utc), user, action, activityLabel(action), ...rest]);
    yield stringify(shown, { cast: { string: formulaSafeCell } });
  }
}
