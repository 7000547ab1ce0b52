// GET /api/admin/stats on a database of its own, against figures worked out by hand: counts by
// status and agent, conversion rates and the median arrival-to-claim time.
import { beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { writeAroundLeadModel } from '../../models/leads/testing.ts';

const server = useTestServer();
let admin: string;
beforeAll(async () => {
  ({ admin } = await createOffice(server, ['Ben', 'Stef']));
});

/** A lead that arrived `minutesAgo`, claimed by `agent` (if any) and moved to `status`. */
async function lead(n: number, minutesAgo: number, agent?: string, status?: string) {
  const res = await server.api('POST', '/api/admin/leads', {
    token: admin,
    body: { name: `Stats ${n}`, email: `stats${n}@example.com`, phone: `(303) 555-${3000 + n}` },
  });
  expect(res.status).toBe(201);
  const id = res.body.leadId as string;
  await writeAroundLeadModel((Lead) =>
    Lead.collection.updateOne(
      { _id: new mongoose.Types.ObjectId(id) },
      { $set: { createdAt: new Date(Date.now() - minutesAgo * 60_000) } },
    ),
  );
  if (agent)
    expect((await server.api('PUT', `/api/admin/leads/${id}/claim`, { token: admin, body: { claimedBy: agent } })).status).toBe(200);
  if (status) expect((await server.api('PUT', `/api/admin/leads/${id}`, { token: admin, body: { status } })).status).toBe(200);
  return id;
}

describe('lead stats', () => {
  it('count by status and agent, with conversion rates and median claim times', async () => {
    await lead(1, 30, 'Ben', 'called');
    await lead(2, 10, 'Ben', 'closed');
    await lead(3, 20, 'Ben', 'lost');
    await lead(4, 40, 'Stef', 'quoted');
    await lead(5, 5);
    const res = await server.api('GET', '/api/admin/stats', { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalReferrals: 5,
      claimedLeads: 4,
      unclaimedLeads: 1,
      overdueLeads: 0,
      statusCounts: { unclaimed: 1, called: 1, 'follow-up': 0, quoted: 1, closed: 1, lost: 1 },
      conversionRate: 20,
    });
    const agents = Object.fromEntries(res.body.agents.map((a: any) => [a.name, a]));
    expect(agents.Ben).toMatchObject({ assigned: 3, active: 1, closed: 1, lost: 1, conversionRate: 33.3, medianClaimMinutes: 20 });
    expect(agents.Stef).toMatchObject({ assigned: 1, active: 1, closed: 0, lost: 0, conversionRate: 0, medianClaimMinutes: 40 });
    // Each agent's list is their tab (docs/product.md §4): a lost lead is counted above but not listed.
    expect(res.body.benLeads.map((l: any) => `${l.name} ${l.status}`).sort()).toEqual(['Stats 1 called', 'Stats 2 closed']);
    expect(res.body.stefLeads.map((l: any) => `${l.name} ${l.status}`)).toEqual(['Stats 4 quoted']);
  });
});
