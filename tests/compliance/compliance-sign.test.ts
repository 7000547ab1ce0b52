// Signing a compliance record from a link (docs/compliance.md): the page in English and Spanish, one
// signature per link (also when two arrive at once), "already used", "expired", a tampered token's 404,
// hostile form posts refused with nothing stored, and the text version a record keeps after a text changes.
import { beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { trpcClient } from '../helpers/trpc-client.ts';

const server = useTestServer();
let admin = '';
let ben = '';
let customerId = '';
const asBen = () => trpcClient(server.url, ben);
const asAdmin = () => trpcClient(server.url, admin);
const records = () => mongoose.connection.collection('compliance_records');
const requests = () => mongoose.connection.collection('compliance_requests');

beforeAll(async () => {
  const office = await createOffice(server, ['Ben Carter']);
  admin = office.admin;
  ben = office.agents['Ben Carter']!;
  await mongoose.connection.collection('staffs').updateOne({ email: 'office@example.com' }, { $set: { isAdmin: true } });
  const res = await server.api('POST', '/api/admin/customers', {
    token: ben,
    body: { name: 'Rosa Medina', email: 'rosa@example.com', phone: '303-555-0142', age: 66, insuranceProvider: 'Aetna' },
  });
  expect(res.status).toBe(201);
  customerId = res.body.customerId;
});

async function prepareSoa() {
  const res = await server.api('POST', '/api/admin/compliance/requests', {
    token: ben,
    body: { subject: { customerId }, type: 'medicare-soa', products: ['ma', 'pdp'], appointmentDate: '2026-12-10' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect(res.body.link).toMatch(/\/sign\/[A-Za-z0-9_-]{43}$/);
  return { path: res.body.path as string, requestId: res.body.request.requestId as string };
}

const page = async (path: string) => {
  const res = await fetch(server.url + path);
  return { status: res.status, html: await res.text(), type: res.headers.get('content-type') ?? '' };
};
const post = async (path: string, fields: Record<string, string>, type = 'application/x-www-form-urlencoded') => {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': type },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, html: await res.text() };
};
const sign = (path: string, name = 'Rosa M. Medina', lang = 'es', version = '1') => post(path, { name, consent: 'yes', lang, version });

describe('the signing page', () => {
  it('shows the text in English, switches to Spanish, signs once and shows a printable copy', async () => {
    const { path } = await prepareSoa();
    const en = await page(path);
    expect(en.status).toBe(200);
    expect(en.type).toContain('text/html');
    expect(en.html).toContain('Scope of Sales Appointment');
    expect(en.html).toContain('Medicare Advantage (Part C)');
    expect(en.html).not.toContain('<script');
    expect(en.html).toContain(`href="${path}?lang=es"`);
    const es = await page(`${path}?lang=es`);
    expect(es.html).toContain('Formulario de confirmación');
    expect(es.html).toContain('name="version" value="1"');

    const done = await sign(path);
    expect(done.status).toBe(200);
    expect(done.html).toContain('Firmado. Gracias.');
    expect(done.html).toContain('Rosa M. Medina');
    const [record] = await records().find({ customerId }).toArray();
    expect(record).toMatchObject({
      type: 'medicare-soa',
      language: 'es',
      textVersion: 1,
      signerName: 'Rosa M. Medina',
      products: ['ma', 'pdp'],
    });
    expect(record!.text).toContain('Formulario de confirmación');
    expect(record!.textHash).toMatch(/^[0-9a-f]{64}$/);
    expect(record!.ip).not.toBe('');
    expect(record!.userAgent).not.toBe('');

    // The same link again: "already used", on the page and on a replayed post; still one record.
    expect(await page(path)).toMatchObject({ status: 410 });
    expect((await page(path)).html).toContain('This link was already used.');
    const replay = await sign(path, 'Someone Else');
    expect(replay.status).toBe(410);
    expect(replay.html).toContain('Este enlace ya fue usado.');
    expect(await records().countDocuments({ customerId })).toBe(1);

    const panel = await asBen().compliance.panel.query({ customerId });
    expect(panel.records).toHaveLength(1);
    expect(panel.records[0]).toMatchObject({ textVersion: 1, signerName: 'Rosa M. Medina' });
    expect(panel.status.find((s) => s.type === 'medicare-soa')!.current).toBe(panel.records[0]!.recordId);
    expect(panel.status.find((s) => s.type === 'aca-consent')!.current).toBeNull();
  });

  it('takes one signature when the same link is posted twice at once', async () => {
    const { path } = await prepareSoa();
    const before = await records().countDocuments();
    const answers = await Promise.all([sign(path, 'First Try', 'en'), sign(path, 'Second Try', 'en'), sign(path, 'Third Try', 'en')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 410, 410]);
    expect(await records().countDocuments()).toBe(before + 1);
  });

  it('answers "expired" for a link past its time, and 404 for a tampered or unknown token', async () => {
    const { path, requestId } = await prepareSoa();
    await requests().updateOne({ _id: new mongoose.Types.ObjectId(requestId) }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const before = await records().countDocuments();
    const expired = await page(path);
    expect(expired.status).toBe(410);
    expect(expired.html).toContain('This link has expired.');
    expect((await sign(path)).status).toBe(410);

    const fresh = await prepareSoa();
    const last = fresh.path.at(-1) === 'A' ? 'B' : 'A';
    const tampered = fresh.path.slice(0, -1) + last;
    expect((await page(tampered)).status).toBe(404);
    expect((await sign(tampered)).status).toBe(404);
    expect((await page('/sign/short')).status).toBe(404);
    expect((await page(`${fresh.path}x`)).status).toBe(404);
    expect(await records().countDocuments()).toBe(before);
    expect((await page(fresh.path)).status).toBe(200); // the real link still works
  });

  it('refuses hostile posts with a 4xx page and stores nothing', async () => {
    const { path } = await prepareSoa();
    const before = await records().countDocuments();
    const cases = [
      await post(path, { name: 'Rosa', lang: 'en', version: '1' }), // no consent box
      await post(path, { name: '', consent: 'yes', lang: 'en', version: '1' }),
      await post(path, { name: 'x'.repeat(200), consent: 'yes', lang: 'en', version: '1' }),
      await post(path, { name: 'Rosa', consent: 'yes', lang: 'fr', version: '1' }),
      await post(path, { name: 'Rosa', consent: 'yes', lang: 'en', version: '99' }), // a version that never existed
      await post(path, { name: 'Rosa', consent: 'yes', lang: 'en', version: '1', pad: 'y'.repeat(6000) }), // oversized
      await post(path, { name: 'Rosa', consent: 'yes', lang: 'en', version: '1' }, 'application/json'),
    ];
    for (const c of cases) {
      expect(c.status).toBeGreaterThanOrEqual(400);
      expect(c.status).toBeLessThan(500);
      expect(c.html).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
    }
    expect(await records().countDocuments()).toBe(before);
    expect((await page(path)).status).toBe(200); // nothing used the link up
  });

  it('keeps the text and version a record was signed with after an admin changes the text', async () => {
    const { path } = await prepareSoa();
    const shown = await page(path);
    expect(shown.html).toContain('name="version" value="1"');
    const v2 = await asAdmin().compliance.saveText.mutate({
      type: 'medicare-soa',
      language: 'en',
      body: 'Version two of the scope text for {{person}}: {{products}}',
    });
    expect(v2.version).toBe(2);
    // The console lists every version, newest first: version 1 (as shipped) stays readable.
    const versions = await asAdmin().compliance.textVersions.query({ type: 'medicare-soa', language: 'en' });
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
    expect(versions[1]!.body).toContain('Scope of Sales Appointment');
    expect((await asAdmin().compliance.textVersions.query({ type: 'medicare-soa', language: 'es' })).map((v) => v.version)).toEqual([1]);
    // The person read version 1 and signs it: the record keeps version 1's exact text.
    const done = await sign(path, 'Rosa Version One', 'en', '1');
    expect(done.status).toBe(200);
    const kept = await records().findOne({ signerName: 'Rosa Version One' });
    expect(kept).toMatchObject({ textVersion: 1 });
    expect(kept!.text).toContain('Scope of Sales Appointment');
    // A new link shows version 2; the old records are untouched.
    const next = await prepareSoa();
    expect((await page(next.path)).html).toContain('Version two of the scope text for Rosa Medina');
    expect((await sign(next.path, 'Rosa Version Two', 'en', '2')).status).toBe(200);
    expect(await records().findOne({ signerName: 'Rosa Version Two' })).toMatchObject({ textVersion: 2 });
    expect((await records().findOne({ signerName: 'Rosa Version One' }))!.text).toBe(kept!.text);
  });
});
