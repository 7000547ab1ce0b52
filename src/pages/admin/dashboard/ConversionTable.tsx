// Where clients come from (issue 26): for a chosen period, the leads that arrived, the deals closed of
// them, conversion and premium written, by source and by agent, with each agent's median time from
// arrival to first call, and the same table as a CSV download. Titled "Conversion by source and agent":
// no "from" or "to" in its names, which would shadow the activity export's From and To fields.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ANALYTICS_PERIODS, PERIOD_LABELS, type AnalyticsPeriod } from '../../../../schemas/analytics-periods.ts';
import type { AgentConversionRow, ConversionRow } from '../../../../schemas/lead-conversion.ts';
import { premiumText } from '../../../../schemas/premium-text.ts';
import { DataTable, TableMessageRow, inputClass, secondaryButton } from '../../../components/ui.tsx';
import { useClientConfig } from '../../../lib/client-config.tsx';
import { endSession, getToken } from '../../../lib/session.ts';
import { useTRPC } from '../../../lib/trpc.ts';
import { duration } from '../../../lib/when.ts';

const FIGURES = ['Leads', 'Closed deals', 'Conversion', 'Premium written'];
const cell = 'px-4 py-3 tabular-nums';

function Figures({ row }: { row: ConversionRow }) {
  return (
    <>
      <td className={cell}>{row.leads}</td>
      <td className={cell}>{row.closed}</td>
      <td className={cell}>{row.conversionRate.toFixed(1)}%</td>
      <td className={cell}>{premiumText(row.premiumWrittenCents)}</td>
    </>
  );
}

function SourceRows({ rows, loading }: { rows?: ConversionRow[]; loading: boolean }) {
  if (!rows?.length) return <TableMessageRow colSpan={5}>{loading ? 'Loading…' : 'No leads arrived in this period.'}</TableMessageRow>;
  return rows.map((row) => (
    <tr key={row.label}>
      <th scope="row" className="px-4 py-3 text-left font-medium text-slate-900">
        {row.label}
      </th>
      <Figures row={row} />
    </tr>
  ));
}

function AgentRows({ rows, loading }: { rows?: AgentConversionRow[]; loading: boolean }) {
  if (!rows?.length) return <TableMessageRow colSpan={6}>{loading ? 'Loading…' : 'No agents yet.'}</TableMessageRow>;
  return rows.map((row) => (
    <tr key={row.label}>
      <th scope="row" className="px-4 py-3 text-left font-medium text-slate-900">
        {row.label}
      </th>
      <Figures row={row} />
      <td className={cell}>{row.medianFirstCallMinutes === null ? '—' : duration(row.medianFirstCallMinutes)}</td>
    </tr>
  ));
}

export function ConversionTable({ onError }: { onError(message: string): void }) {
  const trpc = useTRPC();
  const { apiBase, adminHosts } = useClientConfig();
  const [period, setPeriod] = useState<AnalyticsPeriod>('30d');
  const [busy, setBusy] = useState(false);
  const table = useQuery(trpc.leads.conversion.queryOptions({ period }));
  const selectId = useId();

  async function downloadCsv() {
    setBusy(true);
    try {
      const res = await fetch(`${apiBase}/api/admin/stats/conversion.csv?period=${period}`, {
        headers: { Authorization: `Bearer ${getToken() ?? ''}` },
      });
      if (res.status === 401) return endSession(adminHosts);
      if (!res.ok) throw new Error(`download failed with ${res.status}`);
      const url = URL.createObjectURL(await res.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = `conversion-${period}.csv`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
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
            <select id={selectId} value={period} onChange={(e) => setPeriod(e.target.value as AnalyticsPeriod)} className={inputClass}>
              {ANALYTICS_PERIODS.map((p) => (
                <option key={p} value={p}>
                  {PERIOD_LABELS[p]}
                </option>
              ))}
            </select>
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
            <SourceRows rows={table.data?.bySource} loading={table.isPending} />
          </DataTable>
          <DataTable label="Conversion by agent" headers={['Agent', ...FIGURES, 'Median time to first call']}>
            <AgentRows rows={table.data?.byAgent} loading={table.isPending} />
          </DataTable>
        </div>
      )}
    </section>
  );
}
