// Closed leads and claims by the agents themselves, over HTTP against the real embedded database:
// a closed lead belongs to its customer (no status change, no unclaim, no delete), and of two agents
// claiming the same lead with their own sessions exactly one wins.
import { beforeAll, describe, expect, it } from 'vitest';
import { createStaffWithToken, useTestServer } from '../helpers/test-server.ts';
import { CustomerModel } from '../../models/customers/customer.ts';

const server = useTestServer();
let ben: string;
let stef: string;
let n = 0;

beforeAll(async () => {
  ben = (await createStaffWithToken(server, { name: 'Ben', email: 'ben@example.com', isAgent: true })).token;
  stef = (await createStaffWithToken(server, { name: 'Stef', email: 'stef@example.com', isAgent: true })).token;
});

async function newLead(token: string) {
  n++;
  const res = await server.api('POST', '/api/admin/leads', {
    token,
    body: { name: `Closing ${n}`, email: `closing${n}@example.com`, phone: `(720) 555-${2000 + n}` },
  });
  expect(res.status).toBe(201);
  return res.body.leadId as string;
}

describe('a closed lead', () => {
  it('is closed through its customer, then keeps its status, its claim and its record', async () => {
    const id = await newLead(ben);
    expect((await server.api('PUT', `/api/admin/leads/${id}/claim`, { token: ben, body: { claimedBy: 'Ben' } })).status).toBe(200);
    const closed = await server.api('PUT', `/api/admin/leads/${id}`, { token: ben, body: { status: 'closed' } });
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');
    expect(await CustomerModel.countDocuments({ leadId: id })).toBe(1);

    for (const status of ['called', 'lost', 'unclaimed']) {
      const res = await server.api('PUT', `/api/admin/leads/${id}`, { token: ben, body: { status } });
      expect(res.status).toBe(409);
      expect(res.body.error).toMatch(/closed/i);
    }
    expect((await server.api('PUT', `/api/admin/leads/${id}/unclaim`, { token: ben })).status).toBe(409);
    const del = await server.api('DELETE', `/api/admin/leads/${id}`, { token: ben });
    expect(del.status).toBe(409);
    expect(del.body.error).toBe('This lead belongs to a customer; delete the customer first.');
    // Notes stay editable.
    expect((await server.api('PUT', `/api/admin/leads/${id}`, { token: ben, body: { notes: 'Policy starts in May' } })).body.notes).toBe(
      'Policy starts in May',
    );
    const lead = (await server.api('GET', '/api/admin/leads', { token: ben })).body.find((l: { leadId: string }) => l.leadId === id);
    expect(lead).toMatchObject({ status: 'closed', claimedBy: 'Ben', overdue: false });
  });
});

describe('claims by the agents themselves', () => {
  it('let exactly one of two agents win, tell the other who holds the lead, and log the winner as the user', async () => {
    for (let round = 0; round < 5; round++) {
      const id = await newLead(ben);
      const [b, s] = await Promise.all([
        server.api('PUT', `/api/admin/leads/${id}/claim`, { token: ben, body: { claimedBy: 'Ben' } }),
        server.api('PUT', `/api/admin/leads/${id}/claim`, { token: stef, body: { claimedBy: 'Stef' } }),
      ]);
      expect([b.status, s.status].sort()).toEqual([200, 409]);
      const [winner, loser] = b.status === 200 ? [b, s] : [s, b];
      expect(loser.body.error).toBe(`This lead was already claimed by ${winner.body.claimedBy}.`);
      const log = (await server.api('GET', '/api/admin/activity-logs', { token: ben })).body as {
        action: string;
        user: string;
        details: { leadId: string };
      }[];
      const claims = log.filter((e) => e.details.leadId === id && e.action === 'LEAD_CLAIMED');
      expect(claims).toHaveLength(1);
      expect(claims[0].user).toBe(winner.body.claimedBy);
    }
  });
});
