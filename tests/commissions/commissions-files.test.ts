// Statement files whose columns carry a carrier's own names, mapped once and remembered for that carrier
// and header row; and statements as XLSX workbooks, with the same dry run, apply and refusals as CSV, and
// hostile workbooks (a zip bomb, bytes that are no workbook) refused with 4xx JSON.
import { beforeAll, describe, expect, it } from 'vitest';
import { zipSync } from 'fflate';
import writeXlsxFile from 'write-excel-file/node';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { StaffModel } from '../../models/staff/accounts.ts';
import { CustomerModel } from '../../models/customers/customer.ts';
import { PolicyModel } from '../../models/policies/schema.ts';
import { StatementLineModel } from '../../models/commissions/schema.ts';

const server = useTestServer();
let admin: string;
const month = (back: number) =>
  new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - back, 1)).toISOString().slice(0, 7);
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function policy(carrier: string, policyNumber: string, name: string) {
  const customer = await CustomerModel.create({
    name,
    email: `${policyNumber.toLowerCase()}@example.com`,
    phone: `+1720555${String(7000 + Number(policyNumber.replace(/\D/g, '')))}`,
    age: 66,
    insuranceProvider: 'Aetna',
    leadKey: `manual:files-${policyNumber}`,
  });
  await PolicyModel.create({
    customerId: customer._id,
    carrier,
    line: 'medicare-supplement',
    policyNumber,
    status: 'active',
    effectiveDate: `${month(3)}-01`,
    premiumCents: 20_000,
    premiumPeriod: 'monthly',
    commission: { kind: 'amount', cents: 24_000 },
    writingAgent: 'Ben',
  });
}

