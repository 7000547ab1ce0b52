// Who reads a customer's medical details (office setting `medicalAccess`): everyone by default; when
// narrowed, the customer's own agent and admins, while another agent sees only that details are on
// file and may open them with a reason, which the audit log records for admins to read. Medical details
// are the history, medications, preferred doctor and notes: no list answer carries any of them, over
// REST or tRPC, and no save answers with them.
import mongoose from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { outcome, trpcClient } from '../helpers/trpc-client.ts';
import { StaffModel } from '../../models/staff/accounts.ts';

const server = useTestServer();
let admin: string;
let ben: string;
let stef: string;
let customerId: string;
const MEDICAL = {
  medicalHistory: 'HIV positive since 2019',
  medications: 'Biktarvy',
  preferredDoctor: 'Dr Ruiz at the ID clinic',
  notes: 'Viral load undetectable; asks about PrEP for partner',
};
const MEDICAL_FIELDS = Object.keys(MEDICAL);
const MEDICAL_WORDS = ['HIV', 'Biktarvy', 'Ruiz', 'PrEP'];

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
    expect(withheld).toMatchObject({
      name: 'Pat Lee',
      medicalHistory: '',
      medications: '',
      preferredDoctor: '',
      notes: '',
      medicalWithheld: true,
      medicalOnFile: true,
    });
    for (const w of MEDICAL_WORDS) expect(JSON.stringify(withheld)).not.toContain(w);

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

describe('lists and saves', () => {
  it('carry no medical field for anyone, over REST and tRPC, whatever the setting', async () => {
    for (const setting of ['all-staff', 'own-agent-and-admins'] as const) {
      await setAccess(setting);
      for (const token of [stef, ben, admin]) {
        const rest = await server.api('GET', '/api/admin/customers', { token });
        expect(rest.status).toBe(200);
        const trpcList = await trpcClient(server.url, token).customers.list.query();
        for (const answer of [rest.body as Record<string, unknown>[], trpcList as unknown as Record<string, unknown>[]]) {
          const pat = answer.find((c) => c.customerId === customerId)!;
          expect(pat).toMatchObject({ name: 'Pat Lee' });
          for (const f of MEDICAL_FIELDS) expect(pat).not.toHaveProperty(f);
          for (const w of MEDICAL_WORDS) expect(JSON.stringify(answer)).not.toContain(w);
        }
        const csv = await fetch(`${server.url}/api/admin/customers/export`, { headers: { authorization: `Bearer ${token}` } });
        const text = await csv.text();
        for (const w of MEDICAL_WORDS) expect(text).not.toContain(w);
      }
    }
    // Another agent's save of a contact detail answers without the details, and leaves them as they were.
    const saved = await server.api('PUT', `/api/admin/customers/${customerId}`, { token: stef, body: { age: 41 } });
    expect(saved.status).toBe(200);
    for (const w of MEDICAL_WORDS) expect(JSON.stringify(saved.body)).not.toContain(w);
    expect((await read(ben)).data).toMatchObject({ ...MEDICAL, age: 41 });
    await setAccess('all-staff');
  });

  it('a record read by a person is audited, an opened one with its reason; a withheld one is not a read', async () => {
    await setAccess('own-agent-and-admins');
    const count = async () =>
      (await trpcClient(server.url, admin).audit.list.query({})).entries.filter(
        (e) => e.action === 'CUSTOMER_MEDICAL_READ' && e.customerId === customerId,
      ).length;
    const before = await count();
    await read(ben);
    await read(stef);
    await read(stef, 'Renewal quote for Pat');
    await trpcClient(server.url, stef).customers.list.query();
    await server.api('GET', '/api/admin/customers', { token: stef });
    expect(await count()).toBe(before + 2);
    const last = (await trpcClient(server.url, admin).audit.list.query({})).entries.find((e) => e.action === 'CUSTOMER_MEDICAL_READ')!;
    expect(last).toMatchObject({ actor: { name: 'Stef' }, customerId, detail: 'Reason: Renewal quote for Pat' });
    // The reason is sealed at rest: the stored entry does not hold it in clear.
    const stored = await mongoose.connection.collection('auditentries').find({ action: 'CUSTOMER_MEDICAL_READ' }).toArray();
    expect(JSON.stringify(stored)).not.toContain('Renewal quote');
    await setAccess('all-staff');
  });
});
