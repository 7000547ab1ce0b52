// When a follow-up falls by default: 10:00 on the next business day (Monday to Friday) in the lead's own
// time zone, so the call lands in the person's morning. Shared by the console's follow-up prompt (its
// prefill) and the server (a "follow-up" status set without a date, e.g. over the REST API).
import { TZDate } from '@date-fns/tz';
import { addDays } from 'date-fns/addDays';
import { isWeekend } from 'date-fns/isWeekend';
import { set } from 'date-fns/set';

/** The hour of the default follow-up, in the lead's time zone. */
export const FOLLOW_UP_HOUR = 10;

/** 10:00 on the next business day after `now` in `timeZone` (a Friday, Saturday or Sunday gives Monday). */
export function nextBusinessMorning(now: Date, timeZone: string): Date {
  let day = addDays(new TZDate(now.getTime(), timeZone), 1);
  while (isWeekend(day)) day = addDays(day, 1);
  return new Date(set(day, { hours: FOLLOW_UP_HOUR, minutes: 0, seconds: 0, milliseconds: 0 }).getTime());
}

/** The lead's zone for its follow-up: the first of its region's zones, else `fallback` (the brokerage's). */
export const followUpZone = (region: { timeZones?: string[] | null } | null | undefined, fallback: string) =>
  region?.timeZones?.[0] ?? fallback;
