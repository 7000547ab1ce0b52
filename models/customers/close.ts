// Closing a lead into a customer (docs/product.md §6): the customer is created (or a retried save's
// reused) first, and only then is the lead marked closed; a failed close takes its customer back.
import mongoose from 'mongoose';
import { closeLeadCustomer, type CloseLeadCustomerInput } from '../../schemas/customer.ts';
import { badRequest, conflict, describeZodError, isDuplicateKey, notFound } from '../../server/errors.ts';
import { openText } from '../../server/field-crypto.ts';
import { logActivity, type Actor } from '../activity';
import { CustomerModel, toDocFields } from './customer.ts';
import { withLeadNotes } from './notes.ts';
import { addTimelineEntry, leadChanged, leadStatusOf, markLeadClosed, readLead } from '../leads';

/**
 * Takes back the customer a failed close created, unless the lead did get closed (a write reported
 * as failed that went through, or a concurrent save of the same form): a closed lead keeps its
 * customer. If even this cannot run, the customer stays and the retried save reuses it.
 */
async function undoCreate(customerId: string, leadId: mongoose.Types.ObjectId): Promise<void> {
  try {
    if ((await leadStatusOf(leadId)) !== 'closed') await CustomerModel.deleteOne({ _id: customerId, leadKey: String(leadId) });
  } catch {
    // The caller reports the original failure.
  }
}

/**
 * Creates the lead's customer (or reuses the one a retried save already created) and only then
 * marks the lead closed. Without `customer`, the lead's own name, email and phone are used.
 * If marking the lead fails, the customer created here is deleted again: the lead stays as it was.
 */
export async function closeLeadIntoCustomer(
  leadId: string,
  customer: CloseLeadCustomerInput | undefined,
  actor: Actor,
): Promise<{ customerId: string }> {
  const lead = mongoose.isValidObjectId(leadId) ? await readLead(leadId) : null;
  if (!lead) throw notFound('Lead not found');
  const leadKey = String(lead._id);

  if (lead.status === 'closed') {
    // A retried save whose first attempt got through: answer as that one did.
    const existing = await CustomerModel.findOne({ leadKey }).select({ _id: 1 }).lean();
    if (existing) return { customerId: String(existing._id) };
    throw conflict('This lead is already closed.');
  }
  if (lead.status === 'lost') throw conflict('A lost lead cannot be closed. Restore it first.');
  if (!lead.claimedBy) throw conflict('Claim this lead before changing its status.');

  const parsed = closeLeadCustomer.safeParse(customer ?? { name: lead.name, email: lead.email, phone: lead.phone });
  if (!parsed.success) throw badRequest(describeZodError(parsed.error));
  const fields = toDocFields({ ...parsed.data, notes: withLeadNotes(parsed.data.notes, openText(lead.notes)) });

  let customerId: string;
  let createdHere = false;
  try {
    const doc = await CustomerModel.create({ ...fields, leadId: lead._id, leadKey });
    customerId = doc.id as string;
    createdHere = true;
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
    // An earlier attempt created it and stopped before closing the lead: reuse it with this form's values.
    const existing = await CustomerModel.findOneAndUpdate({ leadKey }, { $set: fields }, { new: true, runValidators: true }).lean();
    if (!existing) throw leadChanged();
    customerId = String(existing._id);
  }

  const closed = await markLeadClosed(lead, lead.contactedAt ?? new Date()).catch(async (err: unknown) => {
    if (createdHere) await undoCreate(customerId, lead._id);
    throw err;
  });
  if (!closed) {
    // Another request may have closed it with this same customer; then all is done.
    const now = await leadStatusOf(lead._id);
    if (now === 'closed') return { customerId };
    if (createdHere) await undoCreate(customerId, lead._id);
    if (!now) throw notFound('Lead not found');
    throw leadChanged();
  }

  const leadName = lead.name;
  await Promise.all([
    logActivity(actor, 'CUSTOMER_CREATED', { customerId, leadId: leadKey, leadName, claimedBy: lead.claimedBy }),
    addTimelineEntry(lead._id, { at: new Date(), kind: 'customer', user: actor.name, status: 'closed' }),
  ]);
  await logActivity(actor, 'LEAD_STATUS_UPDATED', { leadId: leadKey, leadName, claimedBy: lead.claimedBy, newStatus: 'closed' });
  return { customerId };
}
