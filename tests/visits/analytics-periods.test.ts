// Period boundaries on a fixed clock in America/Denver: month and year edges, daylight saving,
// the previous period of equal length, and unique visitors of windows that start mid-day.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import mongoose from 'mongoose';
import { startTestDatabase, type TestDatabase } from '../helpers/test-db.ts';
import { resetVisitorState, storeVisits, type EnrichedVisit } from '../../models/visits/index.ts';
import { buildAnalyticsReport } from '../../models/visits/report.ts';
import { periodWindows } from '../../schemas/period-windows.ts';
import type { AnalyticsPeriod } from '../../schemas/analytics.ts';

const TZ = 'America/Denver';
let db: TestDatabase;
beforeAll(async () => {
  db = await startTestDatabase();
});
afterAll(async () => {
  await db?.stop();
});
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  resetVisitorState();
  const names = (await mongoose.connection.db!.listCollections().toArray()).map((c) => c.name);
  await Promise.all(names.filter((n) => n.startsWith('visit')).map((n) => mongoose.connection.db!.dropCollection(n)));
});
afterEach(() => {
  vi.useRealTimers();
});

let counter = 0;
const visit = (iso: string, visitor = `v${++counter}`, page = 'home'): EnrichedVisit => ({
  at: new Date(iso),
  page,
  browser: 'Chrome',
  os: 'Windows',
  device: 'Desktop',
  country: 'US',
  state: 'CO',
  city: 'Denver, CO',
  referrer: 'direct',
  visitor,
});

async function load(nowIso: string, visits: EnrichedVisit[]) {
  vi.setSystemTime(new Date(nowIso));
  await storeVisits(
    visits.sort((a, b) => +a.at - +b.at),
    TZ,
  );
}
const report = (period: AnalyticsPeriod, nowIso: string) => buildAnalyticsReport(period, { timeZone: TZ, now: new Date(nowIso) });

describe('calendar periods at month and year edges', () => {
  // 10 January 2025, noon in Denver (UTC-7).
  const NOW = '2025-01-10T19:00:00Z';
  beforeEach(async () => {
    await load(NOW, [
      visit('2025-01-01T07:30:00Z'), // 1 Jan 00:30 local: this month, this year
      visit('2025-01-01T06:30:00Z'), // 31 Dec 23:30 local (1 Jan in UTC): last month, last year
      visit('2024-12-01T07:00:00Z'), // 1 Dec 00:00 local: last month
      visit('2024-11-30T06:59:00Z'), // 29 Nov 23:59 local: the month before last
      visit('2024-11-30T07:01:00Z'), // 30 Nov 00:01 local: the month before last
      visit('2024-01-01T07:00:00Z'), // 1 Jan 2024 00:00 local: last year
      visit('2024-01-01T06:59:00Z'), // 31 Dec 2023 23:59 local: the year before last
    ]);
  });

  it('counts this month and the same days of last month', async () => {
    const r = await report('current-month', NOW);
    expect(r.totalVisits).toMatchObject({ current: 1, previous: 1 });
    expect(r.range).toEqual({ start: '2025-01-01T07:00:00.000Z', end: NOW.replace('Z', '.000Z'), days: 10 });
    expect(r.previousRange).toMatchObject({ start: '2024-12-01T07:00:00.000Z', end: '2024-12-11T07:00:00.000Z', days: 10 });
  });

  it('counts last month against the month before it', async () => {
    const r = await report('last-month', NOW);
    expect(r.totalVisits).toEqual({ current: 2, previous: 2, change: 0, trend: 'stable' });
    expect(r.range.days).toBe(31);
    expect(r.visitsOverTime.points).toHaveLength(31);
    expect(r.visitsOverTime.points.at(-1)).toMatchObject({ key: '2024-12-31', label: 'Dec 31', visits: 1 });
  });

  it('counts this year and the same span of last year', async () => {
    const r = await report('current-year', NOW);
    expect(r.totalVisits).toMatchObject({ current: 1, previous: 1 });
    expect(r.range.days).toBe(10);
  });

  it('counts last year by its months against the year before it', async () => {
    const r = await report('last-year', NOW);
    expect(r.totalVisits).toEqual({ current: 5, previous: 1, change: 400, trend: 'up' });
    expect(r.range.days).toBe(366);
    expect(r.visitsOverTime.points.map((p) => p.visits)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2]);
    expect(r.dailyVisitors.current).toBe(0);
  });
});

