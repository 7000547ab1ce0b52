// Issue 27's "Done when" simulation against the database: leads over a simulated week, three agents (Ava and Ben licensed
// in five states, Cleo in CO and TX only; Ben away for the second day), round robin with the escalation
// ladder at 30 / 60 / 180 minutes. The clock is injected: assignLead and escalateDue are called with the
// simulated time, and agents call a lead 5 to 25 simulated minutes after getting it, or never.
import mongoose from 'mongoose';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { assignLead, escalateDue, escalationSteps, logCall, readLead } from '../../models/leads/index.ts';
import { writeAroundLeadModel } from '../../models/leads/testing.ts';
import { updateOfficeSettings } from '../../models/flows/office-settings.ts';
import { setStaffAvailability } from '../../models/office/availability.ts';
import { StaffModel } from '../../models/staff/accounts.ts';
import { loadConfig } from '../../server/config.ts';
import { createApp } from '../../web/app.ts';
import { hashPassword } from '../../models/staff/accounts.ts';
import { startTestDatabase, type TestDatabase } from '../helpers/test-db.ts';
import { generator } from '../helpers/seeded-random.ts';

let db: TestDatabase;
let closeApp: () => Promise<void>;
const ALL = ['CA', 'CO', 'FL', 'NY', 'TX'];
const LICENCES: Record<string, string[]> = { Ava: ALL, Ben: ALL, Cleo: ['CO', 'TX'] };
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
/** Fewer than the 1,000 of models/leads/assignment-week.test.ts: every step here is real database writes. */
const LEADS = Number(process.env.SIM_LEADS ?? 60);
const admin = { id: 'sim', name: 'Sim Admin', email: 'sim@example.com' };

const start = new Date(Date.now() - 8 * DAY);
const arrivals = Array.from({ length: LEADS }, (_, i) => start.getTime() + Math.floor((i * 7 * DAY) / LEADS));
/** Ben switches Away on at the first arrival of day 2, with its end 24 hours later. */
const benAway = { from: arrivals.find((t) => t >= start.getTime() + DAY)!, until: 0 };
benAway.until = benAway.from + DAY;
/** Who may take a lead from `state` at `t` (the test's own reading of the rules), less `except`. */
const eligibleAt = (state: string | null, t: number, except?: string) =>
  Object.keys(LICENCES).filter(
    (n) => state && LICENCES[n]!.includes(state) && !(n === 'Ben' && t >= benAway.from && t < benAway.until) && n !== except,
  );

beforeAll(async () => {
  db = await startTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: db.dataDir,
    JWT_SECRET: 'sim-secret-sim-secret-sim-secret-0123',
  });
  // No notification worker: it would run the ladder on the real clock; here only the simulated clock does.
  closeApp = (await createApp(config, { ssr: false })).close;
  const passwordHash = await hashPassword('x'.repeat(12));
  for (const [name, states] of Object.entries(LICENCES)) {
    const staff = await StaffModel.create({ name, email: `${name.toLowerCase()}@example.com`, passwordHash, isAgent: true });
    await setStaffAvailability({ staffId: staff.id as string, licensedStates: states }, admin);
  }
  await updateOfficeSettings(
    { assignmentMode: 'round-robin', escalation: { remindAfterMin: 30, returnAfterMin: 60, adminsAfterMin: 180 } },
    admin,
  );
});

afterAll(async () => {
  await closeApp();
  await db.stop();
});

