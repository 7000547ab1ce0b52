// A customer's policies: list, add, change, remove. Every change goes to the activity log and, for a
// customer closed from a lead, to that lead's timeline (the customer's history, docs/product.md §12).
import mongoose from 'mongoose';
import {
  POLICY_LINE_LABELS,
  type Commission,
  type PolicyCreateInput,
  type PolicyData,
  type PolicyLine,
  type PolicyStatus,
  type PolicyUpdateInput,
  type PolicyView,
  type PremiumPeriod,
} from '../../schemas/policy.ts';
import { badRequest, notFound } from '../../server/errors.ts';
import { logActivity, type Actor, type ActivityAction } from '../activity';
import { getCustomerSummary } from '../customers';
import { addTimelineEntry } from '../leads';
import { PolicyModel, type PolicyRecord } from './schema.ts';

export function toPolicyView(p: PolicyRecord): PolicyView {
  return {
    policyId: String(p._id),
    customerId: String(p.customerId),
    carrier: p.carrier,
    line: p.line as PolicyLine,
    planName: p.planName ?? '',
    policyNumber: p.policyNumber ?? '',
    status: p.status as PolicyStatus,
    effectiveDate: p.effectiveDate,
    renewalDate: p.renewalDate ?? null,
    premiumCents: p.premiumCents,
    premiumPeriod: p.premiumPeriod as PremiumPeriod,
    commission: (p.commission as Commission | null) ?? null,
    writingAgent: p.writingAgent ?? '',
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

const describePolicy = (p: { carrier: string; line: string }) => `${p.carrier} ${POLICY_LINE_LABELS[p.line as PolicyLine] ?? p.line}`;

/** The activity entry and, for a customer from a lead, the timeline entry of one change. */
async function record(
  actor: Actor,
  action: ActivityAction,
  customer: { customerId: string; name: string; leadId: string | null },
  note: string,
) {
  await Promise.all([
    logActivity(actor, action, { customerId: customer.customerId, leadId: customer.leadId ?? undefined, leadName: customer.name }),
    customer.leadId ? addTimelineEntry(customer.leadId, { at: new Date(), kind: 'policy', user: actor.name, note }) : undefined,
  ]);
}

async function findPolicy(policyId: string): Promise<PolicyRecord> {
  const p = mongoose.isValidObjectId(policyId) ? await PolicyModel.findById(policyId).lean<PolicyRecord>() : null;
  if (!p) throw notFound('Policy not found');
  return p;
}

/** A customer's policies, the newest effective date first. */
export async function listPolicies(customerId: string): Promise<PolicyView[]> {
  await getCustomerSummary(customerId); // an unknown customer answers 404, not an empty list
  const rows = await PolicyModel.find({ customerId }).sort({ effectiveDate: -1, createdAt: -1 }).lean<PolicyRecord[]>();
  return rows.map(toPolicyView);
}

/** Adds a policy; the writing agent defaults to whoever records it. */
export async function addPolicy(input: PolicyCreateInput, actor: Actor): Promise<PolicyView> {
  const { customerId, ...fields } = input;
  const customer = await getCustomerSummary(customerId);
  return addPolicyTo(customer, fields, actor);
}

/** Adds a policy to a customer already read (also the first policy recorded when a lead is closed). */
export async function addPolicyTo(
  customer: { customerId: string; name: string; leadId: string | null },
  fields: PolicyData,
  actor: Actor,
): Promise<PolicyView> {
  const doc = await PolicyModel.create({
    ...fields,
    customerId: customer.customerId,
    renewalDate: fields.renewalDate ?? null,
    commission: fields.commission ?? null,
    writingAgent: fields.writingAgent || actor.name,
  });
  const view = toPolicyView(doc.toObject() as PolicyRecord);
  await record(actor, 'POLICY_ADDED', customer, `Policy added: ${describePolicy(view)}`);
  return view;
}

/** Changes the fields given; the effective and renewal dates are checked together with the stored ones. */
export async function updatePolicy(change: PolicyUpdateInput, actor: Actor): Promise<PolicyView> {
  const { policyId, ...fields } = change;
  const current = await findPolicy(policyId);
  const set: Record<string, unknown> = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  if ('renewalDate' in fields && fields.renewalDate === null) set.renewalDate = null;
  if ('commission' in fields && fields.commission === null) set.commission = null;
  const effective = (set.effectiveDate as string | undefined) ?? current.effectiveDate;
  const renewal = 'renewalDate' in set ? (set.renewalDate as string | null) : (current.renewalDate ?? null);
  if (renewal && renewal <= effective) throw badRequest('renewalDate: Renewal date must be after the effective date');
  const customer = await getCustomerSummary(String(current.customerId));
  const updated = await PolicyModel.findOneAndUpdate(
    { _id: current._id },
    { $set: set },
    { new: true, runValidators: true },
  ).lean<PolicyRecord>();
  if (!updated) throw notFound('Policy not found');
  const view = toPolicyView(updated);
  const statusNote = current.status !== view.status ? ` (${current.status} → ${view.status})` : '';
  await record(actor, 'POLICY_UPDATED', customer, `Policy changed: ${describePolicy(view)}${statusNote}`);
  return view;
}

export async function removePolicy(policyId: string, actor: Actor): Promise<void> {
  const current = await findPolicy(policyId);
  const { deletedCount } = await PolicyModel.deleteOne({ _id: current._id });
  if (deletedCount === 0) throw notFound('Policy not found');
  const customer = await getCustomerSummary(String(current.customerId)).catch(() => null);
  if (customer) await record(actor, 'POLICY_REMOVED', customer, `Policy removed: ${describePolicy(current)}`);
}
