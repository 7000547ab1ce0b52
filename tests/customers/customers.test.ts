// Customer routes and closing a lead into a customer, over HTTP against the real embedded database.
import { beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { outcome, trpcClient } from '../helpers/trpc-client.ts';
import { readLead } from '../../models/leads/index.ts';
import { writeAroundLeadModel } from '../../models/leads/testing.ts';
import { ActivityModel } from '../../models/activity/log.ts';
import { CustomerModel } from '../../models/customers/customer.ts';
import { closeLeadIntoCustomer } from '../../models/customers/close.ts';

const server = useTestServer();
let admin: string;
let n = 0;

const valid = () => ({
  name: `Customer ${++n}`,
  email: `customer${n}@example.com`,
  phone: `(720) 555-${String(2000 + n)}`,
  age: 41,
  insuranceProvider: 'Aetna',
});

beforeAll(async () => {
  ({ admin } = await createOffice(server, ['Ben']));
});

const api = (method: string, path: string, body?: unknown) => server.api(method, path, { token: admin, body });
/** The console's procedures, signed in as the admin. */
const client = () => trpcClient(server.url, admin);
type CloseInput = Parameters<ReturnType<typeof client>['customers']['closeLead']['mutate']>[0];
const closeLead = (input: CloseInput) => outcome(client().customers.closeLead.mutate(input));
/** A close with input the schema refuses, sent as the browser would (the typed client would not compile it). */
const closeLeadRaw = (input: unknown) => closeLead(input as CloseInput);

/** A claimed lead in the given status. */
async function claimedLead(status = 'called') {
  const i = ++n;
  const created = await api('POST', '/api/admin/leads', {
    name: `Lead ${i}`,
    email: `lead${i}@example.com`,
    phone: `(303) 555-${String(3000 + i)}`,
  });
  const leadId = created.body.leadId as string;
  expect((await api('PUT', `/api/admin/leads/${leadId}/claim`, { claimedBy: 'Ben' })).status).toBe(200);
  if (status !== 'unclaimed') expect((await api('PUT', `/api/admin/leads/${leadId}`, { status })).status).toBe(200);
  return leadId;
}

describe('customer routes', () => {
  it('require a token', async () => {
    expect((await server.api('GET', '/api/admin/customers')).status).toBe(401);
    expect((await server.api('POST', '/api/admin/customers', { body: valid() })).status).toBe(401);
  });

  it('create with defaults individual and PPO, list without medical details, get with them', async () => {
    const res = await api('POST', '/api/admin/customers', {
      ...valid(),
      medicalHistory: 'asthma',
      medications: 'inhaler',
      policyStartDate: '2026-01-01',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ insuranceType: 'individual', planType: 'PPO', age: 41, leadId: null, policyStartDate: '2026-01-01' });
    expect(JSON.stringify(res.body)).not.toMatch(/asthma|inhaler/);
    const list = await api('GET', '/api/admin/customers');
    const row = list.body.find((c: { customerId: string }) => c.customerId === res.body.customerId);
    expect(row).toMatchObject({ name: res.body.name, insuranceProvider: 'Aetna' });
    expect(row).not.toHaveProperty('medicalHistory');
    expect(row).not.toHaveProperty('medications');
    expect(JSON.stringify(list.body)).not.toContain('asthma');
    const one = await outcome(client().customers.get.query({ customerId: res.body.customerId }));
    expect(one.data).toMatchObject({ medicalHistory: 'asthma', medications: 'inhaler' });
    const logged = await ActivityModel.find({ 'details.customerId': res.body.customerId }).lean();
    expect(logged.map((a) => a.action)).toEqual(['CUSTOMER_CREATED']);
    expect(JSON.stringify(logged)).not.toMatch(/asthma|inhaler/);
  });

  it.each([
    ['name', { name: '' }, /^name:/],
    ['email', { email: 'not-an-email' }, /^email:/],
    ['phone', { phone: '' }, /^phone:/],
    ['missing age', { age: undefined }, /^age: Age is required/],
    ['age 0', { age: 0 }, /^age: Age must be between 1 and 120/],
    ['age 121', { age: 121 }, /^age: Age must be between 1 and 120/],
    ['age text', { age: 'old' }, /^age: Age must be a number/],
    ['missing provider', { insuranceProvider: undefined }, /^insuranceProvider: Insurance provider is required$/],
    ['unknown provider', { insuranceProvider: 'Acme' }, /^insuranceProvider: Choose one of/],
    ['insurance type', { insuranceType: 'corporate' }, /^insuranceType: Choose one of: individual, family, group/],
    ['plan type', { planType: 'PPOX' }, /^planType: Choose one of: PPO, HMO/],
    ['employment', { employmentStatus: 'busy' }, /^employmentStatus: Choose one of/],
    ['budget', { budgetRange: '$1-$2' }, /^budgetRange: Choose one of/],
    ['income', { annualIncome: 'lots' }, /^annualIncome: Choose one of/],
    ['kids count 0', { hasKids: true, kidsCount: 0 }, /^kidsCount: Number of children must be between 1 and 20/],
    ['kids count 21', { hasKids: true, kidsCount: 21 }, /^kidsCount: Number of children must be between 1 and 20/],
    ['kids count missing', { hasKids: true }, /^kidsCount: Number of children is required/],
    [
      'kids ages',
      { hasKids: true, kidsCount: 2, kidsAges: 'four, nine' },
      /^kidsAges: Kids ages must be a comma-separated list of numbers/,
    ],
    ['too many ages', { hasKids: true, kidsCount: 1, kidsAges: '3, 5' }, /^kidsAges: Kids ages lists 2 ages for 1 children/],
    ['start date', { policyStartDate: '2026-02-30' }, /^policyStartDate: Policy start date must be a date/],
    ['operator payload', { name: { $gt: '' } }, /^name:/],
  ])('refuse %s with a 400 naming the field', async (_label, change, message) => {
    const before = await CustomerModel.countDocuments();
    const res = await api('POST', '/api/admin/customers', { ...valid(), ...change });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(message);
    expect(await CustomerModel.countDocuments()).toBe(before);
  });

  it('accept kids 1 to 20 with ages, and drop the kids fields when has-kids is off', async () => {
    const kids = await api('POST', '/api/admin/customers', {
      ...valid(),
      insuranceType: 'family',
      hasKids: true,
      kidsCount: 20,
      kidsAges: '4,9 , 12',
    });
    expect(kids.status).toBe(201);
    expect(kids.body).toMatchObject({ hasKids: true, kidsCount: 20, kidsAges: '4, 9, 12', insuranceType: 'family' });
    const none = await api('POST', '/api/admin/customers', { ...valid(), hasKids: false, kidsCount: 3, kidsAges: '1' });
    expect(none.status).toBe(201);
    expect(none.body).toMatchObject({ hasKids: false, kidsCount: null, kidsAges: '' });
  });

  it('update the fields given, keep the rules, clear optional ones with empty values', async () => {
    const { body: c } = await api('POST', '/api/admin/customers', { ...valid(), budgetRange: '$200-$400', planType: 'HMO' });
    const res = await api('PUT', `/api/admin/customers/${c.customerId}`, { age: 50, budgetRange: '', medications: 'none' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ age: 50, budgetRange: null, planType: 'HMO', name: c.name });
    expect(res.body).not.toHaveProperty('medications');
    expect((await client().customers.get.query({ customerId: c.customerId })).medications).toBe('none');
    expect((await api('PUT', `/api/admin/customers/${c.customerId}`, { age: 200 })).status).toBe(400);
    const kids = await api('PUT', `/api/admin/customers/${c.customerId}`, { hasKids: true });
    expect(kids.status).toBe(400);
    expect(kids.body.error).toMatch(/^kidsCount:/);
    expect((await api('PUT', `/api/admin/customers/${c.customerId}`, { planType: 'XYZ' })).status).toBe(400);
    expect((await api('PUT', '/api/admin/customers/64b000000000000000000000', { age: 30 })).status).toBe(404);
    expect((await api('PUT', '/api/admin/customers/nope', { age: 30 })).status).toBe(404);
  });

  it('delete a hand-added customer; unknown ids are 404', async () => {
    const { body: c } = await api('POST', '/api/admin/customers', valid());
    expect((await api('DELETE', `/api/admin/customers/${c.customerId}`)).status).toBe(200);
    expect(await CustomerModel.findById(c.customerId)).toBeNull();
    expect((await api('DELETE', `/api/admin/customers/${c.customerId}`)).status).toBe(404);
  });

  it('export CSV without medical details and with formulas defused', async () => {
    const { body: c } = await api('POST', '/api/admin/customers', {
      ...valid(),
      name: '=HYPERLINK("x")',
      medicalHistory: 'diabetes',
      notes: 'Call after 5',
    });
    const res = await fetch(`${server.url}/api/admin/customers/export`, { headers: { authorization: `Bearer ${admin}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const csv = await res.text();
    const lines = csv.trim().split('\n');
    expect(lines[0]).toBe(
      'customerId,name,email,phone,age,hasKids,kidsCount,kidsAges,currentInsurance,insuranceProvider,desiredCoverage,budgetRange,insuranceType,planType,employmentStatus,annualIncome,policyStartDate,leadId,createdAt,birthDate,policyCount,policyCarriers,annualPremium',
    );
    // The whole row, its creation time aside; the stored E.164 phone is written as people read it.
    expect(c.phone).toMatch(/^\+1720555\d{4}$/);
    expect(lines.find((l) => l.startsWith(c.customerId))!.replace(/,[\d-]+T[\d:.]+Z,,0,,0.00$/, '')).toBe(
      `${c.customerId},"'=HYPERLINK(""x"")",${c.email},(720) 555-${c.phone.slice(-4)},41,false,,,,Aetna,,,individual,PPO,,,,`,
    );
    expect(csv).not.toContain('diabetes');
    expect(csv).not.toContain('Call after 5');
  });
});

describe('closing a lead into a customer', () => {
  it('creates the linked customer, then marks the lead closed, and logs both', async () => {
    const leadId = await claimedLead('quoted');
    const res = await closeLead({
      leadId,
      customer: {
        name: 'Closed Person',
        email: 'closed@example.com',
        phone: '303-555-0101',
        age: '35',
        hasKids: true,
        kidsCount: 2,
        kidsAges: '3,5',
        medicalHistory: 'private-history',
      },
    });
    expect(res.status).toBe(200);
    const customer = await CustomerModel.findById(res.data.customerId).lean();
    expect(customer).toMatchObject({ name: 'Closed Person', age: 35, kidsAges: '3, 5', insuranceType: 'individual', planType: 'PPO' });
    expect(String(customer!.leadId)).toBe(leadId);
    expect((await readLead(leadId))!.status).toBe('closed');
    const logged = await ActivityModel.find({ 'details.leadId': leadId }).lean();
    expect(logged.map((a) => a.action)).toEqual(expect.arrayContaining(['CUSTOMER_CREATED', 'LEAD_STATUS_UPDATED']));
    expect(logged.find((a) => a.action === 'LEAD_STATUS_UPDATED' && a.details?.newStatus === 'closed')).toBeTruthy();
    expect(JSON.stringify(logged)).not.toContain('private-history');
    // The list links the customer back to its lead.
    const list = await api('GET', '/api/admin/customers');
    expect(list.body.find((c: { customerId: string }) => c.customerId === res.data.customerId).leadId).toBe(leadId);
  });

  it('needs name, email and phone only; age must be a number', async () => {
    const leadId = await claimedLead();
    const bad = await closeLeadRaw({ leadId, customer: { name: 'X', email: 'x@example.com', phone: '' } });
    expect(bad.status).toBe(400);
    expect(bad.error).toMatch(/^customer\.phone:/);
    const age = await closeLeadRaw({
      leadId,
      customer: { name: 'X', email: 'x@example.com', phone: '3035550000', age: 'ten' },
    });
    expect(age.status).toBe(400);
    expect(age.error).toMatch(/Age must be a number/);
    expect((await readLead(leadId))!.status).toBe('called');
    expect(await CustomerModel.countDocuments({ leadKey: leadId })).toBe(0);
    const ok = await closeLead({ leadId, customer: { name: 'X', email: 'x@example.com', phone: '3035550000' } });
    expect(ok.status).toBe(200);
  });

  it('a customer closed without age or provider saves edits that leave them missing, but a set detail cannot be cleared', async () => {
    const leadId = await claimedLead();
    const closed = await closeLead({
      leadId,
      customer: { name: 'Older Record', email: 'older@example.com', phone: '3035550101' },
    });
    expect(closed.status).toBe(200);
    const { customerId } = closed.data as { customerId: string };
    // The edit form sends every field; the two details stay blank and the save goes through.
    const kept = await api('PUT', `/api/admin/customers/${customerId}`, {
      name: 'Older Record',
      age: '',
      insuranceProvider: '',
      notes: 'Called back',
    });
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ age: null, insuranceProvider: null });
    expect(kept.body).not.toHaveProperty('notes');
    // Filling one in makes it required from then on; the other may stay missing.
    expect((await api('PUT', `/api/admin/customers/${customerId}`, { age: 52, insuranceProvider: '' })).body).toMatchObject({
      age: 52,
      insuranceProvider: null,
    });
    const cleared = await api('PUT', `/api/admin/customers/${customerId}`, { age: '' });
    expect(cleared.status).toBe(400);
    expect(cleared.body.error).toBe('age: Age is required');
    expect((await CustomerModel.findById(customerId).lean())!.age).toBe(52);
    // A customer added by hand still needs both.
    const added = await api('POST', '/api/admin/customers', { name: 'No Details', email: 'nodetails@example.com', phone: '3035550102' });
    expect(added.status).toBe(400);
    expect(added.body.error).toBe('age: Age is required');
  });

  it('refuses unclaimed and lost leads with 409 and unknown leads with 404, creating nothing', async () => {
    const i = ++n;
    const unclaimed = (await api('POST', '/api/admin/leads', { name: `U ${i}`, email: `u${i}@example.com`, phone: '(303) 555-9999' })).body
      .leadId;
    const lost = await claimedLead('lost');
    const before = await CustomerModel.countDocuments();
    expect((await api('PUT', `/api/admin/leads/${unclaimed}`, { status: 'closed' })).status).toBe(409);
    expect((await closeLead({ leadId: lost })).status).toBe(409);
    expect((await closeLead({ leadId: '64b000000000000000000000' })).status).toBe(404);
    expect(await CustomerModel.countDocuments()).toBe(before);
    expect((await readLead(unclaimed))!.status).toBe('unclaimed');
  });

  it('via the lead route (bulk "mark closed") uses the lead\'s contact details', async () => {
    const leadId = await claimedLead();
    const res = await api('PUT', `/api/admin/leads/${leadId}`, { status: 'closed' });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('closed');
    const customer = await CustomerModel.findOne({ leadKey: leadId }).lean();
    expect(customer).toMatchObject({ email: res.body.email, name: res.body.name });
  });

  it('never makes a second customer for a lead: retries and concurrent saves reuse the first', async () => {
    const leadId = await claimedLead();
    const form = { name: 'Retry Person', email: 'retry@example.com', phone: '3035551212' };
    const results = await Promise.all([1, 2, 3].map(() => closeLead({ leadId, customer: form })));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    const ok = results;
    expect(new Set(ok.map((r) => r.data.customerId)).size).toBe(1);
    const again = await closeLead({ leadId, customer: form });
    expect(again.data.customerId).toBe(ok[0].data.customerId);
    expect(await CustomerModel.countDocuments({ leadId: new mongoose.Types.ObjectId(leadId) })).toBe(1);
    // A hand-added customer pointing at the lead is a close of that lead, answered with the same customer.
    const viaCreate = await api('POST', '/api/admin/customers', { ...valid(), leadId });
    expect(viaCreate.status).toBe(201);
    expect(viaCreate.body.customerId).toBe(ok[0].data.customerId);
    expect(await CustomerModel.countDocuments({ leadId: new mongoose.Types.ObjectId(leadId) })).toBe(1);
  });

  it('a retry after a save that stopped before closing the lead reuses that customer and finishes', async () => {
    const leadId = await claimedLead();
    // What a crash between the two steps leaves: the customer exists, the lead is not closed yet.
    const orphan = await CustomerModel.create({
      name: 'Half Done',
      email: 'half@example.com',
      phone: '3035550001',
      leadId,
      leadKey: leadId,
    });
    const res = await closeLead({
      leadId,
      customer: { name: 'Half Done', email: 'half@example.com', phone: '3035550001', age: 60 },
    });
    expect(res.status).toBe(200);
    expect(res.data.customerId).toBe(orphan.id);
    expect(await CustomerModel.countDocuments({ leadKey: leadId })).toBe(1);
    expect((await CustomerModel.findById(orphan.id).lean())!.age).toBe(60);
    expect((await readLead(leadId))!.status).toBe('closed');
  });

  it('undoes the customer when marking the lead fails because the lead changed meanwhile', async () => {
    const leadId = await claimedLead('called');
    // The second step's condition stops matching: another agent changes the lead after our read.
    const realCreate = CustomerModel.create.bind(CustomerModel);
    const spy = CustomerModel as unknown as { create: unknown };
    spy.create = async (...args: unknown[]) => {
      const doc = await (realCreate as (...a: unknown[]) => Promise<unknown>)(...args);
      await writeAroundLeadModel((Lead) => Lead.updateOne({ _id: leadId }, { $set: { status: 'quoted' } }));
      return doc;
    };
    try {
      await expect(
        closeLeadIntoCustomer(leadId, { name: 'Race', email: 'race@example.com', phone: '3035550002' }, { name: 'Ben' }),
      ).rejects.toMatchObject({ code: 'CONFLICT' });
    } finally {
      spy.create = realCreate;
    }
    expect(await CustomerModel.countDocuments({ leadKey: leadId })).toBe(0);
    expect((await readLead(leadId))!.status).toBe('quoted');
  });

  it('undoes the customer when the lead is deleted between the two steps', async () => {
    const leadId = await claimedLead('called');
    const realCreate = CustomerModel.create.bind(CustomerModel);
    const spy = CustomerModel as unknown as { create: unknown };
    spy.create = async (...args: unknown[]) => {
      const doc = await (realCreate as (...a: unknown[]) => Promise<unknown>)(...args);
      await writeAroundLeadModel((Lead) => Lead.deleteOne({ _id: leadId }));
      return doc;
    };
    try {
      await expect(closeLeadIntoCustomer(leadId, undefined, { name: 'Ben' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      spy.create = realCreate;
    }
    expect(await CustomerModel.countDocuments({ leadKey: leadId })).toBe(0);
  });

  /** Makes the close's second step (the lead update) fail once, optionally after writing, via writeAroundLeadModel. */
  async function withFailingClose<T>(writeFirst: boolean, body: () => Promise<T>): Promise<T> {
    return writeAroundLeadModel(async (Lead) => {
      const model = Lead as unknown as { updateOne: (...a: unknown[]) => Promise<unknown> };
      const real = model.updateOne;
      model.updateOne = async (...args: unknown[]) => {
        model.updateOne = real;
        if (writeFirst) await real.apply(Lead, args);
        throw new Error('simulated write failure');
      };
      try {
        return await body();
      } finally {
        model.updateOne = real;
      }
    });
  }

  it('undoes the customer when marking the lead closed fails; the lead stays as it was and a retry succeeds', async () => {
    const leadId = await claimedLead('quoted');
    const form = { name: 'Fail Once', email: 'failonce@example.com', phone: '3035550003', medicalHistory: 'secret-condition' };
    const failed = await withFailingClose(false, () => closeLead({ leadId, customer: form }));
    expect(failed.status).toBe(500);
    expect(failed.error).not.toMatch(/secret-condition|simulated/);
    expect(await CustomerModel.countDocuments({ leadKey: leadId })).toBe(0);
    expect((await readLead(leadId))!.status).toBe('quoted');
    expect(await ActivityModel.countDocuments({ 'details.leadId': leadId, action: 'CUSTOMER_CREATED' })).toBe(0);

    const retried = await closeLead({ leadId, customer: form });
    expect(retried.status).toBe(200);
    expect(await CustomerModel.countDocuments({ leadKey: leadId })).toBe(1);
    expect((await readLead(leadId))!.status).toBe('closed');
  });

  it('keeps the customer when the close went through but reported a failure, and a retry answers with it', async () => {
    const leadId = await claimedLead();
    await expect(withFailingClose(true, () => closeLeadIntoCustomer(leadId, undefined, { name: 'Ben' }))).rejects.toThrow(
      'simulated write failure',
    );
    expect((await readLead(leadId))!.status).toBe('closed');
    const kept = await CustomerModel.find({ leadKey: leadId }).lean();
    expect(kept).toHaveLength(1);
    expect(await closeLeadIntoCustomer(leadId, undefined, { name: 'Ben' })).toEqual({ customerId: String(kept[0]._id) });
  });

  it('puts a deleted customer back when reopening its lead fails', async () => {
    const leadId = await claimedLead();
    const { data } = await closeLead({ leadId });
    await writeAroundLeadModel(async (Lead) => {
      const model = Lead as unknown as { findOneAndUpdate: unknown };
      const real = model.findOneAndUpdate;
      model.findOneAndUpdate = () => ({ lean: () => Promise.reject(new Error('simulated write failure')) });
      try {
        expect((await api('DELETE', `/api/admin/customers/${data.customerId}`)).status).toBe(500);
      } finally {
        model.findOneAndUpdate = real;
      }
    });
    expect(await CustomerModel.findById(data.customerId).lean()).toMatchObject({ leadKey: leadId });
    expect((await readLead(leadId))!.status).toBe('closed');
    expect(await ActivityModel.countDocuments({ 'details.customerId': data.customerId, action: 'CUSTOMER_DELETED' })).toBe(0);
  });

  it('the closed lead keeps its status and cannot be deleted while its customer exists', async () => {
    const leadId = await claimedLead();
    await closeLead({ leadId });
    expect((await api('PUT', `/api/admin/leads/${leadId}`, { status: 'called' })).status).toBe(409);
    expect((await api('DELETE', `/api/admin/leads/${leadId}`)).status).toBe(409);
    expect((await readLead(leadId))!.status).toBe('closed');
  });

  it('deleting a customer made from a lead sets the lead back to follow-up, still claimed, and logs it', async () => {
    const leadId = await claimedLead();
    const { data } = await closeLead({ leadId });
    expect((await api('DELETE', `/api/admin/customers/${data.customerId}`)).status).toBe(200);
    const lead = (await readLead(leadId))!;
    expect(lead).toMatchObject({ status: 'follow-up', claimedBy: 'Ben' });
    const actions = (await ActivityModel.find({ 'details.leadId': leadId }).lean()).map((a) => [a.action, a.details?.newStatus]);
    expect(actions).toContainEqual(['LEAD_STATUS_UPDATED', 'follow-up']);
    expect(actions).toContainEqual(['CUSTOMER_DELETED', undefined]);
    // It can be closed again later, into a new customer.
    expect((await closeLead({ leadId })).status).toBe(200);
    expect(await CustomerModel.countDocuments({ leadKey: leadId })).toBe(1);
  });
});
