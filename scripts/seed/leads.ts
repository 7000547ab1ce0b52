// Demo leads for `npm run seed:demo`: six weeks of website leads in every status, worked by the
// demo agents, with their activity; a few overdue, a few repeat submissions, callers from several states.
// Runs once per database.
import mongoose from 'mongoose';
import { type LeadStatus } from '../../schemas/lead.ts';
import { normalisePhone, phoneKey } from '../../schemas/phone.ts';
import { countLeads } from '../../models/leads/index.ts';
import { writeAroundLeadModel } from '../../models/leads/testing.ts';
import { backdateLeadActivity, insertActivities, type ActivityAction } from '../../models/activity/log.ts';
import { closeLeadIntoCustomer } from '../../models/customers/close.ts';
import { DEMO_AGENTS } from './staff.ts';
import { random } from './random.ts';

const MARK = 'demo-seed-leads';
const HOUR = 3600_000;

const FIRST = [
  'Maria',
  'James',
  'Aisha',
  'Robert',
  'Linda',
  'Carlos',
  'Emily',
  'David',
  'Sofia',
  'Michael',
  'Grace',
  'Daniel',
  'Olivia',
  'Ethan',
  'Priya',
  'Noah',
  'Hannah',
  'Lucas',
  'Chloe',
  'Samuel',
  'Mei',
  'Isaac',
  'Zoe',
  'Andre',
  'Fatima',
  'Henry',
  'Nora',
  'Diego',
  'Ruth',
  'Owen',
];
const LAST = [
  'Gonzalez',
  'Miller',
  'Khan',
  'Johnson',
  'Nguyen',
  'Ramirez',
  'Clark',
  'Patel',
  'Rossi',
  'Brown',
  'Kim',
  'Lopez',
  'Walker',
  'Young',
  'Singh',
  'Baker',
  'Schmidt',
  'Silva',
  'Martin',
  'Wright',
];
const NOTES = [
  'Family of four, looking at PPO plans.',
  'Self-employed, needs individual coverage before open enrollment ends.',
  'Asked about term life for 20 years.',
  'Current plan premium went up 30%.',
  'Prefers a call after 5pm.',
  'Retiring next year, wants to compare Medicare supplement options.',
  '',
];

/**
 * The phones' area codes: mostly Colorado, the office's state, and callers from every US time zone from
 * New York to Honolulu (their records show calling hours; at most hours of the day one is outside them).
 */
const AREA_CODES = [303, 212, 720, 305, 312, 719, 602, 213, 970, 808, 405, 907, 206, 404];

interface Plan {
  ageHours: number;
  agent?: string;
  status: LeadStatus;
}

/** What each demo lead went through: arrival age, agent, and where it stands now. */
function plans(rand: () => number): Plan[] {
  const list: Plan[] = [];
  const agent = () => DEMO_AGENTS[rand() < 0.5 ? 0 : 1].name;
  for (let i = 0; i < 7; i++) list.push({ ageHours: 1 + rand() * 20, status: 'unclaimed' }); // fresh, within the promise
  for (let i = 0; i < 3; i++) list.push({ ageHours: 26 + rand() * 40, status: 'unclaimed' }); // overdue, nobody took them
  for (let i = 0; i < 2; i++) list.push({ ageHours: 30 + rand() * 10, agent: agent(), status: 'unclaimed' }); // claimed, not yet called: overdue
  for (let i = 0; i < 4; i++) list.push({ ageHours: 2 + rand() * 18, agent: agent(), status: 'unclaimed' });
  const worked: [LeadStatus, number][] = [
    ['called', 9],
    ['follow-up', 7],
    ['quoted', 7],
    ['closed', 9],
    ['lost', 6],
  ];
  for (const [status, n] of worked) for (let i = 0; i < n; i++) list.push({ ageHours: 24 + rand() * 40 * 24, agent: agent(), status });
  return list;
}

