// Customers, and closing a lead into a customer: no closed lead without its customer and no
// customer of a lead that is not closed. The database has no transactions, so each operation orders
// its writes so that a failure midway is undone, and a retry finds and reuses what was written.
import { randomUUID } from 'node:crypto';
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import {
  ANNUAL_INCOMES,
  BUDGET_RANGES,
  EMPLOYMENT_STATUSES,
  INSURANCE_PROVIDERS,
  INSURANCE_TYPES,
  PLAN_TYPES,
  AGE_MAX,
  AGE_MIN,
  KIDS_MAX,
  KIDS_MIN,
  DETAIL_LABELS,
  REQUIRED_DETAILS,
  kidsProblem,
  type CloseLeadCustomer,
  type CustomerData,
  type CustomerDetail,
  type CustomerSummary,
  type CustomerUpdate,
  type InsuranceType,
  type PlanType,
} from '../../schemas/customer.ts';
import { ageOn, unsetDetails } from '../../schemas/customer-details.ts';
import { phoneKey } from '../../schemas/phone.ts';
import { badRequest, notFound } from '../../server/errors.ts';
import { logActivity, type Actor } from '../activity';
import { CUSTOMER_SEALED, openFields, sealFields } from '../keys';
import { todayIn } from '../../schemas/book-windows.ts';
import { site } from '../../schemas/brokerage.ts';

const customerSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    phone: { type: String, required: true, trim: true },
    /** The phone's digits only, for search. */
    phoneDigits: { type: String, default: '' },
    age: { type: Number, min: AGE_MIN, max: AGE_MAX, default: null },
    hasKids: { type: Boolean, default: false },
    kidsCount: { type: Number, min: KIDS_MIN, max: KIDS_MAX, default: null },
    kidsAges: { type: String, default: '' },
    currentInsurance: { type: String, default: '' },
    insuranceProvider: { type: String, enum: [...INSURANCE_PROVIDERS, null], default: null },
    desiredCoverage: { type: String, default: '' },
    budgetRange: { type: String, enum: [...BUDGET_RANGES, null], default: null },
    medicalHistory: { type: String, default: '' },
    medications: { type: String, default: '' },
    preferredDoctor: { type: String, default: '' },
    insuranceType: { type: String, enum: INSURANCE_TYPES, default: 'individual' },
    planType: { type: String, enum: PLAN_TYPES, default: 'PPO' },
    employmentStatus: { type: String, enum: [...EMPLOYMENT_STATUSES, null], default: null },
    annualIncome: { type: String, enum: [...ANNUAL_INCOMES, null], default: null },
    /** YYYY-MM-DD: a calendar day, not an instant. */
    policyStartDate: { type: String, default: null },
    /** YYYY-MM-DD, optional: My work's Medicare age-ins use it before the age. */
    birthDate: { type: String, default: null },
    notes: { type: String, default: '' },
    leadId: { type: Schema.Types.ObjectId, ref: 'Lead', default: null },
    /**
     * At most one customer per lead: the lead's id for a customer made from a lead, a fresh random
     * value for one added by hand. Always set, so a plain unique index enforces the rule (the embedded
     * database has no partial indexes).
     */
    leadKey: { type: String, required: true, unique: true },
  },
  { timestamps: true },
);
customerSchema.index({ createdAt: -1 });

type Customer = InferSchemaType<typeof customerSchema>;
export type CustomerRecord = Customer & { _id: mongoose.Types.ObjectId; createdAt: Date; updatedAt: Date };
export const CustomerModel = mongoose.model('Customer', customerSchema);

/** The list's projection: the medical fields (MEDICAL_FIELDS) are never read for a list. */
export const SENSITIVE = { medicalHistory: 0, medications: 0, preferredDoctor: 0, notes: 0 } as const;

/** The age shown: from the birth date when there is one (it stays true as years pass), else the one typed. */
const ageOf = (c: { age?: number | null; birthDate?: string | null }) =>
  (c.birthDate ? ageOn(c.birthDate, todayIn(site.timeZone)) : null) ?? c.age ?? null;

