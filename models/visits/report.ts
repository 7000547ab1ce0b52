// The Site Analytics answer (docs/product.md §3 analytics) for one period, measured from the visit
// aggregates, compared with the previous period of equal length.
import { tz } from '@date-fns/tz';
import { format } from 'date-fns/format';
import { ANALYTICS_LIMITS, CONTACT_PAGE, US_STATES, hourLabel, type AnalyticsPeriod } from '../../schemas/analytics.ts';
import { countSubmissions } from '../leads';
import { DIMENSIONS, readBuckets, type Bucket, type Dimension } from './stats.ts';
import { dayId, daysBetween, localHourOf, monthsBetween, periodWindows, type Window } from '../../schemas/period-windows.ts';
import { countryName } from './enrich.ts';
import { geoDataInfo } from '../../server/geo.ts';

interface Point {
  key: string;
  label: string;
  visits: number;
  visitors: number;
}

interface Summary {
  visits: number;
  visitors: number;
  sessions: number;
  bounces: number;
  maps: Record<Dimension, Record<string, number>>;
  points: Point[];
  submissions: number;
}

const emptyMaps = () => Object.fromEntries(DIMENSIONS.map((d) => [d, {}])) as Record<Dimension, Record<string, number>>;
/** Labels of day and month ids, which are calendar dates: formatted in UTC so no zone shifts them. */
const utcLabel = (iso: string, pattern: string) => format(new Date(iso), pattern, { in: tz('UTC') });

function addInto(sum: Summary, b: Bucket) {
  sum.visits += b.counters.visits;
  sum.sessions += b.counters.sessions;
  sum.bounces += b.counters.bounces;
  for (const dim of DIMENSIONS) {
    const target = sum.maps[dim];
    for (const [k, n] of Object.entries(b.maps[dim])) target[k] = (target[k] ?? 0) + n;
  }
  if (b.localHour !== undefined) sum.maps.hours[String(b.localHour)] = (sum.maps.hours[String(b.localHour)] ?? 0) + b.counters.visits;
}

type Level = 'hour' | 'day' | 'month';
type Ranges = Record<Level, [string, string] | null>;
const rangesOf = (w: Window): Ranges => ({
  hour: w.hours.length ? [w.hours[0]!, w.hours.at(-1)!] : null,
  day: w.dayRange,
  month: w.monthRange,
});

/**
 * Reads each level once for both windows (the database scans a collection per query), then
 * hands each window its buckets.
 */
async function readBoth(a: Window, b: Window) {
  const ra = rangesOf(a);
  const rb = rangesOf(b);
  const levels: Level[] = ['hour', 'day', 'month'];
  const read = await Promise.all(
    levels.map((level) => {
      const x = ra[level];
      const y = rb[level];
      if (!x && !y) return [];
      const first = [x?.[0], y?.[0]].filter(Boolean).sort()[0]!;
      const last = [x?.[1], y?.[1]].filter(Boolean).sort().at(-1)!;
      return readBuckets(level, first, last);
    }),
  );
  const pick = (r: Ranges) =>
    Object.fromEntries(
      levels.map((level, i) => [level, r[level] ? read[i]!.filter((bk) => bk._id >= r[level]![0] && bk._id <= r[level]![1]) : []]),
    ) as Record<Level, Bucket[]>;
  return [pick(ra), pick(rb)] as const;
}

/** Adds up the buckets of one window. */
async function summarize(
  w: Window,
  buckets: Record<Level, Bucket[]>,
  series: 'hour' | 'day' | 'month',
  timeZone: string,
): Promise<Summary> {
  const sum: Summary = { visits: 0, visitors: 0, sessions: 0, bounces: 0, maps: emptyMaps(), points: [], submissions: 0 };
  const { hour: hours, day: days, month: months } = buckets;
  // Leads staff typed in themselves are no form submissions.
  sum.submissions = await countSubmissions(w.start, w.end);

  if (w.hours.length) {
    // A window that starts mid-day counts that day's visitors in the hour of their latest visit.
    const firstDay = dayId(w.start, timeZone);
    const startsMidDay = localHourOf(w.start, timeZone) !== 0 && dayId(new Date(+w.end - 1), timeZone) !== firstDay;
    const byId = new Map(hours.map((b) => [b._id, b]));
    for (const id of w.hours) {
      const b = byId.get(id);
      const visitors = b ? (startsMidDay && b.day === firstDay ? b.counters.visitorsLast : b.counters.visitors) : 0;
      if (b) addInto(sum, b);
      sum.visitors += visitors;
      const at = new Date(`${id}:00:00Z`);
      sum.points.push({ key: id, label: hourLabel(localHourOf(at, timeZone)), visits: b?.counters.visits ?? 0, visitors });
    }
    return sum;
  }

  for (const b of [...months, ...days]) {
    addInto(sum, b);
    sum.visitors += b.counters.visitors;
  }
  if (series === 'day' && w.dayRange) {
    const byId = new Map(days.map((b) => [b._id, b]));
    sum.points = daysBetween(...w.dayRange).map((id) => ({
      key: id,
      label: utcLabel(`${id}T00:00:00Z`, 'MMM d'),
      visits: byId.get(id)?.counters.visits ?? 0,
      visitors: byId.get(id)?.counters.visitors ?? 0,
    }));
  } else {
    const firstMonth = w.monthRange?.[0] ?? w.dayRange![0].slice(0, 7);
    const lastMonth = w.dayRange?.[1].slice(0, 7) ?? w.monthRange![1];
    const perMonth = new Map<string, { visits: number; visitors: number }>();
    for (const b of [...months, ...days]) {
      const m = perMonth.get(b._id.slice(0, 7)) ?? { visits: 0, visitors: 0 };
      m.visits += b.counters.visits;
      m.visitors += b.counters.visitors;
      perMonth.set(b._id.slice(0, 7), m);
    }
    sum.points = monthsBetween(firstMonth, lastMonth).map((id) => ({
      key: id,
      label: utcLabel(`${id}-01T00:00:00Z`, 'MMM yyyy'),
      ...(perMonth.get(id) ?? { visits: 0, visitors: 0 }),
    }));
  }
  return sum;
}

