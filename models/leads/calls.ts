// Logging a call on a lead (docs/product.md §10): its outcome, a note and the next follow-up, in one
// conditional write of the lead, with the activity entry and the timeline entry written beside it.
import type { LeadStatus, LeadView, LogCallInput } from '../../schemas/lead.ts';
import { conflict } from '../../server/errors.ts';
import { logActivity, type Actor } from '../activity';
import { findLead } from './lead.ts';
import { changeLead } from './write.ts';
import { toLeadView } from './view.ts';
import type { LeadRecord } from './schema.ts';
import { addTimelineEntry } from './timeline.ts';
import { leadChanged } from './rules.ts';
import { recentCallTimes } from './recent-calls.ts';
import { callingCheck } from '../../schemas/calling-hours.ts';

export const CLAIM_BEFORE_CALL = 'Claim this lead before logging a call.';

/**
 * A call moves a claimed lead that was never worked to "called", or to "follow-up" when one is
 * set; a called lead with a follow-up becomes "follow-up"; quoted and follow-up leads keep theirs.
 */
export function statusAfterCall(status: LeadStatus, followUp: boolean): LeadStatus {
  if (status === 'unclaimed' || status === 'called') return followUp ? 'follow-up' : 'called';
  return status;
}

function refuseCall(lead: LeadRecord): void {
  if (lead.status === 'closed') throw conflict('A closed lead takes no more calls: its customer exists.');
  if (lead.status === 'lost') throw conflict('A lost lead takes no calls. Restore it first.');
  if (!lead.claimedBy) throw conflict(CLAIM_BEFORE_CALL);
}

/**
 * Tries enough for every call of a burst on one lead to land: an attempt is refused only when the
 * lead's status, holder or first contact changed since it was read, and a call changes the status
 * at most twice (unclaimed, called, follow-up) and the first contact once.
 */
const ATTEMPTS = 6;

/** An activity entry for each calling rule a logged call passes over: the lead's hours, Florida's cap (the console warned first). */
async function noteCallingRuleOverride(lead: LeadRecord, at: Date, actor: Actor): Promise<void> {
  const check = callingCheck(lead.region ?? null, at, recentCallTimes(lead.recentCalls, at).length);
  const details = { leadId: String(lead._id), leadName: lead.name };
  await Promise.all([
    check.hoursWarning && logActivity(actor, 'CALL_OUTSIDE_HOURS', { ...details, reason: check.hoursWarning }),
    check.capWarning && logActivity(actor, 'CALL_OVER_DAILY_CAP', { ...details, reason: check.capWarning }),
  ]);
}

/**
 * A call placed from the console's call link past its warning (outside the lead's hours or over
 * Florida's cap): noted in the activity log. Nothing is noted when the call keeps the rules after all.
 */
export async function noteCallPastWarning(leadId: string, actor: Actor): Promise<{ noted: boolean }> {
  const lead = await findLead(leadId);
  const at = new Date();
  const noted = callingCheck(lead.region ?? null, at, recentCallTimes(lead.recentCalls, at).length).warning !== null;
  if (noted) await noteCallingRuleOverride(lead, at, actor);
  return { noted };
}

/**
 * Logs a call. The write is conditional on the holder, status and first contact as read, so a call
 * racing an unclaim either lands before it (and the unclaim follows) or is refused as unclaimed:
 * never a call half-written on a lead nobody holds. Concurrent calls on one lead all land.
 */
export async function logCall(input: LogCallInput, actor: Actor): Promise<LeadView> {
  const { leadId, outcome, note } = input;
  const followUpAt = input.followUpAt ?? null;
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const lead = await findLead(leadId);
    refuseCall(lead);
    const at = new Date();
    const firstContact = !lead.contactedAt;
    const status = statusAfterCall(lead.status as LeadStatus, followUpAt !== null);
    const changed = await changeLead(
      { _id: lead._id, claimedBy: lead.claimedBy, status: lead.status, ...(firstContact ? { contactedAt: null } : {}) },
      {
        lastCall: { at, outcome, by: actor.name },
        recentCalls: [...recentCallTimes(lead.recentCalls, at), at],
        followUpAt,
        status,
        ...(firstContact ? { contactedAt: at } : {}),
      },
      ({ before, after }) =>
        Promise.all([
          // Logged past the console's warning: outside calling hours or over Florida's cap.
          noteCallingRuleOverride(lead, at, actor),
          logActivity(actor, 'LEAD_CALL_LOGGED', {
            leadId,
            leadName: after.name,
            claimedBy: after.claimedBy ?? undefined,
            newStatus: after.status !== before.status ? after.status : undefined,
            outcome,
          }),
          addTimelineEntry(lead._id, { at, kind: 'call', user: actor.name, outcome, note: note || undefined, followUpAt }),
        ]),
    );
    if (changed) return toLeadView(changed.after);
  }
  throw leadChanged();
}
