// A lead's timeline, newest first: what happened, who did it and when (relative, with the full
// time in the title and the machine-readable one in <time>).
import { CALL_OUTCOME_LABELS, type TimelineEntry } from '../../../../schemas/lead.ts';
import { fullTime, relativeTo } from '../../../lib/when.ts';
import { Icon } from '../../../components/Icon.tsx';

const ICONS: Record<TimelineEntry['kind'], string> = {
  created: 'M19 13h-6v6h-2v-6H5v-2h6V5h2v6h6v2z',
  claimed: 'M12 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4zm0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4z',
  unclaimed: 'M19 13H5v-2h14v2z',
  status: 'M9 16.17 4.83 12l-1.42 1.41L9 19 21 7l-1.41-1.41z',
  notes:
    'M3 17.25V21h3.75L17.81 9.94l-3.75-3.75L3 17.25zM20.71 7.04a1 1 0 0 0 0-1.41l-2.34-2.34a1 1 0 0 0-1.41 0l-1.83 1.83 3.75 3.75 1.83-1.83z',
  call: 'M6.62 10.79a15.05 15.05 0 0 0 6.59 6.59l2.2-2.2a1 1 0 0 1 1.01-.24c1.12.37 2.33.57 3.58.57a1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.46.57 3.58a1 1 0 0 1-.25 1.01l-2.2 2.2z',
  'follow-up': 'M11.99 2A10 10 0 1 0 22 12 10 10 0 0 0 11.99 2zM12 20a8 8 0 1 1 8-8 8 8 0 0 1-8 8zm.5-13H11v6l5.25 3.15.75-1.23-4.5-2.67z',
  assigned: 'M10 17l5-5-5-5v10zM4 4h2v16H4z',
  pool: 'M4 10h16v2H4zm0 4h10v2H4z',
  escalated: 'M12 2 1 21h22L12 2zm1 16h-2v-2h2v2zm0-4h-2v-4h2v4z',
  customer:
    'M20 6h-4V4c0-1.11-.89-2-2-2h-4c-1.11 0-2 .89-2 2v2H4c-1.11 0-2 .89-2 2v11c0 1.11.89 2 2 2h16c1.11 0 2-.89 2-2V8c0-1.11-.89-2-2-2zm-6 0h-4V4h4v2z',
  policy: 'M14 2H6a2 2 0 0 0-2 2v16a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2V8zm-1 7V3.5L18.5 9zM8 13h8v2H8zm0 4h8v2H8z',
};

/** One line saying what happened. */
export function describeEntry(entry: TimelineEntry): string {
  switch (entry.kind) {
    case 'created':
      return entry.user === 'Website' ? 'Lead came in from the website' : 'Lead added by staff';
    case 'claimed':
      return entry.claimedBy && entry.claimedBy !== entry.user ? `Assigned to ${entry.claimedBy}` : 'Claimed';
    case 'unclaimed':
      return entry.claimedBy ? `Unclaimed from ${entry.claimedBy}` : 'Unclaimed';
    case 'status':
      return entry.status ? `Status set to ${entry.status}` : 'Status changed';
    case 'notes':
      return 'Notes updated';
    case 'call': {
      const outcome = entry.outcome ? CALL_OUTCOME_LABELS[entry.outcome] : 'Logged';
      return `Call: ${outcome}`;
    }
    case 'follow-up':
      return entry.followUpAt ? `Follow-up set for ${fullTime(entry.followUpAt)}` : 'Follow-up cleared';
    case 'customer':
      return 'Closed into a customer';
    case 'assigned':
      return entry.reason ?? (entry.claimedBy ? `Assigned to ${entry.claimedBy}` : 'Assigned');
    case 'pool':
      return entry.reason ?? 'Left in the pool';
    case 'escalated':
      return entry.reason ?? 'Escalated';
    case 'policy':
      return 'Policy';
  }
}

export function LeadTimeline({ entries, now }: { entries: TimelineEntry[]; now: number }) {
  if (entries.length === 0) return <p className="text-sm text-slate-500">Nothing has happened to this lead yet.</p>;
  return (
    <ol aria-label="Timeline" className="space-y-4">
      {entries.map((entry, i) => (
        <li key={`${entry.at.getTime()}-${i}`} className="flex gap-3">
          <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
            <Icon path={ICONS[entry.kind]} className="h-4 w-4" />
          </span>
          <div className="min-w-0 flex-1">
            <p className="text-sm font-medium text-slate-900">{describeEntry(entry)}</p>
            {entry.kind === 'call' && entry.followUpAt && <p className="text-sm text-slate-700">Follow-up {fullTime(entry.followUpAt)}</p>}
            {entry.note && <p className="mt-1 whitespace-pre-wrap break-words text-sm text-slate-700">{entry.note}</p>}
            <p className="mt-0.5 text-xs text-slate-600">
              {entry.user} ·{' '}
              <time dateTime={entry.at.toISOString()} title={fullTime(entry.at)}>
                {relativeTo(entry.at, now)}
              </time>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
