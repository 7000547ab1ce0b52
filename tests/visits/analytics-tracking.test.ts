// POST /api/track-visit and GET /api/admin/analytics over HTTP against the real embedded database:
// enrichment, bots, validation, sessions, unique visitors, the funnel and the comparison.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import mongoose from 'mongoose';
import { createStaffWithToken, useTestServer } from '../helpers/test-server.ts';
import { signStaffToken } from '../../server/tokens.ts';
import { flushVisits, resetVisitorState } from '../../models/visits/index.ts';
import { createLead } from '../../models/leads/index.ts';

const UA = {
  iphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  windowsChrome: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
  ipad: 'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  linuxFirefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
};

const server = useTestServer({ TRUST_PROXY: '1' });
let staff: { id: string; tokenVersion: number };
/** A token issued on the test's own clock: one issued "later" than the server's now is refused. */
const tokenNow = () => signStaffToken(staff, server.config.jwtSecret);
beforeAll(async () => {
  const created = (await createStaffWithToken(server, { name: 'Ana Lyst', email: 'ana@example.com' })).staff;
  staff = { id: String(created.id), tokenVersion: created.tokenVersion };
});

// Every test runs on its own fixed clock, on a day of its own, so their counts never mix.
let day = 0;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  day += 2;
  // Noon in Denver (UTC-7 in January): well inside one local day.
  vi.setSystemTime(new Date(Date.UTC(2026, 0, 1 + day, 19, 0)));
  resetVisitorState();
});
afterEach(() => {
  vi.useRealTimers();
});

async function track(opts: { ua: string; ip: string; page?: string; referrer?: string; headerUa?: string }) {
  const res = await server.api('POST', '/api/track-visit', {
    body: { page: opts.page ?? 'home', userAgent: opts.ua, referrer: opts.referrer ?? 'direct' },
    headers: { 'x-forwarded-for': opts.ip, 'user-agent': opts.headerUa ?? opts.ua },
  });
  expect(res.status).toBe(204);
}
const advance = (minutes: number) => vi.setSystemTime(new Date(Date.now() + minutes * 60_000));

async function report(period = '24h') {
  await flushVisits();
  const res = await server.api('GET', `/api/admin/analytics?period=${period}`, { token: tokenNow() });
  expect(res.status).toBe(200);
  return res.body;
}

