// The assignment rules' week-long simulation (docs/product.md §11) over the rules themselves (no database, so 1,000 leads take
// milliseconds): a simulated week of 1,000 leads, three agents (Ava and Ben licensed in five states,
// Cleo in CO and TX only; Ben away for the second day), round robin (pickAgent, eligibleFor and the
// shares takeTurn stores) and the escalation ladder at 30 / 60 / 180 minutes (dueSteps).
// tests/leads/assignment-simulation.test.ts runs the same week against the database with fewer leads.
import { expect, it } from 'vitest';
import { eligibleFor, shareOf, type AgentForAssignment } from '../office/availability.ts';
import { pickAgent } from './assign.ts';
import { dueSteps, type LadderStep } from './ladder.ts';
import { generator } from '../../tests/helpers/seeded-random.ts';

const ALL = ['CA', 'CO', 'FL', 'NY', 'TX'];
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const LADDER = { remindAfterMin: 30, returnAfterMin: 60, adminsAfterMin: 180 };

interface SimLead {
  createdAt: Date;
  claimedAt: Date | null;
  contactedAt: Date | null;
  holder: string | null;
  state: string | null;
  steps: LadderStep[];
  callAt: number | null;
  holders: number;
}

it('1,000 leads over a week: within 2 of a fair share, never to an away or unlicensed agent, each late lead escalated once per step', () => {
  const random = generator(27);
  const start = Date.UTC(2026, 0, 5);
  const agent = (name: string, licensedStates: string[]): AgentForAssignment =>
    ({ _id: name, name, licensedStates, away: false, awayUntil: null, credit: 0, lastAt: null }) as unknown as AgentForAssignment;
  const agents = [agent('Ava', ALL), agent('Ben', ALL), agent('Cleo', ['CO', 'TX'])];
  const ben = agents[1]!;
  const count: Record<string, number> = { Ava: 0, Ben: 0, Cleo: 0 };
  const share: Record<string, number> = { Ava: 0, Ben: 0, Cleo: 0 };
  const awayFrom = start + DAY;
  const awayUntil = start + 2 * DAY;

  const give = (lead: SimLead, now: number, except?: string) => {
    const eligible = eligibleFor(agents, lead.state, new Date(now)).filter((a) => a.name !== except);
    if (!eligible.length) return;
    const chosen = pickAgent(eligible);
    // Never an away or unlicensed agent.
    expect(chosen.licensedStates).toContain(lead.state);
    expect(chosen === ben && now >= awayFrom && now < awayUntil).toBe(false);
    for (const a of eligible) {
      a.credit += shareOf(eligible);
      share[a.name]! += shareOf(eligible);
    }
    chosen.credit -= 1;
    chosen.lastAt = new Date(now);
    count[chosen.name]!++;
    Object.assign(lead, { holder: chosen.name, claimedAt: new Date(now), holders: lead.holders + 1 });
    // First holders call 85% of their leads in 5-25 minutes, second holders half; the rest never.
    lead.callAt = random() < (lead.holders > 1 ? 0.5 : 0.85) ? now + (5 + Math.floor(random() * 20)) * MIN : null;
  };

  const leads: SimLead[] = [];
  const tick = (now: number) => {
    for (const lead of leads) {
      if (lead.callAt !== null && lead.callAt <= now && !lead.contactedAt) lead.contactedAt = new Date(lead.callAt);
      for (const step of dueSteps(lead, LADDER, new Set(lead.steps), new Date(now))) {
        lead.steps.push(step);
        if (step === 'return' && lead.holder) {
          const was = lead.holder;
          Object.assign(lead, { holder: null, claimedAt: null, callAt: null });
          give(lead, now, was);
        }
      }
    }
  };

  for (let now = start, i = 0; now <= start + 8 * DAY; now += 5 * MIN) {
    if (now === awayFrom) Object.assign(ben, { away: true, awayUntil: new Date(awayUntil) });
    tick(now);
    for (; i < 1000 && start + Math.floor((i * 7 * DAY) / 1000) <= now; i++) {
      const lead: SimLead = {
        createdAt: new Date(now),
        claimedAt: null,
        contactedAt: null,
        holder: null,
        state: random() < 0.03 ? null : ALL[Math.floor(random() * ALL.length)]!,
        steps: [],
        callAt: null,
        holders: 0,
      };
      leads.push(lead);
      give(lead, now);
    }
  }

  expect(leads).toHaveLength(1000);
  for (const name of Object.keys(count)) expect(Math.abs(count[name]! - share[name]!), name).toBeLessThanOrEqual(2);
  // Cleo is given leads from her two states only, Ben none on his away day: their shares are smaller.
  expect(count.Cleo).toBeLessThan(count.Ava);
  let late = 0;
  for (const lead of leads) {
    const calledByFirst = lead.holders === 1 && lead.contactedAt;
    if (calledByFirst) expect(lead.steps).toEqual([]);
    else {
      late++;
      expect([...lead.steps].sort()).toEqual(lead.contactedAt ? ['remind', 'return'] : ['admins', 'remind', 'return']);
    }
  }
  expect(late).toBeGreaterThan(150);
});
