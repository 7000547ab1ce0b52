// Leads: people who asked to be contacted, and how the agents work them.
import mongoose from 'mongoose';
import { type LeadStatus, type LeadView, type ReferralInput } from '../../schemas/lead.ts';
import { badRequest, conflict, notFound } from '../../server/errors.ts';
import { logActivity, logWebsiteLead, type Actor } from '../activity';
import { listAgents } from '../staff';
import { changeLead } from './write.ts';
import { toLeadView } from './view.ts';
import { firstOfWindow, leadKeys, legacyPhoneKeys, releaseLeadKeys } from './keys.ts';
import { leadCreated } from './created.ts';
import { leadRegion } from './region.ts';
import { consentRecord, type ConsentProof } from './consent.ts';
import { assignLead } from './assign.ts';
import { logAssignment } from './assign-log.ts';
import { logger } from '../../server/logger.ts';
import { addTimelineEntry, dropTimeline, updateEntries, WEBSITE_USER } from './timeline.ts';
import { phoneKey } from '../../schemas/phone.ts';
import type { FirstTouch } from '../../schemas/first-touch.ts';
import { LeadModel, type LeadDoc, type LeadRecord } from './schema.ts';
import { FINISHED, leadChanged } from './rules.ts';
import { openText, sealText } from '../../server/field-crypto.ts';
import { followUpZone, nextBusinessMorning } from '../../schemas/follow-up-time.ts';
import { site } from '../../schemas/brokerage.ts';

export const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * Stores a new lead as unclaimed. A repeat from the same email or phone within 24 hours is kept
 * and marked as a possible duplicate of the first one, never merged or dropped. The check is two
 * lookups of key documents by _id (models/leads/keys.ts), whatever the number of stored leads.
 */
export async function createLead({
  ip,
  consent,
  ...input
}: ReferralInput & {
  notes?: string;
  source?: 'website' | 'admin';
  /** the visitor's address, for the region and the consent record */ ip?: string;
  /** where the visit that sent the form came from */ firstTouch?: FirstTouch | null;
  /** the consent box of a visitor's form; staff-added leads have none */ consent?: ConsentProof;
}): Promise<LeadDoc> {
  const phoneDigits = phoneKey(input.phone);
  const _id = new mongoose.Types.ObjectId();
  const first = await firstOfWindow(_id, leadKeys(input.email, phoneDigits), new Date(), DUPLICATE_WINDOW_MS, legacyPhoneKeys(phoneDigits));
  const lead = await LeadModel.create({
    ...input,
    notes: sealText(input.notes),
    _id,
    phoneDigits,
    region: leadRegion(input.phone, ip),
    consent: consent ? consentRecord(consent, ip, new Date()) : null,
    duplicateOf: first,
  });
  // Its notices and open consoles; a visitor's lead starts its timeline and activity entry here, staff's in
  // createLeadByStaff (who added it).
  await Promise.all([
    leadCreated(lead),
    input.source !== 'admin' && addTimelineEntry(_id, { at: lead.createdAt, kind: 'created', user: WEBSITE_USER }),
    input.source !== 'admin' && logWebsiteLead(lead),
  ]);
  // Round robin gives it an agent at once (manual mode: nothing). A failure leaves it in the pool, never fails the submission.
  await assignLead(_id).catch((err: unknown) => logger.warn({ err, leadId: String(_id) }, 'lead not assigned; it stays in the pool'));
  return lead;
}

/** The lead, or a 404 for an unknown or malformed id. */
export async function findLead(leadId: string): Promise<LeadRecord> {
  const lead = mongoose.isValidObjectId(leadId) ? await LeadModel.findById(leadId).lean<LeadRecord>() : null;
  if (!lead) throw notFound('Lead not found');
  return lead;
}

export async function getLeadView(leadId: string): Promise<LeadView> {
  return toLeadView(await findLead(leadId));
}

export async function createLeadByStaff(input: ReferralInput & { notes?: string }, actor: Actor): Promise<LeadView> {
  const lead = await createLead({ ...input, source: 'admin' });
  await Promise.all([
    logActivity(actor, 'LEAD_CREATED', { leadId: lead.id, leadName: lead.name }),
    addTimelineEntry(lead._id, { at: lead.createdAt, kind: 'created', user: actor.name }),
  ]);
  return toLeadView(lead.toObject() as LeadRecord);
}

