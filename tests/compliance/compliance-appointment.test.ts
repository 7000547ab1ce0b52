// The Scope of Appointment rule on logging a call (docs/compliance.md): a Medicare appointment without a valid
// SOA is refused (409) until the caller gives a reason, which the call's note keeps; with a signed SOA it is
// logged as relying on it; an ordinary call is unchanged.
import { beforeAll, expect, it } from 'vitest';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { outcome, trpcClient } from '../helpers/trpc-client.ts';
import { strFromU8, unzipSync } from 'fflate';
import { parse } from 'csv-parse/sync';
import { exportZip } from '../../models/compliance/export.ts';

const server = useTestServer();
let ben = '';
let leadId = '';
const asBen = () => trpcClient(server.url, ben);
const callNotes = async () =>
  (await asBen().leads.get.query({ leadId })).timeline.filter((t) => t.kind === 'call').map((t) => t.note ?? '');

beforeAll(async () => {
  const office = await createOffice(server, ['Ben Carter']);
  ben = office.agents['Ben Carter']!;
  expect(
    (await server.api('POST', '/api/referral', { body: { name: 'Walt Older', email: 'walt@example.com', phone: '(720) 555-0160' } }))
      .status,
  ).toBe(201);
  leadId = (await trpcClient(server.url, office.admin).leads.page.query({ search: 'walt' })).leads[0]!.leadId;
  await asBen().leads.claim.mutate({ leadId, claimedBy: 'Ben Carter' });
});

it('asks for a reason for a Medicare appointment without a valid SOA, and records it', async () => {
  await asBen().leads.logCall.mutate({ leadId, outcome: 'reached', note: 'Plain call' });
  const refused = await outcome(asBen().leads.logCall.mutate({ leadId, outcome: 'reached', kind: 'medicare-appointment' }));
  expect(refused.status).toBe(409);
  expect(refused.error).toMatch(/No valid Scope of Appointment/);
  expect(await callNotes()).toEqual(['Plain call']);

  await asBen().leads.logCall.mutate({
    leadId,
    outcome: 'reached',
    note: 'Went over MAPD plans',
    kind: 'medicare-appointment',
    soaReason: 'Walk-in; SOA signed on paper, upload pending',
  });
  const [latest] = await callNotes();
  expect(latest).toBe(
    'Medicare appointment without a valid Scope of Appointment. Reason: Walk-in; SOA signed on paper, upload pending\nWent over MAPD plans',
  );
});

it('logs a Medicare appointment against a signed SOA without asking', async () => {
  const { path } = await asBen().compliance.request.mutate({
    subject: { leadId },
    type: 'medicare-soa',
    products: ['mapd'],
    appointmentDate: '2027-02-01',
  });
  const signed = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'Walt Older', consent: 'yes', lang: 'en', version: '1' }).toString(),
  });
  expect(signed.status).toBe(200);
  await asBen().leads.logCall.mutate({ leadId, outcome: 'reached', kind: 'medicare-appointment' });
  const [latest] = await callNotes();
  expect(latest).toMatch(/^Medicare appointment \(Scope of Appointment signed \d{4}-\d{2}-\d{2}\)\.$/);
});

it('uses the SOA at its appointment: it shows as used and a later appointment needs a reason again', async () => {
  const soaOf = async () => (await asBen().compliance.panel.query({ leadId })).status.find((s) => s.type === 'medicare-soa')!;
  // The SOA signed in the test above was used by the appointment logged against it.
  const used = await soaOf();
  expect(used.current).toBeNull();
  expect(used.lastUsedAt).not.toBeNull();
  const { records } = await asBen().compliance.panel.query({ leadId });
  const soa = records.find((r) => r.type === 'medicare-soa')!;
  expect(soa.usedAt).not.toBeNull();
  const refused = await outcome(asBen().leads.logCall.mutate({ leadId, outcome: 'reached', kind: 'medicare-appointment' }));
  expect(refused.status).toBe(409);

  // A new SOA by recorded call: two appointments logged at once, only one relies on it.
  await asBen().compliance.add.mutate({
    subject: { leadId },
    type: 'medicare-soa',
    captureMethod: 'recorded-call',
    recordingSystem: 'Office phones',
    reference: 'call-991',
    products: ['pdp'],
    appointmentDate: '2027-03-01',
    signerName: 'Walt Older',
  });
  expect((await soaOf()).current).not.toBeNull();
  const both = await Promise.all(
    [1, 2].map(() => outcome(asBen().leads.logCall.mutate({ leadId, outcome: 'reached', kind: 'medicare-appointment' }))),
  );
  expect(both.map((b) => b.status).sort()).toEqual([200, 409]);
  expect((await soaOf()).current).toBeNull();
  // The SOA record itself is unchanged: the use is a separate entry.
  const after = (await asBen().compliance.panel.query({ leadId })).records.find((r) => r.reference === 'call-991')!;
  expect(after.kind).toBe('original');
  expect(after.usedAt).not.toBeNull();
  // The audit export says when each SOA was used.
  const done = await exportZip({ subject: { leadId } });
  if (done.tooMany) throw new Error('unexpected');
  const index = parse(strFromU8(unzipSync(done.zip)['index.csv']!), { columns: true }) as Record<string, string>[];
  expect(index.find((r) => r.reference === 'call-991')?.usedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
});

it('gives the SOA back when the appointment is refused', async () => {
  await asBen().compliance.add.mutate({
    subject: { leadId },
    type: 'medicare-soa',
    captureMethod: 'recorded-call',
    recordingSystem: 'Office phones',
    reference: 'call-992',
    products: ['ma'],
    appointmentDate: '2027-04-01',
    signerName: 'Walt Older',
  });
  await asBen().leads.unclaim.mutate({ leadId });
  const refused = await outcome(asBen().leads.logCall.mutate({ leadId, outcome: 'reached', kind: 'medicare-appointment' }));
  expect(refused.status).toBe(409);
  expect(refused.error).toMatch(/Claim this lead/);
  const soa = (await asBen().compliance.panel.query({ leadId })).status.find((s) => s.type === 'medicare-soa')!;
  expect(soa.current).not.toBeNull();
});
