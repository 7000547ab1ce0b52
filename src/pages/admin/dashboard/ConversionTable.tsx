// Where clients come from (docs/product.md §3): for a chosen period, the leads that arrived, the deals closed of
// them, conversion and premium written, by source and by agent, with each agent's median time from
// arrival to first call, and the same table as a CSV download. Titled "Conversion by source and agent":
// no "from" or "to" in its names, which would shadow the activity export's From and To fields.
import { useQuery } from '@tanstack/react-query';
import { useId, useState, type ReactNode } from 'react';
import type { AnalyticsPeriod } from '../../../../schemas/analytics-periods.ts';
import { PeriodSelect } from '../../../components/PeriodSelect.tsx';
import type { AgentConversionRow, ConversionRow } from '../../../../schemas/lead-conversion.ts';
import { premiumText } from '../../../../schemas/premium-text.ts';
import { DataTable, TableMessageRow, inputClass, secondaryButton } from '../../../components/ui.tsx';
import { useClientConfig } from '../../../lib/client-config.tsx';
import { downloadFile } from '../../../lib/download.ts';
import { alone, useTRPC } from '../../../lib/trpc.ts';
import { duration } from '../../../lib/when.ts';

const FIGURES = ['Leads', 'Closed deals', 'Conversion', 'Premium written'];
const cell = 'px-4 py-3 tabular-nums';

/** A table's rows (source or agent, then the figures, then the `extra` column if any), or its one message row. */
function ConversionRows<R extends ConversionRow>(props: { rows?: R[]; loading: boolean; empty: string; extra?: (row: R) => ReactNode }) {
  const { rows, extra } = props;
  if (!rows?.length) {
    return <TableMessageRow colSpan={extra ? 6 : 5}>{props.loading ? 'Loading…' : props.empty}</TableMessageRow>;
  }
  return rows.map((row) => (
    <tr key={row.label}>
      <th scope="row" className="px-4 py-3 text-left font-medium text-slate-900">
        {row.label}
      </th>
      <td className={cell}>{row.leads}</td>
      <td className={cell}>{row.closed}</td>
      <td className={cell}>{row.conversionRate.toFixed(1)}%</td>
      <td className={cell}>{premiumText(row.premiumWrittenCents)}</td>
      {extra && <td className={cell}>{extra(row)}</td>}
    </tr>
  ));
}

const firstCall = (row: AgentConversionRow) => (row.medianFirstCallMinutes === null ? '—' : duration(row.medianFirstCallMinutes));

/**
 * `ask` false holds the table's request back (it shows as loading): the dashboard asks for it once the
 * cards above it have their figures, so its long read of the period's leads never delays them.
 */
export function ConversionTable({ onError, ask = true }: { onError(message: string): void; ask?: boolean }) {
  const trpc = useTRPC();
  const { apiBase, adminHosts } = useClientConfig();
  const [period, setPeriod] = useState<AnalyticsPeriod>('30d');
  const [busy, setBusy] = useState(false);
  // In a request of its own: it reads every lead of the period, and the cards above must not wait for it.
  // Leaving the dashboard (or another period chosen) cancels it, and the server stops reading.
  const table = useQuery(trpc.leads.conversion.queryOptions({ period }, { trpc: { ...alone.trpc, abortOnUnmount: true }, enabled: ask }));
  const selectId = useId();

  async function downloadCsv() {
    setBusy(true);
    try {
      await downloadFile(`${apiBase}/api/admin/stats/conversion.csv?period=${period}`, `conversion-${period}.csv`, {
        adminHosts,
        failure: 'download failed',
      });
    } catch (err) {
      console.error(err);
      onError('Error downloading the conversion table. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const total = table.data?.total;
  return (
    <section aria-labelledby={`${selectId}-title`} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={`${selectId}-title`} className="text-lg font-semibold text-slate-900">
            Conversion by source and agent
          </h2>
          <p className="text-sm text-slate-500">
            Leads that arrived in the period and the deals closed of them
            {total ? `: ${total.leads} leads, ${total.closed} closed, ${total.conversionRate.toFixed(1)}%` : ''}.
          </p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor={selectId} className="text-xs font-medium text-slate-600">
              Period
            </label>
            <PeriodSelect id={selectId} value={period} onChange={setPeriod} className={inputClass} />
          </div>
          <button type="button" onClick={downloadCsv} disabled={busy} className={secondaryButton}>
            {busy ? 'Downloading…' : 'Download CSV'}
          </button>
        </div>
      </div>
      {table.isError ? (
        <p className="rounded-lg border border-slate-200 bg-white p-6 text-center text-sm text-slate-500">The table could not be loaded.</p>
      ) : (
        <div className="grid gap-4 xl:grid-cols-2">
          <DataTable label="Conversion by source" headers={['Source', ...FIGURES]}>
            <ConversionRows rows={table.data?.bySource} loading={table.isPending} empty="No leads arrived in this period." />
          </DataTable>
          <DataTable label="Conversion by agent" headers={['Agent', ...FIGURES, 'Median time to first call']}>
            <ConversionRows rows={table.data?.byAgent} loading={table.isPending} empty="No agents yet." extra={firstCall} />
          </DataTable>
        </div>
      )}
    </section>
  );
}
