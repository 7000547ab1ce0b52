// Every answer that shows a lead (or a customer, who is a lead closed) is built here, so each one carries the
// do-not-contact mark of its person (README.md, Contact rules) and My work leaves those people out.
import type { LeadPageInput } from '../../schemas/lead.ts';
import { leadBatchesNewestFirst, leadPage, myWork } from '../leads';
import { leadRecordWithCustomer } from '../customers';
import { withDoNotContact, withDoNotContactBatches, withoutDoNotContact } from '../privacy';
import { customerBatchesWithPolicies, listCustomersWithPolicies } from './customer-lists.ts';

/** Every lead, newest first, a batch at a time, with their marks (one read of the list per batch). */
export const markedLeadBatches = () => withDoNotContactBatches(leadBatchesNewestFirst());

/** Every lead, newest first, gathered from the same batches. */
export async function allMarkedLeads() {
  const all = [];
  for await (const batch of markedLeadBatches()) all.push(...batch);
  return all;
}

/** One page of a tab of the console's list, with the tabs' counts and the marks. */
export async function markedLeadPage(input: LeadPageInput) {
  const page = await leadPage(input);
  return { ...page, leads: await withDoNotContact(page.leads) };
}

/** A lead's record with its customer, the lead marked. */
export async function markedLeadRecord(leadId: string) {
  const record = await leadRecordWithCustomer(leadId);
  return { ...record, lead: (await withDoNotContact([record.lead]))[0]! };
}

/** The customers' list with their marks. */
export const markedCustomers = async () => withDoNotContact(await listCustomersWithPolicies());

/** The customers a batch at a time with their marks. */
export const markedCustomerBatches = () => withDoNotContactBatches(customerBatchesWithPolicies());

/** My work without the people who asked not to be contacted. */
export const myWorkToCall = async (...request: Parameters<typeof myWork>) => withoutDoNotContact(await myWork(...request));
