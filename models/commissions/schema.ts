// The stored statement lines (docs/commissions.md): one document per line of an imported carrier
// statement, its `_id` the line's key (a hash of the statement file and the line), so importing the same
// statement again writes nothing. Also the reconciliation settings (grace period and tolerance).
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { LINE_TYPES } from '../../schemas/commissions.ts';

const lineSchema = new Schema(
  {
    _id: { type: String, required: true },
    /** The statement file's hash: lines imported together. */
    statementId: { type: String, required: true },
    fileName: { type: String, default: '' },
    row: { type: Number, required: true },
    carrier: { type: String, default: '' },
    policyNumber: { type: String, default: '' },
    insuredName: { type: String, default: '' },
    product: { type: String, default: '' },
    premiumCents: { type: Number, default: null },
    amountCents: { type: Number, required: true },
    paidDate: { type: String, default: null },
    /** The month the line pays for, YYYY-MM. */
    period: { type: String, required: true },
    lineType: { type: String, enum: LINE_TYPES, required: true },
    status: { type: String, enum: ['matched', 'ambiguous', 'unmatched', 'not-ours'], required: true },
    policyId: { type: Schema.Types.ObjectId, default: null },
    suggestedPolicyId: { type: Schema.Types.ObjectId, default: null },
    /** The writing agent of the policy when matched or linked: whose statement the line is on. */
    agent: { type: String, default: '' },
    reason: { type: String, default: '' },
    /** A chargeback the statement says is for a lapse (docs/commissions.md). */
    lapse: { type: Boolean, default: false },
  },
  { timestamps: true, versionKey: false },
);
// The reads of docs/commissions.md ("Speed"): each an exact filter on top-level fields, sorts ending with _id.
lineSchema.index({ statementId: 1 });
lineSchema.index({ status: 1, period: -1, _id: 1 }); // the queue, newest month first
lineSchema.index({ status: 1, amountCents: 1 }); // the chargebacks
lineSchema.index({ policyId: 1, period: 1 });
lineSchema.index({ agent: 1, period: 1 });
lineSchema.index({ period: 1 }); // the twelve months read by the reconciliation
lineSchema.index({ carrier: 1, period: 1 }); // a carrier's statements before the twelve months

export type StatementLine = InferSchemaType<typeof lineSchema> & { _id: string };
export const StatementLineModel = mongoose.model('CommissionLine', lineSchema, 'commission_lines');

const settingsSchema = new Schema(
  { _id: { type: String, required: true }, graceDays: Number, toleranceCents: Number },
  { versionKey: false, timestamps: { createdAt: false, updatedAt: true } },
);
export const CommissionSettingsModel = mongoose.model('CommissionSettings', settingsSchema, 'commission_settings');
