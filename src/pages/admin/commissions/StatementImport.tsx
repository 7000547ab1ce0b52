// Importing a carrier's commission statement (admins, docs/commissions.md): choose the CSV or XLSX file,
// check or change how its columns are read (ColumnMapping), read the dry run line by line (matched,
// ambiguous, unmatched or refused, and why), then import; a file with a refused line cannot be imported,
// and lines imported before are not written again.
import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { MAX_STATEMENT_BYTES, type StatementReport } from '../../../../schemas/commissions.ts';
import { formatCents } from '../../../../schemas/policy-rules.ts';
import { DataTable, primaryButton, secondaryButton } from '../../../components/ui.tsx';
import { Notification, type Notice } from '../../../components/Notification.tsx';
import { useClientConfig } from '../../../lib/client-config.tsx';
import { getToken } from '../../../lib/session.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { ColumnMapping } from './ColumnMapping.tsx';
import { LINES_SHOWN, STATUS_LABELS, applyStatementFile, columnsOf, dryRunStatementFile, type Columns } from './commissions-client.ts';

export function StatementImport() {
  const id = useId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { apiBase } = useClientConfig();
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<StatementReport | null>(null);
  /** The mapping the file was last checked with; the admin's changes check it again. */
  const [columns, setColumns] = useState<Columns>({});
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  /** Runs an upload with the controls disabled; its refusal becomes the notice. */
  const whileBusy = async (upload: () => Promise<void>) => {
    setBusy(true);
    try {
      await upload();
    } catch (err) {
      setNotice({ tone: 'error', message: (err as Error).message });
    } finally {
      setBusy(false);
    }
  };
  const choose = async (chosen: File | null) => {
    setNotice(null);
    setReport(null);
    setFile(chosen);
    if (!chosen) return;
    if (chosen.size > MAX_STATEMENT_BYTES)
      return setNotice({ tone: 'error', message: 'The file is larger than 10 MB; split it into smaller files' });
    await check(chosen);
  };
  /** The dry run, with the admin's mapping when given; the columns it read become the form's. */
  const check = (chosen: File, mapped?: Columns) =>
    whileBusy(async () => {
      const checked = await dryRunStatementFile(apiBase, getToken() ?? '', chosen, mapped);
      setReport(checked);
      setColumns(columnsOf(checked));
    });
  const remap = async (next: Columns) => {
    setColumns(next);
    setNotice(null);
    if (file) await check(file, next);
  };
  const apply = async () => {
    if (!file) return;
    await whileBusy(async () => {
      const done = await applyStatementFile(apiBase, getToken() ?? '', file, columns);
      setNotice({
        tone: 'success',
        message: `Statement imported: ${done.counts.toWrite} new lines (${done.counts.lines - done.counts.toWrite} already imported).`,
      });
      setReport(null);
      setFile(null);
      await queryClient.invalidateQueries({ queryKey: trpc.commissions.pathKey() });
    });
  };
  const shown = report
    ? [...report.lines.filter((l) => l.status === 'refused'), ...report.lines.filter((l) => l.status !== 'refused')].slice(0, LINES_SHOWN)
    : [];

  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        Import a statement
      </h2>
      <p className="text-sm text-slate-600">
        A carrier&apos;s commission statement as CSV or an Excel workbook (.xlsx, the first sheet), up to 10 MB and 20,000 lines: policy
        number, insured name, carrier, commission amount, statement period or paid date, line type. The columns are mapped once per carrier:
        the next statement of that carrier opens with them.
      </p>
      <Notification notice={notice} onDismiss={() => setNotice(null)} />
      <div>
        <label htmlFor={`${id}-file`} className="block text-sm font-medium text-slate-700">
          Statement file (CSV or XLSX)
        </label>
        <input
          id={`${id}-file`}
          type="file"
          accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          disabled={busy}
          onChange={(e) => void choose(e.target.files?.[0] ?? null)}
          className="mt-1 block w-full text-sm"
        />
      </div>
      {busy && <p className="text-sm text-slate-600">Working…</p>}
      {report && (
        <>
          <ColumnMapping report={report} columns={columns} disabled={busy} onChange={(next) => void remap(next)} />
          <p className="text-sm text-slate-800" aria-live="polite">
            {report.counts.lines} lines: {report.counts.matched} matched, {report.counts.ambiguous} ambiguous, {report.counts.unmatched}{' '}
            unmatched, {report.counts.refused} refused; {report.counts.toWrite} to import.
          </p>
          <DataTable
            label="Lines of the statement file"
            headers={['Line', 'Carrier', 'Policy number', 'Insured', 'Amount', 'Period', 'Status', 'Why']}
          >
            {shown.map((l) => (
              <tr key={l.row}>
                <td className="px-4 py-2">{l.row}</td>
                <td className="px-4 py-2">{l.carrier}</td>
                <td className="px-4 py-2">{l.policyNumber}</td>
                <td className="px-4 py-2">{l.insuredName}</td>
                <td className="px-4 py-2 text-right">{formatCents(l.amountCents)}</td>
                <td className="px-4 py-2">{l.period}</td>
                <td className="px-4 py-2">{STATUS_LABELS[l.status]}</td>
                <td className="px-4 py-2">{l.reason}</td>
              </tr>
            ))}
          </DataTable>
          <div className="flex flex-wrap gap-3">
            <button type="button" className={primaryButton} disabled={busy || !report.accepted} onClick={() => void apply()}>
              {report.accepted ? `Import ${report.counts.toWrite} lines` : 'Fix the refused lines to import'}
            </button>
            <button type="button" className={secondaryButton} disabled={busy} onClick={() => void choose(null)}>
              Cancel
            </button>
          </div>
        </>
      )}
    </section>
  );
}
