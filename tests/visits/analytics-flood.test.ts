// A flood of 20,000 tracking calls, each with a new page and referrer, from one address and from
// many: the aggregates stay bounded, so the analytics answer reads as little as before the flood
// (bench/analytics.ts times it; a timed assertion here would only measure the machine's load).
// The flood goes to the tracking procedure's own function (what POST /api/track-visit calls after
// reading the address), which sends it in seconds instead of minutes of HTTP on a small machine.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import mongoose from 'mongoose';
import { createStaffWithToken, type TestServer } from '../helpers/test-server.ts';
import { acceptVisit, flushVisits, resetVisitorState } from '../../models/visits';
import { startServerAtFixedClock } from '../helpers/fixed-clock-server.ts';

const UA = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startServerAtFixedClock();
  // Signed on that clock: a token issued "later" than the server's now is refused.
  token = (await createStaffWithToken(server, { name: 'Flo Od', email: 'flood@example.com' })).token;
  resetVisitorState();
});
afterAll(async () => {
  vi.useRealTimers();
  await server?.stop();
});

const track = (ip: string, page: string, referrer: string) =>
  acceptVisit({ page, userAgent: UA, referrer }, { ip, headerUserAgent: UA, host: '127.0.0.1', timeZone: server.config.TIME_ZONE });

/** Sends the calls 500 at a time; returns how many were counted. */
async function send(calls: (() => ReturnType<typeof track>)[]) {
  let counted = 0;
  for (let i = 0; i < calls.length; i += 500)
    counted += (await Promise.all(calls.slice(i, i + 500).map((c) => c()))).filter(Boolean).length;
  await flushVisits();
  return counted;
}

const PAGES = ['/', '/about', '/contact', 'home', 'about', 'contact'];

describe('a flood of visits', () => {
  it(
    'keeps every aggregate bounded, so the analytics answer reads no more than before (its speed: npm run bench analytics)',
    { timeout: 300_000 },
    async () => {
      // Ordinary traffic: 200 visits from 40 addresses with a handful of sources.
      const ordinary = Array.from(
        { length: 200 },
        (_, i) => () => track(`73.14.${i % 40}.9`, PAGES[i % 6]!, ['direct', 'https://www.google.com/', 'https://www.bing.com/'][i % 3]!),
      );
      expect(await send(ordinary)).toBe(200);

      // 10,000 calls from one address and 10,000 from as many addresses, each with a new page and referrer.
      const oneAddress = Array.from(
        { length: 10_000 },
        (_, i) => () => track('24.56.0.99', i % 2 ? `/about?x=${i}` : `/page-${i}`, `https://spam-${i}.example/`),
      );
      const manyAddresses = Array.from(
        { length: 10_000 },
        (_, i) => () =>
          track(`24.${(i >> 8) & 255}.${i & 255}.${7 + (i >> 16)}`, i % 2 ? '/contact' : `/landing-${i}`, `https://ref-${i}.example/`),
      );
      expect(await send([...oneAddress, ...manyAddresses])).toBe(300 + 5_000);

      const r = (await server.api('GET', '/api/admin/analytics?period=24h', { token })).body;
      // 200 ordinary; from the one address its first 300 /about (its limit per hour; /page-N is not a
      // page of the site); 5,000 /contact from the many addresses.
      expect(r.totalVisits.current).toBe(200 + 300 + 5_000);
      expect(Object.fromEntries(r.topPages.map((p: any) => [p.page, p.count]))).toEqual({ home: 67, about: 67 + 300, contact: 66 + 5_000 });

      // No aggregate document holds more than 100 keys per dimension, plus "other".
      for (const name of ['visit_hours', 'visit_days', 'visit_months']) {
        for (const doc of await mongoose.connection.db!.collection(name).find().toArray()) {
          for (const dim of ['pages', 'referrers', 'cities', 'countries', 'states']) {
            expect(Object.keys(doc[dim] ?? {}).length, `${name} ${dim}`).toBeLessThanOrEqual(101);
          }
          expect(Object.keys(doc.referrers).length, name).toBe(101);
          // The 3 ordinary sources and the first 97 new ones keep their keys; the other 5,203 are "other".
          expect(doc.referrers.other, name).toBe(300 + 5_000 - 97);
        }
      }
    },
  );
});
