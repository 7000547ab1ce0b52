// The activity log: who did what to which lead. The dashboard and the CSV export read it with plain
// indexed queries (README "Queries, counters and indexes"); nothing else keeps a copy.
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { noteLeadChange } from '../live';

export const ACTIVITY_ACTIONS = [
  'LEAD_CREATED',
  'LEAD_CLAIMED',
  'LEAD_UNCLAIMED',
  'LEAD_STATUS_UPDATED',
  'LEAD_NOTES_UPDATED',
  'LEAD_STATUS_AND_NOTES_UPDATED',
  'LEAD_DELETED',
  'LEAD_CALL_LOGGED',
  /** A call logged or dialled outside the lead's calling hours, past the console's warning. */
  'CALL_OUTSIDE_HOURS',
  /** A fourth call in 24 hours logged on a Florida lead, past the console's warning. */
  'CALL_OVER_DAILY_CAP',
  'CUSTOMER_CREATED',
  'CUSTOMER_UPDATED',
  'CUSTOMER_DELETED',
  'DO_NOT_CONTACT_SET',
  'DO_NOT_CONTACT_LIFTED',
  'DO_NOT_CONTACT_OVERRIDDEN',
  'POLICY_ADDED',
  'POLICY_UPDATED',
  'POLICY_REMOVED',
  /** A customer import applied (`reason`: the file and its counts). */
  'CUSTOMERS_IMPORTED',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

const activitySchema = new Schema(
  {
    /** The staff member's name as it was when they acted. */
    user: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, ref: 'Staff', default: null },
    action: { type: String, enum: ACTIVITY_ACTIONS, required: true },
    details: {
      action: { type: String },
      leadId: { type: String },
      leadName: { type: String },
      customerId: { type: String },
      claimedBy: { type: String },
      newStatus: { type: String },
      /** A logged call's outcome (LEAD_CALL_LOGGED). */
      outcome: { type: String },
      /** Why a calling rule was passed over (CALL_OUTSIDE_HOURS, CALL_OVER_DAILY_CAP): the warning shown. */
      reason: { type: String },
    },
    timestamp: { type: Date, default: () => new Date() },
  },
  { versionKey: false },
);

// Every sort ends with `_id` in the same direction, so entries of one instant keep one order and the
// index answers the sort (newest first for the dashboard, oldest first for the export).
activitySchema.index({ timestamp: -1, _id: -1 });
// A person's entries (their data on request, erasure) and a lead's (demo back-dating).
activitySchema.index({ 'details.leadId': 1 });
activitySchema.index({ 'details.customerId': 1 });

export type Activity = InferSchemaType<typeof activitySchema>;
export const ActivityModel = mongoose.model('Activity', activitySchema);

/** Stores entries written elsewhere than logActivity (demo data, imports). */
export async function insertActivities(entries: Omit<Activity, 'userId'>[]): Promise<void> {
  await ActivityModel.insertMany(entries, { lean: true });
}

/** Moves the entries of one lead written since `since` back to when they happened (demo data). */
export async function backdateLeadActivity(leadId: string, since: Date, timestamp: Date): Promise<void> {
  await ActivityModel.updateMany({ 'details.leadId': leadId, timestamp: { $gte: since } }, { $set: { timestamp } });
}

export interface Actor {
  name: string;
  id?: string;
}

/** Writes one entry. Never put customers' medical details in `details`. */
export async function logActivity(actor: Actor, action: ActivityAction, details: Omit<NonNullable<Activity['details']>, 'action'> = {}) {
  const entry = new ActivityModel({ user: actor.name, userId: actor.id ?? null, action, details: { action, ...details } });
  await entry.save();
  void noteLeadChange(); // open consoles refresh (every change of leads and customers is logged here)
  return entry;
}

/** Who "did" what a visitor's form did (the lead timeline names them the same: models/leads/timeline.ts). */
export const WEBSITE_ACTOR: Actor = { name: 'Website' };

/**
 * A lead sent through the website: logged as LEAD_CREATED by "Website", the shape of a staff-made lead's
 * entry (which names who added it), so Recent Activity and the activity CSV show every new lead.
 */
export const logWebsiteLead = (lead: { _id: unknown; name: string }) =>
  logActivity(WEBSITE_ACTOR, 'LEAD_CREATED', { leadId: String(lead._id), leadName: lead.name });

export const RECENT_ACTIVITY_LIMIT = 50;

export interface ActivityView {
  activityId: string;
  user: string;
  action: ActivityAction;
  details: NonNullable<Activity['details']>;
  timestamp: Date;
}

/** The newest entries, newest first, read through the `{timestamp, _id}` index. */
export async function listRecentActivity(limit = RECENT_ACTIVITY_LIMIT): Promise<ActivityView[]> {
  const rows = await ActivityModel.find().sort({ timestamp: -1, _id: -1 }).limit(limit).lean();
  return rows.map((r) => ({
    activityId: String(r._id),
    user: r.user,
    action: r.action as ActivityAction,
    details: r.details ?? {},
    timestamp: r.timestamp,
  }));
}

const about = (ids: { leadIds: string[]; customerIds: string[] }) => ({
  $or: [{ 'details.leadId': { $in: ids.leadIds } }, { 'details.customerId': { $in: ids.customerIds } }],
});

/** Renames the entries about these leads or customers (a person's erasure); the list and the CSV read these same entries. */
export async function renameInActivity(ids: { leadIds: string[]; customerIds: string[] }, name: string): Promise<number> {
  return (await ActivityModel.updateMany(about(ids), { $set: { 'details.leadName': name } })).modifiedCount;
}

/** The entries about these leads or customers, oldest first (a person's data on request). */
export const activityAbout = (ids: { leadIds: string[]; customerIds: string[] }) =>
  ActivityModel.find(about(ids)).sort({ timestamp: 1, _id: 1 }).lean();
