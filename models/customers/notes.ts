// A closed lead's notes carried into its customer's notes (docs/product.md §10).
import { NOTES_MAX } from '../../schemas/lead.ts';

/**
 * The customer's notes on closing: the lead's notes follow it (docs/product.md §10). Empty form
 * notes take the lead's; otherwise the lead's are added after a blank line unless already there (a
 * retried save). The customer's notes keep their limit: what does not fit stays on the lead.
 */
export function withLeadNotes(formNotes: string | undefined, leadNotes: string | null | undefined): string {
  const form = (formNotes ?? '').trim();
  const fromLead = (leadNotes ?? '').trim();
  if (!fromLead || form.includes(fromLead)) return form;
  const merged = form ? `${form}\n\n${fromLead}` : fromLead;
  return merged.length > NOTES_MAX ? `${merged.slice(0, NOTES_MAX - 1)}…` : merged;
}
