// Who reads a customer's medical details: history, medications, preferred doctor and notes
// (MEDICAL_FIELDS, never in a list answer). With the office setting `medicalAccess` at 'all-staff' (the
// default) every staff member does; at 'own-agent-and-admins' the customer's own agent (the agent who
// held its lead) and admins do, and others see only whether details are on file until they open them
// with a reason, which the audit log records (sealed at rest: a reason is health data too).
import mongoose from 'mongoose';
import { MEDICAL_FIELDS, type CustomerDetail } from '../../schemas/customer.ts';
import { getOfficeSettings } from '../office';
import { leadHolderOf } from '../leads';

/** The agent who held the customer's lead, or null (a customer added by hand has none). */
async function ownAgentOf(customer: CustomerDetail): Promise<string | null> {
  if (!customer.leadId || !mongoose.isValidObjectId(customer.leadId)) return null;
  return leadHolderOf(customer.leadId);
}

/** Whether this reader may see the medical details without giving a reason. */
export async function mayReadMedical(customer: CustomerDetail, reader: { name: string; isAdmin: boolean }): Promise<boolean> {
  if (reader.isAdmin) return true;
  const { medicalAccess } = await getOfficeSettings();
  if (medicalAccess === 'all-staff') return true;
  const agent = await ownAgentOf(customer);
  return agent !== null && agent.toLowerCase() === reader.name.toLowerCase();
}

/** The customer as a reader without access sees it: that details exist, not what they say. */
export const withheldMedical = (customer: CustomerDetail): CustomerDetail => ({
  ...customer,
  ...Object.fromEntries(MEDICAL_FIELDS.map((f) => [f, ''])),
  medicalWithheld: true,
  medicalOnFile: MEDICAL_FIELDS.some((f) => Boolean(customer[f])),
});
