// The leads under 640 px: one card per lead with its name (to the record), tap-to-call phone, age, status
// and main action (Claim while unclaimed, Log call once claimed), and a 44 px selection box for bulk actions.
import type { LeadView } from '../../../../schemas/lead.ts';
import { leadAge } from './lead-filters.ts';
import { CallingTime } from '../../../components/CallingTime.tsx';
import { ClaimButtons, NameLink, StatusBadge, badge, isFinished } from './RowParts.tsx';
import { PhoneLink } from '../../../components/CallLink.tsx';
import { DoNotContactBadge } from '../../../components/DoNotContact.tsx';
import type { LeadListProps } from './LeadTable.tsx';

const touchButton = 'min-h-11 rounded-md border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 disabled:opacity-50';
const box = 'flex h-11 w-11 shrink-0 items-center justify-center';

export function LeadCards(props: LeadListProps) {
  const { leads, selected } = props;
  const allSelected = leads.length > 0 && leads.every((l) => selected.has(l.leadId));
  return (
    <div className="sm:hidden">
      <label className="flex min-h-11 items-center text-sm font-medium text-slate-700">
        <span className={box}>
          <input type="checkbox" checked={allSelected} onChange={props.onToggleAll} className="h-5 w-5" />
        </span>
        Select all leads
      </label>
      <ul aria-label="Leads" className="space-y-3">
        {leads.map((lead) => (
          <li key={lead.leadId}>
            <LeadCard {...props} lead={lead} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function LeadCard({ lead, agents, me, now, selected, busy, highlight, recordHref, onToggle, actions }: LeadListProps & { lead: LeadView }) {
  const working = busy.has(lead.leadId);
  const finished = isFinished(lead);
  return (
    <article
      aria-label={lead.name}
      data-lead={lead.leadId}
      aria-busy={working}
      className={`min-w-0 rounded-xl border p-3 shadow-sm ${highlight.has(lead.leadId) ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'}`}
    >
      <div className="flex items-start gap-1">
        <label className={`${box} -ml-2 -mt-1`}>
          <input
            type="checkbox"
            aria-label={`Select ${lead.name}`}
            checked={selected.has(lead.leadId)}
            onChange={() => onToggle(lead.leadId)}
            className="h-5 w-5"
          />
        </label>
        <div className="min-w-0 flex-1">
          <NameLink
            lead={lead}
            href={recordHref(lead.leadId)}
            className="flex min-h-11 items-center break-words text-base font-semibold text-slate-900 underline-offset-2 hover:underline"
          />
          <div className="flex flex-wrap items-center gap-1 text-xs text-slate-600">
            <StatusBadge lead={lead} />
            {!finished && <span>{leadAge(lead.createdAt, now)} old</span>}
            {lead.overdue && <span className={`${badge} bg-rose-100 text-rose-800`}>Overdue</span>}
            <DoNotContactBadge mark={lead.doNotContact} />
            {lead.claimedBy && <span>· {lead.claimedBy}</span>}
          </div>
          {!finished && <CallingTime lead={lead} now={now} className="text-xs text-slate-600" />}
        </div>
      </div>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <PhoneLink
          lead={lead}
          className="flex min-h-11 items-center rounded-md border border-slate-300 px-3 text-sm font-medium text-brand-700"
        />
        {!lead.claimedBy && !finished && (
          <ClaimButtons lead={lead} agents={agents} me={me} busy={working} size="touch" onClaim={actions.onClaim} />
        )}
        {lead.claimedBy && !finished && (
          <button type="button" className={touchButton} disabled={working} onClick={() => actions.onLogCall(lead)}>
            Log call
          </button>
        )}
        {lead.status === 'lost' && (
          <button
            type="button"
            className={touchButton}
            disabled={working}
            onClick={() => actions.onRestore(lead)}
            aria-label={`Restore ${lead.name}`}
          >
            Restore
          </button>
        )}
        <button
          type="button"
          className={touchButton}
          disabled={working}
          onClick={() => actions.onNotes(lead)}
          aria-label={`Notes for ${lead.name}`}
        >
          Notes
        </button>
      </div>
    </article>
  );
}
