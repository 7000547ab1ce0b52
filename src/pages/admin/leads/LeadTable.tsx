// The leads table (640 px and wider): sortable column headers, one row per lead with its age, overdue and
// duplicate markers and its actions. The table is one Tab stop: arrow keys and j/k move between rows, and
// a focused row takes the shortcuts of lead-shortcuts.ts.
import { useRef, useState, type KeyboardEvent } from 'react';
import type { LeadSort, LeadView } from '../../../../schemas/lead.ts';
import { leadAge } from './lead-filters.ts';
import { StatusSelect } from './StatusSelect.tsx';
import { ClaimButtons, NameLink, StatusBadge, badge, isFinished } from './RowParts.tsx';
import { PhoneLink } from '../../../components/CallLink.tsx';
import { DoNotContactBadge } from '../../../components/DoNotContact.tsx';
import { rowMove, rowShortcut, type RowActions } from './lead-shortcuts.ts';

/**
 * The focused row (the keys act on it): an outline drawn inside the row and a tint, on any focus, so the
 * row that c, l, n and Enter act on is always visible (WCAG 2.4.7). No outline-none: it would win.
 */
const FOCUSED_ROW = 'focus:outline-2 focus:-outline-offset-2 focus:outline-brand-600 focus:bg-brand-50';

const smallButton = 'rounded-md border border-slate-300 px-2 py-1 text-xs font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-50';

export interface LeadListProps {
  leads: LeadView[];
  agents: string[];
  /** The signed-in staff member's agent name, when they are one: their claim button is the primary one. */
  me: string | null;
  now: number;
  selected: Set<string>;
  busy: Set<string>;
  /** Rows to draw attention to: the lead a duplicate link pointed at, the leads just claimed. */
  highlight: Set<string>;
  recordHref(leadId: string): string;
  onToggle(leadId: string): void;
  onToggleAll(): void;
  actions: RowActions;
}