const round1 = (n: number) => Math.round(n * 10) / 10;
const rate = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);

/** Change against the previous period in percent (null when there was nothing to compare with). */
function compare(current: number, previous: number) {
  const change = previous > 0 ? round1(((current - previous) / previous) * 100) : current > 0 ? null : 0;
  const trend = change === null ? 'up' : change >= 1 ? 'up' : change <= -1 ? 'down' : 'stable';
  return { current, previous, change, trend: trend as 'up' | 'down' | 'stable' };
}

function top(map: Record<string, number>, limit: number, total: number) {
  return Object.entries(map)
    .filter(([, n]) => n > 0)
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([key, count]) => ({ key, count, percent: rate(count, total) }));
}

function figures(s: Summary, days: number) {
  const contactViews = s.maps.pages[CONTACT_PAGE] ?? 0;
  return {
    visits: s.visits,
    visitors: s.visitors,
    dailyVisitors: days > 0 ? Math.round(s.visitors / days) : 0,
    avgPagesPerSession: s.sessions > 0 ? Math.round((s.visits / s.sessions) * 100) / 100 : 0,
    bounceRate: rate(s.bounces, s.sessions),
    contactViews,
    submissions: s.submissions,
    contactRate: rate(s.submissions, s.visits),
    formConversionRate: rate(s.submissions, contactViews),
  };
}

export async function buildAnalyticsReport(period: AnalyticsPeriod, opts: { timeZone: string; now?: Date }) {
  const { timeZone } = opts;
  const at = opts.now ?? new Date();
  const windows = periodWindows(period, at, timeZone);
  const [curBuckets, prevBuckets] = await readBoth(windows.current, windows.previous);
  const [cur, prev] = await Promise.all([
    summarize(windows.current, curBuckets, windows.series, timeZone),
    summarize(windows.previous, prevBuckets, windows.series, timeZone),
  ]);
  const now = figures(cur, windows.current.days);
  const before = figures(prev, windows.previous.days);
  const L = ANALYTICS_LIMITS;
  const total = cur.visits;
  const range = (w: Window) => ({ start: w.start.toISOString(), end: (w.end < at ? w.end : at).toISOString(), days: w.days });

  return {
    period,
    timeZone,
    range: range(windows.current),
    previousRange: range(windows.previous),
    totalVisits: compare(now.visits, before.visits),
    uniqueVisitors: compare(now.visitors, before.visitors),
    dailyVisitors: compare(now.dailyVisitors, before.dailyVisitors),
    topPages: top(cur.maps.pages, L.pages, total).map(({ key, ...r }) => ({ page: key, ...r })),
    locationStats: {
      byState: top(cur.maps.states, L.states, total).map(({ key, ...r }) => ({ state: key, name: US_STATES[key] ?? key, ...r })),
      byCountry: top(cur.maps.countries, L.countries, total).map(({ key, ...r }) => ({ country: countryName(key), code: key, ...r })),
      byCity: top(cur.maps.cities, L.cities, total).map(({ key, ...r }) => ({ city: key, ...r })),
      /** The geolocation data behind the places: its source, date and the attribution its licence asks for. */
      source: geoDataInfo(),
    },
    marketingMetrics: {
      sessions: cur.sessions,
      avgPagesPerSession: now.avgPagesPerSession,
      bounceRate: now.bounceRate,
      devices: top(cur.maps.devices, L.devices, total).map(({ key, ...r }) => ({ device: key, ...r })),
      peakHours: top(cur.maps.hours, L.peakHours, total).map(({ key, count }) => ({
        hour: Number(key),
        time: hourLabel(Number(key)),
        count,
      })),
      browsers: top(cur.maps.browsers, L.browsers, total).map(({ key, ...r }) => ({ browser: key, ...r })),
      operatingSystems: top(cur.maps.os, L.operatingSystems, total).map(({ key, ...r }) => ({ os: key, ...r })),
      referrers: top(cur.maps.referrers, L.referrers, total).map(({ key, ...r }) => ({ referrer: key, ...r })),
      conversionFunnel: {
        visits: now.visits,
        contactViews: now.contactViews,
        submissions: now.submissions,
        contactRate: now.contactRate,
        formConversionRate: now.formConversionRate,
      },
    },
    comparisons: {
      avgPagesPerSession: compare(now.avgPagesPerSession, before.avgPagesPerSession),
      bounceRate: compare(now.bounceRate, before.bounceRate),
      contactViews: compare(now.contactViews, before.contactViews),
      submissions: compare(now.submissions, before.submissions),
      contactRate: compare(now.contactRate, before.contactRate),
    },
    visitsOverTime: { resolution: windows.series, points: cur.points },
  };
}

export type AnalyticsReport = Awaited<ReturnType<typeof buildAnalyticsReport>>;
