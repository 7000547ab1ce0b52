// A chargeback line whose statement says lapse or cancellation marks its policy lapsed on apply (through
// the policies' own change, in the customer's activity), once: the dry run only says so, a second import
// of the same file changes nothing, and a chargeback without those words leaves the policy active.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { StaffModel } from '../../models/staff/accounts.ts';
import { PolicyModel } from '../../models/policies/schema.ts';
import { ActivityModel } from '../../models/activity/log.ts';

const server = useTestServer();
let admin: string;
const P = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1)).toISOString().slice(0, 7);

async function policy(policyNumber: string, i: number) {
  const customer = await server.api('POST', '/api/admin/customers', {
    token: admin,
    body: { name: `Lapse ${i}`, email: `lapse${i}@example.com`, phone: `(720) 555-72${10 + i}`, age: 70, insuranceProvider: 'Aetna' },
  });
  return PolicyModel.create({
    customerId: customer.body.customerId,
    carrier: 'Aetna',
    line: 'medicare-supplement',
    policyNumber,
    status: 'active',
    effectiveDate: `${P}-01`,
    premiumCents: 20_000,
    premiumPeriod: 'monthly',
    commission: { kind: 'amount', cents: 24_000 },
    writingAgent: 'Ben',
  });
}

const post = (path: string, csv: string) =>
  fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${admin}` },
    body: csv,
  }).then(async (r) => ({ status: r.status, body: await r.json() }));

const FILE = [
  'Carrier,Policy Number,Commission Amount,Transaction Type,Notes,Statement Period',
  `Aetna,L-1,-20.00,Chargeback - Lapse,,${P}`,
  `Aetna,L-2,(20.00),Chargeback,Policy cancelled by member,${P}`,
  `Aetna,L-3,-20.00,Chargeback,Rate change,${P}`,
].join('\n');

beforeAll(async () => {
  const office = await createOffice(server, ['Ben']);
  admin = office.admin;
  await StaffModel.updateOne({ email: 'office@example.com' }, { $set: { isAdmin: true } });
  for (const [i, n] of ['L-1', 'L-2', 'L-3'].entries()) await policy(n, i);
});

const statusOf = async (n: string) => (await PolicyModel.findOne({ policyNumber: n }).lean())?.status;

describe('chargeback with lapse', () => {
  it('the dry run says which lines lapse their policy and changes nothing', async () => {
    const dry = await post('/api/admin/commissions/statements/dry-run', FILE);
    expect(dry.status).toBe(200);
    expect(dry.body.lines.map((l: { lapse: boolean }) => l.lapse)).toEqual([true, true, false]);
    expect(dry.body.lines[0].reason).toMatch(/the policy will be marked lapsed/);
    expect(await statusOf('L-1')).toBe('active');
  });

  it('the apply marks those policies lapsed through the policy change, once', async () => {
    expect((await post('/api/admin/commissions/statements', FILE)).status).toBe(200);
    expect([await statusOf('L-1'), await statusOf('L-2'), await statusOf('L-3')]).toEqual(['lapsed', 'lapsed', 'active']);
    const changes = () => ActivityModel.countDocuments({ action: 'POLICY_UPDATED' });
    expect(await changes()).toBe(2);
    await PolicyModel.updateOne({ policyNumber: 'L-1' }, { $set: { status: 'active' } }); // reinstated by hand
    expect((await post('/api/admin/commissions/statements', FILE)).body.counts.toWrite).toBe(0);
    expect(await statusOf('L-1')).toBe('active');
    expect(await changes()).toBe(2);
  });
});
