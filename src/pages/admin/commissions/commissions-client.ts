// The statement import's calls from the console: the REST routes take the file as text/csv (the tRPC
// transport's 100 kB body limit would not), as the customer import's do (customers/import-client.ts).
import type { StatementReport } from '../../../../schemas/commissions.ts';
import { STATEMENT_APPLY_PATH, STATEMENT_DRY_RUN_PATH } from '../../../../schemas/commissions.ts';
import { call } from '../../../lib/upload-call.ts';

const upload = (path: string, apiBase: string, token: string, file: File) =>
  call<StatementReport>(
    `${apiBase}${path}?fileName=${encodeURIComponent(file.name)}`,
    { method: 'POST', headers: { 'Content-Type': 'text/csv' }, body: file },
    token,
  );

export const dryRunStatementFile = (apiBase: string, token: string, file: File) => upload(STATEMENT_DRY_RUN_PATH, apiBase, token, file);
export const applyStatementFile = (apiBase: string, token: string, file: File) => upload(STATEMENT_APPLY_PATH, apiBase, token, file);

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
