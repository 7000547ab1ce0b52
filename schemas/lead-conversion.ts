// The dashboard's conversion table (docs/product.md §3): for a period, leads, closed deals, conversion and
// premium written by source and by agent, with the median time from arrival to first call per agent;
// its input, its shape and its CSV, shared by the procedure, the download route and the page.
import { stringify } from 'csv-stringify/browser/esm/sync';
import { z } from 'zod';
import { analyticsPeriod, PERIOD_LABELS, type AnalyticsPeriod } from './analytics.ts';
import { formulaSafeCell } from './customer.ts';
import { premiumText } from './premium-text.ts';

export const conversionInput = z.object({ period: analyticsPeriod.default('30d') });
export type ConversionInput = z.infer<typeof conversionInput>;

/** One row: the leads that arrived in the period from one source, or held by one agent. */
export interface ConversionRow {
  /** The source (utm_source, referring host, "direct") or the agent's name; "Not claimed" for no agent. */
  label: string;
  leads: number;
  /** Of those leads, the ones closed into customers. */
  closed: number;
  /** closed / leads as a percentage with one decimal. */
  conversionRate: number;
  /** Premium written on those deals, in cents; null until policies are recorded (shown as "—"). */
  premiumWrittenCents: number | null;
}

export interface AgentConversionRow extends ConversionRow {
  /** Median minutes from arrival to the first call (or first contact) over the agent's leads of the period. */
  medianFirstCallMinutes: number | null;
}

export interface ConversionTable {
  period: AnalyticsPeriod;
  /** The period's first instant and its end (exclusive). */
  start: Date;
  end: Date;
  total: ConversionRow;
  bySource: ConversionRow[];
  byAgent: AgentConversionRow[];
}

/** The label of the agent row of unclaimed leads. */
export const NOT_CLAIMED = 'Not claimed';

/** How a premium is written in the table and the CSV: dollars with cents, or "—" when unknown. */
export { premiumText };

export const CONVERSION_CSV_COLUMNS = [
  'Group',
  'Name',
  'Leads',
  'Closed deals',
  'Conversion %',
  'Premium written',
  'Median minutes to first call',
] as const;

/** The table as CSV: the total, then a line per source and per agent; formulas in names defused. */
export function conversionCsv(table: ConversionTable): string {
  const line = (group: string, r: ConversionRow, median: number | null | undefined) => [
    group,
    formulaSafeCell(r.label),
    r.leads,
    r.closed,
    r.conversionRate.toFixed(1),
    r.premiumWrittenCents === null ? '' : (r.premiumWrittenCents / 100).toFixed(2),
    median === null || median === undefined ? '' : median,
  ];
  return stringify([
    [...CONVERSION_CSV_COLUMNS],
    line('Total', { ...table.total, label: PERIOD_LABELS[table.period] }, undefined),
    ...table.bySource.map((r) => line('Source', r, undefined)),
    ...table.byAgent.map((r) => line('Agent', r, r.medianFirstCallMinutes)),
  ]);
}
