// The decisions behind the console's and the API's lead updates that reach beyond the lead itself:
// a status of "closed" goes through the lead's customer (models/customers/customer.ts), and a lead with a
// customer is never deleted. routers/leads.ts calls these and nothing else. Beside models/customers/customer.ts and
// models/leads/, not inside either: it uses both, and each folder only imports the ones below it.
import type { LeadRecordView, LeadUpdateInput, LeadView } from '../schemas/lead.ts';
import { conflict } from '../server/errors.ts';
import type { Actor } from './activity.ts';
import { customerIdOfLead, closeLeadIntoCustomer } from './customers';
import { BELONGS_TO_CUSTOMER, deleteLead, getLeadRecord, getLeadView, updateLead } from './leads';

/**
 * Changes a lead's status and/or notes. Closing without the customer form (bulk "mark closed", the
 * REST API) makes a customer from the lead's own contact details; a lead already closed stays so.
 */
export async function changeLeadStatusOrNotes(change: LeadUpdateInput, actor: Actor, timeZone?: string): Promise<LeadView> {
  const { leadId, status, notes, followUpAt } = change;
  if (status !== 'closed') return updateLead(leadId, { status, notes, followUpAt }, actor, timeZone);
  const lead = await getLeadView(leadId);
  if (lead.status !== 'closed') await closeLeadIntoCustomer(leadId, undefined, actor);
  return notes === undefined ? getLeadView(leadId) : updateLead(leadId, { notes }, actor);
}

/** Deletes a lead unless a customer was made from it (even an unclosed one: a half-finished close must not strand it). */
export async function removeLead(leadId: string, actor: Actor): Promise<{ success: true }> {
  if (await customerIdOfLead(leadId)) throw conflict(BELONGS_TO_CUSTOMER);
  await deleteLead(leadId, actor);
  return { success: true };
}

/** A lead's record as the console shows it, with the customer made from it. */
export const leadRecordWithCustomer = (leadId: string): Promise<LeadRecordView> => getLeadRecord(leadId, customerIdOfLead);
