// A lead the server just saved, written into the answers the console keeps (a list page, a record, My
// work), so a view or dialog opened right after the save shows the saved lead, not the one read before
// it; the queries are asked again as well (use-lead-saved.ts). Pure, so it is unit-tested.
import type { LeadView } from '../../schemas/lead.ts';

/** The saved lead over the kept one: what the save's answer leaves out (the do-not-contact look-up) stays. */
const merged = (kept: LeadView, saved: LeadView): LeadView => ({ ...kept, ...saved });

const replaceIn = (leads: LeadView[], saved: LeadView) =>
  leads.some((l) => l.leadId === saved.leadId) ? leads.map((l) => (l.leadId === saved.leadId ? merged(l, saved) : l)) : leads;

/**
 * `data` with `saved` in place of the lead of the same id, wherever a kept answer holds one: a list
 * page (`leads`), a record (`lead`), My work (`overdue`, `today`, `nearingPromise`). Anything else, or
 * an answer without that lead, comes back unchanged (the same object).
 */
export function withSavedLead<T>(data: T, saved: LeadView): T {
  if (!data || typeof data !== 'object') return data;
  const answer = data as Record<string, unknown>;
  let changed = false;
  const next: Record<string, unknown> = { ...answer };
  for (const key of ['leads', 'overdue', 'today', 'nearingPromise']) {
    const list = answer[key];
    if (!Array.isArray(list)) continue;
    const replaced = replaceIn(list as LeadView[], saved);
    if (replaced !== list) {
      next[key] = replaced;
      changed = true;
    }
  }
  const lead = answer.lead as LeadView | undefined;
  if (lead && typeof lead === 'object' && lead.leadId === saved.leadId) {
    next.lead = merged(lead, saved);
    changed = true;
  }
  return changed ? (next as T) : data;
}
