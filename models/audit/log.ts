// The audit log: who read a customer's medical details, who exported what, and what admins changed
// in the staff accounts, every sign-in and failed sign-in, and every change of a second factor.
// Admins read it in the console; entries are never edited, except that an erasure replaces the erased
// person's name and the reasons given to read their details (models/privacy/erase.ts). The reason typed
// to open medical details is health data: it is sealed at rest like them (README "Data and privacy").
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { openText, sealText } from '../../server/field-crypto.ts';

export const AUDIT_ACTIONS = [
  'CUSTOMER_MEDICAL_READ',
  'CUSTOMERS_EXPORTED',
  'CUSTOMERS_IMPORTED',
  'ACTIVITY_EXPORTED',
  'STAFF_ADDED',
  'STAFF_REMOVED',
  'STAFF_ROLES_CHANGED',
  'STAFF_AVAILABILITY_CHANGED',
  'STAFF_PASSWORD_RESET',
  'OFFICE_SETTING_CHANGED',
  'SIGN_IN',
  'SIGN_IN_FAILED',
  'SIGN_IN_LOCKED',
  'SECOND_FACTOR_ADDED',
  'SECOND_FACTOR_REMOVED',
  'RECOVERY_CODES_REGENERATED',
  'SECOND_FACTORS_RESET',
  'DATA_KEYS_ROTATED',
  'PERSON_DATA_EXPORTED',
  'PERSON_ERASED',
  'COMPLIANCE_RECORD_READ',
  'COMPLIANCE_EXPORTED',
  'COMMISSIONS_IMPORTED',
  'COMMISSION_LINE_RESOLVED',
  'COMMISSION_SHARES_CHANGED',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

const auditSchema = new Schema({
  at: { type: Date, required: true, default: () => new Date() },
  action: { type: String, required: true, enum: AUDIT_ACTIONS },
  actorId: { type: String, required: true },
  actorName: { type: String, required: true },
  actorEmail: { type: String, required: true },
  /** The customer whose medical details were read. */
  customerId: { type: String },
  customerName: { type: String },
  /** What an export covered, in words: "all", "2026-01-01 to 2026-01-31", "42 customers". */
  scope: { type: String },
  /** The staff account an admin changed. */
  targetEmail: { type: String },
  detail: { type: String },
});
auditSchema.index({ at: -1 });

export type AuditEntry = InferSchemaType<typeof auditSchema>;
export const AuditModel = mongoose.model('AuditEntry', auditSchema);

/** The entries whose `detail` is sealed at rest: the reason typed to open a customer's medical details. */
export const SEALED_DETAIL_ACTIONS: readonly AuditAction[] = ['CUSTOMER_MEDICAL_READ'];

/** The signed-in staff member an entry names. */
export interface AuditActor {
  id: string;
  name: string;
  email: string;
}

export interface AuditFacts {
  action: AuditAction;
  customerId?: string;
  customerName?: string;
  scope?: string;
  targetEmail?: string;
  detail?: string;
}

/** Writes one entry. Awaited by the caller, so an answer is never sent without its record. */
export async function recordAudit(actor: AuditActor, facts: AuditFacts): Promise<void> {
  const detail = facts.detail !== undefined && SEALED_DETAIL_ACTIONS.includes(facts.action) ? sealText(facts.detail) : facts.detail;
  await AuditModel.create({ ...facts, detail, actorId: actor.id, actorName: actor.name, actorEmail: actor.email });
}

export const AUDIT_PAGE_SIZE = 100;

/** The newest entries first, a page at a time: `before` is the `at` of the last entry shown. */
export async function listAudit(opts: { before?: Date; action?: AuditAction } = {}) {
  const filter: Record<string, unknown> = {};
  if (opts.before) filter.at = { $lt: opts.before };
  if (opts.action) filter.action = opts.action;
  const rows = await AuditModel.find(filter)
    .sort({ at: -1, _id: -1 })
    .limit(AUDIT_PAGE_SIZE + 1)
    .lean();
  return {
    entries: rows.slice(0, AUDIT_PAGE_SIZE).map((r) => ({
      id: String(r._id),
      at: r.at,
      action: r.action as AuditAction,
      actor: { name: r.actorName, email: r.actorEmail },
      customerId: r.customerId ?? null,
      customerName: r.customerName ?? null,
      scope: r.scope ?? null,
      targetEmail: r.targetEmail ?? null,
      detail: r.detail ? openText(r.detail) : null,
    })),
    hasMore: rows.length > AUDIT_PAGE_SIZE,
  };
}

/** Every read of these customers' medical details, oldest first, reasons opened (a person's access copy). */
export async function medicalReadsOf(customerIds: string[]) {
  if (!customerIds.length) return [];
  const rows = await AuditModel.find({ action: 'CUSTOMER_MEDICAL_READ', customerId: { $in: customerIds } })
    .sort({ at: 1 })
    .lean();
  return rows.map((r) => ({ customerId: r.customerId ?? '', at: r.at, by: r.actorName, reason: r.detail ? openText(r.detail) : null }));
}
