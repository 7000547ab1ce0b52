// Logging a call (docs/product.md §10) with its outcome, note and next follow-up: the do-not-contact
// check before it, the Scope of Appointment a Medicare appointment needs, and the mark the outcome
// "do-not-contact" sets. One flow, called by leads.logCall in a line.
import type { LogCallInput } from '../../schemas/lead.ts';
import type { Actor } from '../activity';
import { logWithSoa } from '../compliance';
import { logCall } from '../leads';
import { checkCallAllowed, markDoNotContact } from '../privacy';

/**
 * A person who asked not to be contacted: the call needs `confirmDoNotContact`, and the outcome
 * "do-not-contact" marks them. `kind: "medicare-appointment"` without a valid Scope of Appointment
 * needs `soaReason` (409 otherwise); the note keeps it.
 */
export async function logCallWithFollowUp(input: LogCallInput, actor: Actor) {
  const asked = input.outcome === 'do-not-contact';
  if (!asked) await checkCallAllowed(input.leadId, Boolean(input.confirmDoNotContact), actor);
  // A Medicare appointment uses its valid Scope of Appointment, or needs a reason; the note keeps which.
  const lead =
    input.kind === 'medicare-appointment'
      ? await logWithSoa(input.leadId, input.soaReason, actor.name, (soaNote) => {
          input = { ...input, note: input.note ? `${soaNote}\n${input.note}` : soaNote };
          return logCall(input, actor);
        })
      : await logCall(input, actor);
  if (!asked) return lead;
  return { ...lead, doNotContact: await markDoNotContact({ leadId: input.leadId, reason: input.note }, actor, 'call') };
}