/**
 * Assigns an unclaimed lead to an agent. Of two agents claiming at once exactly one wins and the
 * other learns who holds it: the claim is one conditional update, atomic on MongoDB and on the
 * embedded engine (whose wire proxy runs one write at a time).
 */
export async function claimLead(leadId: string, agentName: string, actor: Actor): Promise<LeadView> {
  const agents = await agentsFor(agentName);
  const agent = agents.find((a) => a.name.toLowerCase() === agentName.trim().toLowerCase());
  if (!agent) throw badRequest(`${agentName} is not an agent. Agents: ${agents.map((a) => a.name).join(', ') || 'none yet'}.`);
  if (!mongoose.isValidObjectId(leadId)) throw notFound('Lead not found');
  const refuse = (lead: LeadRecord) => {
    if (FINISHED.includes(lead.status as LeadStatus)) return conflict(`A ${lead.status} lead cannot be claimed.`);
    return conflict(`This lead was already claimed by ${lead.claimedBy ?? 'another agent'}.`);
  };
  // The conditional write first: the lead is read only when it refuses (taken, finished or missing).
  const changed = await changeLead(
    { _id: new mongoose.Types.ObjectId(leadId), claimedBy: null, status: { $nin: FINISHED } },
    { claimedBy: agent.name, claimedAt: new Date() },
    ({ after }) =>
      Promise.all([
        logAssignment(leadId, agent.name, after.claimedAt ?? new Date(), 'claim'),
        logActivity(actor, 'LEAD_CLAIMED', { leadId, leadName: after.name, claimedBy: agent.name }),
        addTimelineEntry(leadId, { at: after.claimedAt ?? new Date(), kind: 'claimed', user: actor.name, claimedBy: agent.name }),
      ]),
  );
  if (!changed) {
    const now = await findLead(leadId);
    if (now.claimedBy === agent.name) return toLeadView(now);
    throw refuse(now);
  }
  return toLeadView(changed.after);
}

export async function unclaimLead(leadId: string, actor: Actor): Promise<LeadView> {
  const current = await findLead(leadId);
  if (current.status === 'closed') throw conflict('A closed lead cannot be unclaimed.'); // a follow-up goes with the claim: docs/product.md §10
  const changed = await changeLead(
    { _id: current._id, status: current.status },
    { claimedBy: null, claimedAt: null, followUpAt: null, status: current.status === 'lost' ? 'lost' : 'unclaimed' },
    ({ before, after }) =>
      Promise.all([
        logActivity(actor, 'LEAD_UNCLAIMED', { leadId, leadName: after.name, claimedBy: before.claimedBy ?? undefined }),
        addTimelineEntry(leadId, { at: new Date(), kind: 'unclaimed', user: actor.name, claimedBy: before.claimedBy ?? undefined }),
      ]),
  );
  if (!changed) throw leadChanged();
  return toLeadView(changed.after);
}

/**
 * Changes a lead's status and/or notes. "lost" is reachable from every state but closed, claimed
 * or not (spam and dead leads are thrown away without claiming them); "unclaimed" restores a lead
 * to the queue, whoever held it; called, follow-up and quoted need a claimed lead; a closed lead
 * keeps its status. Closing itself is not done here: it needs the customer
 * (models/customers/close.ts closeLeadIntoCustomer).
 * A lead set to "follow-up" always has a follow-up time, so it shows in its agent's My work: the one
 * given, else the one it has, else 10:00 on the next business day in the lead's time zone (`timeZone`,
 * the brokerage's, when the lead's is unknown). A lost lead's follow-up goes.
 */
