// Leads, stats and the activity export at 1,000, 10,000 and 100,000 leads (and as many activity
// entries), each size on a fresh embedded database, printed as one table so growth is visible.
// BENCH_SIZES=1000,10000 picks other sizes.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import superjson from 'superjson';
import { createStaffWithToken, startTestServer, type TestServer } from '../tests/helpers/test-server.ts';
import { nameKey, writeAroundLeadModel } from '../models/leads/testing.ts';
import { insertActivities } from '../models/activity/log.ts';
import { LEAD_STATUSES, digitsOf } from '../schemas/lead.ts';

const SIZES = (process.env.BENCH_SIZES || '1000,10000,100000').split(',').map(Number);
const BATCH = 5_000;

/** Median of `runs` timed calls, in ms. */
async function median(runs: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[runs >> 1];
}

export async function seed(size: number) {
  const now = Date.now();
  // Stored around the model in bulk (with the name's sort key, which the model's hooks would set).
  await writeAroundLeadModel(async (Lead) => {
    for (let start = 0; start < size; start += BATCH) {
      await Lead.insertMany(
        Array.from({ length: Math.min(BATCH, size - start) }, (_, k) => {
          const i = start + k; // i = 0 is the oldest
          const status = LEAD_STATUSES[i % LEAD_STATUSES.length];
          const phone = `303555${String(i).padStart(4, '0')}`;
          const createdAt = new Date(now - (size - i) * 60_000);
          return {
            name: `Bench Lead ${i}`,
            nameKey: nameKey(`Bench Lead ${i}`),
            email: `bench${i}@example.com`,
            phone,
            phoneDigits: digitsOf(phone),
            status,
            claimedBy: status === 'unclaimed' ? null : i % 2 ? 'Ben' : 'Stef',
            claimedAt: status === 'unclaimed' ? null : new Date(createdAt.getTime() + 30 * 60_000),
            contactedAt: ['unclaimed', 'lost'].includes(status) ? null : new Date(createdAt.getTime() + 60 * 60_000),
            createdAt,
            firstTouch: i % 4 ? { landingPage: '/', utmSource: ['newsletter', 'facebook', 'google'][i % 3] } : null,
          };
        }),
        { lean: true },
      );
    }
  });
  for (let start = 0; start < size; start += BATCH) {
    await insertActivities(
      Array.from({ length: Math.min(BATCH, size - start) }, (_, k) => ({
        user: k % 2 ? 'Ben' : 'Stef',
        action: 'LEAD_STATUS_UPDATED' as const,
        details: { action: 'LEAD_STATUS_UPDATED', leadId: String(start + k), newStatus: 'called' },
        timestamp: new Date(now - (size - start - k) * 1000),
      })),
    );
  }
}

