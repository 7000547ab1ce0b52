// The customers' lists with each customer's policies in brief (carrier, line, status): the customers are
// models/customers', the policy lines models/policies'.
import type { CustomerSummary } from '../../schemas/customer.ts';
import { customerSummaryBatches, listCustomers } from '../customers';
import { withPolicyLines } from '../policies';

/** Every customer as the list shows it, newest first, with their policies in brief. */
export async function listCustomersWithPolicies(): Promise<CustomerSummary[]> {
  return withPolicyLines(await listCustomers(), 'all');
}

/** Every customer with their policies in brief, newest first, a batch at a time. */
export async function* customerBatchesWithPolicies(): AsyncGenerator<CustomerSummary[]> {
  for await (const batch of customerSummaryBatches()) yield await withPolicyLines(batch);
}
