// My work (docs/product.md §10): the agent's follow-ups due by the end of today and the unclaimed leads
// nearing the 24-hour promise, two indexed queries on the leads ({claimedBy, status, followUpAt}, {createdAt}).
import { tz } from '@date-fns/tz';
import { endOfDay } from 'date-fns/endOfDay';
import type { LeadView, MyWork } from '../../schemas/lead.ts';
import { badRequest, forbidden } from '../../server/errors.ts';
import { LIST_PROJECTION, toLeadView } from './view.ts';
import { LeadModel, type LeadRecord } from './schema.ts';
import { UNFINISHED } from './filters.ts';
import { listAgents } from '../staff';

/** Unclaimed leads this old are nearing the 24-hour promise. */
export const NEARING_PROMISE_MS = 20 * 3600_000;
export const NEARING_PROMISE_MAX = 50;

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
  const endOfToday = endOfDay(now, { in: tz(timeZone) }).getTime();
  const [pending, nearing] = await Promise.all([pendingFollowUps(agent, new Date(endOfToday)), nearingPromise(now)]);
  const overdue = pending.filter((l) => l.followUpAt!.getTime() < now.getTime());
  const today = pending.filter((l) => l.followUpAt!.getTime() >= now.getTime() && l.followUpAt!.getTime() <= endOfToday);
  return { agent, overdue, today, nearingPromise: nearing, count: overdue.length + today.length + nearing.length };
}

/** The agent's unfinished leads with a follow-up due by `until`, soonest first. */
async function pendingFollowUps(agent: string, until: Date): Promise<LeadView[]> {
  const leads = await LeadModel.find({ claimedBy: agent, status: { $in: UNFINISHED }, followUpAt: { $lte: until } })
    .sort({ followUpAt: 1, _id: 1 })
    .select(LIST_PROJECTION)
    .lean<LeadRecord[]>();
  const now = Date.now();
  return leads.map((l) => toLeadView(l, now));
}

/** Unclaimed leads 20 hours old or more, oldest first, at most 50. */
async function nearingPromise(now: Date): Promise<LeadView[]> {
  const leads = await LeadModel.find({
    claimedBy: null,
    status: 'unclaimed',
    createdAt: { $lte: new Date(now.getTime() - NEARING_PROMISE_MS) },
  })
    .sort({ createdAt: 1, _id: 1 })
    .limit(NEARING_PROMISE_MAX)
    .select(LIST_PROJECTION)
    .lean<LeadRecord[]>();
  return leads.map((l) => toLeadView(l, now.getTime()));
}
