// Each customer's policies in brief: for the customers CSV export how many, which carriers, and the total
// annual premium of those in force; for the customer lists each policy's carrier, line and status.
import { IN_FORCE, type PolicyLine, type PremiumPeriod, type PolicyStatus } from '../../schemas/policy.ts';
import type { CustomerPolicyLine } from '../../schemas/customer.ts';
import { annualPremiumCents } from '../../schemas/policy-rules.ts';
import { PolicyModel, type PolicyRecord } from './schema.ts';

export interface PolicySummary {
  policyCount: number;
  /** Distinct carriers in the order first written, joined with "; ". */
  policyCarriers: string;
  /** Total annual premium of the pending and active policies, in cents. */
  annualPremiumCents: number;
}

/** The summaries of these customers' policies, by customer id (customers without any are absent). */
export async function policySummaries(customerIds: string[]): Promise<Map<string, PolicySummary>> {
  const rows = await PolicyModel.find({ customerId: { $in: customerIds } })
    .sort({ effectiveDate: 1 })
    .select({ customerId: 1, carrier: 1, status: 1, premiumCents: 1, premiumPeriod: 1 })
    .lean<PolicyRecord[]>();
  const out = new Map<string, PolicySummary & { carriers: string[] }>();
  for (const p of rows) {
    const id = String(p.customerId);
    const s = out.get(id) ?? { policyCount: 0, policyCarriers: '', annualPremiumCents: 0, carriers: [] };
    s.policyCount += 1;
    if (!s.carriers.includes(p.carrier)) s.carriers.push(p.carrier);
    if (IN_FORCE.includes(p.status as PolicyStatus))
      s.annualPremiumCents += annualPremiumCents(p.premiumCents, p.premiumPeriod as PremiumPeriod);
    out.set(id, s);
  }
  return new Map([...out].map(([id, { carriers, ...s }]) => [id, { ...s, policyCarriers: carriers.join('; ') }]));
}

/** In force first, then lapsed, then cancelled; within a status by effective date, then carrier. */
const STATUS_ORDER: Record<PolicyStatus, number> = { active: 0, pending: 0, lapsed: 1, cancelled: 2 };

/**
 * These customers with their policies in brief (carrier, line, status), for the lists: `'all'` when the
 * list is every customer (one read of the policies instead of a long `$in`).
 */
export async function withPolicyLines<T extends { customerId: string }>(
  customers: T[],
  scope: 'all' | 'these' = 'these',
): Promise<(T & { policies: CustomerPolicyLine[] })[]> {
  if (!customers.length) return [];
  const filter = scope === 'all' ? {} : { customerId: { $in: customers.map((c) => c.customerId) } };
  const rows = await PolicyModel.find(filter)
    .sort({ effectiveDate: 1, carrier: 1 })
    .select({ customerId: 1, carrier: 1, line: 1, status: 1 })
    .lean<PolicyRecord[]>();
  const byCustomer = new Map<string, CustomerPolicyLine[]>();
  for (const p of rows) {
    const id = String(p.customerId);
    const list = byCustomer.get(id) ?? [];
    list.push({ carrier: p.carrier, line: p.line as PolicyLine, status: p.status as PolicyStatus });
    byCustomer.set(id, list);
  }
  return customers.map((c) => ({
    ...c,
    policies: (byCustomer.get(c.customerId) ?? []).sort((a, b) => STATUS_ORDER[a.status] - STATUS_ORDER[b.status]),
  }));
}
