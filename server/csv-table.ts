// Reading an uploaded CSV file into rows of cells keyed by field, with the columns nobody reads: the part
// the customer import (models/customers/import/) and the commission statement import (models/commissions/)
// share. Column names are mapped to fields by the caller's table (compared without case or punctuation);
// a file that is not CSV, has no header, too many rows or a cell too long is refused whole with 400.
import { parse } from 'csv-parse/sync';
import { badRequest } from './errors.ts';

export interface CsvTable<F extends string> {
  /** Data rows with their line number in the file (the header is line 1). */
  rows: { row: number; cells: Partial<Record<F, string>> }[];
  /** The file's column name of each field it has (the first of several, such as Phone and Mobile). */
  columns: Partial<Record<F, string>>;
  ignoredColumns: string[];
}

/** The most characters one cell may hold; longer is refused (no field takes more than a few hundred). */
export const MAX_CELL = 1000;

export function readCsvTable<F extends string>(
  text: string,
  opts: { maxRows: number; fieldOf: (header: string) => F | null },
): CsvTable<F> {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      info: true,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      max_record_size: 64 * 1024,
      to: opts.maxRows + 2,
    }) as unknown as typeof records;
  } catch (err) {
    throw badRequest(`The file is not valid CSV: ${(err as Error).message.slice(0, 200)}`);
  }
  const header = records[0]?.record;
  const data = records.slice(1);
  if (!header || header.every((h) => h === '')) throw badRequest('The file is empty: the first line must name the columns');
  if (data.length > opts.maxRows)
    throw badRequest(`The file has more than ${opts.maxRows.toLocaleString('en-US')} rows; split it into smaller files`);

  const index: Partial<Record<F, number[]>> = {};
  const columns: Partial<Record<F, string>> = {};
  const ignoredColumns: string[] = [];
  header.forEach((name, i) => {
    const field = opts.fieldOf(name);
    if (!field) {
      if (name) ignoredColumns.push(name.slice(0, 100));
      return;
    }
    (index[field] ??= []).push(i);
    columns[field] ??= name;
  });

  const rows = data.map(({ record, info }) => {
    const cells: Partial<Record<F, string>> = {};
    for (const [field, at] of Object.entries(index) as [F, number[]][]) {
      // Of several columns for one field (Phone and Mobile), the first that is filled.
      const value = at.map((j) => record[j] ?? '').find((v) => v !== '') ?? '';
      if (value.length > MAX_CELL) throw badRequest(`Line ${info.lines}: a cell holds more than ${MAX_CELL} characters`);
      cells[field] = value;
    }
    return { row: info.lines, cells };
  });
  return { rows, columns, ignoredColumns };
}
