// Compliance records through the API (docs/compliance.md): hostile input on every new route refused with 4xx
// JSON and nothing stored, other staff's links and records, append-only corrections, audited reads, the
// admin's ZIP export with its CSV index, and an erasure that keeps the records and lists them.
import { beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { strFromU8, unzipSync } from 'fflate';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { outcome, trpcClient } from '../helpers/trpc-client.ts';

const server = useTestServer();
let admin = '';
let ben = '';
let stef = '';
let customerId = '';
let leadId = '';
const asBen = () => trpcClient(server.url, ben);
const asStef = () => trpcClient(server.url, stef);
const asAdmin = () => trpcClient(server.url, admin);
const db = () => mongoose.connection.db!;
const TYPED = 'Quentin Firmante-Zed';

async function stored(): Promise<string> {
  const names = ['compliance_records', 'compliance_requests', 'compliance_texts', 'compliance_settings'];
  return (await Promise.all(names.map(async (c) => JSON.stringify(await db().collection(c).find().sort({ _id: 1 }).toArray())))).join('\n');
}

beforeAll(async () => {
  const office = await createOffice(server, ['Ben Carter', 'Stef']);
  ({ admin } = office);
  ben = office.agents['Ben Carter']!;
  stef = office.agents.Stef!;
  await db()
    .collection('staffs')
    .updateOne({ email: 'office@example.com' }, { $set: { isAdmin: true } });
  const res = await server.api('POST', '/api/referral', {
    body: { name: 'Quinn Zed', email: 'quinn.zed@example.com', phone: '(720) 555-0177' },
  });
  expect(res.status).toBe(201);
  leadId = (await asAdmin().leads.page.query({ search: 'quinn' })).leads[0]!.leadId;
  const customer = await server.api('POST', '/api/admin/customers', {
    token: ben,
    body: { name: 'Other Person', email: 'other@example.com', phone: '303-555-0101', age: 40, insuranceProvider: 'Aetna' },
  });
  customerId = customer.body.customerId;
  // A signed ACA consent for the lead, and one by recorded call.
  const req = await asBen().compliance.request.mutate({ subject: { leadId }, type: 'aca-consent', scope: 'Help choosing a 2027 plan' });
  const signed = await fetch(server.url + req.path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: TYPED, consent: 'yes', lang: 'en', version: '1' }).toString(),
  });
  expect(signed.status).toBe(200);
  await asBen().compliance.add.mutate({
    subject: { leadId },
    type: 'aca-review',
    captureMethod: 'recorded-call',
    recordingSystem: 'Office phones',
    reference: 'call-2026-11-27-0042',
    signerName: '=HYPERLINK("http://x")',
  });
});

