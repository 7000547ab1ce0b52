// A customer's policies over the console's procedures against the real embedded database: add, list,
// change, remove, the activity log and the lead's timeline, hostile input refused with nothing stored,
// the export's policy columns, My work's book and the premium-written read for the dashboard.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { outcome, trpcClient } from '../helpers/trpc-client.ts';
import { ActivityModel } from '../../models/activity/log.ts';
import { PolicyModel } from '../../models/policies/schema.ts';
import { premiumWrittenBy } from '../../models/policies/index.ts';

const server = useTestServer();
let admin: string;
let ben: string;
let n = 0;

beforeAll(async () => {
  const office = await createOffice(server, ['Ben']);
  admin = office.admin;
  ben = office.agents.Ben!;
});

const client = (token = ben) => trpcClient(server.url, token);
type AddInput = Parameters<ReturnType<typeof client>['policies']['add']['mutate']>[0];

async function newCustomer(over: Record<string, unknown> = {}) {
  const i = ++n;
  const res = await server.api('POST', '/api/admin/customers', {
    token: admin,
    body: {
      name: `Policy Holder ${i}`,
      email: `holder${i}@example.com`,
      phone: `(720) 555-${String(6000 + i)}`,
      age: 60,
      insuranceProvider: 'Aetna',
      ...over,
    },
  });
  expect(res.status).toBe(201);
  return res.body.customerId as string;
}

const medicare = (customerId: string): AddInput => ({
  customerId,
  carrier: 'Humana',
  line: 'medicare-advantage',
  planName: 'Gold Plus HMO',
  policyNumber: 'H-1001',
  effectiveDate: '2026-01-01',
  premiumCents: 4_550,
  premiumPeriod: 'monthly',
  commission: { kind: 'rate', percent: 10 },
});

