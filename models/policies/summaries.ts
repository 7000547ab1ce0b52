// Each customer's policies in brief, for the customers CSV export: how many, which carriers, and the total
// annual premium of those in force.
import { IN_FORCE, type PremiumPeriod, type PolicyStatus } from '../../schemas/policy.ts';
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
