// The demo book of business (`npm run seed:demo`): every customer's birth date (their age stays what it
// was), one customer turning 65 within three months, a policy for each customer closed from a lead
// (Medicare lines for those of Medicare age; the premium written shows in the conversion table), and
// for each agent policies renewing within 7, 30 and 60 days (My work). Dates are relative to the day
// the seed runs. Runs once per database, after the customers step.
import mongoose from 'mongoose';
import type { PolicyLine } from '../../schemas/policy.ts';
import { addDays, addYears } from '../../schemas/policy-rules.ts';
import { addMonths, todayIn } from '../../schemas/book-windows.ts';
import { CustomerModel } from '../../models/customers/customer.ts';
import { PolicyModel } from '../../models/policies/schema.ts';
import { findLeadRecords } from '../../models/leads/index.ts';
import { insertActivities, type ActivityAction } from '../../models/activity/log.ts';
import { DEMO_AGENTS } from './staff.ts';

const MARK = 'demo-seed-showcase-book';

/** Carrier, plan and monthly premium in dollars of a demo policy of each line. */
const PRODUCTS: Record<PolicyLine, { carrier: string; plan: string; monthly: number }> = {
  'medicare-supplement': { carrier: 'Mutual of Omaha', plan: 'Medigap Plan G', monthly: 165 },
  'medicare-advantage': { carrier: 'Humana', plan: 'Gold Plus HMO', monthly: 0 },
  'part-d': { carrier: 'WellCare', plan: 'Value Script', monthly: 18 },
  health: { carrier: 'Anthem', plan: 'Blue Access PPO', monthly: 420 },
  'aca-marketplace': { carrier: 'Oscar Health', plan: 'Silver Simple', monthly: 310 },
  life: { carrier: 'Banner Life', plan: '20-year term, $500,000', monthly: 38 },
  'dental-vision': { carrier: 'Delta Dental', plan: 'PPO Plus Premier', monthly: 42 },
  other: { carrier: 'Aflac', plan: 'Accident', monthly: 25 },
};
const YOUNGER_LINES: PolicyLine[] = ['health', 'life', 'aca-marketplace', 'dental-vision'];
const MEDICARE_LINES: PolicyLine[] = ['medicare-supplement', 'medicare-advantage', 'part-d'];
/** Days from today to the renewals each agent gets: one in each of My work's 7-, 30- and 60-day windows. */
const RENEWING_IN = [4, 19, 47];

interface SeedCustomer {
  _id: mongoose.Types.ObjectId;
  name: string;
  age?: number | null;
  birthDate?: string | null;
  leadId?: mongoose.Types.ObjectId | null;
  createdAt: Date;
}

/** A demo policy document, written the way models/policies writes one. */
function policy(c: SeedCustomer, line: PolicyLine, agent: string, effectiveDate: string, n: number, status = 'active') {
  const p = PRODUCTS[line];
  return {
    customerId: c._id,
    carrier: p.carrier,
    line,
    planName: p.plan,
    policyNumber: `DEMO-${String(1000 + n)}`,
    status,
    effectiveDate,
    renewalDate: null,
    // Medicare Advantage often costs nothing a month: the carrier pays the commission as a fixed amount.
    premiumCents: p.monthly * 100,
    premiumPeriod: 'monthly',
    commission: p.monthly ? { kind: 'rate', percent: line === 'life' ? 80 : 15 } : { kind: 'amount', cents: 61_100 },
    writingAgent: agent,
  };
}

