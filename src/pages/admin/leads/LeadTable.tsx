// The leads table: one row per lead with its age, overdue and duplicate markers, and its actions.
import type { LeadView } from '../../../../schemas/lead.ts';
import { WORKING_STATUSES } from '../../../../schemas/lead.ts';
import { leadAge } from './lead-filters.ts';

const STATUS_TONE: Record<string, string> = {
  unclaimed: 'bg-slate-100 text-slate-700',
  called: 'bg-sky-100 text-sky-800',
  'follow-up': 'bg-amber-100 text-amber-800',
  quoted: 'bg-violet-100 text-violet-800',
  closed: 'bg-emerald-100 text-emerald-800',
  lost: 'bg-rose-100 text-rose-800',
};

const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';
const smallButton = 'rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50';

export interface RowActions {
  onClaim(lead: LeadView, agent: string): void;
  onUnclaim(lead: LeadView): void;
  onStatus(lead: LeadView, status: (typeof WORKING_STATUSES)[number]): void;
  onNotes(lead: LeadView): void;
  onDelete(lead: LeadView): void;
  onShowFirst(leadId: string): void;
}

export function LeadTable(props: {
  leads: LeadView[];
  agents: string[];
  now: number;
  selected: Set<string>;
  busy: Set<string>;
  /** A row to draw attention to (the first submission a duplicate link pointed at). */
  highlight?: string | null;
  onToggle(leadId: string): void;
  onToggleAll(): void;
  actions: RowActions;
}) {
  const { leads, selected } = props;
  const allSelected = leads.length > 0 && leads.every((l) => selected.has(l.leadId));
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500">
          <tr>
            <th scope="col" className="w-10 px-3 py-3">
              <input type="checkbox" aria-label="Select all leads" checked={allSelected} onChange={props.onToggleAll} className="h-4 w-4" />
            </th>
            <th scope="col" className="px-3 py-3">
              Lead
            </th>
            <th scope="col" className="px-3 py-3">
              Contact
            </th>
            <th scope="col" className="px-3 py-3">
              Received
            </th>
            <th scope="col" className="px-3 py-3">
              Status
            </th>
            <th scope="col" className="px-3 py-3">
              Claimed by
            </th>
            <th scope="col" className="px-3 py-3 text-right">
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {leads.map((lead) => (
            <LeadRow key={lead.leadId} {...props} lead={lead} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LeadRow({
  lead,
  agents,
  now,
  selected,
  busy,
  highlight,
  onToggle,
  actions,
}: Parameters<typeof LeadTable>[0] & { lead: LeadView }) {
  const working = busy.has(lead.leadId);
  const finished = lead.status === 'closed' || lead.status === 'lost';
  return (
    <tr
      id={`lead-${lead.leadId}`}
      className={highlight === lead.leadId ? 'bg-amber-50 outline-2 outline-amber-400' : lead.overdue ? 'bg-rose-50/40' : undefined}
      aria-busy={working}
    >
      <td className="px-3 py-3 align-top">
        <input
          type="checkbox"
          aria-label={`Select ${lead.name}`}
          checked={selected.has(lead.leadId)}
          onChange={() => onToggle(lead.leadId)}
          className="h-4 w-4"
        />
      </td>
      <td className="px-3 py-3 align-top">
        <p className="font-semibold text-slate-900">{lead.name}</p>
        <div className="mt-1 flex flex-wrap gap-1">
          {lead.overdue && <span className={`${badge} bg-rose-100 text-rose-800`}>Overdue</span>}
          {lead.duplicateOf && lead.status !== 'lost' && (
            <button
              type="button"
              className={`${badge} bg-amber-100 text-amber-800 hover:underline`}
              onClick={() => actions.onShowFirst(lead.duplicateOf!)}
              title="Show the first submission"
            >
              Possible duplicate
            </button>
          )}
          {lead.source === 'admin' && <span className={`${badge} bg-slate-100 text-slate-600`}>Added by staff</span>}
        </div>
      </td>
      <td className="px-3 py-3 align-top text-slate-700">
        <a href={`mailto:${lead.email}`} className="block break-all hover:text-brand-700 hover:underline">
          {lead.email}
        </a>
        <a href={`tel:${lead.phone}`} className="block whitespace-nowrap hover:text-brand-700 hover:underline">
          {lead.phone}
        </a>
      </td>
      <td className="whitespace-nowrap px-3 py-3 align-top text-slate-600">
        <time dateTime={lead.createdAt.toISOString()} title={lead.createdAt.toLocaleString()}>
          {lead.createdAt.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}
        </time>
        {!finished && <span className="block text-xs text-slate-500">{leadAge(lead.createdAt, now)} old</span>}
      </td>
      <td className="px-3 py-3 align-top">
        {lead.claimedBy && !finished ? (
          <select
            aria-label={`Status for ${lead.name}`}
            value={lead.status === 'unclaimed' ? '' : lead.status}
            disabled={working}
            onChange={(e) => actions.onStatus(lead, e.target.value as (typeof WORKING_STATUSES)[number])}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          >
            <option value="" disabled>
              Set status
            </option>
            {WORKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        ) : (
          <span className={`${badge} ${STATUS_TONE[lead.status]}`}>
            {lead.status === 'lost' ? 'Lost' : lead.status === 'closed' ? 'Closed' : 'Unclaimed'}
          </span>
        )}
      </td>
      <td className="px-3 py-3 align-top text-slate-700">{lead.claimedBy ?? <span className="text-slate-400">—</span>}</td>
      <td className="px-3 py-3 align-top">
        {lead.status === 'lost' ? null : (
          <div className="flex flex-wrap justify-end gap-1">
            {!lead.claimedBy &&
              !finished &&
              agents.map((agent) => (
                <button
                  key={agent}
                  type="button"
                  className={`${smallButton} border-brand-200 text-brand-700`}
                  disabled={working}
                  onClick={() => actions.onClaim(lead, agent)}
                >
                  Claim for {agent}
                </button>
              ))}
            {lead.claimedBy && !finished && (
              <button type="button" className={smallButton} disabled={working} onClick={() => actions.onUnclaim(lead)}>
                Unclaim
              </button>
            )}
            <button
              type="button"
              className={smallButton}
              disabled={working}
              onClick={() => actions.onNotes(lead)}
              aria-label={`Notes for ${lead.name}`}
            >
              Notes
            </button>
            {lead.status !== 'closed' && (
              <button
                type="button"
                className={`${smallButton} text-rose-700`}
                disabled={working}
                onClick={() => actions.onDelete(lead)}
                aria-label={`Delete ${lead.name}`}
              >
                Delete
              </button>
            )}
          </div>
        )}
      </td>
    </tr>
  );
}
