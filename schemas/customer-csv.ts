// The customer CSV file, written the same way by the page (its filtered list) and the export route.
// Kept apart from the schemas so pages that only validate do not load the CSV writer.
import { stringify } from 'csv-stringify/browser/esm/sync';
import { CUSTOMER_CSV_COLUMNS, formulaSafeCell, type CustomerSummary } from './customer.ts';
import { formatPhone } from './phone.ts';

/** The rows as CSV (no medical details: a summary never has them), phones formatted for reading, formulas defused. */
export function customersCsv(list: CustomerSummary[]): string {
  const rows = list.map((c) =>
    CUSTOMER_CSV_COLUMNS.map((col) => {
      const v = c[col];
      if (col === 'phone') return formatPhone(c.phone);
      return v === null || v === undefined ? '' : v instanceof Date ? v.toISOString() : String(v);
    }),
  );
  return stringify(rows, { header: true, columns: [...CUSTOMER_CSV_COLUMNS], cast: { string: formulaSafeCell } });
}
