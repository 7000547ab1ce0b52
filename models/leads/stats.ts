// The performance dashboard's figures: one `$group` of the leads by holder and status, one count of
// the overdue ones, and per agent their latest leads and the arrival-to-claim times of their recent claims.
import { LEAD_STATUSES, type LeadStatus } from '../../schemas/lead.ts';
import { listAgents } from '../staff';
import { countByHolderAndStatus, overdueFilter } from './filters.ts';
import { recentLeadsOf } from './page.ts';
import { LeadModel } from './schema.ts';

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
/** Claims the median is taken over at most: the agent's latest. */
const CLAIMS_FOR_MEDIAN = 200;

/** The median minutes from arrival to claim of the agent's latest claims since `since` (leads they hold). */
async function medianClaimMinutes(agentName: string, since: number): Promise<number | null> {
  const claimed = await LeadModel.find({ claimedBy: agentName, claimedAt: { $gte: new Date(since) } })
    .sort({ claimedAt: -1, _id: -1 })
    .limit(CLAIMS_FOR_MEDIAN)
    .select({ createdAt: 1, claimedAt: 1 })
    .lean<{ createdAt: Date; claimedAt: Date }[]>();
  const med = median(claimed.map((l) => (l.claimedAt.getTime() - l.createdAt.getTime()) / 60_000));
  return med === null ? null : Math.round(med);
}

/** Per agent, their latest leads and median claim time: these need the agents' names, not the counts. */
async function agentListsAndMedians(since: number) {
  const agents = await listAgents();
  return Promise.all(
    agents.map(async (agent) => {
      const [leads, med] = await Promise.all([recentLeadsOf(agent.name, AGENT_LIST_LIMIT), medianClaimMinutes(agent.name, since)]);
      return { agent, leads, med };
    }),
  );
}

/**
 * The dashboard's figures. Each agent's list is bounded to their latest AGENT_LIST_LIMIT leads. The counts
 * and the agents' lists are read side by side, so the figures wait for the slower of the two, not both.
 */
export async function leadStats() {
  const now = Date.now();
  const [rows, overdueLeads, perAgent] = await Promise.all([
    countByHolderAndStatus(),
    LeadModel.countDocuments(overdueFilter(now)),
    agentListsAndMedians(now - MEDIAN_WINDOW_MS),
  ]);

  const statusCounts = emptyCounts();
  const byHolder = new Map<string, Partial<StatusCounts>>();
  let totalReferrals = 0;
  let unclaimedLeads = 0;
  for (const { claimedBy, status, n } of rows) {
    totalReferrals += n;
    if (status in statusCounts) statusCounts[status as LeadStatus] += n;
    if (!claimedBy) unclaimedLeads += n;
    else {
      const held = byHolder.get(claimedBy) ?? byHolder.set(claimedBy, {}).get(claimedBy)!;
      held[status as LeadStatus] = (held[status as LeadStatus] ?? 0) + n;
    }
  }

  const agentStats: AgentStats[] = perAgent.map(({ agent, leads, med }) => {
    const counts = { ...emptyCounts(), ...byHolder.get(agent.name) };
    const assigned = Object.values(counts).reduce((a, b) => a + b, 0);
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
  });

  return {
    agents: agentStats,
    totalReferrals,
    claimedLeads: totalReferrals - unclaimedLeads,
    unclaimedLeads,
    overdueLeads,
    statusCounts,
    conversionRate: conversionRate(statusCounts.closed, totalReferrals),
  };
}

/** The legacy `<first name lower-cased>Leads` keys of docs/api.md (benLeads, stefLeads). */
export function legacyAgentKeys(agents: AgentStats[]): Record<string, AgentStats['leads']> {
  return Object.fromEntries(agents.map((a) => [`${a.name.trim().split(/\s+/)[0].toLowerCase()}Leads`, a.leads]));
}
