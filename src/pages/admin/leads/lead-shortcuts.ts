// The keys of the leads table: moving between rows (arrows, Home/End, j/k) and the shortcuts of a focused
// row (c claim for me, l log call, n notes, Enter open). Pure, so it is unit-tested.
import type { LeadView } from '../../../../schemas/lead.ts';
import type { WorkingStatus } from './use-row-mutations.ts';

/** What a row can do; the table's buttons and the shortcuts call the same. */
export interface RowActions {
  onClaim(lead: LeadView, agent: string): void;
  /** Claim for the signed-in agent (the "c" shortcut). */
  onClaimMine(lead: LeadView): void;
  onUnclaim(lead: LeadView): void;
  onStatus(lead: LeadView, status: WorkingStatus): void;
  onLogCall(lead: LeadView): void;
  onNotes(lead: LeadView): void;
  onOpen(lead: LeadView): void;
  onDelete(lead: LeadView): void;
  /** A lost lead back to the queue, unclaimed (as the Lost tab's bulk Restore). */
  onRestore(lead: LeadView): void;
  onShowFirst(leadId: string): void;
}

/** The shortcuts as the help text lists them. */
export const SHORTCUTS: [keys: string, what: string][] = [
  ['↑ ↓ or j k', 'next / previous lead'],
  ['Home End', 'first / last lead'],
  ['c', 'claim for me'],
  ['l', 'log a call'],
  ['n', 'notes'],
  ['Enter', 'open the lead'],
];

/** The row a key moves to from `index` of `count` rows; null when the key does not move. */
export function rowMove(key: string, index: number, count: number): number | null {
  if (count === 0) return null;
  switch (key) {
    case 'ArrowDown':
    case 'j':
      return Math.min(count - 1, index + 1);
    case 'ArrowUp':
    case 'k':
      return Math.max(0, index - 1);
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

const canWork = (lead: LeadView) => lead.claimedBy !== null && lead.status !== 'closed' && lead.status !== 'lost';

/** Runs a focused row's shortcut; answers whether the key was one. Keys that do not apply to the lead do nothing. */
export function rowShortcut(key: string, lead: LeadView, actions: RowActions): boolean {
  switch (key) {
    case 'c':
      if (!lead.claimedBy && lead.status === 'unclaimed') actions.onClaimMine(lead);
      return true;
    case 'l':
      if (canWork(lead)) actions.onLogCall(lead);
      return true;
    case 'n':
      actions.onNotes(lead);
      return true;
    case 'Enter':
      actions.onOpen(lead);
      return true;
    default:
      return false;
  }
}
