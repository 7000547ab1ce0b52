// The record of each privacy request (README.md, Contact rules): who asked for an export or an erasure, when, and what was
// done, kept 24 months as the law asks. The person is named only by the keyed hashes of their email and
// phone (suppression-store.ts), so the record of an erasure does not undo it.
import mongoose, { Schema } from 'mongoose';

/** How long a request's record is kept. */
export const REQUEST_KEEP_MONTHS = 24;

const requestSchema = new Schema(
  {
    at: { type: Date, required: true, default: () => new Date() },
    kind: { type: String, enum: ['export', 'erase'], required: true },
    /** The admin who carried it out. */
    by: { type: String, required: true },
    /** Hashes of the email and phone asked about. */
    subject: { type: [String], default: [] },
    /** What was found or changed: leads, customers, activity entries, timelines, notices dropped. */
    counts: { type: Schema.Types.Mixed, default: {} },
    keepUntil: { type: Date, required: true },
  },
  { versionKey: false },
);
requestSchema.index({ at: -1 });
const PrivacyRequestModel = mongoose.model('PrivacyRequest', requestSchema, 'privacy_requests');

export interface PrivacyRequestView {
  requestId: string;
  at: Date;
  kind: 'export' | 'erase';
  by: string;
  counts: Record<string, number>;
  keepUntil: Date;
}

/** Records a request; records past their 24 months are dropped at the same time. */
export async function recordRequest(kind: 'export' | 'erase', by: string, subject: string[], counts: Record<string, number>) {
  const at = new Date();
  const keepUntil = new Date(at);
  keepUntil.setMonth(keepUntil.getMonth() + REQUEST_KEEP_MONTHS);
  await Promise.all([
    PrivacyRequestModel.create({ at, kind, by, subject, counts, keepUntil }),
    PrivacyRequestModel.deleteMany({ keepUntil: { $lt: at } }),
  ]);
}

/** The latest requests, newest first. */
export async function listRequests(limit = 50): Promise<PrivacyRequestView[]> {
  const rows = await PrivacyRequestModel.find().sort({ at: -1 }).limit(limit).lean();
  return rows.map((r) => ({
    requestId: String(r._id),
    at: r.at,
    kind: r.kind as 'export' | 'erase',
    by: r.by,
    counts: (r.counts ?? {}) as Record<string, number>,
    keepUntil: r.keepUntil,
  }));
}
