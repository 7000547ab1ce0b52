// Automatic assignment (docs/product.md §11). In round robin a new lead goes to the available agent licensed in
// its state whose fair share is most behind (each eligible agent earns an equal part of every lead,
// the chosen one spends a whole lead: models/office/availability.ts takeTurn), ties to the least
// recently assigned. The claim is the folder's conditional write (changeLead), so a lead never has
// two holders whatever the number of servers. In offer mode the lead stays in the pool and its timeline
// says which agents it is offered to; the alert names only them (notify/worker.ts). Manual: nothing.
import { agentsForAssignment, eligibleFor, giveBackTurn, takeTurn, type AgentForAssignment } from '../office';
import { recentOfficeSettings } from '../office';
import { logActivity } from '../activity';
import { changeLead } from './write.ts';
import { logAssignment } from './assign-log.ts';
import { FINISHED } from './rules.ts';
import type { LeadStatus } from '../../schemas/lead.ts';
import { LeadModel, type LeadRecord } from './schema.ts';
import { addTimelineEntry } from './timeline.ts';

export const ROUND_ROBIN_USER = 'Round robin';

/** What became of a lead given to assignment: its agent (or null: left in the pool) and why. */
export interface Assignment {
  agent: string | null;
  reason: string;
}

/** The eligible agent most behind their fair share; ties to the least recently assigned, then by name. */
export function pickAgent(eligible: AgentForAssignment[]): AgentForAssignment {
  const lastAt = (a: AgentForAssignment) => a.lastAt?.getTime() ?? 0;
  return [...eligible].sort((a, b) => b.credit - a.credit || lastAt(a) - lastAt(b) || a.name.localeCompare(b.name))[0]!;
}

const stateOf = (lead: LeadRecord) => lead.region?.state ?? null;

function poolReason(lead: LeadRecord, excluded?: string): string {
  const state = stateOf(lead);
  if (!state) return "Left in the pool: the lead's state is unknown";
  return `Left in the pool: no available agent licensed in ${state}${excluded ? ` besides ${excluded}` : ''}`;
}

/**
 * Gives a waiting lead to the next agent by round robin at `now` (tests pass a simulated clock), or
 * names its eligible agents in offer mode; leaves it in the pool with a timeline entry saying why when
 * nobody is eligible. `exclude` is the holder escalation just took it from; `why` starts the reason.
 * Null when the mode is manual or the lead is held, finished or already called.
 */
export async function assignLead(
  leadId: unknown,
  now = new Date(),
  opts: { exclude?: string; why?: string } = {},
): Promise<Assignment | null> {
  const settings = await recentOfficeSettings();
  if (settings.assignmentMode === 'manual') return null;
  const lead = await LeadModel.findById(leadId).lean<LeadRecord>();
  if (!lead || lead.claimedBy || lead.contactedAt || FINISHED.includes(lead.status as LeadStatus)) return null;
  const state = stateOf(lead);
  const eligible = eligibleFor(await agentsForAssignment(), state, now).filter((a) => a.name !== opts.exclude);
  const prefix = opts.why ? `${opts.why}. ` : '';
  if (!eligible.length) {
    const reason = prefix + poolReason(lead, opts.exclude);
    await addTimelineEntry(lead._id, { at: now, kind: 'pool', user: ROUND_ROBIN_USER, reason });
    return { agent: null, reason };
  }
  if (settings.assignmentMode === 'offer') {
    const reason = `${prefix}Offered to ${eligible.map((a) => a.name).join(', ')}: licensed in ${state}, available`;
    await addTimelineEntry(lead._id, { at: now, kind: 'pool', user: ROUND_ROBIN_USER, reason });
    return { agent: null, reason };
  }
  const chosen = await takeTurn(eligible, pickAgent, now);
  const reason = `${prefix}Assigned to ${chosen.name} by round robin: licensed in ${state}, available`;
  const changed = await changeLead(
    { _id: lead._id, claimedBy: null, contactedAt: null, status: { $nin: FINISHED } },
    // The first call is due at once: the lead shows in the agent's My work until it is logged.
    { claimedBy: chosen.name, claimedAt: now, followUpAt: now },
    ({ after }) =>
      Promise.all([
        logActivity({ name: ROUND_ROBIN_USER }, 'LEAD_CLAIMED', { leadId: String(lead._id), leadName: after.name, claimedBy: chosen.name }),
        addTimelineEntry(lead._id, { at: now, kind: 'assigned', user: ROUND_ROBIN_USER, claimedBy: chosen.name, reason }),
        logAssignment(lead._id, chosen.name, now, opts.exclude ? 'escalation' : 'round-robin'),
      ]),
  );
  if (!changed) {
    await giveBackTurn(eligible, chosen); // claimed by hand (or finished) meanwhile: that holder stays
    return null;
  }
  return { agent: chosen.name, reason };
}

/** The agents a lead is offered to in offer mode (all agents otherwise), for the alert's claim buttons. */
export async function offeredAgents(leadId: unknown, now = new Date()): Promise<string[] | null> {
  if ((await recentOfficeSettings()).assignmentMode !== 'offer') return null;
  const lead = await LeadModel.findById(leadId).select({ region: 1 }).lean<LeadRecord>();
  return eligibleFor(await agentsForAssignment(), lead ? stateOf(lead) : null, now).map((a) => a.name);
}