describe('visit tracking', () => {
  it('enriches browser, OS, device and location from known user agents and addresses', async () => {
    await track({ ua: UA.iphone, ip: '24.56.0.1', page: 'home' });
    await track({ ua: UA.windowsChrome, ip: '81.2.69.142', page: 'about' });
    await track({ ua: UA.ipad, ip: '8.8.8.8', page: 'contact' });
    const r = await report();
    expect(r.totalVisits.current).toBe(3);
    expect(r.marketingMetrics.browsers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ browser: 'Safari', count: 2 }),
        expect.objectContaining({ browser: 'Chrome', count: 1 }),
      ]),
    );
    const devices = Object.fromEntries(r.marketingMetrics.devices.map((d: any) => [d.device, d.count]));
    expect(devices).toEqual({ Mobile: 1, Desktop: 1, Tablet: 1 });
    const os = Object.fromEntries(r.marketingMetrics.operatingSystems.map((d: any) => [d.os, d.count]));
    expect(os).toEqual({ iOS: 2, Windows: 1 });
    expect(r.locationStats.byState).toEqual([{ state: 'AZ', name: 'Arizona', count: 1, percent: 33.3 }]);
    expect(r.locationStats.byCountry).toEqual([
      { country: 'United States', code: 'US', count: 2, percent: 66.7 },
      { country: 'United Kingdom', code: 'GB', count: 1, percent: 33.3 },
    ]);
    expect(r.locationStats.byCity.map((c: any) => c.city)).toEqual(['Bracknell, United Kingdom', 'Phoenix, AZ']);
    expect(r.topPages.map((p: any) => p.page).sort()).toEqual(['about', 'contact', 'home']);
  });

  it('reduces referrers to their source and never stores the raw address', async () => {
    await track({ ua: UA.linuxFirefox, ip: '73.14.0.1', referrer: 'https://www.google.com/search?q=health+insurance' });
    await track({ ua: UA.linuxFirefox, ip: '73.14.0.2', referrer: '' });
    await track({ ua: UA.linuxFirefox, ip: '73.14.0.3', referrer: 'https://www.facebook.com/' });
    await track({ ua: UA.linuxFirefox, ip: '73.14.0.4', referrer: 'not a url' });
    const r = await report();
    const refs = Object.fromEntries(r.marketingMetrics.referrers.map((x: any) => [x.referrer, x.count]));
    expect(refs).toEqual({ direct: 2, 'google.com': 1, 'facebook.com': 1 });

    const names = (await mongoose.connection.db!.listCollections().toArray()).map((c) => c.name);
    const stored = await Promise.all(names.map((n) => mongoose.connection.db!.collection(n).find().toArray()));
    const text = JSON.stringify(stored);
    expect(text).toContain('Englewood, CO');
    expect(text).not.toContain('73.14.0.1');
  });

  it('drops known bots by the payload or the request header', async () => {
    await track({ ua: UA.googlebot, ip: '24.56.0.1' });
    await track({ ua: UA.iphone, ip: '24.56.0.1', headerUa: UA.googlebot });
    await track({ ua: UA.iphone, ip: '24.56.0.2' });
    expect((await report()).totalVisits.current).toBe(1);
  });

  it("answers 204 to any well-formed payload and counts only the site's pages", async () => {
    const pages = ['/pricing', '', '../etc', 'wp-admin', 'home', '/about', '/contact?ref=ad', 'ADMIN-LEADS'];
    for (const page of pages) {
      const res = await server.api('POST', '/api/track-visit', {
        body: { page, userAgent: UA.iphone, referrer: 'direct' },
        headers: { 'x-forwarded-for': '24.56.0.50', 'user-agent': UA.iphone },
      });
      expect(res.status, page).toBe(204);
    }
    // Over-long strings are well-formed too: cut, not refused.
    const long = await server.api('POST', '/api/track-visit', {
      body: { page: 'home', userAgent: UA.iphone + 'x'.repeat(5000), referrer: 'https://' + 'a'.repeat(3000) + '.com/' },
      headers: { 'x-forwarded-for': '24.56.0.51', 'user-agent': UA.iphone },
    });
    expect(long.status).toBe(204);
    const r = await report();
    expect(r.totalVisits.current).toBe(5);
    expect(Object.fromEntries(r.topPages.map((p: any) => [p.page, p.count]))).toEqual({ home: 2, about: 1, contact: 1, 'admin-leads': 1 });
  });

  it('refuses only payloads not of the documented shape: 400 with the field, 413 when oversize', async () => {
    for (const body of [{}, { page: 5 }, { page: 'home', userAgent: ['x'] }, { page: 'home', referrer: 5 }, ['home']]) {
      const res = await server.api('POST', '/api/track-visit', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await server.api('POST', '/api/track-visit', { body: {} })).body.error).toBe('page: Page is required');
    expect((await server.api('POST', '/api/track-visit', { body: { page: 'home', referrer: 5 } })).body.error).toBe(
      'referrer: referrer must be a string',
    );
    const broken = await server.api('POST', '/api/track-visit', { body: '{"page": "home"' });
    expect(broken.status).toBe(400);
    const huge = await server.api('POST', '/api/track-visit', { body: { page: 'home', referrer: 'x'.repeat(200_000) } });
    expect(huge.status).toBe(413);
    expect((await report()).totalVisits.current).toBe(0);
  });

  it('counts at most 300 visits an hour from one address; others still count', async () => {
    for (let i = 0; i < 310; i++) await track({ ua: UA.iphone, ip: '24.56.0.60', page: i % 2 ? 'home' : 'about' });
    await track({ ua: UA.iphone, ip: '24.56.0.61' });
    expect((await report()).totalVisits.current).toBe(301);
    advance(60);
    await track({ ua: UA.iphone, ip: '24.56.0.60' });
    expect((await report()).totalVisits.current).toBe(302);
  });

  it('counts at most 5 visits of one tRPC batch', async () => {
    const calls = 8;
    const input = Object.fromEntries(
      Array.from({ length: calls }, (_, i) => [i, { json: { page: 'home', userAgent: UA.windowsChrome, referrer: 'direct' } }]),
    );
    const res = await server.api('POST', `/trpc/${Array(calls).fill('analytics.trackVisit').join(',')}?batch=1`, {
      body: input,
      headers: { 'x-forwarded-for': '24.56.0.70', 'user-agent': UA.windowsChrome },
    });
    expect(res.status).toBe(200);
    expect(res.body.map((r: any) => r.result.data.json.accepted)).toEqual([true, true, true, true, true, false, false, false]);
    expect((await report()).totalVisits.current).toBe(5);
  });

  it('counts sessions (visits under 30 minutes apart), pages per session and bounces', async () => {
    await track({ ua: UA.iphone, ip: '24.56.0.10', page: 'home' });
    advance(10);
    await track({ ua: UA.iphone, ip: '24.56.0.10', page: 'about' });
    await track({ ua: UA.windowsChrome, ip: '24.56.0.11', page: 'home' });
    advance(29);
    await track({ ua: UA.iphone, ip: '24.56.0.10', page: 'contact' });
    advance(31);
    // 31 minutes after the last visit: a new session, which stays a bounce.
    await track({ ua: UA.iphone, ip: '24.56.0.10', page: 'home' });
    const r = await report();
    expect(r.totalVisits.current).toBe(5);
    expect(r.marketingMetrics.sessions).toBe(3);
    expect(r.marketingMetrics.avgPagesPerSession).toBe(1.67);
    expect(r.marketingMetrics.bounceRate).toBe(66.7);
  });

  it('counts unique visitors by address and browser', async () => {
    await track({ ua: UA.iphone, ip: '24.56.0.20' });
    advance(120);
    await track({ ua: UA.iphone, ip: '24.56.0.20', page: 'about' });
    await track({ ua: UA.linuxFirefox, ip: '24.56.0.20' });
    await track({ ua: UA.iphone, ip: '24.56.0.21' });
    const r = await report();
    expect(r.totalVisits.current).toBe(4);
    expect(r.uniqueVisitors.current).toBe(3);
    expect(r.dailyVisitors.current).toBe(3);
  });

  it('measures the funnel: contact-form views and leads that arrived in the period', async () => {
    await track({ ua: UA.iphone, ip: '24.56.0.30', page: 'home' });
    await track({ ua: UA.iphone, ip: '24.56.0.30', page: 'contact' });
    await track({ ua: UA.windowsChrome, ip: '24.56.0.31', page: 'contact' });
    await track({ ua: UA.ipad, ip: '24.56.0.32', page: 'about' });
    await createLead({ name: 'Funnel Person', email: 'funnel@example.com', phone: '303-555-0101' });
    await createLead({ name: 'Typed In', email: 'typed@example.com', phone: '303-555-0102', source: 'admin' });
    const f = (await report()).marketingMetrics.conversionFunnel;
    expect(f).toEqual({ visits: 4, contactViews: 2, submissions: 1, contactRate: 25, formConversionRate: 50 });
  });

  it('compares with the previous period of equal length', async () => {
    await track({ ua: UA.iphone, ip: '24.56.0.40' });
    await track({ ua: UA.windowsChrome, ip: '24.56.0.41' });
    advance(24 * 60);
    resetVisitorState();
    for (const ip of ['24.56.0.42', '24.56.0.43', '24.56.0.44', '24.56.0.45']) await track({ ua: UA.iphone, ip });
    const r = await report();
    expect(r.totalVisits).toEqual({ current: 4, previous: 2, change: 100, trend: 'up' });
    expect(r.uniqueVisitors).toEqual({ current: 4, previous: 2, change: 100, trend: 'up' });
    expect(r.visitsOverTime.resolution).toBe('hour');
    expect(r.visitsOverTime.points).toHaveLength(24);
    expect(r.visitsOverTime.points.at(-1)).toMatchObject({ label: '12 PM', visits: 4 });
  });

  it('answers every period, refuses an unknown one with 400 and requires a token', async () => {
    for (const period of ['24h', '7d', '30d', '90d', 'current-month', 'last-month', 'current-year', 'last-year']) {
      const r = await report(period);
      expect(r.period).toBe(period);
    }
    const bad = await server.api('GET', '/api/admin/analytics?period=forever', { token: tokenNow() });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/period: Unknown period/);
    expect((await server.api('GET', '/api/admin/analytics?period=24h')).status).toBe(401);
  });
});
