// The customer export is built and audited on the server whatever the filter (docs/api.md): the CSV
// of the console's filters, each export in the audit log with its filters and row count, and the
// customer list over REST (the same columns) audited too.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { StaffModel } from '../../models/staff/accounts.ts';
import { trpcClient } from '../helpers/trpc-client.ts';

const server = useTestServer();
let admin: string;
let agent: string;
beforeAll(async () => {
  const office = await createOffice(server, ['Ben']);
  admin = office.admin;
  agent = office.agents.Ben!;
  // The office's admin reads the audit log.
  await StaffModel.updateOne({ email: 'office@example.com' }, { $set: { isAdmin: true } });
  const customers = [
    { name: 'Ann Smith', planType: 'PPO', insuranceProvider: 'Aetna' },
    { name: 'Bob Smith', planType: 'HMO', insuranceProvider: 'Aetna' },
    { name: 'Cy Jones', planType: 'PPO', insuranceProvider: 'Cigna' },
  ];
  for (const [i, c] of customers.entries()) {
    const res = await server.api('POST', '/api/admin/customers', {
      token: admin,
      body: { ...c, email: `c${i}@example.com`, phone: `(720) 555-${4000 + i}`, age: 40, preferredDoctor: 'Dr. Private' },
    });
    expect(res.status).toBe(201);
  }
});

const scopes = async () =>
  (await trpcClient(server.url, admin).audit.list.query({})).entries
    .filter((e) => e.action === 'CUSTOMERS_EXPORTED' && e.actor.email === 'ben@example.com')
    .map((e) => e.scope);

describe('the customer export', () => {
  it("is the CSV of the console's filters, audited with the filters and the row count", async () => {
    const res = await server.api('GET', '/api/admin/customers/export?search=smith&plan=PPO', { token: agent });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = String(res.body).trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('Ann Smith');
    expect(await scopes()).toContain('1 customers (search "smith", plan PPO)');

    const all = await server.api('GET', '/api/admin/customers/export', { token: agent });
    expect(String(all.body).trim().split('\n')).toHaveLength(4);
    expect(await scopes()).toContain('all 3 customers');
  });

  it('refuses a filter value the console does not offer, and a caller without a token', async () => {
    const bad = await server.api('GET', '/api/admin/customers/export?plan=Gold', { token: agent });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/plan/i);
    expect((await server.api('GET', '/api/admin/customers/export')).status).toBe(401);
  });

  it('GET /api/admin/customers answers the same list as before and is audited', async () => {
    const res = await server.api('GET', '/api/admin/customers', { token: agent });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    // No medical field in a list answer: history, medications, preferred doctor, notes.
    for (const f of ['medicalHistory', 'medications', 'preferredDoctor', 'notes']) expect(res.body[0]).not.toHaveProperty(f);
    expect(JSON.stringify(res.body)).not.toContain('Dr. Private');
    expect(await scopes()).toContain('list of 3 customers (GET /api/admin/customers)');
  });
});
