// Records captured by a recorded call or on paper (docs/compliance.md): the paper form is kept sealed in the
// database and read back only by staff as an audited attachment; hostile uploads (wrong first bytes, too large,
// forged ids, no token) get 4xx JSON and store nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { strFromU8, unzipSync } from 'fflate';
import { parse } from 'csv-parse/sync';
import { exportZip } from '../../models/compliance/export.ts';
import { countStale, walkSealedFields } from '../../models/flows/walk-sealed-fields.ts';
import { configureDataKeys, currentKey } from '../../server/field-crypto.ts';
import { newDataKey } from '../../server/key-file.ts';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { outcome, trpcClient } from '../helpers/trpc-client.ts';

const server = useTestServer();
let admin = '';
let ben = '';
let customerId = '';
const asBen = () => trpcClient(server.url, ben);
const db = () => mongoose.connection.db!;
const MARK = 'PAPERFORM-UNIQUE-MARKER-7731';
// A tiny PDF whose bytes carry a marker a byte search of the database must not find in clear.
const PDF = Buffer.from(`%PDF-1.4\n% ${MARK}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`);
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest-of-png')]);

async function stored(): Promise<string> {
  const names = ['compliance_records', 'compliance_files', 'auditentries'];
  return (await Promise.all(names.map(async (c) => JSON.stringify(await db().collection(c).find().sort({ _id: 1 }).toArray())))).join('\n');
}

const paperBody = (file: Buffer | string, extra: Record<string, unknown> = {}) => ({
  subject: { customerId },
  type: 'aca-consent',
  captureMethod: 'paper',
  signerName: 'Paula Paper',
  scope: 'Help enrolling in a 2027 plan',
  file: { name: 'consent.pdf', contentBase64: typeof file === 'string' ? file : file.toString('base64') },
  ...extra,
});

beforeAll(async () => {
  const office = await createOffice(server, ['Ben Carter', 'Stef']);
  admin = office.admin;
  ben = office.agents['Ben Carter']!;
  await db()
    .collection('staffs')
    .updateOne({ email: 'office@example.com' }, { $set: { isAdmin: true } });
  const customer = await server.api('POST', '/api/admin/customers', {
    token: ben,
    body: { name: 'Paula Paper', email: 'paula@example.com', phone: '303-555-0144', age: 66, insuranceProvider: 'Aetna' },
  });
  customerId = customer.body.customerId;
});

