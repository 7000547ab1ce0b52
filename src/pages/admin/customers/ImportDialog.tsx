// The Import dialog of the Customers page (admins only, docs/product.md §12): choose a CSV file (or
// download the template), read the dry run row by row (created, updated, unchanged or refused with the
// reasons), confirm, watch the progress bar while it applies, then the summary.
import { useEffect, useRef, useState } from 'react';
import type { ImportReport } from '../../../../schemas/customer-import.ts';
import { MAX_IMPORT_BYTES } from '../../../../schemas/limits.ts';
import { Alert, DialogFrame } from '../../../components/DialogFrame.tsx';
import { primaryButton, secondaryButton } from '../../../components/ui.tsx';
import { useClientConfig } from '../../../lib/client-config.tsx';
import { getToken } from '../../../lib/session.ts';
import { ACTION_LABELS, applyFile, dryRunFile, readProgress, rowsToShow, templateCsv } from './import-client.ts';

type Step =
  | { kind: 'choose' }
  | { kind: 'checking'; file: File }
  | { kind: 'review'; file: File; report: ImportReport }
  | { kind: 'applying'; file: File; report: ImportReport; done: number; total: number }
  | { kind: 'done'; report: ImportReport };

const ACTION_TONES: Record<string, string> = {
  create: 'bg-emerald-100 text-emerald-800',
  update: 'bg-sky-100 text-sky-800',
  unchanged: 'bg-slate-100 text-slate-700',
  refused: 'bg-red-100 text-red-800',
};

function Counts({ report, past }: { report: ImportReport; past?: boolean }) {
  const c = report.counts;
  const items: [string, number][] = [
    [past ? 'Customers created' : 'Customers to create', c.customersCreated],
    [past ? 'Customers updated' : 'Customers to update', c.customersUpdated],
    [past ? 'Policies created' : 'Policies to create', c.policiesCreated],
    [past ? 'Policies updated' : 'Policies to update', c.policiesUpdated],
    ['Rows unchanged', c.unchanged],
    ['Rows refused', c.refused],
  ];
  return (
    <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3" aria-label="Import counts">
      {items.map(([label, n]) => (
        <div key={label} className="rounded-lg bg-slate-50 px-3 py-2">
          <dt className="text-xs text-slate-600">{label}</dt>
          <dd className="text-lg font-semibold text-slate-900">{n.toLocaleString('en-US')}</dd>
        </div>
      ))}
    </dl>
  );
}

