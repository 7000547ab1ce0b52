// Recent Activity: the latest 50 entries with an icon per action, each linked to its lead record (or
// its customer), and the CSV export of the history over a date range labelled as the export's.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useTRPC } from '../../../lib/trpc.ts';
import { useClientConfig } from '../../../lib/client-config.tsx';
import { useAdminHost } from '../../../lib/session.ts';
import { downloadFile } from '../../../lib/download.ts';
import { relativeTime } from '../../../lib/when.ts';
import { describeEntry, entryHref, type ActivityEntry } from './activity-entry.ts';
import { Icon } from '../../../components/Icon.tsx';

const ICONS: Record<string, { path: string; tone: string }> = {
  LEAD_CREATED: { path: 'M12 5v14M5 12h14', tone: 'bg-sky-100 text-sky-700' },
  LEAD_CLAIMED: { path: 'M16 11V7a4 4 0 1 0-8 0v4M5 11h14v10H5z', tone: 'bg-emerald-100 text-emerald-700' },
  LEAD_UNCLAIMED: { path: 'M8 11V7a4 4 0 0 1 7.5-2M5 11h14v10H5z', tone: 'bg-amber-100 text-amber-700' },
  LEAD_STATUS_UPDATED: { path: 'M4 12l5 5L20 6', tone: 'bg-indigo-100 text-indigo-700' },
  LEAD_NOTES_UPDATED: { path: 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4', tone: 'bg-violet-100 text-violet-700' },
  LEAD_STATUS_AND_NOTES_UPDATED: { path: 'M4 20h4L19 9l-4-4L4 16zM13 7l4 4', tone: 'bg-indigo-100 text-indigo-700' },
  LEAD_DELETED: { path: 'M5 7h14M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3', tone: 'bg-rose-100 text-rose-700' },
  LEAD_CALL_LOGGED: {
    path: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
    tone: 'bg-teal-100 text-teal-700',
  },
  CUSTOMER_CREATED: { path: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0', tone: 'bg-emerald-100 text-emerald-700' },
  CUSTOMER_UPDATED: {
    path: 'M10 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM3 21a7 7 0 0 1 11-5.7M14 21h2l5-5-2-2-5 5z',
    tone: 'bg-sky-100 text-sky-700',
  },
  CUSTOMER_DELETED: { path: 'M10 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM3 21a7 7 0 0 1 11-5.7M16 17h6', tone: 'bg-rose-100 text-rose-700' },
};
const DEFAULT_ICON = { path: 'M12 8v5M12 16h.01M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z', tone: 'bg-slate-100 text-slate-600' };

/** `ask` false holds the request back: the dashboard asks once its cards have their figures. */
export function ActivityList({ onError, ask = true }: { onError(message: string): void; ask?: boolean }) {
  const trpc = useTRPC();
  // docs/product.md §7: a failed load yields an empty list.
  const activity = useQuery(trpc.activity.list.queryOptions(undefined, { enabled: ask }));
  const entries: ActivityEntry[] = activity.data ?? [];
  const adminHost = useAdminHost();
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    setNow(new Date());
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);

  return (
    <section aria-labelledby="recent-activity" className="rounded-xl border border-slate-200 bg-white shadow-sm">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-slate-200 p-4 sm:p-5">
        <h2 id="recent-activity" className="text-lg font-semibold text-slate-900">
          Recent Activity
        </h2>
        <ExportForm onError={onError} />
      </div>
      {activity.isPending ? (
        <ul aria-busy="true" className="divide-y divide-slate-100">
          {Array.from({ length: 5 }, (_, i) => (
            <li key={i} className="flex gap-3 p-4">
              <span className="h-9 w-9 animate-pulse rounded-full bg-slate-200" />
              <span className="h-4 flex-1 animate-pulse self-center rounded bg-slate-200" />
            </li>
          ))}
        </ul>
      ) : entries.length === 0 ? (
        <p className="p-8 text-center text-sm text-slate-500">No recent activity to display</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="Recent activity">
          {entries.map((e) => {
            const icon = ICONS[e.action] ?? DEFAULT_ICON;
            const href = entryHref(e, adminHost);
            const text = (
              <>
                <span className="font-semibold text-slate-900">{e.user}</span> {describeEntry(e)}
              </>
            );
            return (
              <li key={e.activityId} className="relative flex items-start gap-3 px-4 py-3 hover:bg-slate-50 sm:px-5">
                <span
                  className={`mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${icon.tone}`}
                  data-action={e.action}
                >
                  <Icon path={icon.path} line className="h-4 w-4" />
                </span>
                <p className="min-w-0 flex-1 text-sm text-slate-700">
                  {href ? (
                    // The link covers the whole row, a large target on a phone.
                    <Link to={href} className="after:absolute after:inset-0 hover:underline">
                      {text}
                    </Link>
                  ) : (
                    text
                  )}
                </p>
                <time
                  dateTime={new Date(e.timestamp).toISOString()}
                  className="shrink-0 text-xs text-slate-500"
                  title={new Date(e.timestamp).toLocaleString()}
                >
                  {now ? relativeTime(new Date(e.timestamp), now) : ''}
                </time>
              </li>
            );
          })}
        </ul>
      )}
      <p className="border-t border-slate-200 px-4 py-3 text-center text-xs text-slate-500 sm:px-5">
        Showing latest 50 activities. Use export for full history.
      </p>
    </section>
  );
}

/** Downloads the activity history as CSV for an optional date range. */
function ExportForm({ onError }: { onError(message: string): void }) {
  const { apiBase, adminHosts } = useClientConfig();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [busy, setBusy] = useState(false);
  const hintId = useId();

  async function exportCsv() {
    setBusy(true);
    try {
      const query = new URLSearchParams();
      if (from) query.set('from', from);
      if (to) query.set('to', to);
      const fileName = `activity-logs-${from || 'all'}-to-${to || 'now'}.csv`;
      await downloadFile(`${apiBase}/api/admin/activity-logs/export?${query}`, fileName, { adminHosts, failure: 'export failed' });
    } catch (err) {
      console.error(err);
      onError('Error exporting activity logs. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const input =
    'min-h-11 rounded-lg border border-slate-300 px-2 py-1.5 text-sm text-slate-800 focus:border-brand-500 focus:outline-2 focus:outline-offset-1 focus:outline-brand-600';
  // A fieldset titled as the export's range: these dates shape the CSV only, not the list below.
  return (
    <fieldset aria-describedby={hintId} className="flex min-w-0 flex-wrap items-end gap-2">
      <legend className="mb-1 text-xs font-semibold uppercase tracking-wide text-slate-600">Export range</legend>
      <label className="text-xs font-medium text-slate-600">
        From
        <input type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} className={`mt-1 block ${input}`} />
      </label>
      <label className="text-xs font-medium text-slate-600">
        To
        <input type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} className={`mt-1 block ${input}`} />
      </label>
      <button
        type="button"
        onClick={exportCsv}
        disabled={busy}
        className="min-h-11 rounded-lg bg-brand-600 px-3 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60"
      >
        {busy ? 'Exporting...' : 'Export CSV'}
      </button>
      <p id={hintId} className="w-full text-xs text-slate-600">
        For the CSV download only; leave empty for the whole history.
      </p>
    </fieldset>
  );
}
