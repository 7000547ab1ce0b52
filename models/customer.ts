// Customers, and closing a lead into a customer. (Filled by the customers issue.)
import type { Actor } from './activity.ts';

/** Contact details and optional profile fields captured when a lead is closed. */
export interface CloseLeadCustomerInput {
  name: string;
  email: string;
  phone: string;
  [field: string]: unknown;
}

/**
 * Creates the lead's customer (or reuses the one a retried save already created) and only then
 * marks the lead closed. Without `customer`, the lead's own name, email and phone are used.
 */
export async function closeLeadIntoCustomer(_leadId: string, _customer: CloseLeadCustomerInput | undefined, _actor: Actor): Promise<{ customerId: string }> {
  throw new Error('closeLeadIntoCustomer is not implemented yet');
}
