// Closing a lead into a customer (docs/product.md §6 and §12), the one flow behind every way the
// console and the API close or remove a lead: the customer form (with, optionally, the customer's first
// policy), a hand-added customer given a lead, and a status of "closed". The close itself is
// models/customers/close.ts's; a lead with a customer is never deleted.
import type { CloseLeadCustomerInput, CustomerCreateInput, CustomerSummary } from '../../schemas/customer.ts';
import type { LeadUpdateInput, LeadView } from '../../schemas/lead.ts';
import type { PolicyData } from '../../schemas/policy.ts';
import { conflict } from '../../server/errors.ts';
import type { Actor } from '../activity';
import { closeLeadIntoCustomer, createCustomer, customerIdOfLead, getCustomerSummary } from '../customers';
import { BELONGS_TO_CUSTOMER, deleteLead, getLeadView, updateLead } from '../leads';
import { addPolicyTo, PolicyModel } from '../policies';

/**
 * The customer-information form of a lead being closed, with the customer's first policy when one is
 * given: the policy is added once the lead is closed, and a retried save whose first attempt got that
 * far does not add it twice.
 */
export async function closeLead(
  leadId: string,
  customer: CloseLeadCustomerInput | undefined,
  policy: PolicyData | undefined,
  actor: Actor,
): Promise<{ customerId: string }> {
  const closed = await closeLeadIntoCustomer(leadId, customer, actor);
  if (policy && !(await PolicyModel.exists({ customerId: closed.customerId }))) {
    await addPolicyTo(await getCustomerSummary(closed.customerId), policy, actor);
  }
  return closed;
}

/** A hand-added customer; given a leadId it closes that lead into this customer instead. */
export async function addCustomer(input: CustomerCreateInput, actor: Actor): Promise<CustomerSummary> {
  const { leadId, ...fields } = input;
  if (!leadId) return createCustomer(fields, actor);
  const { customerId } = await closeLeadIntoCustomer(leadId, fields, actor);
  return getCustomerSummary(customerId);
}

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
