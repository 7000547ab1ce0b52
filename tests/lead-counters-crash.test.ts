// The kept lead counters survive a crash between a lead's write and its count: the start-up check
// (checkLeadReadModel, run by server.ts before it serves) finds the change left pending and makes the
// counters right again, and drops a pending change whose lead write never happened.
import { describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import superjson from 'superjson';
import { addLeadOverRest, useOfficeWithBen, useTestServer } from './helpers/test-server.ts';
import { checkLeadReadModel } from '../models/leads/index.ts';

const server = useTestServer();
const office = useOfficeWithBen(server);

const counters = () => mongoose.connection.collection<{ _id: string; [k: string]: unknown }>('lead_counters');
const leads = () => mongoose.connection.collection('leads');

const create = (i: number) =>
  addLeadOverRest(server, office.admin, { name: `Crash ${i}`, email: `crash${i}@example.com`, phone: `(720) 555-${4000 + i}` });

/** The dashboard's figures as an agent would read them. */
async function stats() {
  const res = await server.api('GET', '/api/admin/stats', { token: office.admin });
  expect(res.status).toBe(200);
  return { total: res.body.totalReferrals, unclaimed: res.body.unclaimedLeads, statusCounts: res.body.statusCounts };
}

/** What the server writes before a lead's change and in the change itself, and then the crash. */
async function crashAfterLeadWrite(leadId: string, set: Record<string, unknown>) {
  const mark = new mongoose.Types.ObjectId().toHexString();
  await counters().updateOne({ _id: 'leads' }, { $set: { [`p.${mark}`]: { lead: leadId, op: 'write' } } });
  await leads().updateOne({ _id: new mongoose.Types.ObjectId(leadId) }, { $set: { ...set, countMark: mark } });
  return mark;
}

describe('lead counters across a crash', () => {
  it('are right after a restart that follows a crash between the lead write and its count', async () => {
    const ids = [await create(1), await create(2), await create(3)];
    const before = await stats();
    expect(before.statusCounts.unclaimed).toBeGreaterThanOrEqual(3);

    // The lead became lost, and the process died before the counters heard of it.
    await crashAfterLeadWrite(ids[0], { status: 'lost' });
    expect((await stats()).statusCounts.lost).toBe(before.statusCounts.lost);

    await checkLeadReadModel(); // the start-up check
    const after = await stats();
    expect(after.statusCounts.lost).toBe(before.statusCounts.lost + 1);
    expect(after.statusCounts.unclaimed).toBe(before.statusCounts.unclaimed - 1);
    expect(after.total).toBe(before.total);
    const left = (await counters().findOne({ _id: 'leads' })) as { p?: Record<string, unknown> } | null;
    expect(Object.keys(left?.p ?? {})).toEqual([]);

    // The console's Lost tab counts it and shows it.
    const input = encodeURIComponent(JSON.stringify(superjson.serialize({ tab: 'lost', page: 0, search: '' })));
    const page = superjson.deserialize(
      (await server.api('GET', `/trpc/leads.page?input=${input}`, { token: office.admin })).body.result.data,
    ) as {
      counts: Record<string, number>;
      leads: { leadId: string }[];
    };
    expect(page.counts.lost).toBe(after.statusCounts.lost);
    expect(page.leads.map((l) => l.leadId)).toContain(ids[0]);
  });

  it('drops a change left pending whose lead write never happened, and counts nothing for it', async () => {
    const id = await create(4);
    const before = await stats();
    const mark = new mongoose.Types.ObjectId().toHexString();
    await counters().updateOne({ _id: 'leads' }, { $set: { [`p.${mark}`]: { lead: id, op: 'write' } } });

    await checkLeadReadModel();
    expect(await stats()).toEqual(before);
    const left = (await counters().findOne({ _id: 'leads' })) as { p?: Record<string, unknown> } | null;
    expect(left?.p ?? {}).not.toHaveProperty(mark);
  });

  it('are right after a crash between deleting a lead and its count', async () => {
    const id = await create(5);
    const before = await stats();
    const mark = new mongoose.Types.ObjectId().toHexString();
    await counters().updateOne({ _id: 'leads' }, { $set: { [`p.${mark}`]: { lead: id, op: 'delete' } } });
    await leads().deleteOne({ _id: new mongoose.Types.ObjectId(id) });

    await checkLeadReadModel();
    const after = await stats();
    expect(after.total).toBe(before.total - 1);
    expect(after.statusCounts.unclaimed).toBe(before.statusCounts.unclaimed - 1);
  });
});
