// The performance dashboard's figures, from the counters kept beside the leads, plus the
// arrival-to-claim times of each agent's recent claims for the medians.
import { LEAD_STATUSES, type LeadStatus } from '../../schemas/lead.ts';
import { listAgents } from '../staff';
import { claimWaitsOf, overdueFrom, pruneWaitingHours, readCounters } from './counters.ts';
import { holderCode } from './rules.ts';
import { recentLeadsOf } from './page.ts';

type StatusCounts = Record<LeadStatus, number>;
const emptyCounts = (): StatusCounts => Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as StatusCounts;

/** closed / assigned as a percentage with one decimal (docs/product.md §9). */
export const conversionRate = (closed: number, assigned: number) => (assigned ? Math.round((closed / assigned) * 1000) / 10 : 0);

/** Median arrival-to-claim time is measured over claims of the last 90 days. */
const MEDIAN_WINDOW_MS = 90 * 24 * 60 * 60 * 1000;

export function median(values: number[]): number | null {
  if (!values.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export interface AgentStats {
  name: string;
  email: string;
  assigned: number;
  active: number;
  closed: number;
  lost: number;
  conversionRate: number;
  medianClaimMinutes: number | null;
  /** docs/product.md §3: each agent's leads with their status. */
  leads: { leadId: string; name: string; status: LeadStatus; createdAt: Date }[];
}

/** Leads listed per agent in the stats: the most recent ones of the agent's tab, never a scan. */
export const AGENT_LIST_LIMIT = 20;
async function medianClaimMinutes(agentName: string, since: number): Promise<number | null> {
  const waits = (await claimWaitsOf(agentName)).filter((x) => x.at.getTime() >= since).map((x) => x.m);
  const med = median(waits);
  return med === null ? null : Math.round(med);
}

/**
 * The dashboard's figures from the kept counters (models/leads/counters.ts): a few documents read by
 * key whatever the number of leads. Each agent's list is bounded to their latest AGENT_LIST_LIMIT leads.
 */
export async function leadStats() {
  const now = Date.now();
  const [counters, agents] = await Promise.all([readCounters(), listAgents()]);
  void pruneWaitingHours(counters.w, now).catch(() => undefined);

  const statusCounts = emptyCounts();
  let totalReferrals = 0;
  let unclaimedLeads = 0;
  for (const [holder, byStatus] of Object.entries(counters.c)) {
    for (const [status, count] of Object.entries(byStatus)) {
      totalReferrals += count;
      if (status in statusCounts) statusCounts[status as LeadStatus] += count;
      if (holder === 'none') unclaimedLeads += count;
    }
  }

  const since = now - MEDIAN_WINDOW_MS;
  const agentStats: AgentStats[] = await Promise.all(
    agents.map(async (agent) => {
      const counts = { ...emptyCounts(), ...counters.c[holderCode(agent.name)] };
      const assigned = Object.values(counts).reduce((a, b) => a + b, 0);
      const [leads, med] = await Promise.all([
        recentLeadsOf(agent.name, AGENT_LIST_LIMIT, counters),
        medianClaimMinutes(agent.name, since),
      ]);
      return {
        name: agent.name,
        email: agent.email,
        assigned,
        active: assigned - counts.closed - counts.lost,
        closed: counts.closed,
        lost: counts.lost,
        conversionRate: conversionRate(counts.closed, assigned),
        medianClaimMinutes: med,
        leads: leads.map((l) => ({ leadId: l.leadId, name: l.name, status: l.status, createdAt: l.createdAt })),
      };
    }),
  );

  return {
    agents: agentStats,
    totalReferrals,
    claimedLeads: totalReferrals - unclaimedLeads,
    unclaimedLeads,
    overdueLeads: overdueFrom(counters.w, now),
    statusCounts,
    conversionRate: conversionRate(statusCounts.closed, totalReferrals),
  };
}

/** The legacy `<first name lower-cased>Leads` keys of CONTRACT.md (benLeads, stefLeads). */
export function legacyAgentKeys(agents: AgentStats[]): Record<string, AgentStats['leads']> {
  return Object.fromEntries(agents.map((a) => [`${a.name.trim().split(/\s+/)[0].toLowerCase()}Leads`, a.leads]));
}
