// Commission statements over their REST routes against the real embedded database: the dry run line by
// line, the apply and a second apply that writes nothing, the exceptions (missing, short, chargeback,
// unmatched) and the queue, a file with a bad line refused whole, hostile uploads, agents' statements.
import { beforeAll, describe, expect, it } from 'vitest';
import { createOfficeWithAdmin, useTestServer } from '../helpers/test-server.ts';
import { humanaPolicy, lastMonth } from '../helpers/commission-policies.ts';
import { StatementLineModel } from '../../models/commissions/schema.ts';

const server = useTestServer();
let admin: string;
let ben: string;
let stef: string;
let n = 0;

/** Last month, YYYY-MM: the statement's period. */
const P = lastMonth();

async function policy(name: string, policyNumber: string, over: Record<string, unknown> = {}) {
  const i = ++n;
  const res = await server.api('POST', '/api/admin/customers', {
    token: admin,
    body: { name, email: `insured${i}@example.com`, phone: `(720) 555-${String(7000 + i)}`, age: 60, insuranceProvider: 'Humana' },
  });
  expect(res.status).toBe(201);
  // $500 a month at 12% of the annual premium: $720 a year, $60.00 a month.
  return humanaPolicy(res.body.customerId, policyNumber, P, over);
}

beforeAll(async () => {
  ({ admin, ben, stef } = await createOfficeWithAdmin(server));
  await policy('Ann Matched', 'H-100');
  await policy('Bob Short', 'H-200');
  await policy('Cy Charged', 'H-300');
  await policy('Dee Missing', 'H-400');
  await policy('Eve Suggest', 'H-500');
  await policy('Stef Client', 'S-1', { writingAgent: 'Stef' });
});

async function upload(path: string, body: string | Buffer, opts: { token?: string; type?: string } = {}) {
  const res = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': opts.type ?? 'text/csv', authorization: `Bearer ${opts.token ?? admin}` },
    body: typeof body === 'string' ? body : new Uint8Array(body),
  });
  const text = await res.text();
  return { status: res.status, body: JSON.parse(text), type: res.headers.get('content-type') ?? '' };
}
const dryRun = (csv: string | Buffer, opts?: Parameters<typeof upload>[2]) =>
  upload('/api/admin/commissions/statements/dry-run', csv, opts);
const apply = (csv: string | Buffer, opts?: Parameters<typeof upload>[2]) => upload('/api/admin/commissions/statements', csv, opts);
const get = (path: string, token = admin) => server.api('GET', path, { token });

// A carrier's own column names: Policy #, Member Name, Comm Amount, Transaction Type, Statement Month.
const STATEMENT = [
  'Carrier,Policy #,Member Name,Comm Amount,Transaction Type,Statement Month,Paid Date,Region',
  `Humana,H-100,Ann Matched,$60.00,Renewal,${P},${P}-20,West`,
  `Humana,h 200,Bob Short,30.00,Renewal,${P},${P}-20,West`,
  `Humana,H-300,Cy Charged,(60.00),Chargeback,${P},${P}-20,West`,
  `Humana,H-999,Nobody Here,45.00,New Business,${P},${P}-20,West`,
  `Humana,WRONG-5,Eve Suggest,60.00,Renewal,${P},${P}-20,West`,
].join('\n');

const lineCount = () => StatementLineModel.countDocuments();

