// The eight analytics periods as bucket ranges, in the brokerage's time zone, each with the previous
// period of equal length it is compared with. The analytics report and the dashboard's conversion table read them.
//
// - 24h: the current hour and the 23 before it (hourly buckets); previous: the 24 hours before.
// - 7d, 30d, 90d: today and the N-1 calendar days before it; previous: the N days before.
// - current-month: the 1st to today; previous: the same days of last month (clipped to its end).
// - last-month: that calendar month; previous: the month before it.
// - current-year: 1 January to today; previous: the same span of last year.
// - last-year: that calendar year; previous: the year before it.
import { tz } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { addHours } from 'date-fns/addHours';
import { addMonths } from 'date-fns/addMonths';
import { addYears } from 'date-fns/addYears';
import { differenceInCalendarDays } from 'date-fns/differenceInCalendarDays';
import { format } from 'date-fns/format';
import { getDaysInMonth } from 'date-fns/getDaysInMonth';
import { startOfDay } from 'date-fns/startOfDay';
import { startOfHour } from 'date-fns/startOfHour';
import { startOfMonth } from 'date-fns/startOfMonth';
import { startOfYear } from 'date-fns/startOfYear';
import type { AnalyticsPeriod } from './analytics-periods.ts';

export interface Window {
  /** First instant counted, and the end of its last bucket (exclusive; later than now for a current window). */
  start: Date;
  end: Date;
  /** Calendar days the window covers (24 hours count as one day). */
  days: number;
  /** UTC hour bucket ids, when the window is counted by the hour. */
  hours: string[];
  /** Inclusive local day ids [first, last], when counted by the day. */
  dayRange: [string, string] | null;
  /** Inclusive local month ids [first, last] of whole months. */
  monthRange: [string, string] | null;
}

export interface PeriodWindows {
  period: AnalyticsPeriod;
  current: Window;
  previous: Window;
  /** Resolution of the visits-over-time series. */
  series: 'hour' | 'day' | 'month';
}

export const hourId = (d: Date) => d.toISOString().slice(0, 13);
export const dayId = (d: Date, timeZone: string) => format(d, 'yyyy-MM-dd', { in: tz(timeZone) });
export const monthId = (d: Date, timeZone: string) => format(d, 'yyyy-MM', { in: tz(timeZone) });
export const localHourOf = (d: Date, timeZone: string) => Number(format(d, 'H', { in: tz(timeZone) }));

const ROLLING_DAYS: Partial<Record<AnalyticsPeriod, number>> = { '7d': 7, '30d': 30, '90d': 90 };

