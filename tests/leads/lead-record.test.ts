// A lead's record and an agent's day (docs/product.md §10): the timeline with who did what, made up
// for leads older than it; duplicates and the customer; the lead's notes following it into its
// customer; My work's overdue, today and nearing-the-promise lists and their self-healing.
import { beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { createStaffWithToken, useTestServer } from '../helpers/test-server.ts';
import { outcome, trpcClient } from '../helpers/trpc-client.ts';
import { StaffModel } from '../../models/staff/accounts.ts';
import { addTimelineEntry } from '../../models/leads/index.ts';

/** A fixed-offset zone where it is now late morning: "later today" then spans hours whenever the test runs. */
function lateMorningZone(): string {
  const utcHour = new Date().getUTCHours();
  const offset = ((11 - utcHour + 36) % 24) - 12; // in -12..11
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`; // Etc/GMT signs are reversed
}

const server = useTestServer({ TIME_ZONE: lateMorningZone(), TRUST_PROXY: '1' });
let office: string;
let ben: string;
let stef: string;
let admin: string;

beforeAll(async () => {
  office = (await createStaffWithToken(server, { name: 'Office Clerk', email: 'office@example.com' })).token;
  ben = (await createStaffWithToken(server, { name: 'Ben Carter', email: 'ben@example.com', isAgent: true })).token;
  stef = (await createStaffWithToken(server, { name: 'Stef', email: 'stef@example.com', isAgent: true })).token;
  const boss = await createStaffWithToken(server, { name: 'Alex Admin', email: 'alex@example.com' });
  await StaffModel.updateOne({ _id: boss.staff._id }, { $set: { isAdmin: true } });
  admin = boss.token;
});

const as = (token: string) => trpcClient(server.url, token);
const inMinutes = (n: number) => new Date(Date.now() + n * 60_000);
const oid = (id: string) => new mongoose.Types.ObjectId(id);
/** Written around the app, as older data or the passing of time would leave them. */
const leads = () => mongoose.connection.collection('leads');
const timelines = () => mongoose.connection.collection('lead_timelines');

let made = 0;
async function staffLead(name = `Person ${++made}`, contact: { email?: string; phone?: string } = {}) {
  const n = ++made;
  const created = await as(office).leads.create.mutate({
    name,
    email: contact.email ?? `person${n}@example.com`,
    phone: contact.phone ?? `(303) 555-${6000 + n}`,
  });
  return created.leadId;
}
const claimForBen = (leadId: string) => as(office).leads.claim.mutate({ leadId, claimedBy: 'Ben Carter' });

describe('the lead record', () => {
  it('shows what happened to a lead newest first, each with who did it', async () => {
    const submitted = await server.api('POST', '/api/referral', {
      body: { name: 'Web Visitor', email: 'visitor@example.com', phone: '(303) 555-0142' },
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(submitted.status).toBe(201);
    const leadId = submitted.body.leadId as string;
    await claimForBen(leadId);
    await as(ben).leads.logCall.mutate({ leadId, outcome: 'reached', note: 'Wants a family plan', followUpAt: inMinutes(20 * 60) });
    await as(ben).leads.update.mutate({ leadId, status: 'quoted' });
    await as(ben).leads.update.mutate({ leadId, notes: 'Family of four, budget 800' });

    const { lead, timeline } = await as(office).leads.get.query({ leadId });
    expect(lead).toMatchObject({ name: 'Web Visitor', status: 'quoted', claimedBy: 'Ben Carter' });
    expect(timeline.map((e) => [e.kind, e.user])).toEqual([
      ['notes', 'Ben Carter'],
      ['status', 'Ben Carter'],
      ['call', 'Ben Carter'],
      ['claimed', 'Office Clerk'],
      ['created', 'Website'],
    ]);
    expect(timeline[0].note).toBe('Family of four, budget 800');
    expect(timeline[1].status).toBe('quoted');
    expect(timeline[2]).toMatchObject({ outcome: 'reached', note: 'Wants a family plan' });
    expect(timeline[3].claimedBy).toBe('Ben Carter');

    const byStaff = await staffLead('Phoned In');
    expect((await as(office).leads.get.query({ leadId: byStaff })).timeline).toMatchObject([{ kind: 'created', user: 'Office Clerk' }]);
  });

  it('makes up the timeline of a lead older than it from the lead itself', async () => {
    const leadId = await staffLead('Old Timer');
    await claimForBen(leadId);
    const [createdAt, claimedAt, calledAt] = [3, 2, 1].map((hours) => new Date(Date.now() - hours * 3600_000));
    // As such a lead is stored: no timeline, a last call on the lead.
    await timelines().deleteOne({ _id: oid(leadId) });
    await leads().updateOne(
      { _id: oid(leadId) },
      { $set: { createdAt, claimedAt, lastCall: { at: calledAt, outcome: 'voicemail', by: 'Ben Carter' } } },
    );
    const { timeline } = await as(office).leads.get.query({ leadId });
    expect(timeline.map((e) => [e.kind, e.user])).toEqual([
      ['call', 'Ben Carter'],
      ['claimed', 'Ben Carter'],
      ['created', 'Staff'],
    ]);
    // Its first change under the timeline keeps the made-up arrival.
    await as(office).leads.unclaim.mutate({ leadId });
    expect((await as(office).leads.get.query({ leadId })).timeline.map((e) => e.kind)).toEqual(['unclaimed', 'created']);
  });

  it('lists other leads from the same email or phone newest first, and its customer once closed', async () => {
    const first = await staffLead('Dana One', { email: 'dana@example.com', phone: '(720) 555-7001' });
    const byPhone = await staffLead('Dana Two', { email: 'dana.two@example.com', phone: '720.555.7001' });
    const byEmail = await staffLead('Dana Three', { email: 'DANA@example.com', phone: '(720) 555-7999' });
    await staffLead('Someone Else', { email: 'else@example.com', phone: '(720) 555-7998' });
    const record = await as(office).leads.get.query({ leadId: first });
    expect(record.duplicates.map((d) => [d.leadId, d.name, d.status])).toEqual([
      [byEmail, 'Dana Three', 'unclaimed'],
      [byPhone, 'Dana Two', 'unclaimed'],
    ]);
    expect(record.customerId).toBeNull();

    await claimForBen(first);
    await as(ben).leads.update.mutate({ leadId: first, notes: 'Prefers evenings' });
    const { customerId } = await as(ben).customers.closeLead.mutate({
      leadId: first,
      customer: {
        name: 'Dana One',
        email: 'dana@example.com',
        phone: '(720) 555-7001',
        age: 44,
        insuranceProvider: 'Aetna',
        notes: 'Signed PPO',
      },
    });
    const closed = await as(office).leads.get.query({ leadId: first });
    expect(closed.customerId).toBe(customerId);
    expect(closed.timeline[0]).toMatchObject({ kind: 'customer', user: 'Ben Carter' });
    expect((await as(office).customers.get.query({ customerId })).notes).toBe('Signed PPO\n\nPrefers evenings');
  });

  it("carries the lead's notes into a customer whose form has none", async () => {
    const leadId = await staffLead('Notes Only');
    await claimForBen(leadId);
    await as(ben).leads.update.mutate({ leadId, notes: 'Call after 5' });
    const { customerId } = await as(ben).customers.closeLead.mutate({
      leadId,
      customer: { name: 'Notes Only', email: 'notes.only@example.com', phone: '(303) 555-0199', age: 30, insuranceProvider: 'Aetna' },
    });
    expect((await as(office).customers.get.query({ customerId })).notes).toBe('Call after 5');
  });

  it('keeps the last 500 entries of a busy lead', async () => {
    const leadId = await staffLead('Busy');
    const start = Date.now();
    const notes = Array.from({ length: 510 }, (_, i) => ({
      at: new Date(start + (i + 1) * 1000),
      kind: 'notes' as const,
      user: 'Ben Carter',
      note: `n${i}`,
    }));
    await addTimelineEntry(leadId, ...notes);
    const { timeline } = await as(office).leads.get.query({ leadId });
    expect(timeline).toHaveLength(500);
    expect([timeline[0].note, timeline[499].note]).toEqual(['n509', 'n10']);
    expect(((await timelines().findOne({ _id: oid(leadId) }))!.entries as unknown[]).length).toBe(500);
  });

  it('is gone with its lead, and 404 for an unknown one', async () => {
    const leadId = await staffLead('Short Lived');
    await as(office).leads.remove.mutate({ leadId });
    expect(await timelines().countDocuments({ _id: oid(leadId) })).toBe(0);
    expect(await outcome(as(office).leads.get.query({ leadId }))).toMatchObject({ status: 404, error: 'Lead not found' });
  });
});

describe('My work', () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    await leads().updateMany({ status: 'unclaimed' }, { $set: { status: 'lost' } }); // only this block's leads wait
    for (const name of ['Late', 'Later', 'Today', 'Tomorrow', 'Lost One']) {
      ids[name] = await staffLead(name);
      await claimForBen(ids[name]);
    }
    // A follow-up may be set up to a minute back (clocks differ): these two are overdue at once.
    await as(ben).leads.logCall.mutate({ leadId: ids.Late, outcome: 'no-answer', note: '', followUpAt: new Date(Date.now() - 50_000) });
    await as(ben).leads.logCall.mutate({ leadId: ids.Later, outcome: 'no-answer', note: '', followUpAt: new Date(Date.now() - 20_000) });
    await as(ben).leads.logCall.mutate({ leadId: ids.Today, outcome: 'voicemail', note: '', followUpAt: inMinutes(60) });
    await as(ben).leads.logCall.mutate({ leadId: ids.Tomorrow, outcome: 'reached', note: '', followUpAt: inMinutes(20 * 60) });
    await as(ben).leads.logCall.mutate({ leadId: ids['Lost One'], outcome: 'reached', note: '', followUpAt: inMinutes(30) });
    await as(ben).leads.update.mutate({ leadId: ids['Lost One'], status: 'lost' });
    // Unclaimed leads: two past 20 hours, one fresh.
    for (const [name, hours] of [
      ['Waiting 23h', 23],
      ['Waiting 21h', 21],
      ['Waiting 2h', 2],
    ] as const) {
      ids[name] = await staffLead(name);
      await leads().updateOne({ _id: oid(ids[name]) }, { $set: { createdAt: new Date(Date.now() - hours * 3600_000) } });
    }
  });

  it("lists the agent's overdue and today's follow-ups and the leads nearing the promise", async () => {
    const work = await as(ben).leads.myWork.query({});
    expect(work.agent).toBe('Ben Carter');
    expect(work.overdue.map((l) => l.name)).toEqual(['Late', 'Later']);
    expect(work.today.map((l) => l.name)).toEqual(['Today']);
    expect(work.nearingPromise.map((l) => l.name)).toEqual(['Waiting 23h', 'Waiting 21h']);
    expect(work.count).toBe(5);
  });

  it("shows another agent's work to an admin only, and none to staff who are no agent", async () => {
    const stefs = await as(stef).leads.myWork.query({});
    expect(stefs).toMatchObject({ agent: 'Stef', overdue: [], today: [], count: 2 });
    expect((await as(admin).leads.myWork.query({ agent: 'ben carter' })).today.map((l) => l.name)).toEqual(['Today']);
    expect(await outcome(as(stef).leads.myWork.query({ agent: 'Ben Carter' }))).toMatchObject({ status: 403 });
    expect(await outcome(as(admin).leads.myWork.query({ agent: 'Nobody' }))).toMatchObject({
      status: 400,
      error: 'Nobody is not an agent.',
    });
    expect(await as(office).leads.myWork.query({})).toEqual({ agent: null, overdue: [], today: [], nearingPromise: [], count: 0 });
  });

  it('drops a follow-up once its lead is unclaimed or closed, with no other bookkeeping', async () => {
    await as(office).leads.unclaim.mutate({ leadId: ids.Today });
    await as(ben).customers.closeLead.mutate({
      leadId: ids.Late,
      customer: { name: 'Late', email: 'late@example.com', phone: '(303) 555-0111', age: 50, insuranceProvider: 'Aetna' },
    });
    const work = await as(ben).leads.myWork.query({});
    expect(work.overdue.map((l) => l.name)).toEqual(['Later']);
    expect(work.today).toEqual([]);
    // The follow-up went with the claim: claimed again, the lead brings none back.
    await claimForBen(ids.Today);
    expect((await as(ben).leads.get.query({ leadId: ids.Today })).lead.followUpAt).toBeNull();
  });
});