describe('commission statements', () => {
  it('dry run: says line by line what matched and why, writes nothing', async () => {
    const res = await dryRun(STATEMENT);
    expect(res.status).toBe(200);
    expect(res.body.accepted).toBe(true);
    expect(res.body.ignoredColumns).toEqual(['Region']);
    expect(
      res.body.lines.map((l: { policyNumber: string; status: string; amountCents: number; lineType: string }) => [
        l.policyNumber,
        l.status,
        l.amountCents,
        l.lineType,
      ]),
    ).toEqual([
      ['H-100', 'matched', 6000, 'renewal'],
      ['h 200', 'matched', 3000, 'renewal'],
      ['H-300', 'matched', -6000, 'chargeback'],
      ['H-999', 'unmatched', 4500, 'new-business'],
      ['WRONG-5', 'ambiguous', 6000, 'renewal'],
    ]);
    expect(res.body.lines[4].reason).toMatch(/suggested by insured name/);
    expect(res.body.counts).toMatchObject({ lines: 5, matched: 3, ambiguous: 1, unmatched: 1, refused: 0, toWrite: 5 });
    expect(await lineCount()).toBe(0);
  });

  it('apply stores the lines; the same statement again plans and writes 0', async () => {
    const first = await apply(STATEMENT);
    expect(first.status).toBe(200);
    expect(await lineCount()).toBe(5);
    const again = await dryRun(STATEMENT);
    expect(again.body.counts.toWrite).toBe(0);
    expect(again.body.lines.every((l: { known: boolean }) => l.known)).toBe(true);
    expect((await apply(STATEMENT)).body.counts.toWrite).toBe(0);
    expect(await lineCount()).toBe(5);
  });

  it('exceptions: short, chargeback and unmatched at once; missing once the grace period has passed', async () => {
    let list = (await get('/api/admin/commissions/exceptions')).body;
    const kinds = (l: typeof list) => l.items.map((e: { kind: string; policyNumber: string }) => `${e.kind} ${e.policyNumber}`).sort();
    // Last month ended less than the default 45 days ago: nothing is missing yet.
    expect(kinds(list)).toEqual(['chargeback H-300', 'short H-200', 'unmatched H-999', 'unmatched WRONG-5']);
    const short = list.items.find((e: { kind: string }) => e.kind === 'short');
    expect(short).toMatchObject({ dueCents: 6000, paidCents: 3000, insuredName: 'Bob Short', agent: 'Ben', period: P });

    const settings = await server.api('POST', '/trpc/commissions.updateSettings', { token: admin, body: { json: { graceDays: 0 } } });
    expect(settings.status).toBe(200);
    list = (await get('/api/admin/commissions/exceptions')).body;
    expect(kinds(list)).toEqual([
      'chargeback H-300',
      'missing H-400',
      'missing H-500',
      'missing S-1',
      'short H-200',
      'unmatched H-999',
      'unmatched WRONG-5',
    ]);
    expect(list.counts).toEqual({ missing: 3, short: 1, chargeback: 1, unmatched: 2 });
  });

  it('exceptions come a page at a time, of one kind or all; a bad page is refused', async () => {
    const first = (await get('/api/admin/commissions/exceptions?kind=missing&limit=2')).body;
    expect(first).toMatchObject({ matching: 3, total: 7, offset: 0, limit: 2 });
    expect(first.items.map((e: { kind: string }) => e.kind)).toEqual(['missing', 'missing']);
    const rest = (await get('/api/admin/commissions/exceptions?kind=missing&offset=2&limit=2')).body;
    expect(rest.items).toHaveLength(1);
    const numbers = [...first.items, ...rest.items].map((e: { policyNumber: string }) => e.policyNumber).sort();
    expect(numbers).toEqual(['H-400', 'H-500', 'S-1']);
    const lines = (await get('/api/admin/commissions/exceptions?kind=unmatched&offset=1&limit=1')).body;
    expect(lines.items).toHaveLength(1);
    expect(lines.items[0].kind).toBe('unmatched');
    for (const q of ['limit=0', 'limit=501', 'offset=-1', 'kind=late']) {
      const res = await get(`/api/admin/commissions/exceptions?${q}`);
      expect(res.status).toBe(400);
      expect(res.body.error).toBeTruthy();
    }
  });

  it('linking an unmatched line clears it (and the missing month it pays); not ours clears a line', async () => {
    const list = (await get('/api/admin/commissions/exceptions')).body;
    const unmatched = list.items.find((e: { policyNumber: string }) => e.policyNumber === 'H-999');
    const suggested = list.items.find((e: { policyNumber: string }) => e.policyNumber === 'WRONG-5');
    expect(suggested.suggestedPolicyId).toMatch(/^[a-f0-9]{24}$/);
    const byAgent = await server.api('POST', `/api/admin/commissions/lines/${unmatched.lineId}/link`, {
      token: ben,
      body: { policyNumber: 'H-400' },
    });
    expect(byAgent.status).toBe(403);
    const linked = await server.api('POST', `/api/admin/commissions/lines/${unmatched.lineId}/link`, {
      token: admin,
      body: { policyNumber: 'h400' },
    });
    expect(linked.status).toBe(200);
    const twice = await server.api('POST', `/api/admin/commissions/lines/${unmatched.lineId}/link`, {
      token: admin,
      body: { policyNumber: 'H-400' },
    });
    expect(twice.status).toBe(400);
    const confirmed = await server.api('POST', `/api/admin/commissions/lines/${suggested.lineId}/link`, {
      token: admin,
      body: { policyId: suggested.suggestedPolicyId },
    });
    expect(confirmed.status).toBe(200);
    const after = (await get('/api/admin/commissions/exceptions')).body;
    // H-400 is no longer missing: the $45.00 linked to it leaves it $15.00 short; H-500 is paid in full.
    expect(after.items.map((e: { kind: string; policyNumber: string }) => `${e.kind} ${e.policyNumber}`).sort()).toEqual([
      'chargeback H-300',
      'missing S-1',
      'short H-200',
      'short H-400',
    ]);
    const dismissLine = (await apply(`Carrier,Policy Number,Commission Amount,Statement Period\nHumana,ZZ-1,5.00,${P}`)).body;
    expect(dismissLine.counts.unmatched).toBe(1);
    const stray = (await get('/api/admin/commissions/exceptions')).body.items.find((e: { kind: string }) => e.kind === 'unmatched');
    expect((await server.api('POST', `/api/admin/commissions/lines/${stray.lineId}/not-ours`, { token: admin })).status).toBe(200);
    expect((await get('/api/admin/commissions/exceptions')).body.counts.unmatched).toBe(0);
  });

  it('a file with one bad line is refused whole, with the line number and reason; nothing written', async () => {
    const before = await lineCount();
    const bad = `${STATEMENT.replace(/,West/g, ',East')}\nHumana,H-100,Ann Matched,12.345,Renewal,${P},,West`;
    const dry = await dryRun(bad);
    expect(dry.body.accepted).toBe(false);
    expect(dry.body.lines.find((l: { row: number }) => l.row === 7)).toMatchObject({ status: 'refused' });
    const res = await apply(bad);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatch(
      /Nothing was imported: 1 line is refused \(line 7: commission amount "12\.345" is not dollars with whole cents/,
    );
    expect(await lineCount()).toBe(before);
  });

  it('hostile uploads are answered 4xx JSON and store nothing', async () => {
    const before = await lineCount();
    const head = 'Carrier,Policy Number,Insured Name,Commission Amount,Statement Period,Line Type\n';
    const cases: [string | Buffer, number, RegExp, string?][] = [
      [`${head}Humana,H-100,"=HYPERLINK(""http://x"")",1.00,${P},Renewal`, 400, /starts like a spreadsheet formula/],
      [`${head}Humana,@SUM(A1),Ann,1.00,${P},Renewal`, 400, /starts like a spreadsheet formula/],
      [`${head}Humana,H-100,Ann,-0.005,${P},Adjustment`, 400, /whole cents/],
      [`${head}Humana,H-100,Ann,-5.00,${P},New Business`, 400, /negative amount must be a chargeback or an adjustment/],
      [`${head}Humana,H-100,Ann,5.00,${P},Chargeback`, 400, /chargeback must be a negative amount/],
      [`${head}Humana,H-100,Ann,ten dollars,${P},Renewal`, 400, /not dollars/],
      [`${head}Humana,H-100,Ann,1.00,13/2026,Renewal`, 400, /not a month/],
      [`${head}Humana,H-100,${'x'.repeat(1001)},1.00,${P},Renewal`, 400, /more than 1000 characters/],
      [Buffer.from(`${head}Humana,H-100,Zoë,1.00,${P},Renewal`, 'latin1'), 400, /not UTF-8/],
      [Buffer.from(`\uFEFF${head}Humana,H-100,Ann,1.00,${P},Renewal`, 'utf16le'), 400, /not UTF-8/],
      ['Name,Colour\nAnn,blue', 400, /lacks the columns/],
      [`${head}Humana,H-100,Ann,1.00,${P},Renewal`, 403, /Only admins/, ben],
      ['x'.repeat(10 * 1024 * 1024 + 1), 413, /larger than 10 MB/],
    ];
    for (const [body, status, message, token] of cases) {
      const res = await apply(body, { token });
      expect(res.status, String(message)).toBe(status);
      expect(res.type).toMatch(/application\/json/);
      expect(res.body.error).toMatch(message);
    }
    const signedOut = await fetch(`${server.url}/api/admin/commissions/statements`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: head,
    });
    expect(signedOut.status).toBe(401);
    expect(await lineCount()).toBe(before);
  });
});