it('a simulated week: fair round robin, never to an away or unlicensed agent, each escalation step once', async () => {
  const random = generator(27);
  const states = arrivals.map(() => (random() < 0.03 ? null : ALL[Math.floor(random() * ALL.length)]!));
  const ids = arrivals.map(() => new mongoose.Types.ObjectId());
  await writeAroundLeadModel((Lead) =>
    Lead.collection.insertMany(
      ids.map((_id, i) => ({
        _id,
        name: `Sim ${i}`,
        email: `sim${i}@example.com`,
        phone: `(303) 555-${String(i).padStart(4, '0')}`,
        phoneDigits: `303555${String(i).padStart(4, '0')}`,
        notes: '',
        status: 'unclaimed',
        claimedBy: null,
        claimedAt: null,
        contactedAt: null,
        followUpAt: null,
        source: 'website',
        duplicateOf: null,
        region: states[i] ? { state: states[i], timeZones: [], from: 'phone' } : null,
        createdAt: new Date(arrivals[i]!),
        updatedAt: new Date(arrivals[i]!),
      })),
    ),
  );
  const ben = await StaffModel.findOne({ name: 'Ben' }).lean();

  const given: { lead: number; agent: string; at: number; eligible: string[] }[] = [];
  const calls: { at: number; lead: number; by: string }[] = [];
  const willCall = (lead: number, agent: string, at: number) => {
    // Of first holders 85% call in 5-25 minutes; of second holders half do; the rest never call.
    const second = given.filter((g) => g.lead === lead).length > 1;
    if (random() < (second ? 0.5 : 0.85)) calls.push({ at: at + (5 + Math.floor(random() * 20)) * MIN, lead, by: agent });
  };
  const recordGiven = (lead: number, at: number, agent: string | null, except?: string) => {
    if (!agent) return;
    given.push({ lead, agent, at, eligible: eligibleAt(states[lead]!, at, except) });
    willCall(lead, agent, at);
  };
  const holderOf = async (lead: number) => (await readLead(String(ids[lead])))!.claimedBy ?? null;
  const indexOf = new Map(ids.map((id, i) => [String(id), i]));
  const db = mongoose.connection;

  /** Everything due up to `t`: calls in time order, then the ladder (run twice at once: one must do nothing). */
  const advance = async (t: number) => {
    calls.sort((a, b) => a.at - b.at);
    while (calls.length && calls[0]!.at <= t) {
      const call = calls.shift()!;
      if ((await holderOf(call.lead)) === call.by)
        await logCall({ leadId: String(ids[call.lead]), outcome: 'reached', note: '' }, { name: call.by });
    }
    const t0 = performance.now();
    const [a, b] = await Promise.all([escalateDue(new Date(t)), escalateDue(new Date(t))]);
    timing.escalate += performance.now() - t0;
    if (a + b === 0) return;
    // A lead returned by escalation went to the next agent: who, and whom it was taken from.
    for (const moved of await db
      .collection('lead_assignments')
      .find({ how: 'escalation', at: new Date(t) })
      .toArray()) {
      const returned = await db
        .collection<{ _id: string; holder: string }>('lead_escalations')
        .findOne({ leadId: moved.leadId, step: 'return', at: new Date(t) });
      recordGiven(indexOf.get(moved.leadId as string)!, t, moved.agent as string, returned!.holder as string);
    }
  };

  const timing = { escalate: 0, assign: 0 };
  for (let i = 0; i < LEADS; i++) {
    const t = arrivals[i]!;
    if (t === benAway.from)
      await setStaffAvailability({ staffId: String(ben!._id), away: true, awayUntil: new Date(benAway.until) }, admin);
    await advance(t);
    const t1 = performance.now();
    const result = await assignLead(ids[i], new Date(t));
    timing.assign += performance.now() - t1;
    expect(result).not.toBeNull();
    if (!states[i]) expect(result!.reason).toBe("Left in the pool: the lead's state is unknown");
    else expect(result!.reason).toBe(`Assigned to ${result!.agent} by round robin: licensed in ${states[i]}, available`);
    recordGiven(i, t, result!.agent);
  }
  await advance(arrivals[LEADS - 1]! + DAY);
  if (process.env.SIM_TIMING) console.log(timing);

  // Never to an away or unlicensed agent.
  for (const g of given) expect(g.eligible, `lead ${g.lead} at ${new Date(g.at).toISOString()}`).toContain(g.agent);
  // Fair: each agent's count within 2 of their share (each lead shared equally among the agents eligible for it).
  const share: Record<string, number> = { Ava: 0, Ben: 0, Cleo: 0 };
  const count: Record<string, number> = { Ava: 0, Ben: 0, Cleo: 0 };
  for (const g of given) {
    for (const n of g.eligible) share[n]! += 1 / g.eligible.length;
    count[g.agent]!++;
  }
  for (const n of Object.keys(share)) expect(Math.abs(count[n]! - share[n]!), `${n}: ${count[n]} vs ${share[n]}`).toBeLessThanOrEqual(2);
  expect(count.Cleo).toBeGreaterThan(LEADS / 10);

  // Each holding not called in time: its reminder and its return exactly once, named for its holder; a
  // holding called in time: none. The admins' notice once per lead never called.
  let escalated = 0;
  let laterHoldersReminded = 0;
  for (let i = 0; i < LEADS; i++) {
    const steps = await escalationSteps(ids[i]);
    const holdings = given.filter((g) => g.lead === i);
    const lead = (await readLead(String(ids[i])))!;
    for (const [n, g] of holdings.entries()) {
      const end = holdings[n + 1]?.at ?? Infinity;
      const mine = steps
        .filter((s) => s.step !== 'admins' && s.holder === g.agent && s.at.getTime() >= g.at && s.at.getTime() <= end)
        .map((s) => s.step);
      const last = n === holdings.length - 1;
      if (last && lead.contactedAt) expect(mine, `lead ${i} holding ${n}`).toEqual([]);
      else if (!last || mine.includes('return')) {
        // Handed on by escalation (to the next agent, or to the pool when nobody else may take it).
        expect(mine.sort(), `lead ${i} holding ${n}`).toEqual(['remind', 'return']);
        if (last) expect(lead.claimedBy ?? null, `lead ${i}`).toBeNull();
      } else expect(mine.length, `lead ${i} holding ${n}`).toBeLessThanOrEqual(1); // still waiting at the end
      if (n > 0 && mine.includes('remind')) laterHoldersReminded++;
    }
    if (holdings.length > 1 || !lead.contactedAt) escalated++;
    const admins = steps.filter((s) => s.step === 'admins').length;
    if (!lead.contactedAt) expect(admins, `lead ${i}`).toBe(1);
    else expect(admins, `lead ${i}`).toBeLessThanOrEqual(1);
  }
  // A holder given a lead after a return gets a ladder of their own.
  expect(laterHoldersReminded).toBeGreaterThan(0);
  expect(escalated).toBeGreaterThan(LEADS / 10);
}, 180_000);
