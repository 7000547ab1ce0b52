// Closing a lead into a customer with, optionally, the customer's first policy in the same form
// (docs/product.md §12). The close itself is models/customers/close.ts's, unchanged; the policy is added once the
// lead is closed, and a retried save whose first attempt got that far does not add it twice.
import type { PolicyData } from '../../schemas/policy.ts';
import type { CloseLeadCustomerInput } from '../../schemas/customer.ts';
import type { Actor } from '../activity.ts';
import { getCustomerSummary, closeLeadIntoCustomer } from '../customers';
import { addPolicyTo } from './policy.ts';
import { PolicyModel } from './schema.ts';

export async function closeLeadWithFirstPolicy(
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
