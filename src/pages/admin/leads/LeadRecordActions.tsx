// The lead record's controls: claim (the signed-in agent's own "Claim" first and primary, everyone
// else's "Claim for <name>" plainly secondary), Unclaim, the status, Notes, Log call and Delete.
import type { LeadView } from '../../../../schemas/lead.ts';
import { primaryButton, secondaryButton } from '../../../components/ui.tsx';
import { StatusSelect } from './StatusSelect.tsx';
import type { WorkingStatus } from './use-row-mutations.ts';

export interface RecordActions {
  onClaim(agent: string): void;
  onUnclaim(): void;
  onStatus(status: WorkingStatus): void;
  onNotes(): void;
  onLogCall(): void;
  onDelete(): void;
  /** A lost lead back to the queue, unclaimed. */
  onRestore(): void;
}

const dangerButton =
  'min-h-11 rounded-lg border border-rose-300 px-4 py-2 text-sm font-medium text-rose-700 hover:bg-rose-50 disabled:opacity-50';

export function LeadRecordActions(props: {
  lead: LeadView;
  /** The signed-in staff member's agent name, or null when they are no agent. */
  me: string | null;
  agents: string[];
  busy: boolean;
  actions: RecordActions;
}) {
  const { lead, me, busy, actions } = props;
  const finished = lead.status === 'closed' || lead.status === 'lost';
  const claimable = !lead.claimedBy && !finished;
  // Mine first, so the primary button is always where the eye lands.
  const others = props.agents.filter((a) => a !== me);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {claimable && me && props.agents.includes(me) && (
        <button type="button" className={primaryButton} disabled={busy} onClick={() => actions.onClaim(me)}>
          Claim
        </button>
      )}
      {claimable &&
        others.map((agent) => (
          <button key={agent} type="button" className={secondaryButton} disabled={busy} onClick={() => actions.onClaim(agent)}>
            Claim for {agent}
          </button>
        ))}
      {lead.claimedBy && !finished && (
        <>
          <button type="button" className={primaryButton} disabled={busy} onClick={actions.onLogCall}>
            Log call
          </button>
          <StatusSelect
            lead={lead}
            busy={busy}
            tabbable
            onCommit={actions.onStatus}
            className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base sm:text-sm"
          />
          <button type="button" className={secondaryButton} disabled={busy} onClick={actions.onUnclaim}>
            Unclaim
          </button>
        </>
      )}
      {lead.status === 'lost' && (
        <button type="button" className={primaryButton} disabled={busy} onClick={actions.onRestore}>
          Restore
        </button>
      )}
      <button type="button" className={secondaryButton} disabled={busy} onClick={actions.onNotes}>
        Notes
      </button>
      {lead.status !== 'closed' && (
        <button type="button" className={dangerButton} disabled={busy} onClick={actions.onDelete}>
          Delete
        </button>
      )}
      {claimable && <p className="w-full text-xs text-slate-600">Claim the lead to log a call or change its status.</p>}
    </div>
  );
}
