// Relative times of the activity list (docs/product.md §9).
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function relativeTime(when: Date, now: Date = new Date()): string {
  const ago = now.getTime() - when.getTime();
  if (ago < MINUTE) return 'Just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)}m ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)}h ago`;
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)}d ago`;
  return when.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** "45 min", "3.5 h", "2.1 d": a waiting time in the unit that reads best. */
export function duration(minutes: number): string {
  if (minutes < 60) return `${Math.round(minutes)} min`;
  if (minutes < 48 * 60) return `${(minutes / 60).toFixed(1)} h`;
  return `${(minutes / 1440).toFixed(1)} d`;
}
