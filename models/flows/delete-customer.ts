// Deleting a customer (docs/product.md §6 and §12): the customer (models/customers), the lead it was closed
// from (models/leads) given back to its agent, and the customer's policies (models/policies) dropped.
import { notFound } from '../../server/errors.ts';
import { logActivity, type Actor } from '../activity';
import { CustomerModel, findCustomer } from '../customers';
import { leadStatusOf, reopenClosedLead } from '../leads';
import { dropCustomerPolicies } from '../policies';

/**
 * Deletes a customer. One made from a lead gives that lead back to its agent as follow-up: the
 * customer goes first (meanwhile a closed lead without customer refuses every change), then the
 * lead reopens; if that fails the customer is put back as it was.
 */
export async function deleteCustomer(customerId: string, actor: Actor): Promise<void> {
  const current = await findCustomer(customerId);
  const { deletedCount } = await CustomerModel.deleteOne({ _id: current._id });
  if (deletedCount === 0) throw notFound('Customer not found');
  if (current.leadId) {
    const reopened = await reopenClosedLead(current.leadId).catch(async (err: unknown) => {
      // Put the customer back unless the lead did reopen (a write reported as failed that went through).
      const now = await leadStatusOf(current.leadId).catch(() => null);
      if (!now || now === 'closed') await CustomerModel.collection.insertOne(current).catch(() => undefined);
      throw err;
    });
    if (reopened) {
      await logActivity(actor, 'LEAD_STATUS_UPDATED', {
        leadId: String(current.leadId),
        leadName: reopened.name,
        claimedBy: reopened.claimedBy ?? undefined,
        newStatus: 'follow-up',
      });
    }
  }
  await dropCustomerPolicies(current._id); // a deleted customer's policies go with it
  await logActivity(actor, 'CUSTOMER_DELETED', {
    customerId,
    leadId: current.leadId ? String(current.leadId) : undefined,
    leadName: current.name,
  });
}