async function upload(path: string, body: string | Buffer | Uint8Array, opts: { type?: string; query?: Record<string, string> } = {}) {
  const query = new URLSearchParams(opts.query ?? {}).toString();
  const res = await fetch(`${server.url}/api/admin/commissions/statements${path}${query ? `?${query}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': opts.type ?? 'text/csv', authorization: `Bearer ${admin}` },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  return { status: res.status, type: res.headers.get('content-type') ?? '', body: await res.json() };
}
const dryRun = (body: string | Buffer | Uint8Array, opts?: Parameters<typeof upload>[2]) => upload('/dry-run', body, opts);
const apply = (body: string | Buffer | Uint8Array, opts?: Parameters<typeof upload>[2]) => upload('', body, opts);

beforeAll(async () => {
  admin = (await createOffice(server, ['Ben'])).admin;
  await StaffModel.updateOne({ email: 'office@example.com' }, { $set: { isAdmin: true } });
  await policy('Aetna', 'A-1', 'Ada One');
  await policy('Aetna', 'A-2', 'Abe Two');
  await policy('Cigna', 'C-1', 'Cal One');
  await policy('Cigna', 'C-2', 'Cy Two');
});

// Aetna's own names, none of them recognised: the amount, number, period and type columns must be mapped.
const ODD = 'Co,Contract Ref,Client,Paid USD,Kind,Pay Month';
const oddFile = (period: string, cents = '20.00') =>
  [ODD, `Aetna,A-1,Ada One,${cents},Renewal,${period}`, `Aetna,A-2,Abe Two,20.00,Renewal,${period}`].join('\n');
const MAPPED = {
  Co: 'carrier',
  'Contract Ref': 'policyNumber',
  Client: 'insuredName',
  'Paid USD': 'amount',
  Kind: 'lineType',
  'Pay Month': 'period',
};

describe('column mappings', () => {
  it('a file whose columns are not recognised is listed column by column for mapping; its apply is refused', async () => {
    const dry = await dryRun(oddFile(month(2)));
    expect(dry.status).toBe(200);
    expect(dry.body).toMatchObject({ accepted: false, lines: [], mapping: { from: 'names', carrier: null } });
    expect(dry.body.missingColumns).toEqual(['Policy Number (or Insured Name)', 'Commission Amount', 'Carrier']);
    expect(dry.body.columns).toEqual(ODD.split(',').map((header) => ({ header, field: null })));
    const refused = await apply(oddFile(month(2)));
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatch(/lacks the columns Policy Number \(or Insured Name\), Commission Amount, Carrier/);
  });

  it('mapped by the admin, the file imports and the mapping is offered for the same header row next time', async () => {
    const columns = JSON.stringify(MAPPED);
    const dry = await dryRun(oddFile(month(2)), { query: { columns } });
    expect(dry.body).toMatchObject({ accepted: true, mapping: { from: 'given' }, counts: { matched: 2, toWrite: 2 } });
    expect((await apply(oddFile(month(2)), { query: { columns } })).body.counts.toWrite).toBe(2);

    const next = await dryRun(oddFile(month(1), '19.00'));
    expect(next.body).toMatchObject({ accepted: true, mapping: { from: 'saved', carrier: 'Aetna' }, counts: { matched: 2 } });
    expect(next.body.columns).toContainEqual({ header: 'Paid USD', field: 'amount' });
    expect(next.body.lines[0]).toMatchObject({ policyNumber: 'A-1', amountCents: 1900, period: month(1), status: 'matched' });
  });

  it("another header row of the same carrier is read with the carrier's mapping, other columns by their names", async () => {
    const file = [`Carrier,Region,Paid USD,Contract Ref,Pay Month`, `Aetna,West,20.00,A-2,${month(1)}`].join('\n');
    const dry = await dryRun(file);
    expect(dry.body).toMatchObject({ accepted: true, mapping: { from: 'saved', carrier: 'Aetna' }, counts: { matched: 1 } });
    expect(dry.body.columns).toEqual([
      { header: 'Carrier', field: 'carrier' },
      { header: 'Region', field: null },
      { header: 'Paid USD', field: 'amount' },
      { header: 'Contract Ref', field: 'policyNumber' },
      { header: 'Pay Month', field: 'period' },
    ]);
    // Another carrier with the same unknown names has no mapping of its own.
    expect((await dryRun(file.replace('Aetna', 'Cigna').replace('A-2', 'C-2'))).body.mapping.from).toBe('names');
  });

  it('a bad mapping is refused with 400 and remembers nothing', async () => {
    const bad = await dryRun(oddFile(month(2)), { query: { columns: JSON.stringify({ Co: 'salary' }) } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/A column maps to one of/);
    expect((await dryRun(oddFile(month(2)), { query: { columns: 'not json' } })).status).toBe(400);
  });
});

const workbook = (rows: (string | number)[][]) => writeXlsxFile(rows.map((r) => r.map((value) => ({ value })))).toBuffer();

describe('XLSX statements', () => {
  const P = month(1);
  const rows = [
    ['Carrier', 'Policy #', 'Member Name', 'Comm Amount', 'Transaction Type', 'Statement Month'],
    ['Cigna', 'C-1', 'Cal One', 20, 'Renewal', P],
    ['Cigna', 'C-2', 'Cy Two', 19.5, 'Renewal', P],
    ['Cigna', 'C-9', 'Nobody', -5, 'Chargeback', P],
  ];

  it('dry run, apply and a second apply that writes nothing, as for CSV', async () => {
    const file = await workbook(rows);
    const dry = await dryRun(file, { type: XLSX });
    expect(dry.status).toBe(200);
    expect(dry.body.counts).toEqual({ lines: 3, matched: 2, ambiguous: 0, unmatched: 1, refused: 0, toWrite: 3 });
    expect(dry.body.lines.map((l: { row: number; amountCents: number }) => [l.row, l.amountCents])).toEqual([
      [2, 2000],
      [3, 1950],
      [4, -500],
    ]);
    expect((await apply(file, { type: XLSX, query: { fileName: 'cigna.xlsx' } })).body.counts.toWrite).toBe(3);
    expect(await StatementLineModel.countDocuments({ carrier: 'Cigna', fileName: 'cigna.xlsx' })).toBe(3);
    expect((await apply(file, { type: XLSX })).body.counts.toWrite).toBe(0);
  });

  it('a workbook with a refused line is refused whole', async () => {
    const before = await StatementLineModel.countDocuments();
    const res = await apply(await workbook([...rows.slice(0, 2), ['Cigna', 'C-2', 'Cy Two', 12.345, 'Renewal', P]]), { type: XLSX });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(/Nothing was imported: 1 line is refused \(line 3: commission amount "12.345"/);
    expect(await StatementLineModel.countDocuments()).toBe(before);
  });

  it('hostile workbooks are answered 4xx JSON and store nothing', async () => {
    const before = await StatementLineModel.countDocuments();
    const bomb = zipSync({ '[Content_Types].xml': new Uint8Array(80 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const cases: [Uint8Array | Buffer, number, RegExp][] = [
      [bomb, 400, /unpacks to more than 64 MB/],
      [Buffer.from('Carrier,Policy Number\nCigna,C-1'), 400, /not a readable XLSX workbook/],
      [Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(500, 7)]), 400, /not a readable XLSX workbook/],
      [zipSync({ 'hello.txt': new Uint8Array(10) }), 400, /not a readable XLSX workbook/],
      [Buffer.alloc(10 * 1024 * 1024 + 1), 413, /larger than 10 MB/],
    ];
    for (const [body, status, message] of cases) {
      const res = await apply(body, { type: XLSX });
      expect(res.status, String(message)).toBe(status);
      expect(res.type).toMatch(/application\/json/);
      expect(res.body.error).toMatch(message);
    }
    expect(await StatementLineModel.countDocuments()).toBe(before);
  });
});
