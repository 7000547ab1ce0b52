// Leads: people who asked to be contacted, and how the agents work them.
import mongoose, { Schema, type HydratedDocument, type InferSchemaType } from 'mongoose';
import { LEAD_STATUSES, digitsOf, type ReferralInput } from '../src/shared/lead.ts';

const leadSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    phone: { type: String, required: true, trim: true },
    /** The phone's digits only: duplicate detection and search compare these. */
    phoneDigits: { type: String, required: true },
    notes: { type: String, default: '' },
    status: { type: String, enum: LEAD_STATUSES, default: 'unclaimed' },
    claimedBy: { type: String, default: null },
    claimedAt: { type: Date, default: null },
    /** When an agent first moved the lead past claimed (called, quoted, ...). */
    contactedAt: { type: Date, default: null },
    source: { type: String, enum: ['website', 'admin'], default: 'website' },
    /** A repeat submission within 24 hours points at the first lead. */
    duplicateOf: { type: Schema.Types.ObjectId, ref: 'Lead', default: null },
  },
  { timestamps: true },
);

leadSchema.index({ createdAt: -1 });
leadSchema.index({ email: 1, createdAt: -1 });
leadSchema.index({ phoneDigits: 1, createdAt: -1 });
leadSchema.index({ status: 1, claimedBy: 1 });

export type Lead = InferSchemaType<typeof leadSchema>;
export type LeadDoc = HydratedDocument<Lead>;
export const LeadModel = mongoose.model('Lead', leadSchema);

export const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Stores a new lead as unclaimed. A repeat from the same email or phone within 24 hours is kept
 * and marked as a possible duplicate of the first one, never merged or dropped.
 */
export async function createLead(input: ReferralInput & { notes?: string; source?: 'website' | 'admin' }): Promise<LeadDoc> {
  const phoneDigits = digitsOf(input.phone);
  const since = new Date(Date.now() - DUPLICATE_WINDOW_MS);
  const first = await LeadModel.findOne({
    createdAt: { $gte: since },
    duplicateOf: null,
    $or: [{ email: input.email.toLowerCase() }, { phoneDigits }],
  })
    .sort({ createdAt: 1 })
    .select({ _id: 1 })
    .lean();
  return LeadModel.create({ ...input, phoneDigits, duplicateOf: first?._id ?? null });
}
