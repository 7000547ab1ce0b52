// The activity log at 100,000 entries (BENCH_ACTIVITY_SIZE picks another size) on a fresh embedded
// database: the dashboard's Recent Activity and the CSV export, whole and for one month, read from
// the log itself through its `{timestamp, _id}` index (models/activity/export.ts).
import { createStaffWithToken, startTestServer } from '../tests/helpers/test-server.ts';
import { insertActivities } from '../models/activity/log.ts';

const SIZE = Number(process.env.BENCH_ACTIVITY_SIZE || 100_000);
const BATCH = 5_000;

/** Median of `runs` timed calls, in ms. */
async function median(runs: number, fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[runs >> 1];
}

export async function benchActivity(): Promise<void> {
  const server = await startTestServer();
  try {
    const { token } = await createStaffWithToken(server, { name: 'Bench Admin', email: 'bench@example.com' });
    const now = Date.now();
    const t = performance.now();
    // One entry a minute, the newest now: SIZE minutes of history (about 69 days at 100,000).
    for (let start = 0; start < SIZE; start += BATCH) {
      await insertActivities(
        Array.from({ length: Math.min(BATCH, SIZE - start) }, (_, k) => {
          const i = start + k;
          return {
            user: i % 2 ? 'Ben' : 'Stef',
            action: 'LEAD_STATUS_UPDATED' as const,
            details: { action: 'LEAD_STATUS_UPDATED', leadId: String(i), leadName: `Bench Lead ${i}`, newStatus: 'called' },
            timestamp: new Date(now - (SIZE - i) * 60_000),
          };
        }),
      );
    }
    console.log(`${SIZE.toLocaleString('en-US')} activity entries stored in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    let lines = 0;
    const get = (path: string) => async () => {
      const res = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      lines = (await res.text()).split('\n').length - 2; // the header and the last line's newline
    };
    const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    const rows: [string, number, string][] = [];
    rows.push(['GET /api/admin/activity-logs (latest 50)', await median(5, get('/api/admin/activity-logs')), '']);
    const month = `?from=${day(now - 40 * 86_400_000)}&to=${day(now - 10 * 86_400_000)}`;
    rows.push(['activity CSV, 30 days', await median(3, get(`/api/admin/activity-logs/export${month}`)), `${lines} rows`]);
    rows.push(['activity CSV, every row', await median(3, get('/api/admin/activity-logs/export')), `${lines} rows`]);
    for (const [label, ms, note] of rows) console.log(`${label.padEnd(44)} ${ms.toFixed(0).padStart(7)} ms  ${note}`);
  } finally {
    await server.stop();
  }
}
