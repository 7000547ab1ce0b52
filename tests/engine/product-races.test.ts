// Engine conformance through the product's own procedures: races a busy brokerage produces,
// 30 of each at once, keep the data rules (models/customers/customer.ts, models/leads/).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { startAppServer, type AppServer } from './harness.ts';
import { outcome } from '../helpers/trpc-client.ts';
import { leadStats } from '../../models/leads/index.ts';

const RACES = 30;
const AGENTS = ['Ben', 'Stef', 'Ana', 'Raj', 'Lee'];

let app: AppServer;
const tokens: Record<string, string> = {};
let n = 0;

beforeAll(async () => {
  app = await startAppServer();
  for (const name of AGENTS) tokens[name] = await app.token(name);
});
afterAll(async () => {
  await app?.stop();
});

async function newLeads(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    n++;
    const res = await app.api('POST', '/api/admin/leads', tokens.Ben, {
      name: `Race ${n}`,
      email: `race${n}@example.com`,
      phone: `(720) 555-${String(1000 + n)}`,
    });
    expect(res.status).toBe(201);
    ids.push(res.body.leadId);
  }
  return ids;
}

const db = () => mongoose.connection.db!;

/** The dashboard's counts (leads per status) equal those of the leads themselves. */
async function expectCountersMatchLeads() {
  const fromLeads: Record<string, number> = {};
  for (const l of await db().collection('leads').find().toArray()) fromLeads[l.status] = (fromLeads[l.status] ?? 0) + 1;
  const shown = Object.fromEntries(Object.entries((await leadStats()).statusCounts).filter(([, n]) => n !== 0));
  expect(shown).toEqual(fromLeads);
}

describe('the claim race', () => {
  it(`gives each of ${RACES} leads to exactly one of ${AGENTS.length} agents claiming at once, and logs one claim`, async () => {
    const ids = await newLeads(RACES);
    const answers = await Promise.all(
      ids.map((leadId) =>
        Promise.all(AGENTS.map((agent) => app.api('PUT', `/api/admin/leads/${leadId}/claim`, tokens[agent], { claimedBy: agent }))),
      ),
    );
    for (const [i, leadId] of ids.entries()) {
      const statuses = answers[i].map((a) => a.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409]);
      const winner = answers[i].find((a) => a.status === 200)!.body.claimedBy;
      for (const loser of answers[i].filter((a) => a.status === 409))
        expect(loser.body.error).toBe(`This lead was already claimed by ${winner}.`);
      const lead = await db()
        .collection('leads')
        .findOne({ _id: new mongoose.Types.ObjectId(leadId) });
      expect(lead?.claimedBy).toBe(winner);
      expect(await db().collection('activities').countDocuments({ action: 'LEAD_CLAIMED', 'details.leadId': leadId })).toBe(1);
    }
    await expectCountersMatchLeads();
  }, 120_000);
});

describe('the close-vs-lost race', () => {
  it(`lets exactly one of "closed" (with its customer) and "lost" win on each of ${RACES} claimed leads, and strands no customer`, async () => {
    const ids = await newLeads(RACES);
    for (const leadId of ids)
      expect((await app.api('PUT', `/api/admin/leads/${leadId}/claim`, tokens.Ben, { claimedBy: 'Ben' })).status).toBe(200);

    const answers = await Promise.all(
      ids.map((leadId, i) =>
        Promise.all([
          outcome(
            app.client(tokens.Ben).customers.closeLead.mutate({
              leadId,
              customer: { name: `Customer ${i}`, email: `customer${i}@example.com`, phone: '3035550100', medicalHistory: 'asthma' },
            }),
          ),
          app.api('PUT', `/api/admin/leads/${leadId}`, tokens.Stef, { status: 'lost' }),
        ]),
      ),
    );

    let closed = 0;
    for (const [i, leadId] of ids.entries()) {
      const [close, lost] = answers[i];
      expect([close.status, lost.status].sort()).toEqual([200, 409]);
      const lead = await db()
        .collection('leads')
        .findOne({ _id: new mongoose.Types.ObjectId(leadId) });
      const customers = await db().collection('customers').countDocuments({ leadKey: leadId });
      if (close.status === 200) {
        closed++;
        expect(lead?.status).toBe('closed');
        expect(customers).toBe(1);
      } else {
        expect(lead?.status).toBe('lost');
        expect(customers).toBe(0);
      }
    }
    // No customer anywhere is attached to a lead that is not closed.
    const customers = await db()
      .collection('customers')
      .find({ leadId: { $ne: null } })
      .toArray();
    const leads = await db()
      .collection('leads')
      .find({ _id: { $in: customers.map((c) => c.leadId) } })
      .toArray();
    const closedIds = new Set(leads.filter((l) => l.status === 'closed').map((l) => String(l._id)));
    const stranded = customers.filter((c) => !closedIds.has(String(c.leadId)));
    expect(stranded).toEqual([]);
    expect(customers).toHaveLength(closed);
    await expectCountersMatchLeads();
  }, 120_000);
});
