// The dashboard's fairness and load table (docs/product.md §11): per agent over a chosen period, the leads given
// them (claimed or assigned), how many they called within the hour, and how many escalation took back.
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc.ts';

const PERIODS = [
  { days: 1, label: 'Last 24 hours' },
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
];

/** `ask` false holds the request back: the dashboard asks once its cards have their figures. */
export function AgentLoad({ ask = true }: { ask?: boolean }) {
  const trpc = useTRPC();
  const [days, setDays] = useState(7);
  const load = useQuery(trpc.assignment.load.queryOptions({ days }, { enabled: ask }));
  return (
    <section aria-label="Fairness and load" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Fairness and load</h2>
        <label className="text-sm text-slate-700">
          Load period{' '}
          <select value={days} onChange={(e) => setDays(Number(e.target.value))} className="ml-1 rounded-md border-slate-300 text-sm">
            {PERIODS.map((p) => (
              <option key={p.days} value={p.days}>
                {p.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {load.error ? (
        <p className="mt-3 text-sm text-rose-700">Could not load the table: {load.error.message}</p>
      ) : !load.data ? (
        <p className="mt-3 text-sm text-slate-600">Loading...</p>
      ) : load.data.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No lead was given to an agent in this period.</p>
      ) : (
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls must be reachable by keyboard (WCAG 2.1.1)
        <div role="region" aria-label="Fairness and load table" tabIndex={0} className="mt-3 overflow-x-auto">
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="text-slate-600">
                <th className="py-1 pr-4 font-medium">Agent</th>
                <th className="py-1 pr-4 font-medium">Leads given</th>
                <th className="py-1 pr-4 font-medium">Called within the hour</th>
                <th className="py-1 font-medium">Returned by escalation</th>
              </tr>
            </thead>
            <tbody>
              {load.data.map((row) => (
                <tr key={row.agent} className="border-t border-slate-100">
                  <td className="py-1 pr-4 text-slate-900">{row.agent}</td>
                  <td className="py-1 pr-4">{row.assigned}</td>
                  <td className="py-1 pr-4">{row.calledWithinHour}</td>
                  <td className="py-1">{row.returned}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
