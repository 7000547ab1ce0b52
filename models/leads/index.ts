// The one door to the leads (docs/decisions/004-lead-read-model.md): everything outside models/leads/
// imports from here, never LeadModel (eslint.config.js enforces it).
// schema.ts (the lead document and its indexes), rules.ts (tabs, waiting, overdue), filters.ts (the same
// as queries), lead.ts, calls.ts and close.ts (the writes), timeline.ts and keys.ts (kept beside each
// lead), follow-ups.ts (My work), assign.ts, escalate.ts and assign-log.ts (round robin, the escalation ladder, the load
// table), page.ts, stats.ts, conversion.ts and record.ts (the queries), upgrade.ts (older data folders).
import type { FilterQuery } from 'mongoose';
import { LeadModel, type Lead, type LeadRecord } from './schema.ts';

export type { LeadRecord };
export { RESPONSE_PROMISE_MS, leadChanged } from './rules.ts';
export {
  claimLead,
  createLead,
  createLeadByStaff,
  BELONGS_TO_CUSTOMER,
  deleteLead,
  findLead,
  getLeadView,
  unclaimLead,
  updateLead,
} from './lead.ts';
export { countSubmissions, leadStatusOf, markLeadClosed, readLead, reopenClosedLead } from './close.ts';
export { CLAIM_BEFORE_CALL, logCall, noteCallPastWarning } from './calls.ts';
export { addTimelineEntry } from './timeline.ts';
export { ERASED_NAME, erasedEmail, eraseLeadPerson } from './erase.ts';
export { assignLead, offeredAgents, pickAgent, type Assignment } from './assign.ts';
export { escalateDue, escalationSteps } from './escalate.ts';
export { dueSteps, LADDER, type LadderStep } from './ladder.ts';
export { agentLoad } from './assign-log.ts';
export { myWork } from './follow-ups.ts';
export { leadPage, leadPosition, leadBatchesNewestFirst, LEAD_PAGE_SIZE } from './page.ts';
export { leadStats, legacyAgentKeys } from './stats.ts';
export { conversionTable } from './conversion.ts';
export { getLeadRecord } from './record.ts';
export { OLD_LEAD_COPIES, upgradeLeadStorage } from './upgrade.ts';

/** Leads as stored, read only (scripts and tests look at what was written). */
export const findLeadRecords = (filter: FilterQuery<Lead> = {}) => LeadModel.find(filter).lean<LeadRecord[]>();
export const countLeads = (filter: FilterQuery<Lead> = {}) => LeadModel.countDocuments(filter);

/** The agent holding a lead, or null: who counts as a customer's own agent (models/customers/access.ts). */
export const leadHolderOf = async (leadId: string): Promise<string | null> =>
  (await LeadModel.findById(leadId).select({ claimedBy: 1 }).lean<{ claimedBy?: string | null }>())?.claimedBy ?? null;
export { toLeadView } from './view.ts';
