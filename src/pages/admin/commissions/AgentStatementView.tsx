// An agent's commission statement for a month (docs/commissions.md): paid, pending and chargebacks with
// their lines, printable and downloadable as CSV. An admin picks the agent; an agent sees only his own.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { LINE_TYPE_LABELS, type LineType } from '../../../../schemas/commissions.ts';
import { formatCents } from '../../../../schemas/policy-rules.ts';
import { DataTable, ListNotice, TableMessageRow, inputClass, secondaryButton } from '../../../components/ui.tsx';
import { useClientConfig } from '../../../lib/client-config.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { errorMessage } from '../../../lib/error-message.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { lastMonth } from './commissions-client.ts';

export function AgentStatementView({ agents, isAdmin }: { agents: string[]; isAdmin: boolean }) {
  const id = useId();
  const trpc = useTRPC();
  const { apiBase, adminHosts } = useClientConfig();
  const [agent, setAgent] = useState(agents[0] ?? '');
  const [period, setPeriod] = useState(lastMonth());
  const [failure, setFailure] = useState('');
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(period);
  const statement = useQuery(
    trpc.commissions.statement.queryOptions(
      { period: valid ? period : lastMonth(), ...(isAdmin && agent ? { agent } : {}) },
      { enabled: valid },
    ),
  );
  const s = statement.data;
  const download = () => {
    setFailure('');
    const query = new URLSearchParams({ period, ...(isAdmin && agent ? { agent } : {}) });
    downloadFile(`${apiBase}/api/admin/commissions/statement.csv?${query}`, `commission-statement-${period}.csv`, {
      adminHosts,
      failure: 'Failed to download the statement',
    }).catch((err: Error) => setFailure(err.message));
  };

  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        Agent statement{s ? `: ${s.agent}, ${s.period}` : ''}
      </h2>
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        {isAdmin && (
          <div>
            <label htmlFor={`${id}-agent`} className="block text-sm font-medium text-slate-700">
              Agent
            </label>
            <select id={`${id}-agent`} value={agent} onChange={(e) => setAgent(e.target.value)} className={inputClass}>
              {agents.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
          </div>
        )}
        <div>
          <label htmlFor={`${id}-period`} className="block text-sm font-medium text-slate-700">
            Month
          </label>
          <input id={`${id}-period`} type="month" value={period} onChange={(e) => setPeriod(e.target.value)} className={inputClass} />
        </div>
        <button type="button" className={secondaryButton} onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className={secondaryButton} onClick={download}>
          Download CSV
        </button>
      </div>
      {failure && <ListNotice kind="error">{failure}</ListNotice>}
      {statement.isError && <ListNotice kind="error">{errorMessage(statement.error, 'The statement could not be loaded.')}</ListNotice>}
      {s && (
        <dl className="grid grid-cols-3 gap-3 text-sm">
          <div className="rounded-lg bg-white p-3 shadow-sm">
            <dt className="text-slate-600">Paid</dt>
            <dd className="text-lg font-semibold">{formatCents(s.paidCents)}</dd>
          </div>
          <div className="rounded-lg bg-white p-3 shadow-sm">
            <dt className="text-slate-600">Pending</dt>
            <dd className="text-lg font-semibold">{formatCents(s.pendingCents)}</dd>
          </div>
          <div className="rounded-lg bg-white p-3 shadow-sm">
            <dt className="text-slate-600">Chargebacks</dt>
            <dd className="text-lg font-semibold">{formatCents(s.chargebackCents)}</dd>
          </div>
        </dl>
      )}
      <DataTable label="Agent statement lines" headers={['Carrier', 'Policy', 'Insured', 'Type', 'Share', 'Amount']}>
        {statement.isPending && valid && <TableMessageRow colSpan={6}>Loading…</TableMessageRow>}
        {s && s.lines.length === 0 && <TableMessageRow colSpan={6}>Nothing paid or due this month.</TableMessageRow>}
        {s?.lines.map((l, i) => (
          <tr key={i}>
            <td className="px-4 py-2">{l.carrier}</td>
            <td className="px-4 py-2">{l.policyNumber}</td>
            <td className="px-4 py-2">{l.insuredName}</td>
            <td className="px-4 py-2">{l.lineType === 'pending' ? 'Pending' : LINE_TYPE_LABELS[l.lineType as LineType]}</td>
            <td className="px-4 py-2">{l.sharePercent}%</td>
            <td className="px-4 py-2 text-right tabular-nums">{formatCents(l.amountCents)}</td>
          </tr>
        ))}
      </DataTable>
    </section>
  );
}
