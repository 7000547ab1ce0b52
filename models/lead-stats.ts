// The performance dashboard's figures, counted in the database: one grouped count by agent and
// status, plus the arrival-to-claim times of recent claims for the medians.
import { LEAD_STATUSES, RESPONSE_PROMISE_MS, type LeadStatus } from '../schemas/lead.ts';
import { LeadModel } from './lead.ts';
import { listAgents } from './staff.ts';

type StatusCounts = Record<LeadStatus, number>;
const emptyCounts = (): StatusCounts => Object.fromEntries(LEAD_STATUSES.map((s) => [s, 0])) as StatusCounts;

/** closed / assigned as a percentage with one decimal (SPEC.md §9). */
export const conversionRate = (closed: number, assigned: number) => (assigned ? Math.round((closed / assigned) * 1000) / 10 : 0);

/** Median arrival-to-claim time is measured over claims of the last 90 days. */
const MEDIAN_WINDOW_MS = 90 * 24 * 60 * 60 * 1000;

function median(values: number[]): number | null {
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
  /** SPEC.md §3: each agent's leads with their status. */
  leads: { leadId: string; name: string; status: LeadStatus; createdAt: Date }[];
}

export async function leadStats() {
  const now = Date.now();
  // Three passes over the leads, side by side: the grouped counts, the overdue count, and the
  // claimed leads' few fields for the agents' lists and claim-time medians.
  const [groups, agents, overdueLeads, claimed] = await Promise.all([
    LeadModel.aggregate<{ _id: { claimedBy: string | null; status: LeadStatus }; count: number }>([
      { $group: { _id: { claimedBy: '$claimedBy', status: '$status' }, count: { $sum: 1 } } },
    ]),
    listAgents(),
    LeadModel.countDocuments({ status: { $nin: ['closed', 'lost'] }, contactedAt: null, createdAt: { $lt: new Date(now - RESPONSE_PROMISE_MS) } }),
    LeadModel.find({ claimedBy: { $ne: null } })
      .sort({ createdAt: -1 })
      .select({ name: 1, status: 1, claimedBy: 1, claimedAt: 1, createdAt: 1 })
      .lean<{ _id: unknown; name: string; status: LeadStatus; claimedBy: string; claimedAt: Date | null; createdAt: Date }[]>(),
  ]);

  const statusCounts = emptyCounts();
  const byAgent = new Map<string, StatusCounts>();
  let totalReferrals = 0;
  let claimedLeads = 0;
  for (const { _id, count } of groups) {
    totalReferrals += count;
    statusCounts[_id.status] = (statusCounts[_id.status] ?? 0) + count;
    if (_id.claimedBy) {
      claimedLeads += count;
      const counts = byAgent.get(_id.claimedBy) ?? emptyCounts();
      counts[_id.status] += count;
      byAgent.set(_id.claimedBy, counts);
    }
  }

  const since = now - MEDIAN_WINDOW_MS;
  const agentStats: AgentStats[] = agents.map((agent) => {
    const counts = byAgent.get(agent.name) ?? emptyCounts();
    const assigned = Object.values(counts).reduce((a, b) => a + b, 0);
    const mine = claimed.filter((l) => l.claimedBy === agent.name);
    const waits = mine
      .filter((l) => l.claimedAt && l.claimedAt.getTime() >= since)
      .map((l) => (l.claimedAt!.getTime() - l.createdAt.getTime()) / 60_000);
    const med = median(waits);
    return {
      name: agent.name,
      email: agent.email,
      assigned,
      active: assigned - counts.closed - counts.lost,
      closed: counts.closed,
      lost: counts.lost,
      conversionRate: conversionRate(counts.closed, assigned),
      medianClaimMinutes: med === null ? null : Math.round(med),
      leads: mine.map((l) => ({ leadId: String(l._id), name: l.name, status: l.status, createdAt: l.createdAt })),
    };
  });

  return {
    agents: agentStats,
    totalReferrals,
    claimedLeads,
    unclaimedLeads: totalReferrals - claimedLeads,
    overdueLeads,
    statusCounts,
    conversionRate: conversionRate(statusCounts.closed, totalReferrals),
  };
}

/** The legacy `<first name lower-cased>Leads` keys of CONTRACT.md (benLeads, stefLeads). */
export function legacyAgentKeys(agents: AgentStats[]): Record<string, AgentStats['leads']> {
  return Object.fromEntries(agents.map((a) => [`${a.name.trim().split(/\s+/)[0].toLowerCase()}Leads`, a.leads]));
}
