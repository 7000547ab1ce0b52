// The lead list sorted by a column either way across pages, and the Overdue filter with its counts
// (docs/product.md §4), worked out on the server from the entry documents.
import { beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { useOfficeAdminClient } from '../helpers/test-server.ts';
import { type LeadsPageInput } from '../helpers/trpc-client.ts';
import { writeAroundLeadModel } from '../../models/leads/testing.ts';

/** The file's server, and the lead list as the office admin sees it. */
const { server, office, leadsPage } = useOfficeAdminClient();
const put = async (path: string, body: unknown) => expect((await server.api('PUT', path, { token: office.admin, body })).status).toBe(200);

async function create(name: string, n: number) {
  const res = await server.api('POST', '/api/admin/leads', {
    token: office.admin,
    body: { name, email: `lead${n}@example.com`, phone: `(720) 555-${4000 + n}` },
  });
  expect(res.status).toBe(201);
  return res.body.leadId as string;
}

/** Both pages of a sorted list, as "name status claimedBy". */
async function bothPages(input: LeadsPageInput) {
  const first = await leadsPage({ ...input, page: 0 });
  const second = await leadsPage({ ...input, page: 1 });
  expect(first.leads).toHaveLength(50);
  expect(first.pages).toBe(2);
  return [...first.leads, ...second.leads].map((l) => `${l.name} ${l.status} ${l.claimedBy ?? '-'}`);
}

describe('sorting the lead list', () => {
  // 62 leads whose names are out of arrival order, then two of the same name (a tie): 64 in all.
  interface Fixture {
    name: string;
    status: string;
    claimedBy: string | null;
  }
  const fixtures: Fixture[] = [];
  const ids: string[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 64; i++) {
      const name = i < 62 ? `Lead ${String((i * 25) % 62).padStart(2, '0')}` : 'Twin';
      ids.push(await create(name, i));
      fixtures.push({ name, status: 'unclaimed', claimedBy: null });
    }
    for (let i = 0; i < 62; i++) {
      const agent = i % 4 === 1 ? 'Ben Carter' : i % 4 === 2 ? 'Stef' : null;
      if (agent) {
        await put(`/api/admin/leads/${ids[i]}/claim`, { claimedBy: agent });
        fixtures[i].claimedBy = agent;
      }
      const status = i % 8 === 1 ? 'called' : i % 8 === 2 ? 'quoted' : i === 3 ? 'lost' : null;
      if (status) {
        await put(`/api/admin/leads/${ids[i]}`, { status });
        fixtures[i].status = status;
      }
    }
  });

  /** The fixtures in an expected order; ties newest first. */
  const expected = (key: (f: Fixture) => string, order: 'asc' | 'desc', emptyLast = false) =>
    fixtures
      .map((f, i) => ({ f, i }))
      .sort((a, b) => {
        const [x, y] = [key(a.f), key(b.f)];
        if (emptyLast && (!x || !y) && x !== y) return x ? -1 : 1;
        const by = x < y ? -1 : x > y ? 1 : 0;
        return (order === 'asc' ? by : -by) || b.i - a.i;
      })
      .map(({ f }) => `${f.name} ${f.status} ${f.claimedBy ?? '-'}`);
  const STATUS_ORDER = ['unclaimed', 'called', 'follow-up', 'quoted', 'closed', 'lost'];

  it('sorts by name both ways, ties newest first either way', async () => {
    const asc = await bothPages({ tab: 'all', sort: 'name', order: 'asc' });
    expect(asc.slice(0, 3)).toEqual(['Lead 00 unclaimed -', 'Lead 01 unclaimed Ben Carter', 'Lead 02 quoted Stef']);
    expect(asc.slice(-2).map((r) => r.split(' ')[0])).toEqual(['Twin', 'Twin']);
    expect(asc).toEqual(expected((f) => f.name, 'asc'));
    const desc = await bothPages({ tab: 'all', sort: 'name', order: 'desc' });
    expect(desc).toEqual(expected((f) => f.name, 'desc'));
    expect(desc[50]).toBe('Lead 13 lost -');
  });

  it('sorts by status in working order both ways', async () => {
    const rank = (f: Fixture) => String(STATUS_ORDER.indexOf(f.status));
    const asc = await bothPages({ tab: 'all', sort: 'status', order: 'asc' });
    expect(asc).toEqual(expected(rank, 'asc'));
    expect(asc[0]).toBe('Twin unclaimed -');
    expect(asc.at(-1)).toBe('Lead 13 lost -');
    expect(await bothPages({ tab: 'all', sort: 'status', order: 'desc' })).toEqual(expected(rank, 'desc'));
  });

  it('sorts by agent both ways with unclaimed leads last', async () => {
    const asc = await bothPages({ tab: 'all', sort: 'claimedBy', order: 'asc' });
    expect(asc).toEqual(expected((f) => f.claimedBy ?? '', 'asc', true));
    expect(asc[0]).toMatch(/ Ben Carter$/);
    const desc = await bothPages({ tab: 'all', sort: 'claimedBy', order: 'desc' });
    expect(desc).toEqual(expected((f) => f.claimedBy ?? '', 'desc', true));
    expect(desc[0]).toMatch(/ Stef$/);
    expect(desc.at(-1)).toBe('Lead 00 unclaimed -');
  });

  it('lists by arrival newest or oldest first, on a tab too', async () => {
    const newest = await bothPages({ tab: 'all' });
    expect(newest[0]).toBe('Twin unclaimed -');
    expect(newest.at(-1)).toBe('Lead 00 unclaimed -');
    const oldest = await bothPages({ tab: 'all', sort: 'received', order: 'asc' });
    expect(oldest).toEqual([...newest].reverse());
    const unclaimed = await leadsPage({ tab: 'unclaimed', sort: 'received', order: 'asc' });
    expect(unclaimed.total).toBe(32);
    expect(unclaimed.leads.slice(0, 3).map((l) => l.name)).toEqual(['Lead 00', 'Lead 38', 'Lead 51']);
  });

  it('sorts the leads a search found, with the search counts', async () => {
    const page = await leadsPage({ tab: 'all', search: 'lead 1', sort: 'name', order: 'desc' });
    expect(page.leads.map((l) => l.name)).toEqual([
      'Lead 19',
      'Lead 18',
      'Lead 17',
      'Lead 16',
      'Lead 15',
      'Lead 14',
      'Lead 13',
      'Lead 12',
      'Lead 11',
      'Lead 10',
    ]);
    expect(page.counts.all).toBe(10);
  });
});

