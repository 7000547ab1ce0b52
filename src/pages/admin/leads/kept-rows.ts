// Rows the broker just acted on stay where they were until the view changes: a lead claimed on the
// Unclaimed tab no longer belongs there, but vanishing would hide what happened. Pure, so it is unit-tested.
import type { LeadView } from '../../../../schemas/lead.ts';

/** A lead kept on screen, with the place it had in the list. */
export interface KeptRow {
  lead: LeadView;
  index: number;
}

/** The page as the server sent it, with each kept lead the server no longer lists put back at its place. */
export function withKeptRows(leads: LeadView[], kept: Map<string, KeptRow>): LeadView[] {
  const listed = new Set(leads.map((l) => l.leadId));
  const missing = [...kept.values()].filter((k) => !listed.has(k.lead.leadId)).sort((a, b) => a.index - b.index);
  const rows = [...leads];
  for (const { lead, index } of missing) rows.splice(Math.min(index, rows.length), 0, lead);
  return rows;
}