function RowsTable({ report }: { report: ImportReport }) {
  const rows = rowsToShow(report.rows);
  if (rows.length === 0) return <p className="text-sm text-slate-600">The file has no rows below its header.</p>;
  return (
    <>
      {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region must be keyboard reachable */}
      <div role="region" aria-label="Rows of the file" tabIndex={0} className="max-h-80 overflow-auto rounded-lg border border-slate-200">
        <table className="w-full min-w-[36rem] text-left text-sm">
          <caption className="sr-only">What each row of the file does</caption>
          <thead className="sticky top-0 bg-slate-100 text-xs uppercase text-slate-600">
            <tr>
              {['Row', 'Customer', 'Policy', 'Outcome', 'Details'].map((heading) => (
                <th key={heading} scope="col" className="px-2 py-2">
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.row} className="border-t border-slate-100 align-top">
                <td className="px-2 py-2 tabular-nums">{r.row}</td>
                <td className="px-2 py-2">
                  <div className="font-medium text-slate-900">{r.name || '—'}</div>
                  <div className="break-all text-xs text-slate-600">{r.email}</div>
                </td>
                <td className="px-2 py-2">{r.policyLabel || '—'}</td>
                <td className="px-2 py-2">
                  <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${ACTION_TONES[r.action]}`}>
                    {ACTION_LABELS[r.action]}
                  </span>
                </td>
                <td className="px-2 py-2 text-xs">
                  {r.problems.length ? (
                    <ul className="space-y-0.5 text-red-700">
                      {r.problems.map((p, i) => (
                        <li key={i}>
                          {p.column}: {p.message}
                        </li>
                      ))}
                    </ul>
                  ) : r.changes.length ? (
                    <span className="text-slate-600">Changes {r.changes.join(', ')}</span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length < report.rows.length && (
        <p className="text-xs text-slate-600">
          Showing {rows.length.toLocaleString('en-US')} of {report.rows.length.toLocaleString('en-US')} rows (every refused row is shown).
        </p>
      )}
    </>
  );
}

export function ImportDialog({ onClose, onImported }: { onClose(): void; onImported(report: ImportReport): void }) {
  const { apiBase } = useClientConfig();
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [error, setError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const busy = step.kind === 'checking' || step.kind === 'applying';
  const poll = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearInterval(poll.current), []);

  const check = async (file: File) => {
    setError(null);
    if (file.size > MAX_IMPORT_BYTES)
      return setError(`The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split it into smaller files.`);
    setStep({ kind: 'checking', file });
    try {
      setStep({ kind: 'review', file, report: await dryRunFile(apiBase, getToken() ?? '', file) });
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The file could not be checked');
      setStep({ kind: 'choose' });
    }
  };

  const apply = async (file: File, report: ImportReport) => {
    setError(null);
    const importId = crypto.randomUUID();
    const token = getToken() ?? '';
    setStep({ kind: 'applying', file, report, done: 0, total: 0 });
    poll.current = window.setInterval(() => {
      readProgress(apiBase, token, importId)
        .then((p) => setStep((s) => (s.kind === 'applying' ? { ...s, done: p.done, total: p.total } : s)))
        .catch(() => undefined); // not started yet, or finished: the apply's answer tells
    }, 400);
    try {
      const result = await applyFile(apiBase, token, file, importId);
      setStep({ kind: 'done', report: result });
      onImported(result);
    } catch (err) {
      setError(err instanceof Error ? err.message : 'The import failed');
      setStep({ kind: 'review', file, report });
    } finally {
      window.clearInterval(poll.current);
    }
  };

  const downloadTemplate = () => {
    const url = URL.createObjectURL(new Blob([templateCsv()], { type: 'text/csv' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'customer-import-template.csv';
    document.body.append(a);
    a.click();
    a.remove();
    URL.revokeObjectURL(url);
  };

  return (
    <DialogFrame title="Import customers and policies" onClose={onClose} busy={busy} wide>
      <div className="space-y-4">
        {error && <Alert onDismiss={() => setError(null)}>{error}</Alert>}
        {(step.kind === 'choose' || step.kind === 'checking') && (
          <>
            <p className="text-sm text-slate-700">
              Choose a CSV file of customers and their policies, one policy per row. Columns from other CRMs (E-mail, Mobile, Company,
              Policy #, Monthly Premium …) are recognised. Nothing is saved until you confirm.
            </p>
            <div className="flex flex-wrap items-center gap-3">
              <label className={`${primaryButton} cursor-pointer`}>
                {step.kind === 'checking' ? 'Checking the file…' : 'Choose CSV file'}
                <input
                  ref={fileInput}
                  type="file"
                  accept=".csv,text/csv"
                  className="sr-only"
                  disabled={busy}
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    e.target.value = '';
                    if (file) void check(file);
                  }}
                />
              </label>
              <button type="button" className={secondaryButton} onClick={downloadTemplate}>
                Download template
              </button>
            </div>
            {step.kind === 'checking' && (
              <p role="status" className="text-sm text-slate-600">
                Checking {step.file.name}…
              </p>
            )}
          </>
        )}

        {step.kind === 'review' && (
          <>
            <p className="text-sm text-slate-700">
              Dry run of <strong>{step.file.name}</strong>: nothing has been saved yet.
            </p>
            <Counts report={step.report} />
            {step.report.ignoredColumns.length > 0 && (
              <p className="text-sm text-slate-600">Ignored columns: {step.report.ignoredColumns.join(', ')}</p>
            )}
            {!step.report.accepted && (
              <p role="alert" className="text-sm font-medium text-red-700">
                {step.report.counts.refused} row{step.report.counts.refused === 1 ? ' is' : 's are'} refused: correct the file and choose it
                again. Nothing is imported while any row is refused.
              </p>
            )}
            <RowsTable report={step.report} />
            <div className="dialog-actions flex flex-wrap justify-end gap-3">
              <button type="button" className={secondaryButton} onClick={() => setStep({ kind: 'choose' })}>
                Choose another file
              </button>
              <button
                type="button"
                className={primaryButton}
                disabled={!step.report.accepted || step.report.counts.create + step.report.counts.update === 0}
                onClick={() => void apply(step.file, step.report)}
              >
                Confirm import
              </button>
            </div>
          </>
        )}

        {step.kind === 'applying' && (
          <div className="space-y-2">
            <p id="import-progress-label" className="text-sm text-slate-700">
              Importing {step.file.name}…
            </p>
            <div
              role="progressbar"
              aria-labelledby="import-progress-label"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={step.total ? Math.round((step.done / step.total) * 100) : 0}
              className="h-3 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-blue-600 transition-all" style={{ width: `${step.total ? (step.done / step.total) * 100 : 0}%` }} />
            </div>
            <p className="text-xs text-slate-600">
              {step.done.toLocaleString('en-US')} of {step.total ? step.total.toLocaleString('en-US') : '…'} changes written
            </p>
          </div>
        )}

        {step.kind === 'done' && (
          <>
            <p role="status" className="text-sm font-medium text-emerald-800">
              Import complete: {step.report.counts.rows.toLocaleString('en-US')} rows read.
            </p>
            <Counts report={step.report} past />
            <div className="dialog-actions flex justify-end">
              <button type="button" className={primaryButton} onClick={onClose}>
                Done
              </button>
            </div>
          </>
        )}
      </div>
    </DialogFrame>
  );
}
