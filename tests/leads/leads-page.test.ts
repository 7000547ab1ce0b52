// The console's lead list paged, filtered and searched on the server, its tab counts and the
// dashboard stats, and losing a lead from any state but closed (docs/product.md §4).
import { beforeAll, describe, expect, it } from 'vitest';
import { useOfficeAdminClient } from '../helpers/test-server.ts';
import mongoose from 'mongoose';
import { writeAroundLeadModel } from '../../models/leads/testing.ts';

/** The file's server, and the console's procedures signed in as the office admin. */
const { server, office, client, leadsPage } = useOfficeAdminClient();

async function create(name: string, email: string, phone: string) {
  const res = await server.api('POST', '/api/admin/leads', { token: office.admin, body: { name, email, phone } });
  expect(res.status).toBe(201);
  return res.body.leadId as string;
}
const put = (path: string, body?: unknown) => server.api('PUT', path, { token: office.admin, body });

describe('the lead list on the server', () => {
  const ids: string[] = [];

  beforeAll(async () => {
    // 120 leads: three pages on the All tab.
    for (let i = 0; i < 120; i++)
      ids.push(await create(`Person ${String(i).padStart(3, '0')}`, `person${i}@example.com`, `(720) 555-${String(3000 + i)}`));
    await put(`/api/admin/leads/${ids[119]}/claim`, { claimedBy: 'Ben Carter' });
    await put(`/api/admin/leads/${ids[118]}/claim`, { claimedBy: 'Stef' });
    await put(`/api/admin/leads/${ids[118]}`, { status: 'called' });
    await put(`/api/admin/leads/${ids[117]}`, { status: 'lost' });
    await put(`/api/admin/leads/${ids[116]}/claim`, { claimedBy: 'Stef' });
    await put(`/api/admin/leads/${ids[116]}`, { status: 'closed' });
    expect((await server.api('DELETE', `/api/admin/leads/${ids[0]}`, { token: office.admin })).status).toBe(200);
  });

  it('pages a tab newest first with the tab counts', async () => {
    const first = await leadsPage({ tab: 'all', page: 0 });
    expect(first.counts).toEqual({ all: 119, unclaimed: 115, closed: 1, lost: 1, 'agent:Ben Carter': 1, 'agent:Stef': 2, overdue: 0 });
    expect(first.total).toBe(119);
    expect(first.pages).toBe(3);
    expect(first.leads).toHaveLength(50);
    expect(first.leads[0].name).toBe('Person 119');
    expect(first.leads[49].name).toBe('Person 070');
    const last = await leadsPage({ tab: 'all', page: 2 });
    expect(last.leads.map((l) => l.name)).toEqual(Array.from({ length: 19 }, (_, i) => `Person ${String(19 - i).padStart(3, '0')}`));
    // A page past the end answers the last one.
    expect((await leadsPage({ tab: 'all', page: 9 })).page).toBe(2);
  });

  it('finds the page of the All tab that holds a lead, a back-dated one too', async () => {
    for (const [i, page] of [
      [119, 0],
      [70, 0],
      [69, 1],
      [1, 2],
    ] as const) {
      expect(await client().leads.locate.query({ leadId: ids[i] })).toEqual({ page });
      expect((await leadsPage({ tab: 'all', page })).leads.map((l) => l.leadId)).toContain(ids[i]);
    }
    // Arrived 30 hours ago: the oldest, on the last page.
    await writeAroundLeadModel((Lead) =>
      Lead.collection.updateOne(
        { _id: new mongoose.Types.ObjectId(ids[100]) },
        { $set: { createdAt: new Date(Date.now() - 30 * 3600_000) } },
      ),
    );
    expect(await client().leads.locate.query({ leadId: ids[100] })).toEqual({ page: 2 });
    expect((await leadsPage({ tab: 'all', page: 2 })).leads.at(-1)?.leadId).toBe(ids[100]);
    await writeAroundLeadModel((Lead) =>
      Lead.collection.updateOne(
        { _id: new mongoose.Types.ObjectId(ids[100]) },
        { $set: { createdAt: new mongoose.Types.ObjectId(ids[100]).getTimestamp() } },
      ),
    );
  });

  it('filters by tab: lost leads only under Lost, closed ones under Closed and their agent', async () => {
    expect((await leadsPage({ tab: 'lost' })).leads.map((l) => l.name)).toEqual(['Person 117']);
    expect((await leadsPage({ tab: 'closed' })).leads.map((l) => l.name)).toEqual(['Person 116']);
    expect((await leadsPage({ tab: 'agent', agent: 'Stef' })).leads.map((l) => l.name)).toEqual(['Person 118', 'Person 116']);
    const unclaimed = await leadsPage({ tab: 'unclaimed', page: 0 });
    expect(unclaimed.leads[0].name).toBe('Person 115');
    expect(unclaimed.total).toBe(115);
  });

  it('searches name and email as text and the phone by its digits, with counts of the matches', async () => {
    const byName = await leadsPage({ tab: 'all', search: 'person 11' });
    expect(byName.leads.map((l) => l.name)).toEqual([
      'Person 119',
      'Person 118',
      'Person 117',
      'Person 116',
      'Person 115',
      'Person 114',
      'Person 113',
      'Person 112',
      'Person 111',
      'Person 110',
    ]);
    expect(byName.counts).toMatchObject({ all: 10, unclaimed: 6, lost: 1, closed: 1, 'agent:Stef': 2 });
    expect((await leadsPage({ tab: 'all', search: '720.555-3042' })).leads.map((l) => l.name)).toEqual(['Person 042']);
    expect((await leadsPage({ tab: 'all', search: 'PERSON42@' })).leads.map((l) => l.name)).toEqual(['Person 042']);
    // Words that merely contain digits are not phone searches.
    expect((await leadsPage({ tab: 'all', search: 'zz3042' })).total).toBe(0);
  });

  it("shows a search's counts on every agent's tab, 0 where none match, and answers its last page for one past the end", async () => {
    const one = await leadsPage({ tab: 'all', search: 'person 042' });
    expect(one.counts).toEqual({ all: 1, unclaimed: 1, closed: 0, lost: 0, 'agent:Ben Carter': 0, 'agent:Stef': 0 });
    // "person 0" finds Person 001 to 099: two pages, newest first.
    const past = await leadsPage({ tab: 'all', search: 'person 0', page: 9 });
    expect([past.page, past.pages, past.total]).toEqual([1, 2, 99]);
    expect(past.leads.map((l) => l.name)).toEqual(Array.from({ length: 49 }, (_, i) => `Person ${String(49 - i).padStart(3, '0')}`));
    expect((await leadsPage({ tab: 'all', search: 'person 0', sort: 'name', order: 'asc', page: 9 })).leads[0]?.name).toBe('Person 051');
  });

  it('counts every kind of change in the dashboard stats', async () => {
    const stats = (await server.api('GET', '/api/admin/stats', { token: office.admin })).body;
    expect(stats).toMatchObject({
      totalReferrals: 119,
      claimedLeads: 3,
      unclaimedLeads: 116,
      statusCounts: { closed: 1, lost: 1, called: 1, unclaimed: 116 },
    });
    expect(stats.benLeads.map((l: { name: string }) => l.name)).toEqual(['Person 119']);
    expect(stats.stefLeads.map((l: { name: string; status: string }) => [l.name, l.status])).toEqual([
      ['Person 118', 'called'],
      ['Person 116', 'closed'],
    ]);
  });
});

