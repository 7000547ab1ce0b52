// Reading an import file: CSV text (csv-parse) into rows of cells keyed by field, with the columns the
// import ignores. A file the import cannot read at all (not CSV, no header, no name/email/phone columns,
// too many rows) is refused as a whole with 400 before any row is looked at.
import { parse } from 'csv-parse/sync';
import { fieldOfColumn, type ImportField } from '../../schemas/customer-import.ts';
import type { ImportCells } from '../../schemas/customer-import-row.ts';
import { MAX_IMPORT_ROWS } from '../../schemas/limits.ts';
import { badRequest } from '../../server/errors.ts';

export interface ParsedFile {
  /** Data rows with their line number in the file (the header is line 1). */
  rows: { row: number; cells: ImportCells }[];
  /** The file's column name of each field it has (the first of several, such as Phone and Mobile). */
  columns: Partial<Record<ImportField, string>>;
  ignoredColumns: string[];
}

/** The most characters one cell may hold; longer is refused (no field takes more than a few hundred). */
const MAX_CELL = 1000;

export function parseImportFile(text: string): ParsedFile {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      info: true,
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
      max_record_size: 64 * 1024,
      to: MAX_IMPORT_ROWS + 2,
    }) as unknown as typeof records;
  } catch (err) {
    throw badRequest(`The file is not valid CSV: ${(err as Error).message.slice(0, 200)}`);
  }
  const header = records[0]?.record;
  const data = records.slice(1);
  if (!header || header.every((h) => h === '')) throw badRequest('The file is empty: the first line must name the columns');
  if (data.length > MAX_IMPORT_ROWS)
    throw badRequest(`The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-US')} rows; split it into smaller files`);

  const index: Partial<Record<ImportField, number[]>> = {};
  const columns: Partial<Record<ImportField, string>> = {};
  const ignoredColumns: string[] = [];
  header.forEach((name, i) => {
    const field = fieldOfColumn(name);
    if (!field) {
      if (name) ignoredColumns.push(name.slice(0, 100));
      return;
    }
    (index[field] ??= []).push(i);
    columns[field] ??= name;
  });
  const missing: string[] = [];
  if (!columns.name && !columns.firstName && !columns.lastName) missing.push('Name (or First Name and Last Name)');
  if (!columns.email) missing.push('Email');
  if (!columns.phone) missing.push('Phone');
  if (missing.length) throw badRequest(`The file lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);

  const rows = data.map(({ record, info }) => {
    const cells: ImportCells = {};
    for (const [field, at] of Object.entries(index) as [ImportField, number[]][]) {
      // Of several columns for one field (Phone and Mobile), the first that is filled.
      const value = at.map((j) => record[j] ?? '').find((v) => v !== '') ?? '';
      if (value.length > MAX_CELL) throw badRequest(`Line ${info.lines}: a cell holds more than ${MAX_CELL} characters`);
      cells[field] = value;
    }
    return { row: info.lines, cells };
  });
  return { rows, columns, ignoredColumns };
}