describe('policies', () => {
  it('are added, listed newest first, changed and removed, each change in the activity log', async () => {
    const customerId = await newCustomer();
    const first = await client().policies.add.mutate(medicare(customerId));
    expect(first).toMatchObject({ status: 'active', renewalDate: null, writingAgent: 'Ben', premiumCents: 4_550 });
    await client().policies.add.mutate({
      customerId,
      carrier: 'Delta Dental',
      line: 'dental-vision',
      effectiveDate: '2026-06-01',
      renewalDate: '2027-01-01',
      premiumCents: 36_000,
      premiumPeriod: 'annual',
      commission: { kind: 'amount', cents: 5_000 },
      writingAgent: 'Stef',
    });
    const list = await client().policies.list.query({ customerId });
    expect(list.map((p) => [p.carrier, p.renewalDate, p.writingAgent])).toEqual([
      ['Delta Dental', '2027-01-01', 'Stef'],
      ['Humana', null, 'Ben'],
    ]);

    const changed = await client().policies.update.mutate({ policyId: first.policyId, status: 'lapsed', premiumCents: 4_999 });
    expect(changed).toMatchObject({ status: 'lapsed', premiumCents: 4_999, carrier: 'Humana', planName: 'Gold Plus HMO' });
    expect(await client().policies.remove.mutate({ policyId: first.policyId })).toEqual({ success: true });
    expect((await client().policies.list.query({ customerId })).map((p) => p.carrier)).toEqual(['Delta Dental']);

    const actions = (await ActivityModel.find({ 'details.customerId': customerId }).sort({ timestamp: 1 }).lean()).map((a) => [
      a.action,
      a.user,
    ]);
    expect(actions).toEqual([
      ['CUSTOMER_CREATED', 'Office Admin'],
      ['POLICY_ADDED', 'Ben'],
      ['POLICY_ADDED', 'Ben'],
      ['POLICY_UPDATED', 'Ben'],
      ['POLICY_REMOVED', 'Ben'],
    ]);
  });

  it("of a customer closed from a lead go on the lead's timeline", async () => {
    const lead = await server.api('POST', '/api/admin/leads', {
      token: admin,
      body: { name: 'Tim Line', email: 'tim.line@example.com', phone: '(303) 555-7001' },
    });
    const leadId = lead.body.leadId as string;
    expect((await server.api('PUT', `/api/admin/leads/${leadId}/claim`, { token: admin, body: { claimedBy: 'Ben' } })).status).toBe(200);
    const { customerId } = await client().customers.closeLead.mutate({ leadId });
    await client().policies.add.mutate(medicare(customerId));
    const record = await client().leads.get.query({ leadId });
    const entry = record.timeline.find((e) => e.kind === 'policy');
    expect(entry).toMatchObject({ user: 'Ben', note: 'Policy added: Humana Medicare Advantage' });
  });

  it('may be recorded when a lead is closed, once even when the save is retried; left out, the close is as before', async () => {
    const claimed = async (i: number) => {
      const lead = await server.api('POST', '/api/admin/leads', {
        token: admin,
        body: { name: `Close ${i}`, email: `close${i}@example.com`, phone: `(303) 555-${7100 + i}` },
      });
      expect(
        (await server.api('PUT', `/api/admin/leads/${lead.body.leadId}/claim`, { token: admin, body: { claimedBy: 'Ben' } })).status,
      ).toBe(200);
      return lead.body.leadId as string;
    };
    const { customerId: _c, ...policy } = medicare('unused');
    const leadId = await claimed(1);
    const first = await client().customers.closeLead.mutate({ leadId, policy });
    const again = await client().customers.closeLead.mutate({ leadId, policy });
    expect(again.customerId).toBe(first.customerId);
    expect((await client().policies.list.query({ customerId: first.customerId })).map((p) => [p.carrier, p.writingAgent])).toEqual([
      ['Humana', 'Ben'],
    ]);

    const plain = await client().customers.closeLead.mutate({ leadId: await claimed(2) });
    expect(await client().policies.list.query({ customerId: plain.customerId })).toEqual([]);

    const leadId3 = await claimed(3);
    const refused = await outcome(client().customers.closeLead.mutate({ leadId: leadId3, policy: { ...policy, premiumCents: -5 } }));
    expect([refused.status, refused.error]).toEqual([400, 'policy.premiumCents: Premium cannot be negative']);
    expect((await client().leads.get.query({ leadId: leadId3 })).lead.status).not.toBe('closed');
  });

  it('refuse bad values and a renewal before the effective date, storing nothing', async () => {
    const customerId = await newCustomer();
    const bad = (over: Record<string, unknown>) => outcome(client().policies.add.mutate({ ...medicare(customerId), ...over } as AddInput));
    for (const [over, message] of [
      [{ premiumCents: 12.5 }, /Premium must be whole cents/],
      [{ premiumCents: -1 }, /Premium cannot be negative/],
      [{ line: 'auto' }, /Line: choose one of/],
      [{ effectiveDate: '2026-02-30' }, /Effective date must be a date/],
      [{ renewalDate: '2025-06-01' }, /Renewal date must be after the effective date/],
      [{ commission: { kind: 'rate', percent: 150 } }, /at most 100%/],
      [{ carrier: { $ne: '' } }, /Carrier must be text/],
      [{ customerId: 'nope' }, /Customer not found/],
    ] as const) {
      const res = await bad(over);
      expect(res.status, JSON.stringify(over)).toBe(message.source.includes('not found') ? 404 : 400);
      expect(res.error).toMatch(message);
    }
    const p = await client().policies.add.mutate(medicare(customerId));
    const late = await outcome(client().policies.update.mutate({ policyId: p.policyId, renewalDate: '2025-12-31' }));
    expect([late.status, late.error]).toEqual([400, 'renewalDate: Renewal date must be after the effective date']);
    expect((await outcome(client().policies.remove.mutate({ policyId: '000000000000000000000000' }))).status).toBe(404);
    expect(await PolicyModel.countDocuments({ customerId })).toBe(1);
  });

  it('answer hostile bodies with 4xx JSON and signed-out callers with 401', async () => {
    const customerId = await newCustomer();
    const before = await PolicyModel.countDocuments();
    for (const body of [
      '{"json":{"customerId":{"$gt":""},"carrier":"X","line":"health","effectiveDate":"2026-01-01","premiumCents":1,"premiumPeriod":"annual"}}',
      `{"json":{"customerId":"${customerId}","carrier":"X","line":"health","effectiveDate":"2026-01-01","premiumCents":{"$gt":0},"premiumPeriod":"annual"}}`,
      '{"json":',
    ]) {
      const res = await fetch(`${server.url}/trpc/policies.add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${ben}` },
        body,
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    }
    const signedOut = await outcome(trpcClient(server.url).policies.add.mutate(medicare(customerId)));
    expect(signedOut.status).toBe(401);
    expect((await outcome(trpcClient(server.url).policies.book.query({}))).status).toBe(401);
    expect(await PolicyModel.countDocuments()).toBe(before);
  });

  it('go with their customer when the customer is deleted', async () => {
    const customerId = await newCustomer();
    await client().policies.add.mutate(medicare(customerId));
    expect((await server.api('DELETE', `/api/admin/customers/${customerId}`, { token: admin })).status).toBe(200);
    expect(await PolicyModel.countDocuments({ customerId })).toBe(0);
  });
});

