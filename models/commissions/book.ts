// What the reconciliation reads (docs/commissions.md): each active policy's monthly commission due (the
// yearly expected commission of schemas/policy-rules.ts over twelve, to the cent: the first-year rate in
// the policy's first twelve months, the renewal rate after them) and the statement lines
// of the last twelve months, read with exact indexed filters each time (status equality, the months as an
// `$in` of strings), so nothing older is read and nothing is kept between requests.
import type mongoose from 'mongoose';
import { matchKey } from '../../schemas/commissions.ts';
import type { Commission, PremiumPeriod } from '../../schemas/policy.ts';
import { expectedCommissionCents, renewalMonth } from '../../schemas/policy-rules.ts';
import { PolicyModel } from '../policies';
import { StatementLineModel } from './schema.ts';

export interface DuePolicy {
  id: string;
  customerId: string;
  carrier: string;
  policyNumber: string;
  agent: string;
  /** The month the policy took effect, YYYY-MM. */
  from: string;
  /** Due a month in the first twelve months from the effective date. */
  firstYearCents: number;
  /** Due a month from `renewsFrom` on (the same as the first year's when the policy has one rate). */
  renewalCents: number;
  /** The first month of the renewal rate, YYYY-MM. */
  renewsFrom: string;
}

/** The commission due from a policy for a month (YYYY-MM), in cents. */
export const dueIn = (p: DuePolicy, month: string) => (month < p.renewsFrom ? p.firstYearCents : p.renewalCents);

/** A statement line of the window as the reconciliation reads it. */
export interface WindowLine {
  status: string;
  period: string;
  carrier: string;
  agent: string;
  amountCents: number;
  lineType: string;
  policyId: unknown;
}

export interface Book {
  /** The twelve months compared, oldest first. */
  months: string[];
  policies: DuePolicy[];
  /** The matched lines of the twelve months. */
  matched: WindowLine[];
  /** "policyId|YYYY-MM" → cents paid by the lines that are not chargebacks. */
  paid: Map<string, number>;
  /** "policyId|YYYY-MM" of every month with a matched line, chargebacks included: not missing. */
  seen: Set<string>;
  /** The month each carrier's statements start being compared (matchKey → YYYY-MM). */
  firstPeriod: Map<string, string>;
}

/** The month `n` months before `period` (n may be negative). */
export function monthsBefore(period: string, n: number): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - n, 1));
  return d.toISOString().slice(0, 7);
}

export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);

/** The last twelve months up to this one, oldest first. */
export const lastTwelveMonths = (now = new Date()) => Array.from({ length: 12 }, (_, i) => monthsBefore(currentMonth(now), 11 - i));

type PolicyRow = {
  _id: mongoose.Types.ObjectId;
  customerId: mongoose.Types.ObjectId;
  carrier: string;
  policyNumber: string;
  effectiveDate: string;
  premiumCents: number;
  premiumPeriod: PremiumPeriod;
  commission: Commission | null;
  writingAgent: string;
};

/** The active policies with an expected commission, with their monthly commission due. */
export async function duePolicies(filter: Record<string, unknown> = {}): Promise<DuePolicy[]> {
  const rows = await PolicyModel.find(
    { ...filter, status: 'active' },
    { customerId: 1, carrier: 1, policyNumber: 1, effectiveDate: 1, premiumCents: 1, premiumPeriod: 1, commission: 1, writingAgent: 1 },
  ).lean<PolicyRow[]>();
  return rows.flatMap((p) => {
    const yearly = expectedCommissionCents(p);
    const renewal = expectedCommissionCents(p, 'renewal');
    if (!yearly && !renewal) return [];
    const policy = {
      id: String(p._id),
      customerId: String(p.customerId),
      carrier: p.carrier,
      policyNumber: p.policyNumber ?? '',
      agent: p.writingAgent ?? '',
      from: p.effectiveDate.slice(0, 7),
      firstYearCents: Math.round((yearly ?? 0) / 12),
      renewalCents: Math.round((renewal ?? 0) / 12),
      renewsFrom: renewalMonth(p.effectiveDate),
    };
    return [policy];
  });
}

/**
 * Where each carrier's comparison starts: its first statement month within the twelve, or the first of
 * the twelve when the carrier has statements from before them (one bounded look-up per such carrier; a
 * carrier of the book with no statement in the twelve months is looked up under its policies' spelling).
 */
async function firstPeriods(lines: WindowLine[], months: string[], policies: DuePolicy[]): Promise<Map<string, string>> {
  const first = new Map<string, { period: string; spellings: Set<string> }>();
  const after = monthsBefore(months.at(-1)!, -1);
  for (const p of policies) {
    const key = matchKey(p.carrier);
    if (!first.has(key)) first.set(key, { period: after, spellings: new Set() });
    first.get(key)!.spellings.add(p.carrier);
  }
  for (const l of lines) {
    const key = matchKey(l.carrier ?? '');
    const known = first.get(key);
    if (!known) first.set(key, { period: l.period, spellings: new Set([l.carrier]) });
    else {
      known.spellings.add(l.carrier);
      if (l.period < known.period) known.period = l.period;
    }
  }
  const out = new Map<string, string>();
  await Promise.all(
    [...first].map(async ([key, { period, spellings }]) => {
      const earlier =
        period > months[0]! && (await StatementLineModel.exists({ carrier: { $in: [...spellings] }, period: { $lt: months[0]! } }));
      if (earlier) out.set(key, months[0]!);
      else if (period !== after) out.set(key, period);
    }),
  );
  return out;
}

export async function readBook(now = new Date()): Promise<Book> {
  const months = lastTwelveMonths(now);
  const [policies, lines] = await Promise.all([
    duePolicies(),
    StatementLineModel.find(
      { period: { $in: months } },
      { _id: 0, status: 1, period: 1, carrier: 1, agent: 1, amountCents: 1, lineType: 1, policyId: 1 },
    ).lean<WindowLine[]>(),
  ]);
  const paid = new Map<string, number>();
  const seen = new Set<string>();
  const matched = lines.filter((l) => l.status === 'matched');
  for (const l of matched) {
    const key = `${String(l.policyId)}|${l.period}`;
    seen.add(key);
    if (l.lineType !== 'chargeback') paid.set(key, (paid.get(key) ?? 0) + l.amountCents);
  }
  return { months, policies, matched, paid, seen, firstPeriod: await firstPeriods(lines, months, policies) };
}