describe('the API', () => {
  it('refuses hostile input on every new route with 4xx JSON and stores nothing', async () => {
    const before = await stored();
    const bad: [string, string, unknown, string?][] = [
      ['POST', '/api/admin/compliance/requests', { subject: { leadId }, type: 'medicare-soa' }], // no products or date
      ['POST', '/api/admin/compliance/requests', { subject: { leadId: { $ne: null } }, type: 'aca-consent' }],
      ['POST', '/api/admin/compliance/requests', { subject: { leadId, customerId }, type: 'aca-consent' }],
      ['POST', '/api/admin/compliance/requests', { subject: { leadId }, type: 'aca-consent', extra: 1 }],
      ['POST', '/api/admin/compliance/requests', { subject: { leadId }, type: 'aca-consent', scope: 'x'.repeat(5000) }],
      ['POST', '/api/admin/compliance/requests', { subject: { leadId: '64b000000000000000000000' }, type: 'aca-consent' }],
      [
        'POST',
        '/api/admin/compliance/requests',
        { subject: { leadId }, type: 'medicare-soa', products: ['yacht'], appointmentDate: '2026-12-01' },
      ],
      [
        'POST',
        '/api/admin/compliance/records',
        { subject: { leadId }, type: 'aca-review', captureMethod: 'signed-link', reference: 'x', signerName: 'Q' },
      ],
      [
        'POST',
        '/api/admin/compliance/records',
        { subject: { leadId }, type: 'aca-review', captureMethod: 'paper', reference: '', signerName: 'Q' },
      ],
      ['POST', '/api/admin/compliance/records/64b000000000000000000000/amendments', { kind: 'correction', note: 'x' }],
      ['POST', '/api/admin/compliance/records/abc/amendments', { kind: 'delete', note: 'x' }],
      ['GET', '/api/admin/compliance/records?leadId=nope', undefined],
      ['GET', '/api/admin/compliance/records', undefined],
      ['GET', '/api/admin/compliance/records/not-an-id', undefined],
      ['DELETE', '/api/admin/compliance/requests/64b000000000000000000000', undefined],
      ['GET', '/api/admin/compliance/export?from=2026-12-01&to=2026-01-01', undefined],
      ['GET', '/api/admin/compliance/export?from=2020-01-01&to=2026-01-01', undefined],
      ['POST', '/api/admin/compliance/requests', { subject: { leadId }, type: 'aca-consent' }, ''], // no token
    ];
    for (const [method, path, body, token = admin] of bad) {
      const res = await server.api(method, path, { body, token: token || undefined });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(typeof res.body.error).toBe('string');
    }
    const big = await server.api('POST', '/api/admin/compliance/requests', {
      token: admin,
      body: JSON.stringify({ scope: 'x'.repeat(200_000) }),
    });
    expect(big.status).toBe(413);
    expect(await stored()).toBe(before);
  });

  it("keeps other staff's links and records theirs, and the export for admins", async () => {
    const made = await asBen().compliance.request.mutate({
      subject: { customerId },
      type: 'medicare-soa',
      products: ['pdp'],
      appointmentDate: '2027-01-05',
    });
    const [record] = (await asBen().compliance.panel.query({ leadId })).records;
    const before = await stored();
    expect((await outcome(asStef().compliance.cancel.mutate({ requestId: made.request.requestId }))).status).toBe(403);
    expect((await outcome(asStef().compliance.amend.mutate({ recordId: record!.recordId, kind: 'rescission', note: 'no' }))).status).toBe(
      403,
    );
    expect((await outcome(asStef().compliance.export.mutate({ subject: { leadId } }))).status).toBe(403);
    expect(
      (
        await outcome(
          asStef().compliance.saveText.mutate({ type: 'aca-consent', language: 'en', body: 'A new consent text, long enough.' }),
        )
      ).status,
    ).toBe(403);
    expect((await outcome(asStef().compliance.textVersions.query({ type: 'aca-consent', language: 'en' }))).status).toBe(403);
    expect(await stored()).toBe(before);
    expect((await asStef().compliance.unsignedSoas.query()).length).toBe(0);
    expect((await asBen().compliance.unsignedSoas.query()).map((r) => r.requestId)).toContain(made.request.requestId);
    await asBen().compliance.cancel.mutate({ requestId: made.request.requestId });
    expect((await asBen().compliance.unsignedSoas.query()).map((r) => r.requestId)).not.toContain(made.request.requestId);
  });

  it('is append-only: a rescission is a new record and the old one is unchanged; every full read is audited', async () => {
    const [old] = (await asBen().compliance.panel.query({ leadId })).records.filter((r) => r.type === 'aca-consent');
    const raw = JSON.stringify(
      await db()
        .collection('compliance_records')
        .findOne({ _id: new mongoose.Types.ObjectId(old!.recordId) }),
    );
    const rescinded = await asBen().compliance.amend.mutate({
      recordId: old!.recordId,
      kind: 'rescission',
      note: 'Asked by phone to rescind',
    });
    expect(rescinded).toMatchObject({ kind: 'rescission', amends: old!.recordId, type: 'aca-consent' });
    expect(
      JSON.stringify(
        await db()
          .collection('compliance_records')
          .findOne({ _id: new mongoose.Types.ObjectId(old!.recordId) }),
      ),
    ).toBe(raw);
    const panel = await asBen().compliance.panel.query({ leadId });
    expect(panel.status.find((s) => s.type === 'aca-consent')!.current).toBeNull();
    const { ComplianceRecordModel } = await import('../../models/compliance/schema.ts');
    await expect(ComplianceRecordModel.updateOne({ _id: old!.recordId }, { $set: { signerName: 'x' } })).rejects.toThrow(/append-only/);
    await expect(ComplianceRecordModel.deleteOne({ _id: old!.recordId })).rejects.toThrow(/append-only/);

    const full = await server.api('GET', `/api/admin/compliance/records/${old!.recordId}`, { token: ben });
    expect(full.status).toBe(200);
    expect(full.body.signerName).toBe(TYPED);
    expect(full.body.text).toContain('Help choosing a 2027 plan');
    expect(await db().collection('auditentries').countDocuments({ action: 'COMPLIANCE_RECORD_READ' })).toBe(1);
  });
});

describe('the audit export and an erasure', () => {
  it('exports a ZIP of printable pages, the text as signed, with a CSV index of every record in the range', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await fetch(`${server.url}/api/admin/compliance/export?from=${today}&to=${today}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const csv = strFromU8(files['index.csv']!);
    const all = await db().collection('compliance_records').find().toArray();
    expect(csv.trim().split('\n')).toHaveLength(all.length + 1);
    for (const r of all) expect(csv).toContain(String(r._id));
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    const pages = Object.keys(files).filter((f) => f.startsWith('records/'));
    expect(pages).toHaveLength(all.length);
    const signed = all.find((r) => r.signerName === TYPED)!;
    const html = strFromU8(files[pages.find((p) => p.includes(String(signed._id)))!]!);
    const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    expect(html).toContain(escape(signed.text));
    expect(await db().collection('auditentries').countDocuments({ action: 'COMPLIANCE_EXPORTED' })).toBe(1);
  });

  it('keeps the records through an erasure, lists them, and leaves the typed name only in them', async () => {
    const done = await asAdmin().privacy.erase.mutate({ person: { email: 'quinn.zed@example.com' }, confirm: 'ERASE' });
    const kept = await db().collection('compliance_records').find({ leadId }).toArray();
    expect(kept.length).toBe(3);
    expect(done.complianceRecordsKept).toBe(3);
    expect(done.complianceRecords.map((r) => r.recordId).sort()).toEqual(kept.map((r) => String(r._id)).sort());
    const holders: string[] = [];
    for (const { name } of await db().listCollections().toArray()) {
      const docs = await db().collection(name).find().toArray();
      if (docs.some((d) => JSON.stringify(d).includes('Firmante'))) holders.push(name);
    }
    expect(holders).toEqual(['compliance_records']);
    const requests = await db().collection('compliance_requests').find({ leadId }).toArray();
    expect(requests.every((r) => !JSON.stringify(r).includes('Quinn'))).toBe(true);
  });
});
