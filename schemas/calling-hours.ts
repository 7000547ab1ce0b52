// The calling window, written once for the server and the console: calls only between 8 a.m. and
// 9 p.m. in the lead's local time (Florida and Oklahoma: 8 p.m.), and in Florida at most 3 calls in
// 24 hours on one subject. An area code that spans zones is a good time only when it is in every one.
import { US_STATES } from './analytics.ts';

/** First and last hour of the window: calls from `start`:00 up to `end`:00. */
export interface CallingHours {
  start: number;
  end: number;
}

export const DEFAULT_CALLING_HOURS: CallingHours = { start: 8, end: 21 };
/** States whose own rules end the day earlier. */
export const STATE_CALLING_HOURS: Readonly<Record<string, CallingHours>> = {
  FL: { start: 8, end: 20 },
  OK: { start: 8, end: 20 },
};
/** States that cap calls per 24 hours on one subject, and the cap. */
export const STATE_CALL_CAPS: Readonly<Record<string, number>> = { FL: 3 };
export const CALL_CAP_WINDOW_MS = 24 * 60 * 60 * 1000;

/** What the window needs of a lead: its state (2-letter code) and time zones (models/leads/region.ts). */
export interface CallingRegion {
  state?: string | null;
  timeZones?: string[] | null;
}

export interface CallingCheck {
  /** False when the lead's zones are unknown: nothing to warn about, nothing to show. */
  known: boolean;
  /** Inside the window in every one of the lead's zones. */
  inHours: boolean;
  /** A call now would pass the state's cap on calls in 24 hours. */
  overCap: boolean;
  hours: CallingHours;
  /** The lead's local time in each zone, "8:30 PM". */
  localTimes: { zone: string; time: string }[];
  /** "Florida", or the zone when the state is unknown. */
  place: string;
  /** Outside the window: "It is 8:30 PM for this lead (Florida): calling hours are 8 AM–8 PM". */
  hoursWarning: string | null;
  /** Over the state's cap on calls in 24 hours. */
  capWarning: string | null;
  /** Both, as the console shows them before a call; null when it is a good time. */
  warning: string | null;
}

const clock = (hour: number) => `${hour % 12 || 12} ${hour < 12 || hour === 24 ? 'AM' : 'PM'}`;
/** "8 AM–8 PM". */
export const hoursText = (h: CallingHours) => `${clock(h.start)}–${clock(h.end)}`;

/** One formatter per zone: building them is costly. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The hour and minute in a zone, read with Intl (called as a method: Playwright's test clock wraps
 * Intl.DateTimeFormat, and @date-fns/tz's detached `format` then loses its zone).
 */
function localTime(at: Date, zone: string): { minutes: number; text: string } | null {
  try {
    let format = formatters.get(zone);
    if (!format)
      formatters.set(
        zone,
        (format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', minute: 'numeric', hourCycle: 'h23' })),
      );
    const parts = format.formatToParts(at);
    const hour = Number(parts.find((p) => p.type === 'hour')?.value) % 24;
    const minute = Number(parts.find((p) => p.type === 'minute')?.value);
    if (!Number.isFinite(hour) || !Number.isFinite(minute)) return null;
    return { minutes: hour * 60 + minute, text: `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}` };
  } catch {
    return null; // a zone this runtime does not know
  }
}

/**
 * Whether a call to this lead at `at` keeps the rules, given how many calls were logged on it in
 * the 24 hours before.
 */
export function callingCheck(region: CallingRegion | null, at: Date, callsInLastDay = 0): CallingCheck {
  const state = region?.state ?? null;
  const hours = (state && STATE_CALLING_HOURS[state]) || DEFAULT_CALLING_HOURS;
  const zones = (region?.timeZones ?? []).flatMap((zone) => {
    const t = localTime(at, zone);
    return t ? [{ zone, ...t }] : [];
  });
  const place = (state && US_STATES[state]) || zones[0]?.zone || 'unknown';
  const cap = state ? STATE_CALL_CAPS[state] : undefined;
  const overCap = cap !== undefined && callsInLastDay >= cap;
  const outside = zones.filter((z) => z.minutes < hours.start * 60 || z.minutes >= hours.end * 60);
  const inHours = zones.length > 0 && outside.length === 0;
  const hoursWarning = outside.length ? `It is ${outside[0]!.text} for this lead (${place}): calling hours are ${hoursText(hours)}` : null;
  const capWarning = overCap
    ? `This lead (${place}) was called ${callsInLastDay} times in the last 24 hours: at most ${cap} calls a day are allowed`
    : null;
  return {
    known: zones.length > 0,
    inHours,
    overCap,
    hours,
    localTimes: zones.map(({ zone, text }) => ({ zone, time: text })),
    place,
    hoursWarning,
    capWarning,
    warning: [hoursWarning, capWarning].filter(Boolean).join('. ') || null,
  };
}