async function measure(server: TestServer, token: string, size: number): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  const get = (path: string) => async () => {
    const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`${path}: ${res.status}`);
    await res.arrayBuffer();
  };
  const page = (input: object) => get(`/trpc/leads.page?input=${encodeURIComponent(JSON.stringify(superjson.serialize(input)))}`);
  let n = 0;
  // The newest leads get claimed: they sit at the end of the collection, as in real use.
  const fresh: string[] = [];
  out.set(
    'POST /api/referral (p50 of 21)',
    await median(21, async () => {
      const i = n++;
      const res = await fetch(`${server.url}/api/referral`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${i >> 8}.${i & 255}` },
        body: JSON.stringify({ name: `Visitor ${i}`, email: `visitor${i}@example.org`, phone: `720-555-${String(1000 + i)}` }),
      });
      if (res.status !== 201) throw new Error(`referral: ${res.status}`);
      fresh.push(((await res.json()) as { leadId: string }).leadId);
    }),
  );
  out.set('leads.page all, first page', await median(5, page({ tab: 'all', page: 0 })));
  out.set('leads.page unclaimed, first page', await median(5, page({ tab: 'unclaimed', page: 0 })));
  out.set('leads.page lost, page 3', await median(5, page({ tab: 'lost', page: 3 })));
  out.set('leads.page search, first since start', await median(1, page({ tab: 'all', search: 'lead 99' })));
  out.set('leads.page search "lead 12"', await median(3, page({ tab: 'all', search: 'lead 12' })));
  out.set('leads.page all, oldest first', await median(5, page({ tab: 'all', page: 0, sort: 'received', order: 'asc' })));
  out.set('leads.page all by name, page 2', await median(3, page({ tab: 'all', page: 2, sort: 'name', order: 'asc' })));
  out.set('leads.page unclaimed, overdue filter', await median(3, page({ tab: 'unclaimed', page: 0, overdue: true })));
  out.set(
    'tab counts + GET /api/admin/stats',
    await median(5, () => Promise.all([get('/api/admin/stats')(), page({ tab: 'all', page: 0, search: '' })()])),
  );
  const conversion = (period: string) =>
    get(`/trpc/leads.conversion?input=${encodeURIComponent(JSON.stringify(superjson.serialize({ period })))}`);
  out.set('leads.conversion 30d', await median(3, conversion('30d')));
  out.set('leads.conversion current-year', await median(3, conversion('current-year')));
  out.set('conversion.csv current-year', await median(3, get('/api/admin/stats/conversion.csv?period=current-year')));
  const unclaimed = fresh.map((id) => ({ _id: id }));
  n = 0;
  out.set(
    'PUT .../claim (p50 of 11)',
    await median(11, async () => {
      const res = await server.api('PUT', `/api/admin/leads/${String(unclaimed[n++]._id)}/claim`, { token, body: { claimedBy: 'Ben' } });
      if (res.status !== 200) throw new Error(`claim: ${res.status}`);
    }),
  );
  n = 0;
  const statuses = ['called', 'follow-up', 'quoted'];
  out.set(
    'PUT .../{id} status (p50 of 11)',
    await median(11, async (i) => {
      const res = await server.api('PUT', `/api/admin/leads/${String(unclaimed[i]._id)}`, { token, body: { status: statuses[i % 3] } });
      if (res.status !== 200) throw new Error(`status: ${res.status}`);
    }),
  );
  out.set(
    'PUT .../{id} notes (p50 of 11)',
    await median(11, async (i) => {
      const res = await server.api('PUT', `/api/admin/leads/${String(unclaimed[i]._id)}`, { token, body: { notes: `Called back ${i}` } });
      if (res.status !== 200) throw new Error(`notes: ${res.status}`);
    }),
  );
  out.set(`activity CSV export (all rows)`, await median(1, get('/api/admin/activity-logs/export')));
  out.set(
    'GET /api/admin/leads, first byte',
    await median(3, async () => {
      const res = await fetch(`${server.url}/api/admin/leads`, { headers: { authorization: `Bearer ${token}` } });
      const reader = res.body!.getReader();
      await reader.read();
      await reader.cancel();
    }),
  );
  if (size <= 10_000) out.set('GET /api/admin/leads (every lead)', await median(1, get('/api/admin/leads')));
  return out;
}

/** One size on its own server and connection, in this process; prints its figures as one JSON line. */
async function benchSize(size: number): Promise<void> {
  const server = await startTestServer({ TRUST_PROXY: '1' });
  try {
    const { token } = await createStaffWithToken(server, { name: 'Bench Admin', email: 'bench@example.com' });
    await createStaffWithToken(server, { name: 'Ben', email: 'ben@example.com', isAgent: true });
    await createStaffWithToken(server, { name: 'Stef', email: 'stef@example.com', isAgent: true });
    const t = performance.now();
    await seed(size);
    console.log(`${size.toLocaleString('en-US')} leads and activity entries stored in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    console.log(`RESULT ${JSON.stringify([...(await measure(server, token, size))])}`);
  } finally {
    await server.stop();
  }
}

export async function benchLeads(): Promise<void> {
  if (process.env.BENCH_ONE_SIZE) return benchSize(Number(process.env.BENCH_ONE_SIZE));
  // Each size in a process of its own, with a fresh database and connection.
  const results = new Map<number, Map<string, number>>();
  for (const size of SIZES) {
    const r = spawnSync(path.join('node_modules', '.bin', 'tsx'), ['bench/run.ts', 'leads'], {
      env: { ...process.env, BENCH_ONE_SIZE: String(size) },
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = (r.stdout ?? '').split('\n');
    for (const line of lines) if (line && !line.startsWith('RESULT ') && !line.startsWith('## ')) console.log(line);
    const result = lines.find((l) => l.startsWith('RESULT '));
    if (result) results.set(size, new Map(JSON.parse(result.slice(7)) as [string, number][]));
  }
  const rows = [...new Set([...results.values()].flatMap((m) => [...m.keys()]))];
  const head = ['median ms'.padEnd(38), ...SIZES.map((s) => `${s.toLocaleString('en-US')} leads`.padStart(14))].join(' | ');
  console.log(`\n${head}\n${'-'.repeat(head.length)}`);
  for (const row of rows) {
    console.log([row.padEnd(38), ...SIZES.map((s) => (results.get(s)?.get(row)?.toFixed(0) ?? '—').padStart(14))].join(' | '));
  }
}
