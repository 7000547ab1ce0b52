// What a lead's table row and its phone card share: the name linking to the record, the tap-to-call
// phone (src/components/CallLink.tsx), the status badge, and the claim buttons where the signed-in agent's own is the primary one.
import { Link } from 'react-router-dom';
import type { LeadStatus, LeadView } from '../../../../schemas/lead.ts';

const STATUS_TONE: Record<LeadStatus, string> = {
  unclaimed: 'bg-slate-100 text-slate-700',
  called: 'bg-sky-100 text-sky-800',
  'follow-up': 'bg-amber-100 text-amber-800',
  quoted: 'bg-violet-100 text-violet-800',
  closed: 'bg-emerald-100 text-emerald-800',
  lost: 'bg-rose-100 text-rose-800',
};

export const badge = 'inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold';

const STATUS_LABEL: Record<string, string> = { unclaimed: 'Unclaimed', closed: 'Closed', lost: 'Lost' };

/** A lead's status as a badge; a claimed lead nobody has worked yet reads "Claimed", never "Unclaimed". */
export function StatusBadge({ lead }: { lead: LeadView }) {
  const claimedNew = lead.status === 'unclaimed' && Boolean(lead.claimedBy);
  return (
    <span className={`${badge} ${claimedNew ? 'bg-sky-50 text-sky-800' : STATUS_TONE[lead.status]}`}>
      {claimedNew ? 'Claimed' : (STATUS_LABEL[lead.status] ?? lead.status)}
    </span>
  );
}

export const isFinished = (lead: LeadView) => lead.status === 'closed' || lead.status === 'lost';

export function NameLink({
  lead,
  href,
  className,
  tabbable = true,
}: {
  lead: LeadView;
  href: string;
  className: string;
  tabbable?: boolean;
}) {
  return (
    <Link to={href} className={className} tabIndex={tabbable ? undefined : -1}>
      {lead.name}
    </Link>
  );
}

/**
 * Claim buttons of an unclaimed lead: "Claim" (filled) for the signed-in agent, "Claim for <name>"
 * (outlined, dashed) for the others, so a slip onto the other agent's button is visible.
 */
export function ClaimButtons({
  lead,
  agents,
  me,
  busy,
  tabbable = true,
  size,
  onClaim,
}: {
  lead: LeadView;
  agents: string[];
  me: string | null;
  busy: boolean;
  tabbable?: boolean;
  size: 'small' | 'touch';
  onClaim(lead: LeadView, agent: string): void;
}) {
  const box = size === 'touch' ? 'min-h-11 px-3 text-sm' : 'px-2 py-1 text-xs';
  const ordered = me ? [me, ...agents.filter((a) => a !== me)] : agents;
  return (
    <>
      {ordered.map((agent) => (
        <button
          key={agent}
          type="button"
          disabled={busy}
          tabIndex={tabbable ? undefined : -1}
          onClick={() => onClaim(lead, agent)}
          className={`${box} rounded-md font-semibold disabled:opacity-50 ${
            agent === me
              ? 'bg-brand-600 text-white shadow-sm hover:bg-brand-700'
              : 'border border-dashed border-slate-400 bg-white text-slate-700 hover:bg-slate-50'
          }`}
        >
          {agent === me ? 'Claim' : `Claim for ${agent}`}
        </button>
      ))}
    </>
  );
}
