// The lead document: its schema, the indexes its lists and counts use, and the types read from it.
// Only models/leads/ imports LeadModel (eslint.config.js); docs/decisions/004-lead-read-model.md.
import mongoose, { Schema, type HydratedDocument, type InferSchemaType } from 'mongoose';
import { CALL_OUTCOMES, LEAD_STATUSES } from '../../schemas/lead.ts';
import { nameKey } from './name-key.ts';

const leadSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    phone: { type: String, required: true, trim: true },
    /** The phone's digits without a US country code (schemas/phone.ts phoneKey): duplicate detection and search compare these. */
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
    /** The name's sort key (models/leads/name-key.ts), set from the name on every write: the name column's index. */
    nameKey: { type: String },
    /** When the claiming agent means to call again (models/leads/calls.ts); null when nothing is pending. */
    followUpAt: { type: Date, default: null },
    /**
     * Where the lead lives, for calling hours and licences: from the phone's area code
     * (schemas/phone-region.ts), else from the visitor's address when the form was sent; null when unknown.
     */
    region: {
      type: new Schema({ state: String, timeZones: [String], from: { type: String, enum: ['phone', 'address'] } }, { _id: false }),
      default: null,
    },
    /**
     * Where the visit that sent the form came from (schemas/first-touch.ts FirstTouch): landing page,
     * referring host and utm_* values; null for leads added by staff or sent without one.
     */
    firstTouch: {
      type: new Schema(
        { landingPage: String, referrerHost: String, utmSource: String, utmMedium: String, utmCampaign: String },
        { _id: false },
      ),
      default: null,
    },
    /**
     * The consent box as the visitor left it (models/leads/consent.ts): proof kept 5 years. The only
     * place a lead keeps the visitor's address and browser. Null for leads staff added.
     */
    consent: {
      type: new Schema(
        {
          given: Boolean,
          version: Number,
          text: String,
          covers: [String],
          at: Date,
          ip: String,
          userAgent: String,
          pageUrl: String,
          formId: String,
        },
        { _id: false },
      ),
      default: null,
    },
    /** When the calls of the last 24 hours were logged (models/leads/recent-calls.ts): Florida's 3-call cap. */
    recentCalls: { type: [Date], default: [] },
    /** The last call logged on the lead. */
    lastCall: {
      type: new Schema({ at: Date, outcome: { type: String, enum: CALL_OUTCOMES }, by: String }, { _id: false }),
      default: null,
    },
  },
  { timestamps: true },
);

// The name's sort key follows the name, whichever way the lead is written (documents and updates).
leadSchema.pre('validate', function () {
  if (this.isModified('name') || this.nameKey === undefined) this.nameKey = nameKey(this.name ?? '');
});
leadSchema.pre(['updateOne', 'updateMany', 'findOneAndUpdate'], function () {
  const update = this.getUpdate() as { $set?: Record<string, unknown>; name?: unknown } | null;
  const name = update?.$set?.name ?? update?.name;
  if (typeof name === 'string') this.set('nameKey', nameKey(name.trim()));
});

// One index per list, count and sort (models/leads/filters.ts, page.ts): arrival order, each tab in
// arrival order, the name column, My work, the duplicates of a lead, the claim medians.
leadSchema.index({ createdAt: -1 });
leadSchema.index({ status: 1, createdAt: -1 });
// The tab counts: the leads grouped by status and holder, read from this index alone (filters.ts
// countByHolderAndStatus). Not `{status, claimedBy}` alone: upgrade.ts drops that name, the old recount's.
leadSchema.index({ status: 1, claimedBy: 1, createdAt: -1 });
leadSchema.index({ claimedBy: 1, status: 1, createdAt: -1 });
leadSchema.index({ claimedBy: 1, status: 1, followUpAt: 1 });
leadSchema.index({ claimedBy: 1, claimedAt: -1 });
// The Overdue filter's pages and counts, and its tab counts (the holder from the index, not the lead).
leadSchema.index({ contactedAt: 1, status: 1, createdAt: -1, claimedBy: 1 });
// The Overdue count: SQLite (no statistics) picks the status-and-date range, which with contactedAt in the
// index it counts from the index alone rather than reading each lead.
leadSchema.index({ status: 1, createdAt: -1, contactedAt: 1 });
leadSchema.index({ nameKey: 1, createdAt: -1 });
leadSchema.index({ email: 1, createdAt: -1 });
leadSchema.index({ phoneDigits: 1, createdAt: -1 });
leadSchema.index({ updatedAt: -1 });
// The search (filters.ts searchFilter): the embedded engine tests a substring on this index's values
// instead of reading every lead (docs/decisions/007-engine-pushdown.md, "Substring search").
leadSchema.index({ name: 1, email: 1, phoneDigits: 1 });

export type Lead = InferSchemaType<typeof leadSchema>;
export type LeadDoc = HydratedDocument<Lead>;
export const LeadModel = mongoose.model('Lead', leadSchema);

export type LeadRecord = Lead & { _id: mongoose.Types.ObjectId; createdAt: Date };
