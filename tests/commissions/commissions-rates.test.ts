// A policy with a first-year and a renewal commission rate: the form's schema takes both (each 0–100%,
// two decimals), and what is due each month is the first-year rate for twelve months from the effective
// date and the renewal rate after, in the exceptions, the figures and the agent's statement.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { outcome, trpcClient } from '../helpers/trpc-client.ts';
import { StaffModel } from '../../models/staff/accounts.ts';

const server = useTestServer();
let admin: string;
const month = (back: number) =>
  new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - back, 1)).toISOString().slice(0, 7);
/** Effective thirteen months ago: two months ago is its twelfth (first-year) month, last month its first renewal month. */
const EFFECTIVE = `${month(13)}-15`;
const client = () => trpcClient(server.url, admin);
let n = 0;

async function customer() {
  const i = ++n;
  const res = await server.api('POST', '/api/admin/customers', {
    token: admin,
    body: {
      name: `Rate Holder ${i}`,
      email: `rate${i}@example.com`,
      phone: `(720) 555-${String(6400 + i)}`,
      age: 66,
      insuranceProvider: 'Humana',
    },
  });
  return res.body.customerId as string;
}

// $500 a month, $6,000 a year: 20% the first year is $100.00 a month, 5% after it $25.00 a month.
const withRates = async (policyNumber: string, commission: Record<string, unknown>) =>
  outcome(
    client().policies.add.mutate({
      customerId: await customer(),
      carrier: 'Wellcare',
      line: 'medicare-advantage',
      policyNumber,
      effectiveDate: EFFECTIVE,
      premiumCents: 50_000,
      premiumPeriod: 'monthly',
      commission: commission as { kind: 'rate'; percent: number; renewalPercent?: number },
      writingAgent: 'Ben',
    }),
  );

beforeAll(async () => {
  admin = (await createOffice(server, ['Ben'])).admin;
  await StaffModel.updateOne({ email: 'office@example.com' }, { $set: { isAdmin: true } });
});

describe('first-year and renewal rates', () => {
  it('the policy takes a renewal rate beside the rate, checked like it', async () => {
    const ok = await withRates('W-1', { kind: 'rate', percent: 20, renewalPercent: 5 });
    expect(ok.status).toBe(200);
    expect(ok.data.commission).toEqual({ kind: 'rate', percent: 20, renewalPercent: 5 });
    expect((await withRates('W-9', { kind: 'rate', percent: 20, renewalPercent: 101 })).error).toMatch(/Renewal rate must be at most 100%/);
    expect((await withRates('W-9', { kind: 'rate', percent: 20, renewalPercent: 2.345 })).error).toMatch(
      /Renewal rate takes at most two decimals/,
    );
    expect((await withRates('W-9', { kind: 'rate', percent: 20, renewalPercent: -1 })).error).toMatch(/Renewal rate cannot be negative/);
  });

  it('due is the first-year rate in the first twelve months and the renewal rate after, against what was paid', async () => {
    expect((await withRates('W-2', { kind: 'rate', percent: 20, renewalPercent: 5 })).status).toBe(200);
    // W-1 is paid in full both months; W-2 is paid the renewal amount for its last first-year month.
    const csv = [
      'Carrier,Policy Number,Commission Amount,Line Type,Statement Period',
      `Wellcare,W-1,100.00,New Business,${month(2)}`,
      `Wellcare,W-1,25.00,Renewal,${month(1)}`,
      `Wellcare,W-2,25.00,Renewal,${month(2)}`,
      `Wellcare,W-2,25.00,Renewal,${month(1)}`,
    ].join('\n');
    const res = await fetch(`${server.url}/api/admin/commissions/statements`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', authorization: `Bearer ${admin}` },
      body: csv,
    });
    expect(res.status).toBe(200);

    const short = await server.api('GET', '/api/admin/commissions/exceptions?kind=short', { token: admin });
    expect(short.body.items.map((e: Record<string, unknown>) => [e.policyNumber, e.period, e.dueCents, e.paidCents, e.note])).toEqual([
      ['W-2', month(2), 10_000, 2_500, 'short by $75.00'],
    ]);

    const figures = await client().commissions.summary.query();
    const expected = (m: string) => figures.months.find((x) => x.period === m)?.expectedCents;
    expect([expected(month(2)), expected(month(1))]).toEqual([20_000, 5_000]);

    // This month both policies are in their renewal year: $25.00 each is pending on Ben's statement.
    const statement = await client().commissions.statement.query({ period: month(0), agent: 'Ben' });
    expect(statement.pendingCents).toBe(5_000);
  });
});
