// A lead's record as the console shows it (docs/product.md §10): the leads' own record, with the customer made from it.
import type { LeadRecordView } from '../../schemas/lead.ts';
import { getLeadRecord } from '../leads';
import { customerIdOfLead } from './customer.ts';

/** A lead's record with the id of the customer made from it, or null. */
export async function leadRecordWithCustomer(leadId: string): Promise<LeadRecordView> {
  const [record, customerId] = await Promise.all([getLeadRecord(leadId), customerIdOfLead(leadId)]);
  return { ...record, customerId };
}
