// Benchmarks of analytics on the embedded database, on a fresh temporary DATA_DIR:
// 1. ingestion: requests per second of POST /api/track-visit against GET /api/health on the
//    same server in the same run, and how fast the queued visits are then aggregated;
// 2. the analytics answer time of each period over 1,000,000 stored visits (bulk inserted).
import { withAppInProcess } from './in-process.ts';
import { inBatches } from '../server/stream-answer.ts';
import { StaffModel } from '../models/staff';
import { hashPassword } from '../models/staff/accounts.ts';
import { signStaffToken } from '../server/tokens.ts';
import { flushVisits, resetVisitorState, storeVisits, type EnrichedVisit } from '../models/visits/index.ts';
import { ANALYTICS_PERIODS } from '../schemas/analytics.ts';

const STORED_VISITS = Number(process.env.BENCH_VISITS || 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 4000);
const CONCURRENCY = 32;
const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

/** Sends `total` requests, `CONCURRENCY` at a time; returns requests per second. */
async function load(total: number, send: (i: number) => Promise<Response>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < total) {
        const res = await send(next++);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`request failed with ${res.status}`);
      }
    }),
  );
  return total / ((performance.now() - started) / 1000);
}

const pick = <T>(items: readonly T[]) => items[Math.floor(Math.random() * items.length)]!;
const PAGES = ['home', 'home', 'home', 'about', 'contact', 'contact'] as const;
const PLACES = [
  ['US', 'CO', 'Denver, CO'],
  ['US', 'CO', 'Boulder, CO'],
  ['US', 'AZ', 'Phoenix, AZ'],
  ['US', 'TX', 'Dallas, TX'],
  ['US', 'CA', 'Los Angeles, CA'],
  ['US', 'NY', 'New York, NY'],
  ['US', 'FL', 'Miami, FL'],
  ['GB', null, 'London, United Kingdom'],
] as const;
const CLIENTS = [
  ['Chrome', 'Windows', 'Desktop'],
  ['Safari', 'iOS', 'Mobile'],
  ['Chrome', 'Android', 'Mobile'],
  ['Safari', 'macOS', 'Desktop'],
  ['Edge', 'Windows', 'Desktop'],
] as const;
const REFERRERS = ['direct', 'direct', 'google.com', 'facebook.com', 'bing.com'] as const;

/** `count` visits spread evenly over the `days` before now, in time order, a few pages per visitor. */
function* generateVisits(count: number, days: number): Generator<EnrichedVisit> {
  const end = Date.now();
  const step = (days * 86_400_000) / count;
  let visitor = 0;
  for (let i = 0; i < count; i++) {
    if (i % 3 === 0) visitor++;
    const [country, state, city] = pick(PLACES);
    const [browser, os, device] = pick(CLIENTS);
    yield {
      at: new Date(end - days * 86_400_000 + i * step),
      page: pick(PAGES),
      browser,
      os,
      device,
      country,
      state,
      city,
      referrer: pick(REFERRERS),
      visitor: `bench-${visitor}`,
    };
  }
}

export async function benchAnalytics(): Promise<void> {
  const env = { NODE_ENV: 'test', JWT_SECRET: 'bench-secret-bench-secret-bench-secret-00' } as const;
  await withAppInProcess('analytics', env, async ({ base, config }) => {
    // 1. Ingestion against health, interleaved so both see the same machine.
    const health = () => fetch(`${base}/api/health`);
    const track = (i: number) =>
      fetch(`${base}/api/track-visit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'user-agent': UA, 'x-forwarded-for': `24.56.${(i >> 8) & 255}.${i & 255}` },
        body: JSON.stringify({ page: pick(PAGES), userAgent: UA, referrer: 'https://www.google.com/' }),
      });
    await load(200, health);
    await load(200, track);
    await flushVisits();
    const healthRates: number[] = [];
    const trackRates: number[] = [];
    let drainMs = 0;
    for (let round = 0; round < 2; round++) {
      healthRates.push(await load(REQUESTS / 2, health));
      trackRates.push(await load(REQUESTS / 2, track));
      const t = performance.now();
      await flushVisits();
      drainMs += performance.now() - t;
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const h = mean(healthRates);
    const tr = mean(trackRates);
    console.log(
      `ingestion: ${tr.toFixed(0)} track-visit/s vs ${h.toFixed(0)} health/s (ratio ${(tr / h).toFixed(2)}), ${REQUESTS} requests each, ${CONCURRENCY} concurrent`,
    );
    console.log(`  queued visits fully aggregated ${(drainMs / 1000).toFixed(2)}s after the last answer`);

    // 2. A million stored visits over two years, bulk inserted through the same aggregation.
    resetVisitorState();
    const started = performance.now();
    for await (const batch of inBatches(generateVisits(STORED_VISITS, 730), 20_000)) await storeVisits(batch, config.TIME_ZONE);
    const loadS = (performance.now() - started) / 1000;
    console.log(
      `stored ${STORED_VISITS.toLocaleString('en-US')} visits (raw + aggregates, bulk inserts of 20,000) in ${loadS.toFixed(1)}s (${Math.round(STORED_VISITS / loadS).toLocaleString('en-US')}/s)`,
    );

    const staff = await StaffModel.create({
      name: 'Bench',
      email: 'bench@example.com',
      passwordHash: await hashPassword('bench-password'),
    });
    const token = signStaffToken({ id: staff.id, tokenVersion: staff.tokenVersion }, config.jwtSecret);
    for (const period of ANALYTICS_PERIODS) {
      const times: number[] = [];
      let visits = 0;
      for (let i = 0; i < 5; i++) {
        const t = performance.now();
        const res = await fetch(`${base}/api/admin/analytics?period=${period}`, { headers: { authorization: `Bearer ${token}` } });
        const body = (await res.json()) as { totalVisits: { current: number } };
        times.push(performance.now() - t);
        visits = body.totalVisits.current;
      }
      times.sort((a, b) => a - b);
      console.log(
        `GET /api/admin/analytics?period=${period.padEnd(13)} median ${times[2]!.toFixed(0).padStart(4)} ms (max ${times[4]!.toFixed(0)} ms) over ${visits.toLocaleString('en-US')} visits in the period`,
      );
    }
  });
}