describe('losing a lead', () => {
  it('marks an unclaimed lead lost through the API and tRPC alike, logged, and Restore brings it back unclaimed', async () => {
    const id = await create('Spam Bot', 'spam@example.com', '555-010-9999');
    const lost = await put(`/api/admin/leads/${id}`, { status: 'lost' });
    expect(lost.status).toBe(200);
    expect(lost.body).toMatchObject({ status: 'lost', claimedBy: null });
    const log = (await server.api('GET', '/api/admin/activity-logs', { token: office.admin })).body as {
      action: string;
      details: { leadId: string; newStatus?: string };
    }[];
    expect(log[0]).toMatchObject({ action: 'LEAD_STATUS_UPDATED', details: { leadId: id, newStatus: 'lost' } });
    const restored = await put(`/api/admin/leads/${id}`, { status: 'unclaimed' });
    expect(restored.body).toMatchObject({ status: 'unclaimed', claimedBy: null });

    const other = await create('Dead End', 'dead@example.com', '555-010-8888');
    expect((await client().leads.update.mutate({ leadId: other, status: 'lost' })).status).toBe('lost');
    expect((await leadsPage({ tab: 'lost', search: 'dead end' })).leads.map((l) => l.leadId)).toEqual([other]);
  });

  it('restores a claimed lost lead as unclaimed, whoever held it; working statuses still need a claim', async () => {
    const id = await create('Held Lead', 'held@example.com', '555-010-7777');
    expect((await put(`/api/admin/leads/${id}`, { status: 'quoted' })).status).toBe(409);
    await put(`/api/admin/leads/${id}/claim`, { claimedBy: 'Stef' });
    expect((await put(`/api/admin/leads/${id}`, { status: 'lost' })).body).toMatchObject({ status: 'lost', claimedBy: 'Stef' });
    expect((await leadsPage({ tab: 'agent', agent: 'Stef', search: 'held lead' })).total).toBe(0);
    expect((await put(`/api/admin/leads/${id}`, { status: 'unclaimed' })).body).toMatchObject({ status: 'unclaimed', claimedBy: null });
    const page = await leadsPage({ tab: 'unclaimed', search: 'held lead' });
    expect(page.leads.map((l) => [l.leadId, l.status, l.claimedBy])).toEqual([[id, 'unclaimed', null]]);
  });
});
