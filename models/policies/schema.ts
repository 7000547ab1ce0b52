// The policy document (docs/product.md §12): one per policy, keyed to its customer. Money is stored in
// integer cents, dates as calendar days (YYYY-MM-DD). Deleting a customer drops its policies
// (models/flows/delete-customer.ts).
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { MAX_CENTS, POLICY_LINES, POLICY_STATUSES, PREMIUM_PERIODS } from '../../schemas/policy.ts';

const policySchema = new Schema(
  {
    customerId: { type: Schema.Types.ObjectId, ref: 'Customer', required: true },
    carrier: { type: String, required: true, trim: true },
    line: { type: String, enum: POLICY_LINES, required: true },
    planName: { type: String, default: '' },
    policyNumber: { type: String, default: '' },
    status: { type: String, enum: POLICY_STATUSES, required: true },
    effectiveDate: { type: String, required: true },
    /** Null: the anniversary of the effective date (schemas/policy-rules.ts). */
    renewalDate: { type: String, default: null },
    premiumCents: { type: Number, required: true, min: 0, max: MAX_CENTS },
    premiumPeriod: { type: String, enum: PREMIUM_PERIODS, required: true },
    /** { kind: 'rate', percent } or { kind: 'amount', cents }, or null. */
    commission: { type: Schema.Types.Mixed, default: null },
    writingAgent: { type: String, default: '' },
  },
  { timestamps: true },
);
policySchema.index({ customerId: 1 });
// The commission reconciliation reads the active policies (models/commissions/book.ts).
policySchema.index({ status: 1 });

export type Policy = InferSchemaType<typeof policySchema>;
export type PolicyRecord = Policy & { _id: mongoose.Types.ObjectId; createdAt: Date; updatedAt: Date };
export const PolicyModel = mongoose.model('Policy', policySchema);

/** Drops the policies of a deleted customer. */
export const dropCustomerPolicies = (customerId: unknown) => PolicyModel.deleteMany({ customerId });
