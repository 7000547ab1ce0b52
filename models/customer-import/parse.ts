// Reading an import file: CSV text (server/csv-table.ts) into rows of cells keyed by field, with the
// columns the import ignores. A file the import cannot read at all (not CSV, no header, no
// name/email/phone columns, too many rows) is refused as a whole with 400 before any row is looked at.
import { fieldOfColumn, type ImportField } from '../../schemas/customer-import.ts';
import type { ImportCells } from '../../schemas/customer-import-row.ts';
import { MAX_IMPORT_ROWS } from '../../schemas/limits.ts';
import { badRequest } from '../../server/errors.ts';
import { readCsvTable } from '../../server/csv-table.ts';

export interface ParsedFile {
  /** Data rows with their line number in the file (the header is line 1). */
  rows: { row: number; cells: ImportCells }[];
  /** The file's column name of each field it has (the first of several, such as Phone and Mobile). */
  columns: Partial<Record<ImportField, string>>;
  ignoredColumns: string[];
}

export function parseImportFile(text: string): ParsedFile {
  const table = readCsvTable<ImportField>(text, { maxRows: MAX_IMPORT_ROWS, fieldOf: fieldOfColumn });
  const { columns } = table;
  const missing: string[] = [];
  if (!columns.name && !columns.firstName && !columns.lastName) missing.push('Name (or First Name and Last Name)');
  if (!columns.email) missing.push('Email');
  if (!columns.phone) missing.push('Phone');
  if (missing.length) throw badRequest(`The file lacks the column${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`);
  return table;
}