export async function seedLeads(): Promise<string> {
  const markers = mongoose.connection.db!.collection<{ _id: string }>('seed_markers');
  if (await markers.findOne({ _id: MARK })) return 'already seeded';
  const rand = random(42);
  const now = Date.now();
  const activity: { user: string; action: ActivityAction; details: Record<string, string>; timestamp: Date }[] = [];
  const toClose: { id: string; agent: string; closedAt: Date }[] = [];
  let duplicates = 0;

  for (const [i, plan] of plans(rand).entries()) {
    const first = FIRST[i % FIRST.length];
    const last = LAST[(i * 7) % LAST.length];
    const createdAt = new Date(now - plan.ageHours * HOUR);
    // Stored as the forms store it (schemas/phone.ts): "+13035551000".
    const phone = normalisePhone(`(${AREA_CODES[i % AREA_CODES.length]}) 555-${String(1000 + i * 37).slice(-4)}`);
    const claimedAt = plan.agent ? new Date(createdAt.getTime() + (0.2 + rand() * 6) * HOUR) : null;
    const contactedAt = plan.agent && plan.status !== 'unclaimed' ? new Date(claimedAt!.getTime() + rand() * 20 * HOUR) : null;
    const lead = await writeAroundLeadModel((Lead) =>
      Lead.create({
        name: `${first} ${last}`,
        email: `${first}.${last}${i}@example.com`.toLowerCase(),
        phone,
        phoneDigits: phoneKey(phone),
        notes: NOTES[i % NOTES.length],
        // Leads to be closed wait as "quoted" until their customer is saved below.
        status: plan.status === 'closed' ? 'quoted' : plan.status,
        claimedBy: plan.agent ?? null,
        claimedAt,
        contactedAt,
        source: 'website',
        createdAt,
        updatedAt: contactedAt ?? claimedAt ?? createdAt,
      }),
    );
    const leadId = lead.id as string;
    const leadName = lead.name;
    activity.push({ user: 'Website', action: 'LEAD_CREATED', details: { action: 'LEAD_CREATED', leadId, leadName }, timestamp: createdAt });
    if (plan.agent) {
      activity.push({
        user: plan.agent,
        action: 'LEAD_CLAIMED',
        details: { action: 'LEAD_CLAIMED', leadId, leadName, claimedBy: plan.agent },
        timestamp: claimedAt!,
      });
    }
    if (contactedAt && plan.status !== 'closed') {
      activity.push({
        user: plan.agent!,
        action: 'LEAD_STATUS_UPDATED',
        details: { action: 'LEAD_STATUS_UPDATED', leadId, leadName, claimedBy: plan.agent!, newStatus: plan.status },
        timestamp: contactedAt,
      });
    }
    if (plan.status === 'closed') toClose.push({ id: leadId, agent: plan.agent!, closedAt: contactedAt! });

    // Every tenth fresh lead sent the form twice: the repeat is kept and marked.
    if (plan.ageHours < 24 && i % 5 === 0) {
      const again = new Date(createdAt.getTime() + 20 * 60_000);
      const repeat = await writeAroundLeadModel((Lead) =>
        Lead.create({
          name: lead.name,
          email: lead.email,
          phone,
          phoneDigits: phoneKey(phone),
          status: 'unclaimed',
          duplicateOf: lead._id,
          createdAt: again,
          updatedAt: again,
        }),
      );
      activity.push({
        user: 'Website',
        action: 'LEAD_CREATED',
        details: { action: 'LEAD_CREATED', leadId: repeat.id, leadName },
        timestamp: again,
      });
      duplicates++;
    }
  }
  await insertActivities(activity);

  // Closing goes through the customer, as in the console, so each closed lead has its customer.
  let closed = 0;
  for (const lead of toClose) {
    try {
      const startedAt = new Date();
      await closeLeadIntoCustomer(lead.id, undefined, { name: lead.agent });
      // The close happened when the deal did, not when the seed ran.
      await backdateLeadActivity(lead.id, startedAt, lead.closedAt);
      closed++;
    } catch (err) {
      console.warn(`could not close demo lead ${lead.id}: ${err instanceof Error ? err.message : err}`);
    }
  }
  await markers.insertOne({ _id: MARK });
  return `${await countLeads()} leads (${duplicates} repeats, ${closed} closed into customers), ${activity.length} activity entries`;
}
