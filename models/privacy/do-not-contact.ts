// "Asked not to be contacted" (README.md, Contact rules): recorded from a lead, a customer card or a call outcome, lifted
// by an admin with a reason, and checked before a call is logged. The list itself is suppression-store.ts;
// every step goes to the activity log.
import { getLeadView } from '../leads';
import { getCustomerSummary } from '../customers';
import { logActivity, type Actor } from '../activity';
import { conflict } from '../../server/errors.ts';
import type { DoNotContactView } from '../../schemas/privacy.ts';
import type { LeadView } from '../../schemas/lead.ts';
import { contactKeys, liftKeys, suppressKeys, suppressionOf, suppressionsFor } from './suppression-store.ts';

export const DO_NOT_CONTACT_LABEL = 'Asked not to be contacted';

interface Person {
  email: string;
  phone: string;
  name: string;
  leadId?: string;
  customerId?: string;
}

/** The person a lead or a customer is (404 for an unknown id). */
async function personOf(target: { leadId?: string; customerId?: string }): Promise<Person> {
  if (target.leadId) {
    const l = await getLeadView(target.leadId);
    return { email: l.email, phone: l.phone, name: l.name, leadId: l.leadId };
  }
  const c = await getCustomerSummary(target.customerId ?? '');
  return { email: c.email, phone: c.phone, name: c.name, customerId: c.customerId, ...(c.leadId ? { leadId: c.leadId } : {}) };
}

/** Marks the lead's or customer's email and phone "do not contact": every lead and customer with either is marked. */
export async function markDoNotContact(
  target: { leadId?: string; customerId?: string; reason?: string },
  actor: Actor,
  via: 'lead' | 'customer' | 'call',
): Promise<DoNotContactView> {
  const person = await personOf(target);
  await suppressKeys(contactKeys(person.email, person.phone), { by: actor.name, reason: target.reason ?? '', via });
  await logActivity(actor, 'DO_NOT_CONTACT_SET', { leadId: person.leadId, customerId: person.customerId, leadName: person.name });
  return (await suppressionOf(person.email, person.phone))!;
}

/** Lifts the mark (the procedure checks the admin); the reason is kept on the entries and in the log. */
export async function liftDoNotContact(
  target: { leadId?: string; customerId?: string; reason: string },
  actor: Actor,
): Promise<{ lifted: number }> {
  const person = await personOf(target);
  const lifted = await liftKeys(contactKeys(person.email, person.phone), { by: actor.name, reason: target.reason });
  if (!lifted) throw conflict('This person is not marked "do not contact".');
  await logActivity(actor, 'DO_NOT_CONTACT_LIFTED', { leadId: person.leadId, customerId: person.customerId, leadName: person.name });
  return { lifted };
}

export const CALL_NEEDS_CONFIRMATION = 'This person asked not to be contacted. Confirm to log the call anyway.';

/**
 * Before a call is logged on a lead: a suppressed person's call needs the caller's confirmation, and the
 * override is logged. A call whose outcome is the request itself needs none.
 */
export async function checkCallAllowed(leadId: string, confirmed: boolean, actor: Actor): Promise<void> {
  const lead = await getLeadView(leadId);
  if (!(await suppressionOf(lead.email, lead.phone))) return;
  if (!confirmed) throw conflict(CALL_NEEDS_CONFIRMATION);
  await logActivity(actor, 'DO_NOT_CONTACT_OVERRIDDEN', { leadId, leadName: lead.name, claimedBy: lead.claimedBy ?? undefined });
}

/** Rows looked up in one read of the list: a page, or a batch of a streamed list. */
const MARK_BATCH = 500;

/** The same leads (or customers) with their do-not-contact mark (or null): one read of the list per 500 rows. */
export async function withDoNotContact<T extends Pick<LeadView, 'email' | 'phone'>>(
  rows: T[],
): Promise<(T & { doNotContact: DoNotContactView | null })[]> {
  const marks: (DoNotContactView | null)[] = [];
  for (let i = 0; i < rows.length; i += MARK_BATCH) marks.push(...(await suppressionsFor(rows.slice(i, i + MARK_BATCH))));
  return rows.map((r, i) => ({ ...r, doNotContact: marks[i] ?? null }));
}

/** Each batch of a streamed list with its do-not-contact marks: one read of the list per batch, not per row. */
export async function* withDoNotContactBatches<T extends Pick<LeadView, 'email' | 'phone'>>(batches: AsyncIterable<T[]>) {
  for await (const batch of batches) yield await withDoNotContact(batch);
}