export function LeadTable(props: LeadListProps & { sort: LeadSort; order: 'asc' | 'desc'; onSort(sort: LeadSort): void }) {
  const { leads, selected } = props;
  const allSelected = leads.length > 0 && leads.every((l) => selected.has(l.leadId));
  const [active, setActive] = useState(0);
  const current = Math.min(active, Math.max(0, leads.length - 1));
  const body = useRef<HTMLTableSectionElement>(null);

  function onKeyDown(e: KeyboardEvent<HTMLTableSectionElement>) {
    const row = e.target as HTMLElement;
    if (row.tagName !== 'TR' || e.altKey || e.ctrlKey || e.metaKey) return; // keys inside a control are its own
    const to = rowMove(e.key, current, leads.length);
    if (to !== null) {
      e.preventDefault();
      setActive(to);
      body.current?.querySelectorAll<HTMLElement>('tr[data-lead]')[to]?.focus();
      return;
    }
    const lead = leads[current];
    if (lead && rowShortcut(e.key, lead, props.actions)) e.preventDefault();
  }

  const header = (label: string, sort: LeadSort) => {
    const sorted = props.sort === sort;
    return (
      <th key={sort} scope="col" className="px-1 py-1" aria-sort={sorted ? (props.order === 'asc' ? 'ascending' : 'descending') : 'none'}>
        <button
          type="button"
          onClick={() => props.onSort(sort)}
          className="flex min-h-9 items-center gap-1 rounded px-2 font-semibold uppercase tracking-wide hover:bg-slate-200 hover:text-slate-900"
        >
          {label}
          <span aria-hidden="true" className={sorted ? 'text-brand-700' : 'text-slate-400'}>
            {sorted ? (props.order === 'asc' ? '▲' : '▼') : '↕'}
          </span>
        </button>
      </th>
    );
  };

  return (
    <div className="relative hidden overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm sm:block">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="w-10 px-3 py-3">
              <input type="checkbox" aria-label="Select all leads" checked={allSelected} onChange={props.onToggleAll} className="h-4 w-4" />
            </th>
            {header('Name', 'name')}
            <th scope="col" className="px-3 py-3">
              Contact
            </th>
            {header('Received', 'received')}
            {header('Status', 'status')}
            {header('Claimed by', 'claimedBy')}
            <th scope="col" className="px-3 py-3 text-right">
              Actions
            </th>
          </tr>
        </thead>
        {/* The keys only add to what every row's buttons and links already offer; focus is on the rows (tabIndex). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions */}
        <tbody ref={body} className="divide-y divide-slate-100" onKeyDown={onKeyDown}>
          {leads.map((lead, i) => (
            <LeadRow key={lead.leadId} {...props} lead={lead} tabbable={i === current} onFocus={() => setActive(i)} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LeadRow(props: LeadListProps & { lead: LeadView; tabbable: boolean; onFocus(): void }) {
  const { lead, agents, me, now, selected, busy, highlight, actions, tabbable } = props;
  const working = busy.has(lead.leadId);
  const finished = isFinished(lead);
  const tab = tabbable ? undefined : -1;
  /** A row action; `name` is its accessible name when the label alone would not say whose row it is. */
  const button = (label: string, onClick: () => void, opts: { name?: string; danger?: boolean } = {}) => (
    <button
      type="button"
      tabIndex={tab}
      className={opts.danger ? `${smallButton} text-rose-700` : smallButton}
      disabled={working}
      onClick={onClick}
      aria-label={opts.name}
    >
      {label}
    </button>
  );
  const deleteButton = button('Delete', () => actions.onDelete(lead), { name: `Delete ${lead.name}`, danger: true });
  return (
    <tr
      id={`lead-${lead.leadId}`}
      data-lead={lead.leadId}
      tabIndex={tabbable ? 0 : -1}
      onFocus={props.onFocus}
      className={`${FOCUSED_ROW} ${highlight.has(lead.leadId) ? 'bg-amber-50' : lead.overdue ? 'bg-rose-50/40' : ''}`}
      aria-busy={working}
    >
      <td className="px-3 py-3 align-top">
        <input
          type="checkbox"
          aria-label={`Select ${lead.name}`}
          checked={selected.has(lead.leadId)}
          onChange={() => props.onToggle(lead.leadId)}
          tabIndex={tab}
          className="h-4 w-4"
        />
      </td>
      <td className="px-3 py-3 align-top">
        <NameLink
          lead={lead}
          href={props.recordHref(lead.leadId)}
          tabbable={tabbable}
          className="font-semibold text-slate-900 hover:text-brand-700 hover:underline"
        />
        <div className="mt-1 flex flex-wrap gap-1">
          {lead.overdue && <span className={`${badge} bg-rose-100 text-rose-800`}>Overdue</span>}
          {lead.duplicateOf && lead.status !== 'lost' && (
            <button
              type="button"
              tabIndex={tab}
              className={`${badge} bg-amber-100 text-amber-800 hover:underline`}
              onClick={() => actions.onShowFirst(lead.duplicateOf!)}
              title="Show the first submission"
            >
              Possible duplicate
            </button>
          )}
          {lead.source === 'admin' && <span className={`${badge} bg-slate-100 text-slate-600`}>Added by staff</span>}
          <DoNotContactBadge mark={lead.doNotContact} />
        </div>
      </td>
      <td className="px-3 py-3 align-top text-slate-700">
        <a href={`mailto:${lead.email}`} tabIndex={tab} className="block break-all hover:text-brand-700 hover:underline">
          {lead.email}
        </a>
        <PhoneLink lead={lead} tabbable={tabbable} className="block whitespace-nowrap hover:text-brand-700 hover:underline" />
      </td>
      <td className="whitespace-nowrap px-3 py-3 align-top text-slate-600">
        <time dateTime={lead.createdAt.toISOString()} title={lead.createdAt.toLocaleString()}>
          {lead.createdAt.toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}
        </time>
        {!finished && <span className="block text-xs text-slate-600">{leadAge(lead.createdAt, now)} old</span>}
      </td>
      <td className="px-3 py-3 align-top">
        {lead.claimedBy && !finished ? (
          <StatusSelect
            lead={lead}
            busy={working}
            tabbable={tabbable}
            onCommit={(status) => actions.onStatus(lead, status)}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          />
        ) : (
          <StatusBadge lead={lead} />
        )}
      </td>
      <td className="px-3 py-3 align-top text-slate-700">{lead.claimedBy ?? <span className="text-slate-500">—</span>}</td>
      <td className="px-3 py-3 align-top">
        {lead.status === 'lost' ? (
          <div className="flex justify-end gap-1">
            {button('Restore', () => actions.onRestore(lead), { name: `Restore ${lead.name}` })}
            {deleteButton}
          </div>
        ) : (
          <div className="flex flex-wrap justify-end gap-1">
            {!lead.claimedBy && !finished && (
              <ClaimButtons lead={lead} agents={agents} me={me} busy={working} tabbable={tabbable} size="small" onClaim={actions.onClaim} />
            )}
            {lead.claimedBy && !finished && (
              <>
                {button('Log call', () => actions.onLogCall(lead))}
                {button('Unclaim', () => actions.onUnclaim(lead))}
              </>
            )}
            {button('Notes', () => actions.onNotes(lead), { name: `Notes for ${lead.name}` })}
            {lead.status !== 'closed' && deleteButton}
          </div>
        )}
      </td>
    </tr>
  );
}
