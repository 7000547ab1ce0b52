// The commission figures (admins, docs/commissions.md): expected and received per month for the last
// twelve, the twelve months by carrier and by agent, and the exceptions count linking to the list.
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formatCents } from '../../../../schemas/policy-rules.ts';
import { DataTable, ListNotice, TableMessageRow } from '../../../components/ui.tsx';
import { errorMessage } from '../../../lib/error-message.ts';
import { useTRPC } from '../../../lib/trpc.ts';

const cell = 'px-4 py-2';
const money = 'px-4 py-2 text-right tabular-nums';

export function CommissionFigures() {
  const id = useId();
  const trpc = useTRPC();
  const summary = useQuery(trpc.commissions.summary.queryOptions());
  if (summary.isError) return <ListNotice kind="error">{errorMessage(summary.error, 'The figures could not be loaded.')}</ListNotice>;
  const s = summary.data;
  return (
    <section aria-labelledby={`${id}-h`} className="space-y-3">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        Expected and received
      </h2>
      {s && (
        <p className="text-sm">
          <a href="#exceptions" className="font-semibold text-brand-700 underline">
            {s.exceptions} exceptions
          </a>{' '}
          to look at.
        </p>
      )}
      <div className="grid gap-4 lg:grid-cols-3">
        <DataTable label="Commission by month" headers={['Month', 'Expected', 'Received']}>
          {!s && <TableMessageRow colSpan={3}>Loading…</TableMessageRow>}
          {s?.months.map((m) => (
            <tr key={m.period}>
              <td className={cell}>{m.period}</td>
              <td className={money}>{formatCents(m.expectedCents)}</td>
              <td className={money}>{formatCents(m.receivedCents)}</td>
            </tr>
          ))}
        </DataTable>
        <DataTable label="Commission by carrier" headers={['Carrier', 'Expected', 'Received']}>
          {s && s.byCarrier.length === 0 && <TableMessageRow colSpan={3}>No commissions yet.</TableMessageRow>}
          {s?.byCarrier.map((r) => (
            <tr key={r.carrier}>
              <td className={cell}>{r.carrier}</td>
              <td className={money}>{formatCents(r.expectedCents)}</td>
              <td className={money}>{formatCents(r.receivedCents)}</td>
            </tr>
          ))}
        </DataTable>
        <DataTable label="Commission by agent" headers={['Agent', 'Expected', 'Received']}>
          {s && s.byAgent.length === 0 && <TableMessageRow colSpan={3}>No commissions yet.</TableMessageRow>}
          {s?.byAgent.map((r) => (
            <tr key={r.agent}>
              <td className={cell}>{r.agent}</td>
              <td className={money}>{formatCents(r.expectedCents)}</td>
              <td className={money}>{formatCents(r.receivedCents)}</td>
            </tr>
          ))}
        </DataTable>
      </div>
    </section>
  );
}