export async function updateLead(
  leadId: string,
  change: { status?: LeadStatus; notes?: string; followUpAt?: Date },
  actor: Actor,
  timeZone: string = site.timeZone,
): Promise<LeadView> {
  const current = await findLead(leadId);
  const set: Record<string, unknown> = {};
  const statusChanges = change.status !== undefined && change.status !== current.status;
  const followUp = followUpOf(current, change, statusChanges, timeZone);
  if (followUp !== undefined) set.followUpAt = followUp;
  const followUpChanged = followUp !== undefined && followUp?.getTime() !== current.followUpAt?.getTime();
  if (statusChanges) {
    if (current.status === 'closed') throw conflict('A closed lead keeps its status: its customer exists.');
    if (change.status === 'closed') throw conflict('Closing a lead needs its customer information.');
    if (change.status === 'unclaimed') {
      Object.assign(set, { status: 'unclaimed', claimedBy: null, claimedAt: null, followUpAt: null });
    } else if (change.status === 'lost') {
      set.status = 'lost';
    } else {
      if (!current.claimedBy) throw conflict('Claim this lead before changing its status.');
      Object.assign(set, { status: change.status, contactedAt: current.contactedAt ?? new Date() });
    }
  }
  if (change.notes !== undefined) set.notes = sealText(change.notes);
  if (Object.keys(set).length === 0) return toLeadView(current);
  const notesChanged = change.notes !== undefined && change.notes !== openText(current.notes ?? '');
  const action =
    statusChanges && notesChanged ? 'LEAD_STATUS_AND_NOTES_UPDATED' : statusChanges ? 'LEAD_STATUS_UPDATED' : 'LEAD_NOTES_UPDATED';
  const log = async (lead: LeadRecord) => {
    if (followUpChanged && lead.claimedBy) {
      await addTimelineEntry(leadId, { at: new Date(), kind: 'follow-up', user: actor.name, followUpAt: followUp ?? null });
    }
    if (!statusChanges && !notesChanged) return;
    await Promise.all([
      logActivity(actor, action, {
        leadId,
        leadName: lead.name,
        newStatus: statusChanges ? change.status : undefined,
        claimedBy: lead.claimedBy ?? undefined,
      }),
      addTimelineEntry(leadId, ...updateEntries(actor.name, change, current)),
    ]);
  };
  // The condition keeps a concurrent close from being overwritten.
  const filter = { _id: current._id, status: current.status };
  const lead = (await changeLead(filter, set, ({ after }) => log(after)))?.after ?? null;
  if (!lead) throw leadChanged();
  return toLeadView(lead);
}

/**
 * The follow-up time an update leaves the lead with: undefined when it keeps its own. Set to
 * "follow-up" (or given a new time while it is one): the time given, its pending one, or the next
 * business morning in its zone. Lost: none.
 */
function followUpOf(
  current: LeadRecord,
  change: { status?: LeadStatus; followUpAt?: Date },
  statusChanges: boolean,
  timeZone: string,
): Date | null | undefined {
  if (statusChanges && change.status === 'lost') return current.followUpAt ? null : undefined;
  const following = statusChanges ? change.status === 'follow-up' : current.status === 'follow-up' && change.followUpAt !== undefined;
  if (!following) return undefined;
  return change.followUpAt ?? current.followUpAt ?? nextBusinessMorning(new Date(), followUpZone(current.region, timeZone));
}

export const BELONGS_TO_CUSTOMER = 'This lead belongs to a customer; delete the customer first.';
/** Deletes a lead; a closed lead belongs to its customer and stays. */
export async function deleteLead(leadId: string, actor: Actor): Promise<void> {
  const current = await findLead(leadId);
  const closedError = conflict(BELONGS_TO_CUSTOMER);
  if (current.status === 'closed') throw closedError;
  const deleted = await LeadModel.findOneAndDelete({ _id: current._id, status: { $ne: 'closed' } }).lean<LeadRecord>();
  if (!deleted) throw closedError;
  await releaseLeadKeys(current._id, leadKeys(current.email, current.phoneDigits));
  await Promise.all([
    logActivity(actor, 'LEAD_DELETED', { leadId, leadName: current.name, claimedBy: current.claimedBy ?? undefined }),
    dropTimeline(current._id),
  ]);
}

/** Agents change rarely and every claim names one: a short-lived copy, read again for an unknown name. */
let agentsCache: { at: number; agents: Awaited<ReturnType<typeof listAgents>> } | null = null;
const AGENTS_TTL_MS = 10_000;

async function agentsFor(name: string) {
  const fresh = agentsCache && Date.now() - agentsCache.at < AGENTS_TTL_MS;
  if (fresh && agentsCache!.agents.some((a) => a.name.toLowerCase() === name.trim().toLowerCase())) return agentsCache!.agents;
  agentsCache = { at: Date.now(), agents: await listAgents() };
  return agentsCache.agents;
}
