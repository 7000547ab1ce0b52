// What the reconciliation reads (docs/commissions.md): each active policy's monthly commission due (the
// yearly expected commission of schemas/policy-rules.ts over twelve, to the cent) and the statement lines
// grouped by policy and month, with plain indexed queries each time (nothing kept between requests).
import type mongoose from 'mongoose';
import { matchKey } from '../../schemas/commissions.ts';
import type { Commission, PremiumPeriod } from '../../schemas/policy.ts';
import { expectedCommissionCents } from '../../schemas/policy-rules.ts';
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
  dueCents: number;
}

/** A stored statement line as the reconciliation reads it. */
export interface BookLine {
  _id: string;
  status: string;
  period: string;
  carrier: string;
  policyNumber: string;
  insuredName: string;
  agent: string;
  amountCents: number;
  lineType: string;
  policyId: unknown;
  suggestedPolicyId: unknown;
  reason: string;
}

export interface Book {
  policies: DuePolicy[];
  lines: BookLine[];
  /** "policyId|YYYY-MM" → cents paid by the lines that are not chargebacks. */
  paid: Map<string, number>;
  /** "policyId|YYYY-MM" of every month with a matched line, chargebacks included: not missing. */
  seen: Set<string>;
  /** The first statement month imported for each carrier (compared by matchKey). */
  firstPeriod: Map<string, string>;
}

/** The month `n` months before `period` (n may be negative). */
export function monthsBefore(period: string, n: number): string {
  const [y, m] = period.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 - n, 1));
  return d.toISOString().slice(0, 7);
}

export const currentMonth = (now = new Date()) => now.toISOString().slice(0, 7);

export async function readBook(): Promise<Book> {
  // Plain scans, summed here: the embedded database's $group is slow with many groups (bench/commissions.ts).
  const [rows, lines] = await Promise.all([
    PolicyModel.find(
      { status: 'active', commission: { $ne: null } },
      { customerId: 1, carrier: 1, policyNumber: 1, effectiveDate: 1, premiumCents: 1, premiumPeriod: 1, commission: 1, writingAgent: 1 },
    ).lean<
      {
        _id: mongoose.Types.ObjectId;
        customerId: mongoose.Types.ObjectId;
        carrier: string;
        policyNumber: string;
        effectiveDate: string;
        premiumCents: number;
        premiumPeriod: PremiumPeriod;
        commission: Commission | null;
        writingAgent: string;
      }[]
    >(),
    StatementLineModel.find({}, { createdAt: 0, updatedAt: 0, fileName: 0, product: 0, paidDate: 0 }).lean<BookLine[]>(),
  ]);
  const policies = rows.flatMap((p) => {
    const yearly = expectedCommissionCents(p);
    if (!yearly) return [];
    return [
      {
        id: String(p._id),
        customerId: String(p.customerId),
        carrier: p.carrier,
        policyNumber: p.policyNumber ?? '',
        agent: p.writingAgent ?? '',
        from: p.effectiveDate.slice(0, 7),
        dueCents: Math.round(yearly / 12),
      },
    ];
  });
  const paid = new Map<string, number>();
  const seen = new Set<string>();
  const firstPeriod = new Map<string, string>();
  for (const l of lines) {
    const carrier = matchKey(l.carrier ?? '');
    const known = firstPeriod.get(carrier);
    if (!known || l.period < known) firstPeriod.set(carrier, l.period);
    if (l.status !== 'matched') continue;
    const key = `${String(l.policyId)}|${l.period}`;
    seen.add(key);
    if (l.lineType !== 'chargeback') paid.set(key, (paid.get(key) ?? 0) + l.amountCents);
  }
  return { policies, lines, paid, seen, firstPeriod };
}
