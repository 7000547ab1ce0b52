// Demo customers for `npm run seed:demo`. The leads step closed its demo leads through
// closeLeadIntoCustomer, so each closed lead already has its customer with contact details; this
// step fills in their profiles as a broker would during the call, and adds a few customers by hand.
// Idempotent: profiles are filled once, hand-added customers have fixed keys.
import {
  ANNUAL_INCOMES,
  BUDGET_RANGES,
  EMPLOYMENT_STATUSES,
  INSURANCE_PROVIDERS,
  PLAN_TYPES,
  type CloseLeadCustomer,
} from '../../schemas/customer.ts';
import { normalisePhone, phoneKey } from '../../schemas/phone.ts';
import { CustomerModel } from '../../models/customers/customer.ts';
import { readLead } from '../../models/leads/index.ts';
import { random } from './random.ts';

const COVERAGE = [
  'Low deductible, keep current doctors',
  'Dental and vision included',
  'Maternity coverage',
  'Lowest premium possible',
  'Nationwide network for travel',
];
const PREVIOUS = ['Employer plan (COBRA ending)', 'Marketplace Bronze', 'None', 'Medicaid', "Parent's plan"];

/** A plausible profile; the medical fields stay generic on purpose. */
function profile(rand: () => number): Partial<CloseLeadCustomer> {
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const hasKids = rand() < 0.45;
  const kidsCount = hasKids ? 1 + Math.floor(rand() * 3) : null;
  return {
    age: 22 + Math.floor(rand() * 45),
    hasKids,
    kidsCount,
    kidsAges: kidsCount ? Array.from({ length: kidsCount }, () => Math.floor(rand() * 17)).join(', ') : '',
    insuranceType: hasKids ? 'family' : rand() < 0.15 ? 'group' : 'individual',
    planType: pick(PLAN_TYPES),
    insuranceProvider: pick(INSURANCE_PROVIDERS),
    employmentStatus: pick(EMPLOYMENT_STATUSES),
    annualIncome: pick(ANNUAL_INCOMES),
    budgetRange: pick(BUDGET_RANGES),
    currentInsurance: pick(PREVIOUS),
    desiredCoverage: pick(COVERAGE),
    medicalHistory: rand() < 0.5 ? 'None reported' : '',
    medications: '',
    policyStartDate: `2026-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-01`,
  };
}

const BY_HAND = [
  { name: 'Teresa Alvarez', email: 'teresa.alvarez@example.com', phone: '(303) 555-7001', notes: 'Referred by a current client.' },
  { name: 'Gordon Price', email: 'gordon.price@example.com', phone: '(720) 555-7002', notes: 'Small business owner, 6 employees.' },
  { name: 'Yuki Tanaka', email: 'yuki.tanaka@example.com', phone: '(970) 555-7003', notes: 'Walk-in at the Denver office.' },
  { name: 'Marcus Bell', email: 'marcus.bell@example.com', phone: '(719) 555-7004', notes: 'Renewal from last year.' },
];

export async function seedCustomers(): Promise<string> {
  const rand = random(7);
  let filled = 0;
  const fromLeads = await CustomerModel.find({ leadId: { $ne: null } })
    .sort({ createdAt: 1 })
    .lean();
  for (const c of fromLeads) {
    const p = profile(rand);
    if (c.age !== null && c.age !== undefined) continue;
    await CustomerModel.updateOne({ _id: c._id, age: null }, { $set: p }, { runValidators: true });
    // Dated when its lead was closed, so the stats spread over the demo's weeks.
    const lead = await readLead(c.leadId).select({ contactedAt: 1 }).lean();
    if (lead?.contactedAt) await CustomerModel.collection.updateOne({ _id: c._id }, { $set: { createdAt: lead.contactedAt } });
    filled++;
  }

  let added = 0;
  for (const [i, person] of BY_HAND.entries()) {
    const p = profile(rand);
    const createdAt = new Date(Date.now() - (3 + i * 9) * 24 * 3600_000);
    const res = await CustomerModel.updateOne(
      { leadKey: `manual:demo-${i + 1}` },
      {
        $setOnInsert: {
          ...person,
          ...p,
          phone: normalisePhone(person.phone),
          phoneDigits: phoneKey(person.phone),
          leadId: null,
          leadKey: `manual:demo-${i + 1}`,
          createdAt,
          updatedAt: createdAt,
        },
      },
      { upsert: true, timestamps: false },
    );
    added += res.upsertedCount;
  }
  return `${await CustomerModel.countDocuments()} customers (${fromLeads.length} from closed leads, ${filled} profiles filled, ${added} added by hand)`;
}
