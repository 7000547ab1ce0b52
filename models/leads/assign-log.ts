// Who was given which lead and when (docs/product.md §11): one document per assignment or claim in
// `lead_assignments`, and per escalation return in `lead_escalations` (escalate.ts); the dashboard's
// fairness and load table reads both over a period.
import mongoose from 'mongoose';
import type { AgentLoad } from '../../schemas/assignment.ts';
import { LeadModel } from './schema.ts';

export type AssignedHow = 'claim' | 'round-robin' | 'escalation';

interface AssignmentDoc {
  leadId: string;
  agent: string;
  at: Date;
  how: AssignedHow;
}

const assignments = () => mongoose.connection.collection<AssignmentDoc>('lead_assignments');
const escalations = () => mongoose.connection.collection<{ step: string; holder?: string | null; at: Date }>('lead_escalations');

export async function logAssignment(leadId: unknown, agent: string, at: Date, how: AssignedHow): Promise<void> {
  await assignments().insertOne({ leadId: String(leadId), agent, at, how });
}

/** An hour: "called within the hour" of being given the lead. */
const HOUR_MS = 3600_000;

/** Per agent over [from, to): leads given (claimed or assigned), called within the hour of that, returned by escalation. */
export async function agentLoad(from: Date, to: Date): Promise<AgentLoad[]> {
  const [given, returned] = await Promise.all([
    assignments()
      .find({ at: { $gte: from, $lt: to } })
      .toArray(),
    escalations()
      .find({ step: 'return', at: { $gte: from, $lt: to } })
      .toArray(),
  ]);
  const ids = [...new Set(given.map((g) => g.leadId))].filter((id) => mongoose.isValidObjectId(id));
  const leads = ids.length
    ? await LeadModel.find({ _id: { $in: ids } })
        .select({ contactedAt: 1, lastCall: 1 })
        .lean()
    : [];
  const contacted = new Map(leads.map((l) => [String(l._id), l.contactedAt ?? null]));
  const rows = new Map<string, AgentLoad>();
  const row = (agent: string) => rows.get(agent) ?? rows.set(agent, { agent, assigned: 0, calledWithinHour: 0, returned: 0 }).get(agent)!;
  for (const g of given) {
    const r = row(g.agent);
    r.assigned++;
    const at = contacted.get(g.leadId);
    if (at && at.getTime() >= g.at.getTime() && at.getTime() - g.at.getTime() <= HOUR_MS) r.calledWithinHour++;
  }
  for (const e of returned) if (e.holder) row(e.holder).returned++;
  return [...rows.values()].sort((a, b) => a.agent.localeCompare(b.agent));
}