describe('the book of business', () => {
  it("is the in-force policies (one agent's when named), the customers near 65 and the brokerage's time zone", async () => {
    const customerId = await newCustomer({ birthDate: '1961-12-20', age: 64 });
    const mine = await client().policies.add.mutate({ ...medicare(customerId), writingAgent: 'Agent Book' });
    await client().policies.add.mutate({ ...medicare(customerId), writingAgent: 'Agent Book', status: 'cancelled' });
    const book = await client().policies.book.query({ agent: 'Agent Book' });
    expect(book.timeZone).toBe('America/Denver');
    expect(book.policies).toEqual([
      {
        policyId: mine.policyId,
        customerId,
        customerName: expect.stringMatching(/^Policy Holder/),
        carrier: 'Humana',
        line: 'medicare-advantage',
        status: 'active',
        effectiveDate: '2026-01-01',
        renewalDate: null,
      },
    ]);
    expect(book.customers).toContainEqual({ customerId, name: expect.any(String), age: 64, birthDate: '1961-12-20' });
  });

  it('gives the dashboard the annual premium written per agent and per customer, in cents', async () => {
    const customerId = await newCustomer();
    await client().policies.add.mutate({ ...medicare(customerId), writingAgent: 'Writer W', effectiveDate: '2031-03-01' }); // 45.50 × 12
    await client().policies.add.mutate({
      ...medicare(customerId),
      writingAgent: 'Writer W',
      effectiveDate: '2031-03-31',
      premiumCents: 100_000,
      premiumPeriod: 'annual',
    });
    await client().policies.add.mutate({
      ...medicare(customerId),
      writingAgent: 'Writer W',
      effectiveDate: '2031-03-15',
      status: 'cancelled',
    });
    await client().policies.add.mutate({ ...medicare(customerId), writingAgent: 'Writer W', effectiveDate: '2031-04-01' });
    const written = await premiumWrittenBy({ from: '2031-03-01', to: '2031-04-01' });
    expect(written.byAgent).toEqual([{ agent: 'Writer W', policies: 2, annualPremiumCents: 154_600 }]);
    expect(written.byCustomer).toEqual([{ customerId, leadId: null, policies: 2, annualPremiumCents: 154_600 }]);
  });
});

describe('the customers export', () => {
  it('ends each row with the policy count, the carriers and the annual premium in force', async () => {
    const customerId = await newCustomer({ birthDate: '1970-05-04' });
    await client().policies.add.mutate(medicare(customerId)); // 45.50 a month
    await client().policies.add.mutate({
      ...medicare(customerId),
      carrier: 'Aetna',
      line: 'part-d',
      premiumCents: 12_000,
      premiumPeriod: 'annual',
    });
    await client().policies.add.mutate({ ...medicare(customerId), carrier: 'Aetna', line: 'life', status: 'lapsed', premiumCents: 99_999 });
    const res = await server.api('GET', '/api/admin/customers/export', { token: ben });
    const lines = String(res.body).trim().split('\n');
    expect(lines[0]).toMatch(/,createdAt,birthDate,policyCount,policyCarriers,annualPremium$/);
    expect(lines.find((l) => l.startsWith(customerId))).toMatch(/,1970-05-04,3,Humana; Aetna,666\.00$/);
  });

  it("fill the dashboard's premium written: the writing agent's row and the total, this period only", async () => {
    const customerId = await newCustomer();
    const today = new Date().toLocaleDateString('en-CA', { timeZone: server.config.TIME_ZONE });
    await client().policies.add.mutate({ ...medicare(customerId), policyNumber: 'TODAY-1', effectiveDate: today, premiumCents: 2_500 });
    const table = await client(admin).leads.conversion.query({ period: '24h' });
    const benRow = table.byAgent.find((r) => r.label === 'Ben');
    expect(benRow?.premiumWrittenCents).toBe(30_000);
    expect(table.total.premiumWrittenCents).toBe(30_000);
  });
});
