// The customer and policy import over its REST routes against the real embedded database: the dry run
// row by row, the apply, a re-run that changes nothing, a file with bad rows refused whole, hostile
// uploads answered 4xx JSON with nothing stored, and callers who are not admins refused.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOffice, useTestServer } from '../helpers/test-server.ts';
import { StaffModel } from '../../models/staff/accounts.ts';
import { CustomerModel } from '../../models/customers/customer.ts';
import { PolicyModel } from '../../models/policies/schema.ts';
import { ActivityModel } from '../../models/activity/log.ts';
import { listAudit } from '../../models/audit/log.ts';

const server = useTestServer();
let admin: string;
let ben: string;

beforeAll(async () => {
  const office = await createOffice(server, ['Ben']);
  admin = office.admin;
  ben = office.agents.Ben!;
  await StaffModel.updateOne({ email: 'office@example.com' }, { $set: { isAdmin: true } });
});

async function upload(path: string, csv: string | Buffer, opts: { token?: string; type?: string; query?: string } = {}) {
  const res = await fetch(`${server.url}${path}${opts.query ?? ''}`, {
    method: 'POST',
    headers: { 'content-type': opts.type ?? 'text/csv', authorization: `Bearer ${opts.token ?? admin}` },
    body: typeof csv === 'string' ? csv : new Uint8Array(csv),
  });
  const text = await res.text();
  let body: any = text;
  try {
    body = JSON.parse(text);
  } catch {
    /* kept as text */
  }
  return { status: res.status, body, type: res.headers.get('content-type') ?? '' };
}
const dryRun = (csv: string | Buffer, opts?: Parameters<typeof upload>[2]) => upload('/api/admin/customers/import/dry-run', csv, opts);
const apply = (csv: string | Buffer, opts?: Parameters<typeof upload>[2]) => upload('/api/admin/customers/import', csv, opts);

const counts = async () => ({ customers: await CustomerModel.countDocuments(), policies: await PolicyModel.countDocuments() });

// Column names as another CRM exports them: joined names, E-mail, Mobile, Company, Policy #, US dates, dollars.
const BOOK = [
  'First Name,Last Name,E-mail,Mobile,Company,Product,Plan,Policy #,Effective Date,Monthly Premium,Writing Agent,Favourite Colour',
  'Ana,Reyes,ana.reyes@example.com,(303) 555-0101,Humana,Medicare Advantage,Gold Plus,H-1,1/1/2026,$45.50,Ben,blue',
  'Ana,Reyes,ana.reyes@example.com,(303) 555-0101,Delta Dental,Dental,PPO,DD-7,2026-02-01,30,Ben,blue',
  'Tom,Hale,tom.hale@example.com,720-555-0102,,,,,,,,green',
].join('\n');