export function toSummary(c: CustomerRecord): CustomerSummary {
  return {
    customerId: String(c._id),
    name: c.name,
    email: c.email,
    phone: c.phone,
    age: ageOf(c),
    hasKids: Boolean(c.hasKids),
    kidsCount: c.kidsCount ?? null,
    kidsAges: c.kidsAges ?? '',
    currentInsurance: c.currentInsurance ?? '',
    insuranceProvider: c.insuranceProvider ?? null,
    desiredCoverage: c.desiredCoverage ?? '',
    budgetRange: c.budgetRange ?? null,
    insuranceType: c.insuranceType as InsuranceType,
    planType: c.planType as PlanType,
    employmentStatus: c.employmentStatus ?? null,
    annualIncome: c.annualIncome ?? null,
    policyStartDate: c.policyStartDate ?? null,
    birthDate: c.birthDate ?? null,
    leadId: c.leadId ? String(c.leadId) : null,
    imported: c.leadKey.startsWith('import:'),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

const toDetail = (c: CustomerRecord): CustomerDetail => {
  const open = openFields(c, CUSTOMER_SEALED);
  return {
    ...toSummary(c),
    medicalHistory: open.medicalHistory ?? '',
    medications: open.medications ?? '',
    preferredDoctor: open.preferredDoctor ?? '',
    notes: open.notes ?? '',
  };
};

/**
 * The stored form of validated fields: unset values become null (or '' for text), kids only with
 * hasKids, medical details and notes encrypted.
 */
export function toDocFields(input: Partial<CloseLeadCustomer>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) if (v !== undefined) out[k] = v;
  if (typeof out.phone === 'string') out.phoneDigits = phoneKey(out.phone);
  if (out.hasKids === false) Object.assign(out, { kidsCount: null, kidsAges: '' });
  return sealFields(out, CUSTOMER_SEALED);
}

/** The stored customer, sealed fields as stored; a 404 when there is none. */
export async function findCustomer(customerId: string): Promise<CustomerRecord> {
  const c = mongoose.isValidObjectId(customerId) ? await CustomerModel.findById(customerId).lean<CustomerRecord>() : null;
  if (!c) throw notFound('Customer not found');
  return c;
}

/** Every customer as the list shows it, newest first (their policies are added by models/flows/customer-lists.ts). */
export async function listCustomers(): Promise<CustomerSummary[]> {
  const rows = await CustomerModel.find().sort({ createdAt: -1 }).select(SENSITIVE).lean<CustomerRecord[]>();
  return rows.map(toSummary);
}

export async function getCustomer(customerId: string): Promise<CustomerDetail> {
  return toDetail(await findCustomer(customerId));
}

/** One customer as the list shows it: saves answer with this, the medical details stay unsent. */
export async function getCustomerSummary(customerId: string): Promise<CustomerSummary> {
  return toSummary(await findCustomer(customerId));
}

/** A customer added by hand, with no lead. */
export async function createCustomer(input: CustomerData, actor: Actor): Promise<CustomerSummary> {
  const doc = await CustomerModel.create({ ...toDocFields(input), leadKey: `manual:${randomUUID()}` });
  await logActivity(actor, 'CUSTOMER_CREATED', { customerId: doc.id, leadName: doc.name });
  return toSummary(doc.toObject() as CustomerRecord);
}

/** Changes the fields given; the link to a lead never changes. */
export async function updateCustomer(change: CustomerUpdate, actor: Actor): Promise<CustomerSummary> {
  const { customerId, ...fields } = change;
  const current = await findCustomer(customerId);
  // A count or ages given for a customer who, after this change, has no kids would be stored beside hasKids: false.
  const hasKids = fields.hasKids ?? current.hasKids;
  if (!hasKids && ((fields.kidsCount ?? null) !== null || (fields.kidsAges ?? '') !== '')) {
    throw badRequest('kidsCount: Number of children and kids ages can be set only when the customer has kids');
  }
  const set = toDocFields(fields);
  const merged = { hasKids: current.hasKids, kidsCount: current.kidsCount, kidsAges: current.kidsAges, ...set };
  const problem = kidsProblem(merged);
  if (problem) throw badRequest(`${problem.path}: ${problem.message}`);
  // A required detail may stay missing on an older record, but one that is set cannot be cleared.
  const missingBefore = unsetDetails(current);
  for (const key of REQUIRED_DETAILS) {
    if (key in set && set[key] === null && !missingBefore.includes(key)) throw badRequest(`${key}: ${DETAIL_LABELS[key]} is required`);
  }
  const updated = await CustomerModel.findOneAndUpdate(
    { _id: current._id },
    { $set: set },
    { new: true, runValidators: true },
  ).lean<CustomerRecord>();
  if (!updated) throw notFound('Customer not found');
  await logActivity(actor, 'CUSTOMER_UPDATED', {
    customerId,
    leadId: updated.leadId ? String(updated.leadId) : undefined,
    leadName: updated.name,
  });
  return toSummary(updated);
}

/** The customer made from a lead, if any (even an unclosed one: a half-finished close must not strand it). */
export async function customerIdOfLead(leadId: string): Promise<string | null> {
  const found = await CustomerModel.findOne({ leadKey: leadId }).select({ _id: 1 }).lean();
  return found ? String(found._id) : null;
}
