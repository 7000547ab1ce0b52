// The customer import's calls from the console (the REST routes take the file as text/csv, which the
// tRPC transport's 100 kB body limit would not), the template file, and which dry-run rows to show.
import { stringify } from 'csv-stringify/browser/esm/sync';
import {
  TEMPLATE_COLUMNS,
  TEMPLATE_EXAMPLES,
  type ImportProgress,
  type ImportReport,
  type ImportRowResult,
} from '../../../../schemas/customer-import.ts';
import { call } from '../../../lib/upload-call.ts';

/** The template: its columns and example rows (docs/customer-import.md). */
export const templateCsv = () => stringify([[...TEMPLATE_COLUMNS], ...TEMPLATE_EXAMPLES.map((r) => [...r])]);

export const dryRunFile = (apiBase: string, token: string, file: File) =>
  call<ImportReport>(
    `${apiBase}/api/admin/customers/import/dry-run?fileName=${encodeURIComponent(file.name)}`,
    { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: file },
    token,
  );

export const applyFile = (apiBase: string, token: string, file: File, importId: string) =>
  call<ImportReport>(
    `${apiBase}/api/admin/customers/import?fileName=${encodeURIComponent(file.name)}&importId=${importId}`,
    { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: file },
    token,
  );

export const readProgress = (apiBase: string, token: string, importId: string) =>
  call<ImportProgress>(`${apiBase}/api/admin/customers/import/progress?importId=${importId}`, { method: 'GET' }, token);

/** The most rows the dialog lists; every refused row is listed even past it. */
export const ROWS_SHOWN = 200;

/** The rows to list: all refused ones, then the others in file order, up to ROWS_SHOWN in all. */
export function rowsToShow(rows: readonly ImportRowResult[]): ImportRowResult[] {
  const refused = rows.filter((r) => r.action === 'refused');
  const rest = rows.filter((r) => r.action !== 'refused').slice(0, Math.max(0, ROWS_SHOWN - refused.length));
  return [...refused, ...rest].sort((a, b) => a.row - b.row);
}

export const ACTION_LABELS: Record<ImportRowResult['action'], string> = {
  create: 'Create',
  update: 'Update',
  unchanged: 'No change',
  refused: 'Refused',
};