describe('agent statements', () => {
  it("an agent reads his own statement: paid, chargebacks and pending, 100% his share; never another agent's", async () => {
    const own = await get(`/api/admin/commissions/statement?period=${P}`, ben);
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({
      agent: 'Ben',
      period: P,
      paidCents: 6000 + 3000 + 4500 + 6000,
      chargebackCents: -6000,
      pendingCents: 0,
    });
    expect(own.body.lines.every((l: { sharePercent: number }) => l.sharePercent === 100)).toBe(true);
    expect((await get(`/api/admin/commissions/statement?period=${P}&agent=Stef`, ben)).status).toBe(403);
    const stefs = await get(`/api/admin/commissions/statement?period=${P}`, stef);
    expect(stefs.body).toMatchObject({ agent: 'Stef', paidCents: 0, pendingCents: 6000 });
    expect(stefs.body.lines.map((l: { policyNumber: string }) => l.policyNumber)).toEqual(['S-1']);
    const byAdmin = await get(`/api/admin/commissions/statement?period=${P}&agent=Ben`);
    expect(byAdmin.body.paidCents).toBe(own.body.paidCents);
    expect((await get('/api/admin/commissions/statement?period=2026-13', ben)).status).toBe(400);
  });

  it('the CSV neutralises formulas and keeps negative amounts as numbers', async () => {
    await policy('=HYPERLINK("http://evil")', '+SUM(1)', { writingAgent: 'Ben' });
    const res = await fetch(`${server.url}/api/admin/commissions/statement.csv?period=${P}`, {
      headers: { authorization: `Bearer ${ben}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const text = await res.text();
    expect(text.split('\n')[0]).toBe('agent,period,carrier,policyNumber,insuredName,lineType,sharePercent,amount');
    expect(text).toContain(`Ben,${P},Humana,'+SUM(1),"'=HYPERLINK(""http://evil"")",pending,100,60.00`);
    expect(text).toContain(`Ben,${P},Humana,H-300,Cy Charged,chargeback,100,-60.00`);
  });

  it('the figures: expected and received per month for the last 12, by carrier and by agent (admins only)', async () => {
    const res = await get('/api/admin/commissions/summary');
    expect(res.status).toBe(200);
    expect(res.body.months).toHaveLength(12);
    const month = res.body.months.find((m: { period: string }) => m.period === P);
    expect(month).toMatchObject({ expectedCents: 7 * 6000, receivedCents: 6000 + 3000 - 6000 + 4500 + 6000 });
    expect(res.body.byAgent.map((a: { agent: string }) => a.agent).sort()).toEqual(['Ben', 'Stef']);
    expect(res.body.byCarrier[0].carrier).toBe('Humana');
    expect((await get('/api/admin/commissions/summary', ben)).status).toBe(403);
    expect((await get('/api/admin/commissions/exceptions', ben)).status).toBe(403);
  });
});
