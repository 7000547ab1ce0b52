// The lead's side of closing it into a customer and of reopening it when that customer is deleted
// (models/customers/customer.ts orders the customer's writes around these): conditional writes of the lead.
import type mongoose from 'mongoose';
import { LeadModel, type LeadRecord } from './schema.ts';

/** The lead's status now, or null when it is gone. */
export async function leadStatusOf(leadId: unknown): Promise<string | null> {
  const now = await LeadModel.findById(leadId).select({ status: 1 }).lean();
  return now ? now.status : null;
}

/** The lead as stored, or null for an unknown id. */
export const readLead = (leadId: unknown) => LeadModel.findById(leadId).lean<LeadRecord>();

/** Marks the lead closed if its status and holder are still those read; false when they are not. */
export async function markLeadClosed(lead: LeadRecord, contactedAt: Date): Promise<boolean> {
  // A closed lead needs no more calls: its follow-up goes (My work drops finished leads anyway).
  const closing = { status: 'closed' as const, contactedAt, followUpAt: null };
  const marked = await LeadModel.updateOne({ _id: lead._id, status: lead.status, claimedBy: lead.claimedBy }, { $set: closing });
  return marked.matchedCount === 1;
}

/** A closed lead back to follow-up (its customer was deleted); null when it was not closed. */
export async function reopenClosedLead(leadId: mongoose.Types.ObjectId | string): Promise<LeadRecord | null> {
  return LeadModel.findOneAndUpdate({ _id: leadId, status: 'closed' }, { $set: { status: 'follow-up' } }, { new: true }).lean<LeadRecord>();
}

/** Website submissions that arrived in a window (the analytics report). */
export const countSubmissions = (start: Date, end: Date) =>
  LeadModel.countDocuments({ createdAt: { $gte: start, $lt: end }, source: { $ne: 'admin' } });
