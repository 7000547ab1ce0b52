// The customer CSV file, written the same way by the page (its filtered list) and the export route.
// Kept apart from the schemas so pages that only validate do not load the CSV writer.
import { stringify } from 'csv-stringify/browser/esm/sync';
import { CUSTOMER_CSV_COLUMNS, formulaSafeCell, type CustomerSummary } from './customer.ts';
import { formatPhone } from './phone.ts';

/** The rows as CSV (no medical details: a summary never has them), phones formatted for reading, formulas defused. */
export function customersCsv(list: CustomerSummary[]): string {
  return customersCsvPart(list, { header: true });
}

/** A part of the CSV: the header line (with `header`) and these rows; the parts of a streamed file joined are the whole file. */
export function customersCsvPart(list: CustomerSummary[], opts: { header: boolean }): string {
  const rows = list.map((c) =>
    CUSTOMER_CSV_COLUMNS.map((col) => {
      const v = c[col];
      if (col === 'phone') return formatPhone(c.phone);
      return v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v);
    }),
  );
  return stringify(rows, { header: opts.header, columns: [...CUSTOMER_CSV_COLUMNS], cast: { string: formulaSafeCell } });
}
