// The statement import's calls from the console: the REST routes take the file itself, CSV as text/csv or
// an .xlsx workbook as its bytes (the tRPC transport's 100 kB body limit would not), with the column
// mapping in the query, as the customer import's do (customers/import-client.ts).
import type { StatementField, StatementReport } from '../../../../schemas/commissions.ts';
import { NOT_IMPORTED, XLSX_TYPE } from '../../../../schemas/commission-upload.ts';
import { STATEMENT_APPLY_PATH, STATEMENT_DRY_RUN_PATH } from '../../../../schemas/commissions.ts';
import { call } from '../../../lib/upload-call.ts';

/** The mapping sent with an upload: header → field, or not imported. */
export type Columns = Record<string, StatementField | typeof NOT_IMPORTED>;

const isXlsx = (file: File) => /\.xlsx$/i.test(file.name) || file.type === XLSX_TYPE;

const upload = (path: string, apiBase: string, token: string, file: File, columns?: Columns) => {
  const query = new URLSearchParams({ fileName: file.name });
  if (columns) query.set('columns', JSON.stringify(columns));
  return call<StatementReport>(
    `${apiBase}${path}?${query}`,
    { method: 'POST', headers: { 'Content-Type': isXlsx(file) ? XLSX_TYPE : 'text/csv' }, body: file },
    token,
  );
};

export const dryRunStatementFile = (apiBase: string, token: string, file: File, columns?: Columns) =>
  upload(STATEMENT_DRY_RUN_PATH, apiBase, token, file, columns);
export const applyStatementFile = (apiBase: string, token: string, file: File, columns?: Columns) =>
  upload(STATEMENT_APPLY_PATH, apiBase, token, file, columns);

/** The mapping a dry run read the file with, to send back as the admin's (each column named). */
export const columnsOf = (report: StatementReport): Columns =>
  Object.fromEntries(report.columns.map((c) => [c.header, c.field ?? NOT_IMPORTED]));

/** The most lines the dry run lists; every refused line is listed even past it. */
export const LINES_SHOWN = 200;

export const STATUS_LABELS: Record<string, string> = {
  matched: 'Matched',
  ambiguous: 'Ambiguous',
  unmatched: 'Unmatched',
  refused: 'Refused',
};

/** The month before this one, YYYY-MM: the statement the console opens on. */
export function lastMonth(now = new Date()): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}