describe('rolling periods and daylight saving', () => {
  it('spring forward: 24 hourly buckets with no 2 AM, and local days of 23 hours', async () => {
    const NOW = '2025-03-09T18:20:00Z'; // 12:20 MDT on the day clocks went forward
    await load(NOW, [
      visit('2025-03-08T18:59:00Z'), // 11:59 MST the day before: previous 24 hours
      visit('2025-03-08T19:00:00Z'), // 12:00 MST: first hour of the window
      visit('2025-03-09T08:30:00Z'), // 01:30 MST
      visit('2025-03-09T09:30:00Z'), // 03:30 MDT
      visit('2025-03-03T06:59:00Z'), // 2 Mar 23:59: previous 7 days
      visit('2025-03-03T07:00:00Z'), // 3 Mar 00:00: first minute of the 7 days
    ]);
    const day = await report('24h', NOW);
    expect(day.totalVisits).toMatchObject({ current: 3, previous: 1 });
    const labels = day.visitsOverTime.points.map((p) => p.label);
    expect(labels).toHaveLength(24);
    expect(labels[0]).toBe('12 PM');
    expect(labels).toContain('1 AM');
    expect(labels).not.toContain('2 AM');
    expect(day.marketingMetrics.peakHours.map((h) => h.time).sort()).toEqual(['1 AM', '12 PM', '3 AM']);

    const week = await report('7d', NOW);
    expect(week.totalVisits).toMatchObject({ current: 5, previous: 1 });
    expect(week.visitsOverTime.points.map((p) => p.key)).toEqual([
      '2025-03-03',
      '2025-03-04',
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
      '2025-03-08',
      '2025-03-09',
    ]);
    expect(week.visitsOverTime.points.map((p) => p.visits)).toEqual([1, 0, 0, 0, 0, 2, 2]);
  });

  it('fall back: the repeated 1 AM hour is two buckets of one local day', async () => {
    const NOW = '2025-11-02T20:00:00Z'; // 13:00 MST
    await load(NOW, [
      visit('2025-11-02T05:59:00Z'), // 1 Nov 23:59 MDT
      visit('2025-11-02T06:00:00Z'), // 2 Nov 00:00 MDT
      visit('2025-11-02T07:30:00Z'), // 01:30 MDT
      visit('2025-11-02T08:30:00Z'), // 01:30 MST
    ]);
    const day = await report('24h', NOW);
    expect(day.marketingMetrics.peakHours[0]).toEqual({ hour: 1, time: '1 AM', count: 2 });
    expect(day.visitsOverTime.points.filter((p) => p.label === '1 AM')).toHaveLength(2);
    const week = await report('7d', NOW);
    expect(week.visitsOverTime.points.slice(-2).map((p) => p.visits)).toEqual([1, 3]);
  });

  it('counts a visitor in a 24-hour window that starts mid-day only if they came after its start', async () => {
    const NOW = '2025-06-11T18:00:00Z'; // noon MDT
    await load(NOW, [
      visit('2025-06-10T16:00:00Z', 'early-and-late'), // 10 AM yesterday: before the window
      visit('2025-06-10T20:00:00Z', 'early-and-late'), // 2 PM yesterday: inside
      visit('2025-06-10T16:30:00Z', 'early-only'), // 10:30 AM yesterday only
      visit('2025-06-11T15:00:00Z', 'today'),
    ]);
    const r = await report('24h', NOW);
    expect(r.totalVisits).toMatchObject({ current: 2, previous: 2 });
    expect(r.uniqueVisitors).toMatchObject({ current: 2, previous: 2 });
  });

  it('compares 7, 30 and 90 days with the days just before them', () => {
    const w = (p: AnalyticsPeriod) => periodWindows(p, new Date('2025-03-31T18:00:00Z'), TZ);
    expect(w('7d').current.dayRange).toEqual(['2025-03-25', '2025-03-31']);
    expect(w('7d').previous.dayRange).toEqual(['2025-03-18', '2025-03-24']);
    expect(w('30d').current.dayRange).toEqual(['2025-03-02', '2025-03-31']);
    expect(w('30d').previous.dayRange).toEqual(['2025-01-31', '2025-03-01']);
    expect(w('90d').current.days).toBe(90);
    expect(w('90d').previous.days).toBe(90);
    // Month-to-date on the 31st compares with all of February.
    expect(w('current-month').previous.dayRange).toEqual(['2025-02-01', '2025-02-28']);
    expect(w('current-year').current).toMatchObject({
      monthRange: ['2025-01', '2025-02'],
      dayRange: ['2025-03-01', '2025-03-31'],
      days: 90,
    });
    expect(w('current-year').previous).toMatchObject({
      monthRange: ['2024-01', '2024-02'],
      dayRange: ['2024-03-01', '2024-03-31'],
      days: 91,
    });
  });
});