export async function seedShowcaseBook(timeZone: string, now = new Date()): Promise<string> {
  const markers = mongoose.connection.db!.collection<{ _id: string }>('seed_markers');
  if (await markers.findOne({ _id: MARK })) return 'already seeded';
  const today = todayIn(timeZone, now);
  const customers = await CustomerModel.find()
    .sort({ createdAt: 1 })
    .select({ name: 1, age: 1, birthDate: 1, leadId: 1, createdAt: 1 })
    .lean<SeedCustomer[]>();
  if (!customers.length) return 'no customers';

  // The one nearing Medicare: a hand-added customer (or the last) turns 65 in about six weeks.
  const ageIn = customers.find((c) => !c.leadId) ?? customers[customers.length - 1]!;
  const turns65 = addDays(today, 45);
  ageIn.birthDate = addYears(turns65, -65);
  ageIn.age = 64;
  await CustomerModel.updateOne({ _id: ageIn._id }, { $set: { birthDate: ageIn.birthDate, age: 64 } });
  // The others' birth dates keep the age they were given: the last birthday a few weeks to months ago.
  for (const [i, c] of customers.entries()) {
    if (c.birthDate || !c.age) continue;
    c.birthDate = addDays(addYears(today, -c.age), -(10 + ((i * 37) % 300)));
    await CustomerModel.updateOne({ _id: c._id }, { $set: { birthDate: c.birthDate } });
  }

  const agentOfLead = new Map(
    (await findLeadRecords({ _id: { $in: customers.flatMap((c) => (c.leadId ? [c.leadId] : [])) } })).map((l) => [
      String(l._id),
      l.claimedBy ?? DEMO_AGENTS[0].name,
    ]),
  );
  const agentOf = (c: SeedCustomer, i: number) =>
    (c.leadId && agentOfLead.get(String(c.leadId))) || DEMO_AGENTS[i % DEMO_AGENTS.length]!.name;
  // The one turning 65 still has their working-age plan.
  const medicareAge = (c: SeedCustomer) => c !== ageIn && (c.age ?? 0) >= 65;
  const docs: ReturnType<typeof policy>[] = [];

  // New business: each customer closed from a lead bought a policy within days of the close.
  customers
    .filter((c) => c.leadId)
    .forEach((c, i) => {
      const lines = medicareAge(c) ? MEDICARE_LINES : YOUNGER_LINES;
      const closed = todayIn(timeZone, c.createdAt);
      const effective = [addDays(closed, 1 + (i % 10)), today].sort()[0]!;
      docs.push(policy(c, lines[i % lines.length]!, agentOf(c, i), effective, docs.length, i % 6 === 5 ? 'pending' : 'active'));
    });
  // Renewals: policies written a year ago, renewing within 7, 30 and 60 days, for each agent.
  const older = [...customers.filter((c) => !c.leadId), ...customers.filter((c) => c.leadId)];
  let k = 0;
  for (const { name } of DEMO_AGENTS) {
    for (const days of RENEWING_IN) {
      const c = older[k % older.length]!;
      const lines = medicareAge(c) ? MEDICARE_LINES : YOUNGER_LINES;
      docs.push(policy(c, lines[(k + 1) % lines.length]!, name, addYears(addDays(today, days), -1), docs.length));
      k++;
    }
  }
  // A lapsed one, so the card shows a policy no longer in force.
  const lapsedOwner = older[k % older.length]!;
  docs.push(policy(lapsedOwner, 'dental-vision', agentOf(lapsedOwner, k), addMonths(today, -20), docs.length, 'lapsed'));
  await PolicyModel.insertMany(docs);

  // Each in the activity log as the console logs it, dated when it took effect (the renewals a year ago).
  const byId = new Map(customers.map((c) => [String(c._id), c]));
  const noon = (day: string) => new Date(`${day}T18:00:00Z`);
  await insertActivities(
    docs.map((d) => {
      const c = byId.get(String(d.customerId))!;
      const action: ActivityAction = 'POLICY_ADDED';
      const at = noon(d.effectiveDate);
      return {
        user: d.writingAgent,
        action,
        details: { action, customerId: String(c._id), leadId: c.leadId ? String(c.leadId) : undefined, leadName: c.name },
        timestamp: at.getTime() > now.getTime() ? now : at,
      };
    }),
  );
  await markers.insertOne({ _id: MARK });
  return `${docs.length} policies, ${customers.length} birth dates, ${ageIn.name} turns 65 on ${turns65}`;
}
