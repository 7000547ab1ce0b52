// The compliance page's audit export: every record signed in a date range, or one person's records (a lead
// or customer id), downloaded as a ZIP of printable pages and a CSV index through the REST route with the
// session's token (docs/compliance.md, Audit).
import { useState } from 'react';
import { useClientConfig } from '../../../lib/client-config.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { inputClass, primaryButton } from '../../../components/ui.tsx';
import { exportInput } from '../../../../schemas/compliance.ts';

type Scope = 'range' | 'lead' | 'customer';
const SCOPES: { value: Scope; label: string }[] = [
  { value: 'range', label: 'Records signed in a date range' },
  { value: 'lead', label: "One lead's records" },
  { value: 'customer', label: "One customer's records" },
];
const today = () => new Date().toISOString().slice(0, 10);
const monthAgo = () => new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);

export function ComplianceExport() {
  const { apiBase, adminHosts } = useClientConfig();
  const [scope, setScope] = useState<Scope>('range');
  const [from, setFrom] = useState(monthAgo);
  const [to, setTo] = useState(today);
  const [personId, setPersonId] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const download = async (e: React.FormEvent) => {
    e.preventDefault();
    const id = personId.trim();
    const input = scope === 'range' ? { from, to } : { subject: scope === 'lead' ? { leadId: id } : { customerId: id } };
    const parsed = exportInput.safeParse(input);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Check the export');
    const query = new URLSearchParams(scope === 'range' ? { from, to } : scope === 'lead' ? { leadId: id } : { customerId: id });
    setError('');
    setBusy(true);
    try {
      await downloadFile(`${apiBase}/api/admin/compliance/export?${query}`, `compliance-${today()}.zip`, {
        adminHosts,
        failure: 'Failed to export the compliance records',
      });
    } catch (err) {
      setError(errorMessage(err, 'Failed to export the compliance records'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="compliance-export" className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="compliance-export" className="text-lg font-semibold text-slate-900">
        Audit export
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        A ZIP of printable pages with each text exactly as signed, and a CSV index (at most a year or 5,000 records). Each export is
        recorded in the audit log.
      </p>
      <form noValidate onSubmit={download} className="mt-3 space-y-3">
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">What to export</legend>
          <div className="mt-1 flex flex-col gap-1 sm:flex-row sm:gap-4">
            {SCOPES.map((s) => (
              <label key={s.value} className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name="export-scope"
                  className="h-5 w-5 border-slate-300 text-brand-600"
                  checked={scope === s.value}
                  onChange={() => (setScope(s.value), setError(''))}
                />
                {s.label}
              </label>
            ))}
          </div>
        </fieldset>
        {scope === 'range' ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <label className="block text-sm font-medium text-slate-700">
              Signed from
              <input type="date" required value={from} onChange={(e) => setFrom(e.target.value)} className={inputClass} />
            </label>
            <label className="block text-sm font-medium text-slate-700">
              Signed until
              <input type="date" required value={to} onChange={(e) => setTo(e.target.value)} className={inputClass} />
            </label>
          </div>
        ) : (
          <label className="block text-sm font-medium text-slate-700">
            {scope === 'lead' ? 'Lead id' : 'Customer id'}
            <input
              type="text"
              required
              autoComplete="off"
              maxLength={64}
              value={personId}
              onChange={(e) => setPersonId(e.target.value)}
              className={inputClass}
            />
          </label>
        )}
        {error && (
          <p role="alert" className="text-sm text-rose-700">
            {error}
          </p>
        )}
        <button type="submit" className={primaryButton} disabled={busy}>
          {busy ? 'Preparing the ZIP...' : 'Download ZIP'}
        </button>
      </form>
    </section>
  );
}
