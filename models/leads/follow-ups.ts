// Follow-ups and My work (docs/product.md §10): each agent's pending follow-ups kept in one document
// `{_id: <agent code>, leads: {<leadId>: Date}}`, written by logCall and read with one keyed lookup;
// the leads themselves stay the truth, so entries that no longer hold are dropped on reading.
import mongoose from 'mongoose';
import { tz } from '@date-fns/tz';
import { endOfDay } from 'date-fns/endOfDay';
import type { LeadStatus, LeadView, MyWork } from '../../schemas/lead.ts';
import { badRequest, forbidden } from '../../server/errors.ts';
import { LIST_PROJECTION, toLeadView } from './view.ts';
import { LeadModel, type LeadRecord } from './schema.ts';
import { FINISHED } from './rules.ts';
import { holderCode } from './rules.ts';
import { listAgents } from '../staff';

/** Unclaimed leads this old are nearing the 24-hour promise. */
export const NEARING_PROMISE_MS = 20 * 3600_000;
export const NEARING_PROMISE_MAX = 50;

interface FollowUpDoc {
  _id: string;
  leads?: Record<string, Date>;
}

const followUps = () => mongoose.connection.collection<FollowUpDoc>('lead_follow_ups');

/** Notes (a date) or clears (null) the agent's pending follow-up of a lead. */
export async function noteFollowUp(agent: string, leadId: string, at: Date | null): Promise<void> {
  const field = `leads.${leadId}`;
  if (at) await followUps().updateOne({ _id: holderCode(agent) }, { $set: { [field]: at } }, { upsert: true });
  else await followUps().updateOne({ _id: holderCode(agent) }, { $unset: { [field]: '' } });
}

/** Who asks for My work, and whom they name. */
export interface WorkRequest {
  staff: { name: string; isAgent: boolean; isAdmin: boolean };
  agent?: string;
}

/**
 * Whose work to show: the signed-in agent's, or the agent an admin names; a staff member who is no
 * agent and names nobody has none.
 */
async function agentOf({ staff, agent }: WorkRequest): Promise<string | null> {
  if (!agent) return staff.isAgent ? staff.name : null;
  const own = agent.toLowerCase() === staff.name.toLowerCase();
  if (!own && !staff.isAdmin) throw forbidden("Only an admin can open another agent's work.");
  if (own && staff.isAgent) return staff.name;
  const named = (await listAgents()).find((a) => a.name.toLowerCase() === agent.toLowerCase());
  if (!named) throw badRequest(`${agent} is not an agent.`);
  return named.name;
}

/**
 * The agent's day: follow-ups overdue (oldest first) and due later today in the brokerage's time
 * zone (soonest first), and the unclaimed leads nearing the 24-hour promise (oldest first).
 */
export async function myWork(request: WorkRequest, timeZone: string, now = new Date()): Promise<MyWork> {
  const agent = await agentOf(request);
  if (!agent) return { agent: null, overdue: [], today: [], nearingPromise: [], count: 0 };
  const [pending, nearing] = await Promise.all([pendingFollowUps(agent), nearingPromise(now)]);
  const endOfToday = endOfDay(now, { in: tz(timeZone) }).getTime();
  const overdue = pending.filter((l) => l.followUpAt!.getTime() < now.getTime());
  const today = pending.filter((l) => l.followUpAt!.getTime() >= now.getTime() && l.followUpAt!.getTime() <= endOfToday);
  return { agent, overdue, today, nearingPromise: nearing, count: overdue.length + today.length + nearing.length };
}

/**
 * The agent's leads with a pending follow-up, soonest first. An entry whose lead is gone, finished,
 * another's or without a follow-up is dropped; one whose time differs from the lead's (two calls
 * logged at once can write the entries in the other order) is set to the lead's.
 */
async function pendingFollowUps(agent: string): Promise<LeadView[]> {
  const _id = holderCode(agent);
  const doc = await followUps().findOne({ _id });
  const entries = Object.entries(doc?.leads ?? {}).filter(([id]) => mongoose.isValidObjectId(id));
  if (!entries.length) return [];
  const leads = await LeadModel.find({ _id: { $in: entries.map(([id]) => id) } })
    .select(LIST_PROJECTION)
    .lean<LeadRecord[]>();
  const byId = new Map(leads.map((l) => [String(l._id), l]));
  const repairs: Promise<unknown>[] = [];
  const kept: LeadRecord[] = [];
  for (const [id, at] of entries) {
    const lead = byId.get(id);
    const holds = lead && lead.claimedBy === agent && !FINISHED.includes(lead.status as LeadStatus) && lead.followUpAt;
    // Each repair is conditional on the entry as read: a follow-up noted meanwhile stays.
    const field = `leads.${id}`;
    if (!holds) {
      repairs.push(followUps().updateOne({ _id, [field]: at }, { $unset: { [field]: '' } }));
      continue;
    }
    if (lead.followUpAt!.getTime() !== new Date(at).getTime()) {
      repairs.push(followUps().updateOne({ _id, [field]: at }, { $set: { [field]: lead.followUpAt } }));
    }
    kept.push(lead);
  }
  // A repair that fails is made again on the next read.
  await Promise.all(repairs.map((r) => r.catch(() => undefined)));
  const now = Date.now();
  return kept.sort((a, b) => a.followUpAt!.getTime() - b.followUpAt!.getTime()).map((l) => toLeadView(l, now));
}

/** Unclaimed leads 20 hours old or more, oldest first, at most 50. */
async function nearingPromise(now: Date): Promise<LeadView[]> {
  const leads = await LeadModel.find({
    claimedBy: null,
    status: 'unclaimed',
    createdAt: { $lte: new Date(now.getTime() - NEARING_PROMISE_MS) },
  })
    .sort({ createdAt: 1 })
    .limit(NEARING_PROMISE_MAX)
    .select(LIST_PROJECTION)
    .lean<LeadRecord[]>();
  return leads.map((l) => toLeadView(l, now.getTime()));
}
