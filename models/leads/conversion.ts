// The dashboard's conversion table (schemas/lead-conversion.ts): the leads that arrived in the period
// (a range of the `createdAt` index), counted by source and by holder, and the source of each closed lead
// for the premium its customer brought.
import type { AnalyticsPeriod } from '../../schemas/analytics.ts';
import { NOT_CLAIMED, type AgentConversionRow, type ConversionRow, type ConversionTable } from '../../schemas/lead-conversion.ts';
import { periodWindows } from '../../schemas/period-windows.ts';
import { listAgents } from '../staff';
import { leadSourceOf } from '../../schemas/first-touch.ts';
import { LeadModel, type Lead, type LeadRecord } from './schema.ts';
import type { FilterQuery } from 'mongoose';
import { conversionRate, median } from './stats.ts';

/** What the table needs of a lead. */
const FIELDS = {
  status: 1,
  claimedBy: 1,
  createdAt: 1,
  contactedAt: 1,
  source: 1,
  'firstTouch.utmSource': 1,
  'firstTouch.referrerHost': 1,
};
type Row = Pick<LeadRecord, '_id' | 'status' | 'claimedBy' | 'createdAt' | 'contactedAt' | 'source' | 'firstTouch'>;
const sourceOf = (l: Row) => leadSourceOf(l.firstTouch, l.source === 'admin' ? 'admin' : 'website');

/** Leads read at a time: between batches the read stops if its caller has gone. */
const BATCH = 250;

/**
 * The leads a filter keeps, a batch at a time. Once `signal` aborts (the console that asked left the
 * dashboard or reloaded it) the read stops at the next batch with the signal's reason, so a table nobody
 * will see does not keep the engine busy for seconds.
 */
async function readRows(filter: FilterQuery<Lead>, signal?: AbortSignal): Promise<Row[]> {
  const rows: Row[] = [];
  const cursor = LeadModel.find(filter).select(FIELDS).lean<Row>().cursor({ batchSize: BATCH });
  try {
    for await (const row of cursor) if (rows.push(row) % BATCH === 0) signal?.throwIfAborted();
  } finally {
    await cursor.close();
  }
  return rows;
}

/** A row being counted, with the ids of its closed leads for the premium they brought. */
export interface CountedRow extends ConversionRow {
  closedLeadIds: string[];
}

const emptyRow = (label: string): CountedRow => ({
  label,
  leads: 0,
  closed: 0,
  conversionRate: 0,
  premiumWrittenCents: null,
  closedLeadIds: [],
});

function count(row: CountedRow, l: Row): void {
  row.leads++;
  if (l.status === 'closed') {
    row.closed++;
    row.closedLeadIds.push(String(l._id));
  }
}

/**
 * The premium written in the period's calendar days (models/policies/premium-written.ts's answer, read
 * for the table by models/flows/conversion.ts).
 */
export interface PremiumWrittenRows {
  byAgent: { agent: string; annualPremiumCents: number }[];
  byCustomer: { leadId: string | null; annualPremiumCents: number }[];
}

/**
 * The annual premium of the policies written (effective) in the period, in cents: an agent's row has
 * the policies that agent wrote, a source's row those of customers closed from leads of that first-touch
 * source, the total every policy written. Without the premium every row stays null ("—").
 */
function fillPremiumWritten(
  rows: { total: CountedRow; bySource: Map<string, CountedRow>; byAgent: Map<string, CountedRow> },
  sourceOfLead: ReadonlyMap<string, string>,
  written?: PremiumWrittenRows,
): void {
  if (!written) return;
  // Nothing written: the row keeps null ("—").
  const add = (row: CountedRow | undefined, cents: number) => {
    if (row && cents > 0) row.premiumWrittenCents = (row.premiumWrittenCents ?? 0) + cents;
  };
  for (const a of written.byAgent) {
    add(rows.total, a.annualPremiumCents);
    add(rows.byAgent.get(a.agent), a.annualPremiumCents);
  }
  for (const c of written.byCustomer) add(c.leadId ? rows.bySource.get(sourceOfLead.get(c.leadId) ?? '') : undefined, c.annualPremiumCents);
}

/** The rows without their lead ids, with their conversion, most leads first (then by label). */
function finished<R extends CountedRow>(rows: Iterable<R>): Omit<R, 'closedLeadIds'>[] {
  return [...rows]
    .sort((a, b) => b.leads - a.leads || a.label.localeCompare(b.label))
    .map(({ closedLeadIds, ...r }) => {
      void closedLeadIds;
      return { ...r, conversionRate: conversionRate(r.closed, r.leads) };
    });
}

/** The table for a period of the analytics' periods, in the brokerage's time zone. */
export async function conversionTable(
  period: AnalyticsPeriod,
  timeZone: string,
  now = new Date(),
  premium?: PremiumWrittenRows,
  signal?: AbortSignal,
): Promise<ConversionTable> {
  const { start, end } = periodWindows(period, now, timeZone).current;
  const [from, to] = [start.getTime(), end.getTime()];
  const total = emptyRow('All leads');
  const bySource = new Map<string, CountedRow>();
  const byAgent = new Map<string, CountedRow & { waits: number[] }>();
  // Every current agent has a row, with or without leads in the period.
  for (const agent of await listAgents()) byAgent.set(agent.name, { ...emptyRow(agent.name), waits: [] });

  const [arrived, closed] = await Promise.all([
    readRows({ createdAt: { $gte: new Date(from), $lt: new Date(to) } }, signal),
    premium ? readRows({ status: 'closed' }, signal) : [],
  ]);
  const sourceOfLead = new Map(closed.map((l) => [String(l._id), sourceOf(l)]));
  for (const l of arrived) {
    count(total, l);
    const label = sourceOf(l);
    count(bySource.get(label) ?? bySource.set(label, emptyRow(label)).get(label)!, l);
    const agentName = l.claimedBy || NOT_CLAIMED;
    const agent = byAgent.get(agentName) ?? byAgent.set(agentName, { ...emptyRow(agentName), waits: [] }).get(agentName)!;
    count(agent, l);
    if (l.contactedAt) agent.waits.push(Math.max(0, l.contactedAt.getTime() - l.createdAt.getTime()) / 60_000);
  }

  fillPremiumWritten({ total, bySource, byAgent }, sourceOfLead, premium);
  const agents: AgentConversionRow[] = finished(byAgent.values()).map(({ waits, ...r }) => {
    const med = median(waits);
    return { ...r, medianFirstCallMinutes: med === null ? null : Math.round(med) };
  });
  return { period, start, end, total: finished([total])[0], bySource: finished(bySource.values()), byAgent: agents };
}
