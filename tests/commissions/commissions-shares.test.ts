// Agents' shares of a policy's commission over the REST routes against the real embedded database: 100%
// to the writing agent by default, a split an admin sets (whole basis points adding up to 100%) used by
// each agent's statement (page and CSV) and the figures by agent; bad splits and other roles refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { StaffModel } from '../../models/staff/accounts.ts';
import { humanaPolicy, lastMonth } from '../helpers/commission-policies.ts';
import { AuditModel } from '../../models/audit/log.ts';
import * as answers from '../../schemas/commissions-api.ts';

const server = useTestServer();
let admin: string;
let ben: string;
let stef: string;
let policyId: string;

const P = lastMonth();
const get = (path: string, token = admin) => server.api('GET', path, { token });
const put = (path: string, body: unknown, token = admin) => server.api('PUT', path, { token, body });

beforeAll(async () => {
  const office = await createOffice(server, ['Ben', 'Stef']);
  admin = office.admin;
  ben = office.agents.Ben!;
  stef = office.agents.Stef!;
  await StaffModel.updateOne({ email: 'office@example.com' }, { $set: { isAdmin: true } });
  const customer = await server.api('POST', '/api/admin/customers', {
    token: admin,
    body: { name: 'Ann Shared', email: 'ann.shared@example.com', phone: '(720) 555-7101', age: 61, insuranceProvider: 'Humana' },
  });
  // $500 a month at 12%: $60.00 a month due.
  const p = await humanaPolicy(customer.body.customerId, 'SH-1', P);
  policyId = String(p._id);
  const res = await fetch(`${server.url}/api/admin/commissions/statements`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${admin}` },
    body: `Carrier,Policy Number,Commission Amount,Statement Period\nHumana,SH-1,60.01,${P}\nHumana,SH-1,-10.00,${P}`,
  });
  expect(res.status).toBe(200);
});

describe("agents' shares", () => {
  it('default: 100% to the writing agent', async () => {
    const shares = await get('/api/admin/commissions/shares?policyNumber=sh1');
    expect(shares.status).toBe(200);
    expect(shares.body).toMatchObject({ policyId, custom: false, writingAgent: 'Ben', shares: [{ agent: 'Ben', basisPoints: 10_000 }] });
    const bens = (await get(`/api/admin/commissions/statement?period=${P}`, ben)).body;
    expect(bens).toMatchObject({ paidCents: 6001, chargebackCents: -1000 });
  });

  it('bad splits are refused and change nothing; agents cannot set them', async () => {
    const bad = [
      [{ agent: 'Ben', basisPoints: 6000 }], // not 100%
      [
        { agent: 'Ben', basisPoints: 5000 },
        { agent: 'Ben', basisPoints: 5000 },
      ],
      [
        { agent: 'Ben', basisPoints: 6000.5 },
        { agent: 'Stef', basisPoints: 3999.5 },
      ],
      [
        { agent: 'Ben', basisPoints: 11_000 },
        { agent: 'Stef', basisPoints: -1000 },
      ],
      'all to Stef',
    ];
    for (const shares of bad) {
      const res = await put(`/api/admin/commissions/shares/${policyId}`, { shares });
      expect(res.status).toBe(400);
      expect(res.body.error).toBeTruthy();
    }
    const byAgent = await put(`/api/admin/commissions/shares/${policyId}`, { shares: [{ agent: 'Ben', basisPoints: 10_000 }] }, ben);
    expect(byAgent.status).toBe(403);
    expect((await get(`/api/admin/commissions/shares?policyId=${policyId}`)).body.custom).toBe(false);
  });

  it("a split is used by each agent's statement, its CSV and the figures by agent; audited", async () => {
    const set = await put(`/api/admin/commissions/shares/${policyId}`, {
      shares: [
        { agent: 'Ben', basisPoints: 6000 },
        { agent: 'Stef', basisPoints: 4000 },
      ],
    });
    expect(set.status).toBe(200);
    expect(set.body.custom).toBe(true);
    // The answers are what the OpenAPI document says they are.
    answers.policySharesAnswer.parse(set.body);
    const bens = (await get(`/api/admin/commissions/statement?period=${P}`, ben)).body;
    expect(bens).toMatchObject({ paidCents: 3601, chargebackCents: -600, pendingCents: 0 });
    const stefs = answers.agentStatementAnswer.parse((await get(`/api/admin/commissions/statement?period=${P}`, stef)).body);
    expect(stefs).toMatchObject({ paidCents: 2400, chargebackCents: -400 });
    expect(stefs.lines.every((l: { sharePercent: number }) => l.sharePercent === 40)).toBe(true);
    const csv = await fetch(`${server.url}/api/admin/commissions/statement.csv?period=${P}`, {
      headers: { authorization: `Bearer ${stef}` },
    });
    expect(await csv.text()).toContain(`Stef,${P},Humana,SH-1,,chargeback,40,-4.00`);
    const figures = answers.commissionSummaryAnswer.parse((await get('/api/admin/commissions/summary')).body);
    answers.exceptionListAnswer.parse((await get('/api/admin/commissions/exceptions')).body);
    const doc = (await get('/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/api/admin/commissions/shares/{policyId}'].put.responses)).toContain('200');
    const row = (name: string) => figures.byAgent.find((a) => a.agent === name)!;
    expect(row('Ben').receivedCents).toBe(3001);
    expect(row('Stef').receivedCents).toBe(2000);
    expect(row('Ben').expectedCents + row('Stef').expectedCents).toBe(figures.byCarrier[0]!.expectedCents);
    const audit = await AuditModel.findOne({ action: 'COMMISSION_SHARES_CHANGED' }).sort({ at: -1 }).lean();
    expect(audit?.scope).toBe('Humana SH-1: Ben 60.00%, Stef 40.00%');
  });

  it('an empty split goes back to 100% to the writing agent', async () => {
    const reset = await put(`/api/admin/commissions/shares/${policyId}`, { shares: [] });
    expect(reset.body).toMatchObject({ custom: false, shares: [{ agent: 'Ben', basisPoints: 10_000 }] });
    expect((await get(`/api/admin/commissions/statement?period=${P}`, stef)).body.lines).toEqual([]);
  });
});
