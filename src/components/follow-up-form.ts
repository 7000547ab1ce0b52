// The follow-up prompt's rules: its prefill (10:00 on the next business day in the lead's zone, shown in
// the browser's own time as a datetime-local value), the lead's local time of a picked value, and the check
// (the shared leadUpdateInput's, so the prompt and the server agree).
import { leadUpdateInput } from '../../schemas/lead.ts';
import { followUpZone, nextBusinessMorning } from '../../schemas/follow-up-time.ts';
import { site } from '../../schemas/brokerage.ts';
import { fromLocalInput, toLocalInput } from './log-call-form.ts';

type Region = { timeZones?: string[] | null } | null | undefined;

/** The lead's zone; the office's when the lead's is unknown. */
export const leadZone = (region: Region) => followUpZone(region, site.timeZone);

/** The prompt's first value: the next business morning in the lead's zone, as the browser's datetime-local value. */
export const defaultFollowUpInput = (region: Region, now: Date) => toLocalInput(nextBusinessMorning(now, leadZone(region)));

/** "Mon, Nov 30, 10:00 AM" in the lead's zone, for the line under the field; null for no valid value. */
export function leadLocalTime(value: string, region: Region): string | null {
  const at = fromLocalInput(value);
  if (!at) return null;
  return at.toLocaleString('en-US', {
    timeZone: leadZone(region),
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  });
}

/** The time to send, or the reason it cannot be sent. */
export function checkFollowUp(leadId: string, value: string): { at: Date } | { error: string } {
  const at = fromLocalInput(value);
  if (!at) return { error: 'Enter a valid follow-up date and time' };
  const parsed = leadUpdateInput.safeParse({ leadId, status: 'follow-up', followUpAt: at });
  if (!parsed.success) return { error: parsed.error.issues[0]!.message };
  return { at };
}
