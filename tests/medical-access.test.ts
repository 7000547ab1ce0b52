// Who reads a customer's medical details (office setting `medicalAccess`): everyone by default; when
// narrowed, the customer's own agent and admins, while another agent sees only that details are on
// file and may open them with a reason, which the audit log records for admins to read.
import mongoose from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOffice, useTestServer } from './helpers/test-server.ts';
import { outcome, trpcClient } from './helpers/trpc-client.ts';
import { StaffModel } from '../models/staff.ts';

const server = useTestServer();
let admin: string;
let ben: string;
let stef: string;
let customerId: string;
const MEDICAL = { medicalHistory: 'HIV positive since 2019', medications: 'Biktarvy' };

const read = (token: string, reason?: string) => outcome(trpcClient(server.url, token).customers.get.query({ customerId, reason }));
const setAccess = (medicalAccess: 'all-staff' | 'own-agent-and-admins') =>
  trpcClient(server.url, admin).office.updateSettings.mutate({ medicalAccess });

beforeAll(async () => {
  const office = await createOffice(server, ['Ben', 'Stef']);
  ({ admin } = office);
  ben = office.agents.Ben!;
  stef = office.agents.Stef!;
  await StaffModel.updateOne({ email: 'office@example.com' }, { $set: { isAdmin: true } });
  const lead = await server.api('POST', '/api/admin/leads', {
    token: ben,
    body: { name: 'Pat Lee', email: 'pat@example.com', phone: '3035550177' },
  });
  const leadId = lead.body.leadId as string;
  expect((await server.api('PUT', `/api/admin/leads/${leadId}/claim`, { token: ben, body: { claimedBy: 'Ben' } })).status).toBe(200);
  const closed = await trpcClient(server.url, ben).customers.closeLead.mutate({
    leadId,
    customer: { name: 'Pat Lee', email: 'pat@example.com', phone: '3035550177', age: 40, insuranceProvider: 'Aetna', ...MEDICAL },
  });
  customerId = closed.customerId;
});

describe('medical details by office setting', () => {
  it('are read by every staff member by default', async () => {
    expect((await read(stef)).data).toMatchObject(MEDICAL);
  });

  it('when narrowed, reach the own agent and admins; another agent sees only that they exist, and opens them with a reason', async () => {
    await setAccess('own-agent-and-admins');
    expect((await read(ben)).data).toMatchObject(MEDICAL);
    expect((await read(admin)).data).toMatchObject(MEDICAL);

    const withheld = (await read(stef)).data;
    expect(withheld).toMatchObject({ name: 'Pat Lee', medicalHistory: '', medications: '', medicalWithheld: true, medicalOnFile: true });
    expect(JSON.stringify(withheld)).not.toContain('HIV');

    expect((await read(stef, 'x')).status).toBe(400);
    const opened = await read(stef, 'Quoting a new plan for Pat');
    expect(opened.data).toMatchObject(MEDICAL);

    const audit = await trpcClient(server.url, admin).audit.list.query({});
    const entry = audit.entries.find((e) => e.action === 'CUSTOMER_MEDICAL_READ' && e.actor.name === 'Stef' && e.detail);
    expect(entry).toMatchObject({ customerId, customerName: 'Pat Lee', detail: 'Reason: Quoting a new plan for Pat' });
    // A withheld read is not a read: only the opened one is recorded for Stef since the change.
    const stefReads = audit.entries.filter((e) => e.action === 'CUSTOMER_MEDICAL_READ' && e.actor.name === 'Stef');
    expect(stefReads).toHaveLength(2); // the default-setting read above, and the one with a reason
    expect((await outcome(trpcClient(server.url, stef).audit.list.query({}))).status).toBe(403);

    await setAccess('all-staff');
    expect((await read(stef)).data).toMatchObject(MEDICAL);
    expect(mongoose.connection.readyState).toBe(1);
  });
});