export function periodWindows(period: AnalyticsPeriod, now: Date, timeZone: string): PeriodWindows {
  const zone = { in: tz(timeZone) };

  const hourWindow = (start: Date, end: Date): Window => ({
    start: new Date(+start),
    end: new Date(+end),
    days: 1,
    hours: Array.from({ length: 24 }, (_, i) => hourId(addHours(start, i))),
    dayRange: null,
    monthRange: null,
  });
  /** Local days [first, last], whole days. */
  const dayWindow = (first: Date, last: Date): Window => {
    const end = addDays(startOfDay(last, zone), 1, zone);
    return {
      start: new Date(+first),
      end: new Date(+end),
      days: differenceInCalendarDays(last, first, zone) + 1,
      hours: [],
      dayRange: [dayId(first, timeZone), dayId(last, timeZone)],
      monthRange: null,
    };
  };
  /** Whole local months [first, last] plus, optionally, the days of a partial month after them. */
  const yearWindow = (yearStart: Date, monthsWhole: number, lastDay: Date | null): Window => {
    const base = lastDay ? dayWindow(startOfMonth(lastDay, zone), lastDay) : null;
    const end = lastDay ? base!.end : addMonths(yearStart, monthsWhole, zone);
    return {
      start: new Date(+yearStart),
      end: new Date(+end),
      days: differenceInCalendarDays(lastDay ?? addDays(end, -1, zone), yearStart, zone) + 1,
      hours: [],
      dayRange: base?.dayRange ?? null,
      monthRange: monthsWhole > 0 ? [monthId(yearStart, timeZone), monthId(addMonths(yearStart, monthsWhole - 1, zone), timeZone)] : null,
    };
  };

  if (period === '24h') {
    const start = addHours(startOfHour(now), -23);
    return { period, series: 'hour', current: hourWindow(start, addHours(start, 24)), previous: hourWindow(addHours(start, -24), start) };
  }
  const today = startOfDay(now, zone);
  const rolling = ROLLING_DAYS[period];
  if (rolling) {
    const first = addDays(today, -(rolling - 1), zone);
    return {
      period,
      series: 'day',
      current: dayWindow(first, today),
      previous: dayWindow(addDays(first, -rolling, zone), addDays(first, -1, zone)),
    };
  }
  if (period === 'current-month' || period === 'last-month') {
    const thisMonth = startOfMonth(now, zone);
    const month = period === 'current-month' ? thisMonth : addMonths(thisMonth, -1, zone);
    const before = addMonths(month, -1, zone);
    if (period === 'last-month') {
      return {
        period,
        series: 'day',
        current: dayWindow(month, addDays(thisMonth, -1, zone)),
        previous: dayWindow(before, addDays(month, -1, zone)),
      };
    }
    const elapsed = differenceInCalendarDays(today, month, zone) + 1;
    const previousDays = Math.min(elapsed, getDaysInMonth(before));
    return {
      period,
      series: 'day',
      current: dayWindow(month, today),
      previous: dayWindow(before, addDays(before, previousDays - 1, zone)),
    };
  }
  const thisYear = startOfYear(now, zone);
  if (period === 'last-year') {
    const year = addYears(thisYear, -1, zone);
    return { period, series: 'month', current: yearWindow(year, 12, null), previous: yearWindow(addYears(year, -1, zone), 12, null) };
  }
  // current-year: the whole months so far, then this month's days up to today.
  const thisMonth = startOfMonth(now, zone);
  const wholeMonths = Number(format(now, 'M', zone)) - 1;
  const lastYear = addYears(thisYear, -1, zone);
  const sameMonthLastYear = addMonths(lastYear, wholeMonths, zone);
  const sameDayLastYear = addDays(
    sameMonthLastYear,
    Math.min(differenceInCalendarDays(today, thisMonth, zone), getDaysInMonth(sameMonthLastYear) - 1),
    zone,
  );
  return {
    period,
    series: 'month',
    current: yearWindow(thisYear, wholeMonths, today),
    previous: yearWindow(lastYear, wholeMonths, sameDayLastYear),
  };
}

/** Every day id of [first, last] (ids are calendar dates, so plain UTC stepping is exact). */
export function daysBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); ; t += 86_400_000) {
    const id = new Date(t).toISOString().slice(0, 10);
    if (id > last) break;
    out.push(id);
  }
  return out;
}

/** Every month id of [first, last]. */
export function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  let [y, m] = first.split('-').map(Number) as [number, number];
  for (;;) {
    const id = `${y}-${String(m).padStart(2, '0')}`;
    if (id > last) break;
    out.push(id);
    m += 1;
    if (m > 12) {
      m = 1;
      y += 1;
    }
  }
  return out;
}

/**
 * The calendar days of a window in the time zone (YYYY-MM-DD), `to` the day after the day of its last
 * instant: a rolling period ends now, so today counts.
 */
export function calendarDaysOf(window: { start: Date; end: Date }, timeZone: string): { from: string; to: string } {
  const day = (d: Date) => d.toLocaleDateString('en-CA', { timeZone });
  const last = day(new Date(window.end.getTime() - 1));
  const to = new Date(Date.parse(`${last}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return { from: day(window.start), to };
}