describe('customer import', () => {
  it('dry run: says row by row what would be created, lists ignored columns, writes nothing', async () => {
    const before = await counts();
    const res = await dryRun(BOOK);
    expect(res.status).toBe(200);
    expect(res.body.accepted).toBe(true);
    expect(res.body.ignoredColumns).toEqual(['Favourite Colour']);
    expect(res.body.counts).toMatchObject({ rows: 3, create: 3, update: 0, refused: 0, customersCreated: 2, policiesCreated: 2 });
    expect(
      res.body.rows.map((r: { row: number; action: string; customer: string; policy: string | null }) => [
        r.row,
        r.action,
        r.customer,
        r.policy,
      ]),
    ).toEqual([
      [2, 'create', 'create', 'create'],
      [3, 'create', 'unchanged', 'create'],
      [4, 'create', 'create', null],
    ]);
    expect(await counts()).toEqual(before);
  });

  it('apply creates the customers and policies; the same file again changes nothing', async () => {
    const before = await counts();
    const res = await apply(BOOK, { query: '?fileName=book.csv&importId=import-test-1' });
    expect(res.status).toBe(200);
    expect(res.body.counts).toMatchObject({ customersCreated: 2, policiesCreated: 2, refused: 0 });
    expect(await counts()).toEqual({ customers: before.customers + 2, policies: before.policies + 2 });

    const ana = await CustomerModel.findOne({ email: 'ana.reyes@example.com' }).lean();
    expect(ana).toMatchObject({ name: 'Ana Reyes', phone: '+13035550101', phoneDigits: '3035550101' });
    const humana = await PolicyModel.findOne({ customerId: ana!._id, carrier: 'Humana' }).lean();
    expect(humana).toMatchObject({
      line: 'medicare-advantage',
      policyNumber: 'H-1',
      effectiveDate: '2026-01-01',
      premiumCents: 4550,
      premiumPeriod: 'monthly',
      status: 'active',
      writingAgent: 'Ben',
    });

    const progress = await server.api('GET', '/api/admin/customers/import/progress?importId=import-test-1', { token: admin });
    expect(progress.body).toEqual({ state: 'done', done: 4, total: 4 });
    const logged = await ActivityModel.findOne({ action: 'CUSTOMERS_IMPORTED' }).lean();
    expect(logged?.details?.reason).toBe('book.csv: 2 customers created, 0 updated; 2 policies created, 0 updated; 0 rows unchanged');
    expect((await listAudit({ action: 'CUSTOMERS_IMPORTED' })).entries.length).toBe(1);

    const again = await dryRun(BOOK);
    expect(again.body.counts).toMatchObject({ create: 0, update: 0, unchanged: 3, refused: 0 });
    const reapplied = await apply(BOOK);
    expect(reapplied.status).toBe(200);
    expect(await counts()).toEqual({ customers: before.customers + 2, policies: before.policies + 2 });
  });

  it('updates a customer matched by phone and a policy matched by carrier and policy number', async () => {
    const csv = [
      'Name,Email,Phone Number,Carrier,Line of Business,Policy Number,Effective Date,Annual Premium,Status',
      'Ana Reyes,ana.r@example.org,303.555.0101,HUMANA,Medicare Advantage,h-1,2026-01-01,600,Lapsed',
    ].join('\n');
    const dry = await dryRun(csv);
    expect(dry.body.rows[0]).toMatchObject({ action: 'update', customer: 'update', policy: 'update' });
    expect(dry.body.rows[0].changes).toEqual([
      'email',
      'policy carrier',
      'policy policyNumber',
      'policy status',
      'policy premiumCents',
      'policy premiumPeriod',
    ]);
    const before = await counts();
    expect((await apply(csv)).status).toBe(200);
    expect(await counts()).toEqual(before);
    const ana = await CustomerModel.findOne({ phoneDigits: '3035550101' }).lean();
    expect(ana?.email).toBe('ana.r@example.org');
    const policy = await PolicyModel.findOne({ customerId: ana!._id, policyNumber: 'h-1' }).lean();
    expect(policy).toMatchObject({ status: 'lapsed', premiumCents: 60000, premiumPeriod: 'annual' });
    expect((await dryRun(csv)).body.counts).toMatchObject({ create: 0, update: 0, unchanged: 1 });
  });

  it('a file with bad rows is refused whole, row by row with reasons, and nothing is written', async () => {
    const csv = [
      'First Name,Last Name,Email,Phone,Carrier,Line of Business,Policy Number,Effective Date,Premium,Renewal Date',
      'Good,Row,good.row@example.com,303-555-0150,Aetna,Health,A-1,2026-03-01,120,',
      'Bad,Email,not-an-email,303-555-0151,,,,,,',
      'Bad,Date,bad.date@example.com,303-555-0152,Aetna,Health,A-2,2026-13-45,120,',
      'Bad,Line,bad.line@example.com,303-555-0153,Aetna,Pet insurance,A-3,2026-03-01,120,',
      'Bad,Premium,bad.premium@example.com,303-555-0154,Aetna,Life,A-4,2026-03-01,lots,',
      ',,no.name@example.com,303-555-0155,,,,,,',
      'Bad,Renewal,bad.renewal@example.com,303-555-0156,Aetna,Life,A-5,2026-03-01,10,2025-01-01',
    ].join('\n');
    const before = await counts();
    const dry = await dryRun(csv);
    expect(dry.status).toBe(200);
    expect(dry.body.accepted).toBe(false);
    expect(dry.body.counts).toMatchObject({ rows: 7, create: 1, refused: 6 });
    const refused = dry.body.rows
      .filter((r: { action: string }) => r.action === 'refused')
      .map((r: { row: number; problems: { column: string; message: string }[] }) => [r.row, r.problems[0]!.column, r.problems[0]!.message]);
    expect(refused).toEqual([
      [3, 'Email', 'Enter a valid email address'],
      [4, 'Effective Date', 'Effective date must be a date (YYYY-MM-DD)'],
      [5, 'Line of Business', expect.stringMatching(/^Line: choose one of health, life/)],
      [6, 'Premium', 'Premium must be an amount of dollars, like 125.50'],
      [7, 'First Name + Last Name', 'Name is required'],
      [8, 'Renewal Date', 'Renewal date must be after the effective date'],
    ]);
    const applied = await apply(csv);
    expect(applied.status).toBe(400);
    expect(applied.body.error).toMatch(/^Nothing was imported: 6 rows are refused \(row 3, Email: Enter a valid email address; /);
    expect(await counts()).toEqual(before);
  });

  it('hostile uploads answer 4xx JSON and store nothing', async () => {
    const before = await counts();
    const big = Buffer.alloc(5 * 1024 * 1024 + 10, 'a');
    const tooManyRows = [
      'Name,Email,Phone',
      ...Array.from({ length: 10_001 }, (_, i) => `P ${i},p${i}@example.com,303555${String(i).padStart(4, '0')}`),
    ].join('\n');
    const cases: [string, Awaited<ReturnType<typeof upload>>, number, RegExp][] = [
      ['over 5 MB', await apply(big), 413, /larger than 5 MB/],
      ['over 10,000 rows', await dryRun(tooManyRows), 400, /more than 10,000 rows/],
      ['unclosed quote', await apply('Name,Email,Phone\n"Ann,a@example.com,1'), 400, /not valid CSV/],
      ['no contact columns', await apply('Colour,Size\nred,9'), 400, /lacks the columns Name .*, Email, Phone/],
      ['empty body', await apply(''), 400, /request body|empty/i],
      ['XML sent as the file', await apply('<x/>', { type: 'application/xml' }), 415, /JSON|CSV/],
      ['JSON with a number for csv', await apply('{"csv":42}', { type: 'application/json' }), 400, /^csv: Send the CSV file/],
      ['a JSON array to the dry run', await dryRun('[]', { type: 'application/json' }), 400, /^csv: Send the CSV file/],
      ['a JSON array to the apply', await apply('[1, 2]', { type: 'application/json' }), 400, /^csv: Send the CSV file/],
      [
        'JSON with extra keys',
        await apply('{"csv":"Name,Email,Phone","admin":true}', { type: 'application/json' }),
        400,
        /Unrecognized key/i,
      ],
      ['a bad import id', await apply(BOOK, { query: '?importId=../../etc' }), 400, /importId/],
    ];
    for (const [what, res, status, message] of cases) {
      expect([what, res.status, res.type.startsWith('application/json')]).toEqual([what, status, true]);
      expect(res.body.error, what).toMatch(message);
    }
    expect(await counts()).toEqual(before);
  });

  it('formula-like cells are stored as text and the customers CSV defuses them', async () => {
    const csv = [
      'Name,Email,Phone,Carrier,Line,Effective Date,Premium',
      '@SUM Smith,formula@example.com,303-555-0177,"=HYPERLINK(""x"")",Life,2026-01-01,1',
    ].join('\n');
    const res = await apply(csv);
    expect([res.status, res.body.error]).toEqual([200, undefined]);
    const policy = await PolicyModel.findOne({ carrier: '=HYPERLINK("x")' }).lean();
    expect(policy?.carrier).toBe('=HYPERLINK("x")');
    const exported = await server.api('GET', '/api/admin/customers/export?search=formula', { token: admin });
    expect(exported.body).toContain(`'@SUM Smith`);
    expect(exported.body).toContain(`"'=HYPERLINK(""x"")"`);
  });

  it('is for admins only: an agent and a caller without a token are refused', async () => {
    const before = await counts();
    expect((await dryRun(BOOK, { token: ben })).status).toBe(403);
    expect((await apply(BOOK, { token: ben })).status).toBe(403);
    expect((await apply(BOOK, { token: 'not-a-token' })).status).toBe(401);
    // A body that is no file is still refused for the role first, so it tells nothing to a stranger.
    expect((await dryRun('[]', { token: 'not-a-token', type: 'application/json' })).status).toBe(401);
    expect((await apply('[]', { token: ben, type: 'application/json' })).status).toBe(403);
    expect(await counts()).toEqual(before);
  });
});
