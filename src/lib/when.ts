// How the console words a moment for people at work: "5m ago", "in 3h", "3h old", the activity list's
// relative times (docs/product.md §9), a waiting time, a full local time.
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "12m", "3h", "2d": a span, rounded down to the unit that reads best. */
export function span(ms: number): string {
  const minutes = Math.max(0, Math.floor(Math.abs(ms) / MINUTE));
  if (minutes < 60) return `${minutes}m`;
  if (minutes < 48 * 60) return `${Math.floor(minutes / 60)}h`;
  return `${Math.floor(minutes / 1440)}d`;
}

/** "Just now", "5m ago", "3h ago", "2d ago", and for the future "in 5m", "in 2d". */
export function relativeTo(when: Date, now: number): string {
  const diff = when.getTime() - now;
  if (Math.abs(diff) < MINUTE) return 'Just now';
  return diff < 0 ? `${span(diff)} ago` : `in ${span(diff)}`;
}

/**
 * The activity list's wording (docs/product.md §9): "Just now" under a minute, then "5m ago", "3h ago"
 * under a day, "2d ago" under a week, else the date. Under a day it is relativeTo's wording.
 */
export function relativeTime(when: Date, now: Date = new Date()): string {
  const ago = now.getTime() - when.getTime();
  if (ago < MINUTE) return 'Just now';
  if (ago < DAY) return relativeTo(when, now.getTime());
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)}d ago`;
  return when.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "45 min", "3.5 h", "2.1 d": a waiting time in the unit that reads best. */
export function duration(minutes: number): string {
  if (minutes < 60) return `${Math.round(minutes)} min`;
  if (minutes < 48 * 60) return `${(minutes / 60).toFixed(1)} h`;
  return `${(minutes / 1440).toFixed(1)} d`;
}

/** "Nov 24, 2026, 3:05 PM": the full time, for titles and a lead's fields. */
export const fullTime = (when: Date) =>
  when.toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** "3:05 PM" today, "Tue 3:05 PM" within a week, else the date and time. */
export function shortTime(when: Date, now: number): string {
  const time = when.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  if (new Date(now).toDateString() === when.toDateString()) return time;
  if (Math.abs(when.getTime() - now) < 6 * DAY) return `${when.toLocaleDateString('en-US', { weekday: 'short' })} ${time}`;
  return fullTime(when);
}

export const isPast = (when: Date, now: number) => when.getTime() <= now;
