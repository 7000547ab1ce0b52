// Premium written in a period, per writing agent and per customer (the dashboard's "premium by source and
// by agent" joins the per-customer rows to the leads' first-touch sources through `leadId`).
import mongoose from 'mongoose';
import { annualPremiumCents } from '../../schemas/policy-rules.ts';
import type { PremiumPeriod } from '../../schemas/policy.ts';
import { CustomerModel } from '../customers';
import { PolicyModel, type PolicyRecord } from './schema.ts';

export interface PremiumWritten {
  /** Per writing agent (their name as recorded), most premium first. */
  byAgent: { agent: string; policies: number; annualPremiumCents: number }[];
  /** Per customer, with the lead the customer was closed from (null for one added by hand). */
  byCustomer: { customerId: string; leadId: string | null; policies: number; annualPremiumCents: number }[];
}

/**
 * The annual premium (a monthly premium × 12, in integer cents) of the policies whose effective date falls
 * from `from` through the day before `to` (calendar days, YYYY-MM-DD; either may be left open). Cancelled
 * policies do not count; pending, active and lapsed ones were written and do.
 */
export async function premiumWrittenBy(range: { from?: string; to?: string } = {}): Promise<PremiumWritten> {
  const effectiveDate: Record<string, string> = {};
  if (range.from) effectiveDate.$gte = range.from;
  if (range.to) effectiveDate.$lt = range.to;
  const filter: Record<string, unknown> = { status: { $ne: 'cancelled' } };
  if (range.from || range.to) filter.effectiveDate = effectiveDate;
  const rows = await PolicyModel.find(filter)
    .select({ customerId: 1, premiumCents: 1, premiumPeriod: 1, writingAgent: 1 })
    .lean<PolicyRecord[]>();

  const agents = new Map<string, { agent: string; policies: number; annualPremiumCents: number }>();
  const customers = new Map<string, { customerId: string; leadId: string | null; policies: number; annualPremiumCents: number }>();
  for (const p of rows) {
    const cents = annualPremiumCents(p.premiumCents, p.premiumPeriod as PremiumPeriod);
    const a = agents.get(p.writingAgent) ?? { agent: p.writingAgent, policies: 0, annualPremiumCents: 0 };
    agents.set(p.writingAgent, { ...a, policies: a.policies + 1, annualPremiumCents: a.annualPremiumCents + cents });
    const id = String(p.customerId);
    const c = customers.get(id) ?? { customerId: id, leadId: null, policies: 0, annualPremiumCents: 0 };
    customers.set(id, { ...c, policies: c.policies + 1, annualPremiumCents: c.annualPremiumCents + cents });
  }
  const ids = [...customers.keys()].filter((id) => mongoose.isValidObjectId(id));
  for (const c of await CustomerModel.find({ _id: { $in: ids } })
    .select({ leadId: 1 })
    .lean<{ _id: unknown; leadId?: unknown }[]>()) {
    const row = customers.get(String(c._id));
    if (row) row.leadId = c.leadId ? String(c.leadId) : null;
  }
  const byPremium = (a: { annualPremiumCents: number }, b: { annualPremiumCents: number }) => b.annualPremiumCents - a.annualPremiumCents;
  return { byAgent: [...agents.values()].sort(byPremium), byCustomer: [...customers.values()].sort(byPremium) };
}
