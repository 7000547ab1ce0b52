// Reading an uploaded CSV file into rows of cells keyed by field, with the columns nobody reads: the part
// the customer import (models/customer-import/) and the commission statement import (models/commissions/)
// share. Column names are mapped to fields by the caller's table (compared without case or punctuation);
// a file that is not CSV, has no header, too many rows or a cell too long is refused whole with 400. A
// spreadsheet read into records (server/xlsx-table.ts) goes through the same mapping and limits.
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

/** A file's header and data records, each with its line number, before columns are mapped to fields. */
export interface RawTable {
  header: string[];
  data: { record: string[]; line: number }[];
}

/** The CSV text's records: at most `maxRows` + 1 data rows are read, so a longer file is refused by `tableOf`. */
export function parseCsvRecords(text: string, maxRows: number): RawTable {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      info: true,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      max_record_size: 64 * 1024,
      to: maxRows + 2,
    }) as unknown as typeof records;
  } catch (err) {
    throw badRequest(`The file is not valid CSV: ${(err as Error).message.slice(0, 200)}`);
  }
  return { header: records[0]?.record ?? [], data: records.slice(1).map((r) => ({ record: r.record, line: r.info.lines })) };
}

/** The records keyed by field: the header's names mapped by `fieldOf`, the limits on rows and cells checked. */
export function tableOf<F extends string>(raw: RawTable, opts: { maxRows: number; fieldOf: (header: string) => F | null }): CsvTable<F> {
  const { header, data } = raw;
  if (!header.length || header.every((h) => h === '')) throw badRequest('The file is empty: the first line must name the columns');
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

  const rows = data.map(({ record, line }) => {
    const cells: Partial<Record<F, string>> = {};
    for (const [field, at] of Object.entries(index) as [F, number[]][]) {
      // Of several columns for one field (Phone and Mobile), the first that is filled.
      const value = at.map((j) => record[j] ?? '').find((v) => v !== '') ?? '';
      if (value.length > MAX_CELL) throw badRequest(`Line ${line}: a cell holds more than ${MAX_CELL} characters`);
      cells[field] = value;
    }
    return { row: line, cells };
  });
  return { rows, columns, ignoredColumns };
}

export function readCsvTable<F extends string>(
  text: string,
  opts: { maxRows: number; fieldOf: (header: string) => F | null },
): CsvTable<F> {
  return tableOf(parseCsvRecords(text, opts.maxRows), opts);
}
