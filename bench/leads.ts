// Leads, stats and activity over 10,000 leads and 100,000 activity entries on the embedded database.
import { createStaffWithToken, startTestServer } from '../tests/helpers/test-server.ts';
import { LeadModel } from '../models/lead.ts';
import { insertActivities } from '../models/activity.ts';
import { LEAD_STATUSES, digitsOf } from '../schemas/lead.ts';

const LEADS = 10_000;
const ACTIVITY = 100_000;
const BATCH = 5_000;

async function timeIt(label: string, fn: () => Promise<unknown>, runs = 5) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(44)} median ${times[runs >> 1].toFixed(0).padStart(6)} ms   max ${times[runs - 1].toFixed(0).padStart(6)} ms`);
}

export async function benchLeads(): Promise<void> {
  const server = await startTestServer();
  try {
    const { token } = await createStaffWithToken(server, { name: 'Bench Admin', email: 'bench@example.com' });
    await createStaffWithToken(server, { name: 'Ben', email: 'ben@example.com', isAgent: true });
    await createStaffWithToken(server, { name: 'Stef', email: 'stef@example.com', isAgent: true });

    let t = performance.now();
    const now = Date.now();
    for (let start = 0; start < LEADS; start += BATCH) {
      await LeadModel.insertMany(
        Array.from({ length: BATCH }, (_, k) => {
          const i = start + k;
          const status = LEAD_STATUSES[i % LEAD_STATUSES.length];
          const phone = `303555${String(i).padStart(4, '0')}`;
          return {
            name: `Bench Lead ${i}`,
            email: `bench${i}@example.com`,
            phone,
            phoneDigits: digitsOf(phone),
            status,
            claimedBy: status === 'unclaimed' ? null : i % 2 ? 'Ben' : 'Stef',
            claimedAt: status === 'unclaimed' ? null : new Date(now - i * 60_000 + 30 * 60_000),
            createdAt: new Date(now - i * 60_000),
          };
        }),
        { lean: true },
      );
    }
    console.log(`inserted ${LEADS} leads in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    t = performance.now();
    for (let start = 0; start < ACTIVITY; start += BATCH) {
      await insertActivities(
        Array.from({ length: BATCH }, (_, k) => ({
          user: k % 2 ? 'Ben' : 'Stef',
          action: 'LEAD_STATUS_UPDATED' as const,
          details: { action: 'LEAD_STATUS_UPDATED', leadId: String(k), newStatus: 'called' },
          timestamp: new Date(now - (start + k) * 1000),
        })),
      );
    }
    console.log(`inserted ${ACTIVITY} activity entries in ${((performance.now() - t) / 1000).toFixed(1)} s`);

    const get = (path: string) => async () => {
      const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      await res.arrayBuffer();
    };
    await timeIt('GET /api/admin/stats', get('/api/admin/stats'));
    await timeIt(`GET /api/admin/leads (${LEADS} leads)`, get('/api/admin/leads'));
    await timeIt('GET /api/admin/activity-logs (latest 50)', get('/api/admin/activity-logs'));
    const unclaimed = await LeadModel.find({ status: 'unclaimed', claimedBy: null }).limit(5).select({ _id: 1 }).lean();
    let n = 0;
    await timeIt('PUT /api/admin/leads/{id}/claim', async () => {
      const res = await server.api('PUT', `/api/admin/leads/${String(unclaimed[n++]._id)}/claim`, { token, body: { claimedBy: 'Ben' } });
      if (res.status !== 200) throw new Error(`claim: ${res.status}`);
    });
    await timeIt(`GET activity export (${ACTIVITY} rows as CSV)`, get('/api/admin/activity-logs/export'), 1);
  } finally {
    await server.stop();
  }
}