describe('the Overdue filter', () => {
  const HOUR = 3600_000;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    for (const [n, name] of ['Late Unclaimed', 'Late Claimed', 'Late Called', 'Late Lost', 'Nearly Late'].entries())
      ids[name] = await create(name, 100 + n);
    await put(`/api/admin/leads/${ids['Late Claimed']}/claim`, { claimedBy: 'Ben Carter' });
    await put(`/api/admin/leads/${ids['Late Called']}/claim`, { claimedBy: 'Stef' });
    await put(`/api/admin/leads/${ids['Late Called']}`, { status: 'called' });
    await put(`/api/admin/leads/${ids['Late Lost']}`, { status: 'lost' });
    const backdate = (name: string, hours: number) =>
      writeAroundLeadModel((Lead) =>
        Lead.collection.updateOne(
          { _id: new mongoose.Types.ObjectId(ids[name]) },
          { $set: { createdAt: new Date(Date.now() - hours * HOUR) } },
        ),
      );
    for (const name of ['Late Unclaimed', 'Late Claimed', 'Late Called', 'Late Lost']) await backdate(name, 25);
    await backdate('Nearly Late', 23);
  });

  it('shows only unfinished, uncontacted leads older than 24 hours, with the tab counts of those', async () => {
    const page = await leadsPage({ tab: 'all', overdue: true });
    expect(page.leads.map((l) => [l.name, l.overdue])).toEqual([
      ['Late Claimed', true],
      ['Late Unclaimed', true],
    ]);
    expect(page.total).toBe(2);
    expect(page.counts).toEqual({ all: 2, unclaimed: 1, closed: 0, lost: 0, 'agent:Ben Carter': 1, 'agent:Stef': 0, overdue: 2 });
    // Without the filter the toggle still knows how many it would show, from the kept counters.
    expect((await leadsPage({ tab: 'unclaimed' })).counts.overdue).toBe(2);
    const bens = await leadsPage({ tab: 'agent', agent: 'Ben Carter', overdue: true });
    expect(bens.leads.map((l) => l.name)).toEqual(['Late Claimed']);
  });

  it('combines with a search and a sort', async () => {
    const found = await leadsPage({ tab: 'all', overdue: true, search: 'unclaimed' });
    expect(found.leads.map((l) => l.name)).toEqual(['Late Unclaimed']);
    expect(found.counts).toMatchObject({ all: 1, unclaimed: 1, 'agent:Ben Carter': 0 });
    const byName = await leadsPage({ tab: 'all', overdue: true, sort: 'name', order: 'desc' });
    expect(byName.leads.map((l) => l.name)).toEqual(['Late Unclaimed', 'Late Claimed']);
    expect((await leadsPage({ tab: 'all', overdue: true, search: 'lead 0' })).total).toBe(0);
  });

  it('drops a lead from the filter as soon as it is contacted', async () => {
    await put(`/api/admin/leads/${ids['Late Claimed']}`, { status: 'follow-up' });
    const page = await leadsPage({ tab: 'all', overdue: true });
    expect(page.leads.map((l) => l.name)).toEqual(['Late Unclaimed']);
    expect(page.counts).toMatchObject({ all: 1, 'agent:Ben Carter': 0, overdue: 1 });
    expect((await leadsPage({ tab: 'all' })).counts.overdue).toBe(1);
  });
});