describe('paper forms', () => {
  it('keeps the form sealed in the database and gives it back to staff as an audited attachment', async () => {
    const res = await server.api('POST', '/api/admin/compliance/records', {
      token: ben,
      body: paperBody(PDF, { capturedOn: '2026-11-02' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ captureMethod: 'paper', paperType: 'pdf', signerName: 'Paula Paper' });
    expect(new Date(res.body.signedAt).toISOString().slice(0, 10)).toBe('2026-11-02');
    const recordId: string = res.body.recordId;

    const raw = await stored();
    expect(raw).not.toContain(MARK);
    expect(raw).not.toContain(PDF.toString('base64').slice(0, 40));

    const reads = () =>
      db()
        .collection('auditentries')
        .countDocuments({ action: 'COMPLIANCE_RECORD_READ', detail: { $regex: recordId } });
    const before = await reads();
    const file = await fetch(`${server.url}/api/admin/compliance/records/${recordId}/paper`, {
      headers: { authorization: `Bearer ${ben}` },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^attachment; filename="aca-consent-[0-9a-f]{24}\.pdf"$/);
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
    expect(await reads()).toBe(before + 1);

    // The panel shows it has a form; the tRPC read gives the same bytes.
    const panel = await asBen().compliance.panel.query({ customerId });
    expect(panel.records.find((r) => r.recordId === recordId)?.paperType).toBe('pdf');
    const viaTrpc = await asBen().compliance.paper.query({ recordId });
    expect(Buffer.from(viaTrpc.contentBase64, 'base64').equals(PDF)).toBe(true);
    expect(await reads()).toBe(before + 2);
  });

  it('takes an image scan through tRPC and a recorded call with its system, call id and date', async () => {
    const png = await asBen().compliance.add.mutate({
      subject: { customerId },
      type: 'aca-review',
      captureMethod: 'paper',
      signerName: 'Paula Paper',
      file: { name: 'review.png', contentBase64: PNG.toString('base64') },
    });
    expect(png.paperType).toBe('png');
    const call = await asBen().compliance.add.mutate({
      subject: { customerId },
      type: 'medicare-soa',
      captureMethod: 'recorded-call',
      recordingSystem: 'RingCentral',
      reference: 'https://calls.example.com/rec/8841',
      capturedOn: '2026-11-20',
      appointmentDate: '2026-11-25',
      products: ['mapd', 'pdp'],
      signerName: 'Paula Paper',
    });
    expect(call).toMatchObject({ recordingSystem: 'RingCentral', reference: 'https://calls.example.com/rec/8841', paperType: '' });
    expect(call.products).toEqual(['mapd', 'pdp']);
    expect((await outcome(asBen().compliance.paper.query({ recordId: call.recordId }))).status).toBe(404);
  });

  it('takes a scan of the full 10 MB', async () => {
    const full = Buffer.alloc(10 * 1024 * 1024, 0x41);
    Buffer.from([0xff, 0xd8, 0xff, 0xe0]).copy(full);
    const res = await server.api('POST', '/api/admin/compliance/records', { token: ben, body: paperBody(full) });
    expect(res.status).toBe(201);
    expect(res.body.paperType).toBe('jpeg');
    const file = await fetch(`${server.url}/api/admin/compliance/records/${res.body.recordId}/paper`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await file.arrayBuffer()).equals(full)).toBe(true);
  });

  it('refuses hostile uploads with 4xx JSON and stores nothing', async () => {
    const before = await stored();
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    PDF.copy(big);
    const bad: [unknown, string?][] = [
      [paperBody(Buffer.from('MZ\x90\x00 not a pdf at all'))], // an executable named .pdf
      [paperBody(Buffer.from('<html><script>alert(1)</script></html>'), { file: { name: 'x.png', contentBase64: '' } })],
      [paperBody('%%%not-base64%%%')],
      [paperBody(Buffer.from('GIF89a....'))],
      [paperBody(big)],
      [{ ...paperBody(PDF), captureMethod: 'recorded-call', recordingSystem: 'X', reference: 'y' }],
      [{ ...paperBody(PDF), file: undefined }],
      [{ ...paperBody(PDF), subject: { customerId: '64b000000000000000000000' } }],
      [{ ...paperBody(PDF), subject: { customerId: { $ne: null } } }],
      [{ ...paperBody(PDF), capturedOn: '2999-01-01' }],
      [{ ...paperBody(PDF), recordId: '64b000000000000000000000' }],
      [{ subject: { customerId }, type: 'aca-review', captureMethod: 'recorded-call', reference: 'c-1', signerName: 'P' }],
      [paperBody(PDF), ''],
    ];
    for (const [body, token = ben] of bad) {
      const res = await server.api('POST', '/api/admin/compliance/records', { body, token: token || undefined });
      expect(res.status, JSON.stringify(body).slice(0, 200)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.error).toBe('string');
    }
    const huge = await server.api('POST', '/api/admin/compliance/records', {
      token: ben,
      body: JSON.stringify(paperBody(Buffer.alloc(11 * 1024 * 1024, 0x41))),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toBe('The file is larger than 10 MB');
    for (const path of ['64b000000000000000000000', 'not-an-id', '..%2f..%2fetc']) {
      const res = await server.api('GET', `/api/admin/compliance/records/${path}/paper`, { token: admin });
      expect(res.status).toBe(404);
      expect(typeof res.body.error).toBe('string');
    }
    expect((await server.api('GET', '/api/admin/compliance/records/64b000000000000000000000/paper')).status).toBe(401);
    expect(await stored()).toBe(before);
  });

  it('puts the paper forms in the audit export, listed in its index and named on their pages', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const res = await fetch(`${server.url}/api/admin/compliance/export?from=2026-11-01&to=${today}`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(res.status).toBe(200);
    const zip = unzipSync(new Uint8Array(await res.arrayBuffer()));
    const index = parse(strFromU8(zip['index.csv']!), { columns: true }) as Record<string, string>[];
    const papers = index.filter((r) => r.captureMethod === 'paper');
    expect(papers.length).toBeGreaterThanOrEqual(3);
    for (const row of papers) {
      expect(row.paperFile).toMatch(/^paper\/\d{4}-\d{2}-\d{2}-aca-(consent|review)-[0-9a-f]{24}\.(pdf|png|jpg)$/);
      expect(zip[row.paperFile!]).toBeDefined();
      expect(strFromU8(zip[row.file!]!)).toContain(row.paperFile);
    }
    const pdfRow = papers.find((r) => r.paperFile!.endsWith('.pdf'))!;
    expect(Buffer.from(zip[pdfRow.paperFile!]!).equals(PDF)).toBe(true);
    expect(index.find((r) => r.captureMethod === 'recorded-call')).toMatchObject({ recordingSystem: 'RingCentral', paperFile: '' });
    expect(zip['paper-forms.html']).toBeUndefined();
  });

  it('lists the forms that do not fit in an export on a page saying where they are', async () => {
    const done = await exportZip({ subject: { customerId } }, 1024 * 1024);
    if (done.tooMany) throw new Error('unexpected');
    const zip = unzipSync(done.zip);
    const index = parse(strFromU8(zip['index.csv']!), { columns: true }) as Record<string, string>[];
    const big = index.find((r) => r.paperFile!.startsWith('not in this export'))!;
    expect(big.paperFile).toBe(`not in this export: GET /api/admin/compliance/records/${big.recordId}/paper`);
    expect(strFromU8(zip['paper-forms.html']!)).toContain(`/api/admin/compliance/records/${big.recordId}/paper`);
    expect(Object.keys(zip).filter((n) => n.startsWith('paper/')).length).toBe(
      index.filter((r) => r.paperFile!.startsWith('paper/')).length,
    );
  });

  it('re-seals the forms under a new data key when the keys rotate', async () => {
    const old = currentKey();
    configureDataKeys({ kind: 'env', current: newDataKey(), old: [old.key.toString('base64')] });
    expect(await countStale()).toBeGreaterThan(0);
    expect(await walkSealedFields('rotate')).toBeGreaterThan(0);
    expect(await countStale()).toBe(0);
    const kids = await db().collection('compliance_files').distinct('kid');
    expect(kids).toEqual([currentKey().kid]);
    const [row] = await db().collection('compliance_records').find({ paperType: 'pdf' }).toArray();
    const file = await fetch(`${server.url}/api/admin/compliance/records/${String(row!._id)}/paper`, {
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(Buffer.from(await file.arrayBuffer()).equals(PDF)).toBe(true);
  });
});
